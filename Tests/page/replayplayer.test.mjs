// A recording's playback (Sources/CardStackWeb/Page/replayplayer.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ReplayPlayer, SPEEDS, readRecording } from "../../Sources/CardStackWeb/Page/replayplayer.js";

const recording = [
  { event: "params", time: 1, revision: 1 },
  { event: "frame", time: 1, seq: 1 },
  { event: "frame", time: 1.5, seq: 2 },
  { event: "config_error", time: 1.7, message: "bad" },
  { event: "frame", time: 1.6, seq: 3 },  // an earlier time plays at its place
  { event: "frame", time: 2, seq: 4 },
  { seq: 9 },  // no time or event: not played
].map((m) => JSON.stringify(m)).join("\n") + "\n\n";

const entries = () => readRecording(recording);

test("the recording's lines in order; a later line with an earlier time plays at its place", () => {
  const e = entries();
  assert.deepEqual(e.map((x) => x.time), [1, 1, 1.5, 1.7, 1.7, 2]);
  assert.equal(e.length, 6, "a line without time or event is left out");
});

test("playback applies the events up to the position at the speed", () => {
  const player = new ReplayPlayer(entries(), 100);
  assert.equal(player.frame.seq, 1);
  assert.equal(player.params.revision, 1);
  player.advance(100.5);
  assert.equal(player.frame.seq, 2);
  player.advance(100.8);
  assert.equal(player.frame.seq, 3);
  assert.equal(player.error.message, "bad");
  player.advance(110);
  assert.equal(player.atEnd, true);
  assert.equal(player.frame.seq, 4);
  assert.equal(player.statusText(), "replay 1.000 / 1.000 s · ×1 · t 2.000 · end");
});

test("space pauses, and at the end plays again from the start", () => {
  const player = new ReplayPlayer(entries(), 0);
  player.togglePause(0.2);
  assert.equal(player.paused, true);
  player.advance(5);
  assert.equal(player.frame.seq, 1, "paused: the position stays");
  player.togglePause(5);
  player.advance(10);
  assert.equal(player.atEnd, true);
  player.togglePause(10);
  assert.equal(player.paused, false);
  assert.equal(player.frame.seq, 1);
});

test("stepping moves one frame and pauses; the speed steps through SPEEDS", () => {
  const player = new ReplayPlayer(entries(), 0);
  player.step(1, 0);
  assert.equal(player.paused, true);
  assert.equal(player.frame.seq, 2);
  player.step(2, 0);
  assert.equal(player.frame.seq, 4);
  player.step(-1, 0);
  assert.equal(player.frame.seq, 3);
  assert.deepEqual(SPEEDS, [0.1, 0.25, 0.5, 1, 2, 4]);
  player.changeSpeed(true, 0);
  assert.equal(player.speed, 2);
  for (let i = 0; i < 9; i++) player.changeSpeed(false, 0);
  assert.equal(player.speed, 0.1);
});
