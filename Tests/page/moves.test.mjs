// Replay timing (Sources/CardStackWeb/Page/moves.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { moveAt, specAt } from "../../Sources/CardStackWeb/Page/moves.js";
import { curveValue, landing } from "../../Sources/CardStackWeb/Page/curves.js";
import { springState } from "../../Sources/CardStackWeb/Page/springs.js";

const close = (a, b, tolerance, what) => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);
const step = { kind: "step", from: 0, to: 100, start: 10, velocity: 0 };

test("a step on a curve follows the curve over the duration, slowed by slowdown", () => {
  const animation = { duration: 0.4, curve: "ease_in_out" };
  assert.equal(moveAt(step, animation, 9), 0);
  close(moveAt(step, animation, 10.1), 100 * curveValue("ease_in_out", 0.25), 1e-9, "a quarter in");
  assert.equal(moveAt(step, animation, 10.4), 100);
  close(moveAt(step, { ...animation, slowdown: 2 }, 10.2), 100 * curveValue("ease_in_out", 0.25), 1e-9, "slowed");
  close(moveAt(step, { duration: 0.4, curve: "decelerate" }, 10.2), 100 * landing(0.5), 1e-9, "decelerate");
});

test("a step on a spring is the spring's state about the target, the target once settled", () => {
  const spring = { damping_ratio: 0.5, response: 0.4 };
  const animation = { duration: 0.4, curve: "linear", spring };
  close(moveAt(step, animation, 10.1), 100 + springState(spring, -100, 0, 0.1)[0], 1e-9, "at 0.1 s");
  assert.equal(moveAt(step, animation, 80), 100);
  assert.equal(moveAt({ ...step, to: 0 }, animation, 10.1), 0 + springState(spring, 0, 0, 0.1)[0]);
});

test("a fling coasts to its target within 2 s", () => {
  const fling = { kind: "fling", from: 0, to: 500, start: 0, velocity: 3000 };
  const animation = { deceleration: 0.998, duration: 0.3, curve: "linear" };
  const duration = Math.min(Math.log(0.01) / Math.log(0.998) / 1000, 2);
  assert.equal(moveAt(fling, animation, duration), 500);
  const half = moveAt(fling, animation, duration / 2);
  assert.ok(half > 250 && half < 500, `it decelerates: ${half}`);
});

test("between frames: the move computed again, else the line to the next frame", () => {
  const params = { revision: 3, params: { animation: { duration: 1, curve: "linear" } } };
  const motion = { kind: "step", from: 0, to: 100, start: 0, velocity: 0 };
  const frames = [{ time: 0, revision: 3, frame: { offset: 0 }, motion }, { time: 0.5, revision: 3, frame: { offset: 50 }, motion }];
  const points = [[0, 0], [0.5, 50]];
  const lined = { count: 0 };
  close(specAt(frames, points, 0.25, params, 0, lined), 25, 1e-9, "computed");
  assert.equal(lined.count, 0);
  close(specAt(frames, points, 0.25, { ...params, revision: 4 }, 0, lined), 25, 1e-9, "the line");
  assert.equal(lined.count, 1);
  assert.equal(specAt(frames, points, -1, params, 0, lined), 0);
});
