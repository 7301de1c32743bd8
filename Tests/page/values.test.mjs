// The panel's value rules (Sources/CardStackWeb/Page/values.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { VARIANT_LIMIT, baseScale, clampToSpec, decimalsOf, keyApplies, parseLoose, roundTo, valueHint, variantText, variantValues }
  from "../../Sources/CardStackWeb/Page/values.js";

test("a key applies to the styles get_schema names, or to all when it names none", () => {
  assert.equal(keyApplies({ key: "layout.spacing" }, "stack"), true);
  assert.equal(keyApplies({ key: "layout.radius", styles: ["carousel"] }, "stack"), false);
  assert.equal(keyApplies({ key: "layout.radius", styles: ["carousel"] }, "carousel"), true);
  assert.equal(keyApplies({ key: "scroll.model" }, "stack"), false);
});

test("a slider's values are rounded to its step's decimals", () => {
  assert.equal(decimalsOf(0.001), 3);
  assert.equal(decimalsOf(1), 0);
  assert.equal(roundTo(0.1 + 0.2, 0.01), 0.3);
  assert.equal(roundTo(12.345, 0.1), 12.3);
});

test("a value is kept inside the key's range; an open bound stops a step inside", () => {
  const spec = { min: 0, max: 1, min_inclusive: false };
  assert.equal(clampToSpec(-1, spec, 0.01), 0.01);
  assert.equal(clampToSpec(0, spec, 0.01), 0.01);
  assert.equal(clampToSpec(2, spec, 0.01), 1);
  assert.equal(clampToSpec(0.5, spec, 0.01), 0.5);
});

test("a key's scale at 0: its default's size, else a tenth of its range", () => {
  assert.equal(baseScale({ default: -40 }), 40);
  assert.equal(baseScale({ default: 0, min: 0, max: 5 }), 0.5);
  assert.equal(baseScale({ default: 0 }), 1);
});

test("m34 reads as the eye's distance", () => {
  assert.equal(valueHint("layout.m34", -0.002), "eye 500 pt");
  assert.equal(valueHint("layout.m34", 0), "no perspective");
  assert.equal(valueHint("layout.spacing", 3), "");
});

test("a free value is JSON, a TOML inline table, or the text", () => {
  assert.deepEqual(parseLoose("[1, 2]"), [1, 2]);
  assert.deepEqual(parseLoose("{ damping_ratio = 0.7, response = 0.35 }"), { damping_ratio: 0.7, response: 0.35 });
  assert.equal(parseLoose("bouncy"), "bouncy");
  assert.equal(parseLoose("{ a = }"), "{ a = }");
});

test("variant values: a list or FROM..TO/COUNT, at most 16", () => {
  assert.deepEqual(variantValues("0, 0.15, 0.3", "k"), [0, 0.15, 0.3]);
  assert.deepEqual(variantValues("0..0.3/4", "k").map((v) => +v.toFixed(9)), [0, 0.1, 0.2, 0.3]);
  assert.deepEqual(variantValues("linear, [0.1, 0, 0.2, 1]", "k"), ["linear", [0.1, 0, 0.2, 1]]);
  assert.equal(VARIANT_LIMIT, 16);
  assert.throws(() => variantValues("0..1/17", "layout.spacing"), /layout.spacing: a range is FROM..TO\/COUNT with COUNT 2 to 16/);
  assert.throws(() => variantValues("1,,2", "k"), /k: an empty value/);
  assert.equal(variantText(0.1 + 0.2), "0.3");
  assert.equal(variantText("linear"), '"linear"');
});
