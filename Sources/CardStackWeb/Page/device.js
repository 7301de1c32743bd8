// cardstack web: a device trace's figures as `cardstack verify --device` defines them
// (DeviceTrace+Hitches.swift, GoldenRecording+Device.swift; docs/tuning.md, "Device traces"):
// hitches, Apple's hitch time ratio, the largest deviation from the daemon's transition and the
// start latency. No DOM: Tests/page/device.test.mjs runs it in node.
import { specAt } from "./moves.js";

export const MOVED_BY = 0.001;   // pt off the move's start that counts as moved (GoldenRecording.movedBy)

// The trace's frames from its JSON lines (the bridge checked them when it took them).
export function parseTrace(text) {
  const frames = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const f = JSON.parse(line);
    frames.push({ time: f.time, duration: f.duration, offset: f.offset, line: i + 1 });
  });
  return frames;
}

// The trace's own refresh: its median frame duration.
export function traceCadence(frames) {
  const sorted = frames.map((f) => f.duration).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Hitches as Apple's tools count them: a frame held on screen (its duration, or until the
// next frame's target time when that is later) for 1.5 refreshes or more held the next back
// by the time past one refresh. The ratio: the hitch time in ms over the seconds of motion
// (the first frame's target time to the last frame's end), with Apple's WWDC20 bands.
export function traceHitches(frames) {
  const refresh = traceCadence(frames);
  const hitches = [];
  frames.forEach((f, i) => {
    const held = i + 1 < frames.length ? Math.max(f.duration, frames[i + 1].time - f.time) : f.duration;
    if (held >= refresh * 1.5) hitches.push({ time: f.time, line: f.line, ms: (held - refresh) * 1000 });
  });
  const last = frames[frames.length - 1];
  const span = last.time + last.duration - frames[0].time;
  const ratio = hitches.reduce((sum, h) => sum + h.ms, 0) / span;
  const band = ratio < 5 ? "good" : ratio < 10 ? "warning" : "critical";
  return { cadence: refresh, hitches, span, ratio, band };
}

// The trace against one transition: each frame's deviation from the transition's offset at its
// time (on a deck that wraps, the nearest turn), the largest, where the trace is drawn on the
// graph, and the start latency: from the move's start (its first `motion.start`) to the
// first frame off the offset the move starts from.
export function deviceReport(trace, frames, points, period, params) {
  const figures = traceHitches(trace);
  let largest = -1, worst = trace[0], expected = 0;
  const lined = { count: 0 };
  const drawn = trace.map((f) => {
    const spec = specAt(frames, points, f.time, params, period, lined);
    let d = f.offset - spec;
    if (period > 0) d -= period * Math.round(d / period);
    if (Math.abs(d) > largest) [largest, worst, expected] = [Math.abs(d), f, spec];
    return [f.time, spec + d];
  });
  const moving = frames.find((m) => m.motion);
  let latency = null;
  if (moving) {
    const start = moving.motion.start, from = moving.motion.from;
    const moved = trace.find((f) => Math.abs(f.offset - from) > MOVED_BY);
    if (moved) latency = moved.time - start;
  }
  return Object.assign(figures, { frames: trace.length, deviation: largest, at: worst.time, line: worst.line,
    expected, latency, drawn, lined: lined.count });
}

export function reportText(r) {
  const hitches = r.hitches.length
    ? `${r.hitches.length} hitch${r.hitches.length === 1 ? "" : "es"} (`
      + r.hitches.slice(0, 3).map((h) => `${(h.ms).toFixed(1)} ms at ${(h.time).toFixed(3)} s`).join(", ")
      + (r.hitches.length > 3 ? ", …" : "") + ")"
    : "no hitch";
  const latency = r.latency === null ? "start latency: none (never moves)" : `start latency ${(r.latency * 1000).toFixed(1)} ms`;
  return `device: ${r.frames} frames at ${(1 / r.cadence).toFixed(1)} Hz over ${(r.span).toFixed(3)} s · ${hitches}`
    + ` · hitch time ratio ${(r.ratio).toFixed(1)} ms/s (${r.band}: Apple's bands are good < 5, warning 5–10, critical ≥ 10)`
    + ` · largest deviation ${(r.deviation).toFixed(3)} pt at ${(r.at).toFixed(3)} s (line ${r.line})`
    + (r.lined ? ` (${r.lined} frames against the line between the daemon's frames: parameters no longer in force)` : "")
    + ` · ${latency}`;
}
