// A device trace's figures (Sources/CardStackWeb/Page/device.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MOVED_BY, deviceReport, parseTrace, reportText, traceCadence, traceHitches }
  from "../../Sources/CardStackWeb/Page/device.js";

const at60 = (n, from = 0) => Array.from({ length: n }, (_, i) => ({ time: from + i / 60, duration: 1 / 60, offset: i, line: i + 1 }));

test("a trace's lines: one frame a JSON line, blank lines skipped, line numbers kept", () => {
  const frames = parseTrace('{"time": 1, "duration": 0.0167, "offset": 5}\n\n{"time": 1.0167, "duration": 0.0167, "offset": 6}\n');
  assert.deepEqual(frames.map((f) => [f.time, f.offset, f.line]), [[1, 5, 1], [1.0167, 6, 3]]);
});

test("the cadence is the median frame duration", () => {
  assert.equal(traceCadence([{ duration: 1 }, { duration: 3 }, { duration: 2 }]), 2);
  assert.equal(traceCadence([{ duration: 1 }, { duration: 2 }, { duration: 3 }, { duration: 10 }]), 2.5);
});

test("a frame held 1.5 refreshes or more is a hitch of the time past one refresh", () => {
  const smooth = traceHitches(at60(30));
  assert.equal(smooth.hitches.length, 0);
  assert.equal(smooth.band, "good");
  const frames = at60(30);
  for (const f of frames.slice(10)) f.time += 2 / 60;  // frame 10 came two refreshes late
  const r = traceHitches(frames);
  assert.equal(r.hitches.length, 1);
  assert.equal(r.hitches[0].line, 10);
  assert.ok(Math.abs(r.hitches[0].ms - 2000 / 60) < 1e-9);
  assert.ok(Math.abs(r.ratio - r.hitches[0].ms / r.span) < 1e-12);
  assert.equal(r.band, r.ratio < 5 ? "good" : r.ratio < 10 ? "warning" : "critical");
});

test("deviation against the daemon's frames and the start latency", () => {
  const motion = { kind: "step", from: 0, to: 30, start: 0, velocity: 0 };
  const frames = Array.from({ length: 31 }, (_, i) => ({ time: i / 60, revision: 1, frame: { offset: i }, motion }));
  const points = frames.map((m) => [m.time, m.frame.offset]);
  const params = { revision: 1, params: { animation: { duration: 0.5, curve: "linear" } } };
  const trace = at60(31).map((f) => ({ ...f, offset: f.offset + (f.line === 20 ? 0.5 : 0) }));
  const r = deviceReport(trace, frames, points, 0, params);
  assert.ok(Math.abs(r.deviation - 0.5) < 1e-9, `deviation ${r.deviation}`);
  assert.equal(r.line, 20);
  assert.ok(Math.abs(r.latency - 1 / 60) < 1e-9, "the first frame off the start comes one refresh in");
  assert.equal(MOVED_BY, 0.001);
  assert.match(reportText(r), /largest deviation 0\.500 pt at 0\.317 s \(line 20\)/);
});
