// The motion graph's series (Sources/CardStackWeb/Page/series.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
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
