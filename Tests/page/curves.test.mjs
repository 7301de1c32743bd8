// Timing curves (Sources/CardStackWeb/Page/curves.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CURVE_NAMES, CURVE_POINTS, bezierToken, curveValue, landing } from "../../Sources/CardStackWeb/Page/curves.js";

const close = (a, b, tolerance, what) => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);

test("every curve runs from 0 to 1, clamped outside [0, 1]", () => {
  for (const name of Object.keys(CURVE_POINTS)) {
    assert.equal(curveValue(name, 0), 0, name);
    assert.equal(curveValue(name, 1), 1, name);
    assert.equal(curveValue(name, -1), 0, name);
    assert.equal(curveValue(name, 2), 1, name);
  }
  assert.deepEqual(CURVE_NAMES, ["decelerate", ...Object.keys(CURVE_POINTS)]);
});

test("linear is the identity; ease in and out are symmetric about the middle", () => {
  for (const x of [0.1, 0.37, 0.5, 0.9]) {
    assert.equal(curveValue("linear", x), x);
    close(curveValue("ease_in_out", x) + curveValue("ease_in_out", 1 - x), 1, 1e-9, `ease_in_out at ${x}`);
    close(curveValue("ease_in", x) + curveValue("ease_out", 1 - x), 1, 1e-9, `ease_in vs ease_out at ${x}`);
  }
});

test("a Bézier's value is y at the parameter where x reaches the input", () => {
  const p = [0.25, 0.1, 0.25, 1];  // CSS's `ease`
  for (const s of [0.1, 0.4, 0.8]) {
    const x = 3 * (1 - s) ** 2 * s * p[0] + 3 * (1 - s) * s * s * p[2] + s ** 3;
    const y = 3 * (1 - s) ** 2 * s * p[1] + 3 * (1 - s) * s * s * p[3] + s ** 3;
    close(curveValue(p, x), y, 1e-8, `at s ${s}`);
  }
});

test("decelerate's landing runs from 0 to 1 and arrives at rest", () => {
  close(landing(0), 0, 1e-12, "start");
  close(landing(1), 1, 1e-12, "end");
  const h = 1e-6;
  close((landing(1) - landing(1 - h)) / h, 0, 1e-3, "end slope");
  assert.ok(landing(0.5) > 0.5, "it decelerates");
});

test("the export's Bézier token is found however deep", () => {
  const tokens = { motion: { deck: { curve: { $type: "cubicBezier", $value: [0.1, 0.2, 0.3, 1] } } } };
  assert.deepEqual(bezierToken(tokens), [0.1, 0.2, 0.3, 1]);
  assert.equal(bezierToken({ curve: { $type: "duration", $value: 1 } }), null);
});
