// The page's words for `cardstack fit`'s advice (Sources/CardStackWeb/Page/fit.js, pageAdvice),
// without a browser: every --mark phrasing names the page's Mark a point, never the command.
import assert from "node:assert/strict";
import { test } from "node:test";

// fit.js reads the page's token from the body at import (config.js): a body without one.
globalThis.document = { body: { dataset: {} } };
const { pageAdvice } = await import("../../Sources/CardStackWeb/Page/fit.js");

const MARK = "mark a point on a card that stays in sight (Mark a point), then Fit";

test("a point the fit lost says to mark one in the page, not with --mark outside it", () => {
  const lost = "cardstack: no card corner of style linear stays in sight through the move; mark a point with --mark X,Y";
  assert.equal(pageAdvice(lost), `cardstack: no card corner of style linear stays in sight through the move; ${MARK}`);
  const eye = "cardstack: no card of style rotary stays in front of the eye through the move; mark a point with --mark X,Y";
  assert.ok(pageAdvice(eye).endsWith(`; ${MARK}`), pageAdvice(eye));
});

test("the outlines' advice keeps lining up and a textured look, and names Mark a point", () => {
  const said = pageAdvice("the clip shows other cards, another style, or the stage is elsewhere. "
    + "Try --stage X,Y,SCALE, a textured look ([card] images), or mark a point with --mark X,Y");
  assert.ok(said.endsWith("Line the reference up on the phone (x, y, scale), give the cards a textured look "
    + `(card.images), or ${MARK}`), said);
});

test("the time limit's advice names Mark a point and no option", () => {
  const said = pageAdvice("cardstack: fit ran past its time limit of 120 s and was stopped: give a shorter clip, "
    + "mark the point with --mark, or raise --time-limit");
  assert.ok(said.includes("(Mark a point)") && said.includes("load a shorter clip (the move alone)"), said);
});

test("a point marked in a frame the fit does not read says which frames to mark it in", () => {
  assert.equal(pageAdvice("cardstack: --mark names frame 300; the clip has frames 0 to 239"),
    "cardstack: the point is marked in frame 300 and the fit reads frames 0 to 239: "
    + "mark it in one of those (Mark a point), then Fit");
});

test("no advice names --mark or sends the user outside the page", () => {
  for (const text of [
    "--mark names frame 300; the clip has frames 0 to 239",
    "mark a point with --mark X,Y",
    "Try --stage X,Y,SCALE, a textured look ([card] images), or mark a point with --mark X,Y",
    "give a shorter clip, mark the point with --mark, or raise --time-limit",
  ]) {
    const said = pageAdvice(text);
    assert.ok(!said.includes("--mark") && !said.includes("outside the page"), said);
    assert.ok(said.includes("Mark a point"), said);
  }
});

test("the other advice is said as before", () => {
  assert.equal(pageAdvice("the clip has 1 frame; a move needs at least two (a still's pose is fitted from --corners)"),
    "the clip has 1 frame; a move needs at least two (a still's pose is fitted from its cards' corners: Mark corners, then Fit)");
  assert.equal(pageAdvice("the file does not say its frame rate; give it with --fps"),
    "the file does not say its frame rate; load it as MP4 or WebM, which say it");
  assert.equal(pageAdvice("give where it is with --stage X,Y,SCALE (the page: line the reference up on the phone)"),
    "line the reference up on the phone (its x, y and scale, or ⌥-drag and ⌥-wheel), then Fit again");
});
