// The look of `[card]` both painters read (Sources/CardStackWeb/Page/looks.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_BACK, DEFAULT_CORNER_RADIUS, FAINT_BORDER, backOf, cardBorder, cardColor, cardShadow, cornerRadius, lookOf, lookStyle, rgba, titleSize }
  from "../../Sources/CardStackWeb/Page/looks.js";

// CardStackRenderTests' thePageUsesTheseColoursAndSizes pins the same values for Swift's CardLook.
test("an item's hue is CardLook's: 47° apart from 210°", () => {
  assert.equal(cardColor(0), "hsl(210, 58%, 44%)");
  assert.equal(cardColor(3), "hsl(351, 58%, 44%)");
  assert.equal(cardColor(4), "hsl(38, 58%, 44%)");
});

test("a look colour with or without alpha, at an opacity", () => {
  assert.equal(rgba("#102030", 0.5), "rgba(16,32,48,0.5)");
  assert.equal(rgba("#10203080", 1), `rgba(16,32,48,${0x80 / 255})`);
});

test("the look keys of a parameter set, with the card's width", () => {
  assert.deepEqual(lookOf(null), {});
  assert.deepEqual(lookOf({ card: { width: 200, corner_radius: 8, height: 300 } }), { width: 200, corner_radius: 8 });
});

test("the border rule: a ratio of the width over a width in points, else the faint line", () => {
  assert.deepEqual(cardBorder({}), { set: false, width: 1, color: FAINT_BORDER });
  assert.deepEqual(cardBorder({ border_width: 3 }), { set: true, width: 3, color: "rgba(0,0,0,1)" });
  assert.deepEqual(cardBorder({ border_width: 3, border_ratio: 0.05, width: 200, border_color: "#ff0000" }),
    { set: true, width: 10, color: "rgba(255,0,0,1)" });
  assert.equal(cardBorder({ border_width: 0 }).width, 0);
});

test("both painters draw the same border: the stage's CSS writes what the rule says", () => {
  // No border and no shadow: page.css's own faint line (nothing written).
  assert.equal(lookStyle({}, 0, "").boxShadow, "");
  assert.equal(lookStyle({ border_width: 2, border_color: "#00ff00" }, 0, "").boxShadow, "inset 0 0 0 2px rgba(0,255,0,1)");
  // A shadow without a border keeps the faint line over it.
  assert.equal(lookStyle({ shadow_opacity: 0.5 }, 0, "").boxShadow,
    "0px -3px 6px rgba(0,0,0,0.5), inset 0 0 0 1px rgba(0, 0, 0, .12)");
});

test("corners: the look's radius, else page.css's 12, never over half a side", () => {
  assert.equal(DEFAULT_CORNER_RADIUS, 12);
  assert.equal(cornerRadius({}, 100, 100), 12);
  assert.equal(cornerRadius({ corner_radius: 30 }, 100, 40), 20);
  assert.equal(lookStyle({ corner_radius: 30 }, 0, "").borderRadius, "30px");
  assert.equal(lookStyle({}, 0, "").borderRadius, "");
});

test("a shadow's blur is twice CALayer's radius; none at opacity 0", () => {
  assert.equal(cardShadow({}), null);
  assert.deepEqual(cardShadow({ shadow_opacity: 0.25, shadow_radius: 5, shadow_offset: [2, 4], shadow_color: "#000000" }),
    { x: 2, y: 4, blur: 10, color: "rgba(0,0,0,0.25)" });
});

test("colours cycle over the items; a back of colour falls back to the face's", () => {
  const look = { colors: ["#111111", "#222222"], back: "color" };
  assert.equal(lookStyle(look, 3, "").background, "#222222");
  assert.equal(lookStyle(look, 3, "").backColor, "#222222");
  assert.equal(lookStyle({ back: "none" }, 0, "").backfaceVisibility, "hidden");
});

test("a look without back shows the card's back in its colour, never the front mirrored (CardLook.back)", () => {
  assert.equal(DEFAULT_BACK, "color");
  assert.equal(backOf({}), "color");
  assert.equal(backOf({ back: "mirror" }), "mirror");
  assert.equal(lookStyle({}, 3, "").backColor, cardColor(3));
  assert.equal(lookStyle({}, 3, "").backfaceVisibility, "");
  assert.equal(lookStyle({ back: "mirror" }, 3, "").backColor, null);
});

test("a title is 22 % of the card's shorter side, at least 8 pt (CardLook.titleSize)", () => {
  assert.equal(titleSize(300, 200), 44);
  assert.equal(titleSize(20, 30), 8);
});
