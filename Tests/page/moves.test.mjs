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

const deck = (style, scroll = {}) => ({
  layout: { style, cards: 100, wrap: false, spacing: 30 },
  viewport: { width: 375, height: 667 },
  animation: { deceleration: 0.998, snap: true, slowdown: 1, duration: 0.3, curve: "linear" },
  scroll: { bounces: true, rubber_band: 0.55, paging: false, bounce_distance: 1, deceleration_rate: 0.95, scroll_speed: 1, stop_at_item_boundary: true, scroll_to_item_boundary: true, ...scroll },
});

test("a fling under scroll_view is UIScrollView's decay from exactly its velocity, landing at rest with no 2 s cap", () => {
  const p = deck("stack"), k = -1000 * Math.log(0.998);
  const fling = { kind: "fling", from: 0, to: 990, start: 0, velocity: 2000 };
  assert.equal(moveAt(fling, p.animation, 0.5), null, "without the parameters a throw cannot be computed");
  close(moveAt(fling, p.animation, 0.5, p), (2000 * (1 - Math.exp(-k * 0.5))) / k, 1e-9, "the decay");
  const late = moveAt(fling, p.animation, 2.2, p);
  assert.ok(late > 980 && late < 990, `still moving after 2 s: ${late}`);
  assert.equal(moveAt(fling, p.animation, 3, p), 990);
});

test("a throw into the edge goes past it and comes back; iCarousel's scrolls back in 0.4 s", () => {
  const into = { kind: "fling", from: 0, to: 0, start: 0, velocity: -2000 };
  assert.ok(moveAt(into, null, 0.1, deck("stack")) < -10);
  assert.equal(moveAt(into, null, 5, deck("stack")), 0);
  const released = { kind: "release", from: -40, to: 0, start: 1, velocity: 0 };
  close(moveAt(released, null, 1.2, deck("coverflow")), -40 * 0.5, 1e-9, "half way at 0.2 s (the cubic ease)");
  assert.equal(moveAt(released, null, 1.4, deck("coverflow")), 0);
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
