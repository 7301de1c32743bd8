// The motion graph's series (Sources/CardStackWeb/Page/series.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { curveValue } from "../../Sources/CardStackWeb/Page/curves.js";
import { JUMP_FRACTION, TRANSITION_GAP, fromMoveStart, jumpFrames, lastTransition, motionSeries, together, unwrapOffsets }
  from "../../Sources/CardStackWeb/Page/series.js";

const frame = (seq, time, offset, motion) => ({ seq, time, frame: { offset }, ...(motion ? { motion } : {}) });

test("offsets are unwrapped across the deck's wrap by the shortest step", () => {
  assert.deepEqual(unwrapOffsets([0, 100, 200], 0), [0, 100, 200]);
  // A deck of 5 cards 100 pt apart wraps at 500: 450 -> 20 is a step of +70, not -430.
  assert.deepEqual(unwrapOffsets([400, 450, 20, 90], 500), [400, 450, 520, 590]);
  assert.deepEqual(unwrapOffsets([20, 480], 500), [20, -20]);
});

test("a run starts at the move's first frame, not the repeated frame at rest before it", () => {
  const run = [frame(1, 0, 0), frame(2, 0.01, 0), frame(3, 0.02, 0), frame(4, 0.03, 5)];
  assert.deepEqual(fromMoveStart(run).map((m) => m.seq), [3, 4]);
  const moving = [frame(1, 0, 0), frame(2, 0.01, 5)];
  assert.equal(fromMoveStart(moving), moving);
});

test("frames are of one transition within TRANSITION_GAP or of the same move", () => {
  assert.equal(TRANSITION_GAP, 0.15);
  assert.equal(together(frame(1, 0, 0), frame(2, 0.149, 0)), true);
  assert.equal(together(frame(1, 0, 0), frame(2, 0.15, 0)), false);
  const move = { start: 3 };
  assert.equal(together(frame(1, 3, 0, move), frame(2, 4, 0, move)), true);
  assert.equal(together(frame(1, 3, 0, move), frame(2, 4, 0, { start: 3.5 })), false);
});

test("the last transition is the newest run that moves; `at` picks the run holding a frame", () => {
  const kept = [
    frame(1, 0, 0), frame(2, 0.016, 10), frame(3, 0.033, 20),  // a move
    frame(4, 1, 20), frame(5, 1.016, 20),                      // at rest: moves nothing
  ];
  assert.deepEqual(lastTransition(kept).map((m) => m.seq), [1, 2, 3]);
  assert.deepEqual(lastTransition(kept, 1).map((m) => m.seq), [1, 2, 3]);
  assert.deepEqual(lastTransition(kept, 4), []);
  assert.deepEqual(lastTransition([]), []);
});

test("the series: points, each interval's velocity at its end, the peak", () => {
  const frames = [frame(1, 0, 0), frame(2, 0.5, 10), frame(3, 1, 30)];
  const s = motionSeries(frames, 0);
  assert.deepEqual(s.points, [[0, 0], [0.5, 10], [1, 30]]);
  assert.deepEqual(s.velocities, [[0.5, 20], [1, 40]]);
  assert.equal(s.peak, 40);
});

test("a velocity jump is a change over a third of the peak, twice the changes beside it", () => {
  assert.equal(JUMP_FRACTION, 1 / 3);
  // Steady, then a step from 10 to 100 pt/s: rest -> 10 is small, 10 -> 100 is the jump,
  // 100 -> rest after the last is a jump too (a move that stops at speed).
  assert.deepEqual(jumpFrames([10, 10, 10, 100, 100, 100], 100), [3, 6]);
  // A spring's smooth rise and fall has none.
  const smooth = Array.from({ length: 40 }, (_, i) => 100 * Math.sin((Math.PI * (i + 0.5)) / 40));
  assert.deepEqual(jumpFrames(smooth, Math.max(...smooth)), []);
  assert.deepEqual(jumpFrames([], 0), []);
});

// A 0.3 s ease_in_out move of 120 pt (a smooth Bézier: from rest to rest) at the frames' own times.
const MOVE = 0.3;
const bezierMove = (times, curve = "ease_in_out") =>
  times.map((t, i) => frame(i + 1, 5 + t, 120 * curveValue(curve, Math.min(t / MOVE, 1))));

test("a smooth Bézier move sampled unevenly, with a frame sent twice, has no jump; a true one is marked", () => {
  // A busy machine: frames at 16, 33, 70, 83 ms …, 47 ms without one later, and the frame at
  // 117 ms twice. The old rule, blind to the intervals' lengths, marked 70 ms and 230 ms.
  const busy = [0, 0.016, 0.033, 0.07, 0.083, 0.1, 0.117, 0.117, 0.15, 0.166, 0.183, 0.23, 0.25, 0.266, 0.283, 0.3];
  const s = motionSeries(bezierMove(busy), 0);
  assert.deepEqual(s.jumps, []);
  // The frame sent twice is plotted once and adds no interval; times are the frames' own.
  assert.equal(s.frames.length, busy.length - 1);
  assert.deepEqual(s.velocities.map((v) => v[0]), [...new Set(busy)].slice(1).map((t) => 5 + t));
  assert.ok(s.velocities.every((v) => Number.isFinite(v[1]) && v[1] > 0));
  // The same sampling of a move whose speed steps from 100 to 400 pt/s at 150 ms.
  const step = busy.map((t, i) => frame(i + 1, 5 + t, t < 0.15 ? 100 * t : 15 + 400 * (t - 0.15)));
  assert.deepEqual(motionSeries(step, 0).jumps, [5.15, 5.3]);
  // A linear move starts and stops at full speed: two jumps, at its ends, however sampled.
  assert.deepEqual(motionSeries(bezierMove(busy, "linear"), 0).jumps, [5, 5.3]);
  // ease_out starts at speed and lands at rest: one jump, at its first frame.
  assert.deepEqual(motionSeries(bezierMove(busy, "ease_out"), 0).jumps, [5]);
});

test("frames missing for up to 50 ms anywhere in a 0.3 s Bézier move mark no jump (docs/render.md)", () => {
  let seed = 45;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let k = 0; k < 300; k++) {
    // 60 fps ticks; a quarter of them late by up to 50 ms in all, a few 4 ms apart (240 fps).
    const times = [0];
    while (times[times.length - 1] < MOVE) {
      const r = random();
      const gap = r < 0.25 ? 0.017 + random() * 0.033 : r < 0.33 ? 0.004 : 1 / 60;
      times.push(Math.min(MOVE, times[times.length - 1] + gap));
    }
    assert.deepEqual(motionSeries(bezierMove(times), 0).jumps, [], `sampled at ${times.map((t) => t.toFixed(3))}`);
    const doubled = times.map((t, i) => frame(i + 1, t, t < 0.15 ? 100 * t : 15 + 200 * (t - 0.15)));
    assert.ok(motionSeries(doubled, 0).jumps.length >= 2, `a doubling missed at ${times.map((t) => t.toFixed(3))}`);
  }
});

test("evenly spaced, the intervals' lengths change nothing", () => {
  const v = [10, 30, 60, 80, 90, 80, 60, 30, 10];
  assert.deepEqual(jumpFrames(v, 90, v.map(() => 1 / 60)), jumpFrames(v, 90));
  assert.deepEqual(jumpFrames([100, 100, 100, 40], 100, [0.004, 0.004, 0.004, 0.004]), [0, 4]);
});
