// cardstack web: a device trace held against the motion graph. An app posts what its screen
// drew to the bridge (POST /trace: one {"time", "duration", "offset"} a presented frame);
// "load device trace" fetches the newest (GET /trace) and plots it over the kept transition
// whose time it covers, with the hitches, Apple's hitch time ratio, the largest deviation and
// the start latency as `cardstack verify --device` defines them (DeviceTrace+Hitches.swift,
// GoldenRecording+Device.swift; docs/tuning.md, "Device traces"). Loaded after motion.js,
// whose Motion takes these methods, before page.js.
"use strict";

const MOVED_BY = 0.001;   // pt off the move's start that counts as moved (GoldenRecording.movedBy)

// The trace's frames from its JSON lines (the bridge checked them when it took them).
function parseTrace(text) {
  const frames = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const f = JSON.parse(line);
    frames.push({ time: f.time, duration: f.duration, offset: f.offset, line: i + 1 });
  });
  return frames;
}

// The trace's own refresh: its median frame duration.
function traceCadence(frames) {
  const sorted = frames.map((f) => f.duration).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Hitches as Apple's tools count them: a frame held on screen (its duration, or until the
// next frame's target time when that is later) for 1.5 refreshes or more held the next back
// by the time past one refresh. The ratio: the hitch time in ms over the seconds of motion
// (the first frame's target time to the last frame's end), with Apple's WWDC20 bands.
function traceHitches(frames) {
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

// A timing curve's value at x in [0, 1], as CardLayout's TimingCurve and UnitBezier have it:
// the named curves' control points, Newton's method then bisection to 1e-9.
const CURVE_POINTS = { linear: [0, 0, 1, 1], ease_in: [0.42, 0, 1, 1], ease_out: [0, 0, 0.58, 1], ease_in_out: [0.42, 0, 0.58, 1] };

function curveValue(curve, x) {
  const t = Math.min(Math.max(x, 0), 1);
  const p = Array.isArray(curve) ? curve : CURVE_POINTS[curve];
  if (!p || (p[0] === 0 && p[1] === 0 && p[2] === 1 && p[3] === 1)) return t;
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const cx = 3 * p[0], bx = 3 * (p[2] - p[0]) - cx, ax = 1 - cx - bx;
  const cy = 3 * p[1], by = 3 * (p[3] - p[1]) - cy, ay = 1 - cy - by;
  const X = (s) => ((ax * s + bx) * s + cx) * s;
  const solved = (() => {
    let s = t;
    for (let i = 0; i < 8; i++) {
      const error = X(s) - t;
      if (Math.abs(error) < 1e-9) return s;
      const slope = (3 * ax * s + 2 * bx) * s + cx;
      if (Math.abs(slope) < 1e-6) break;
      s -= error / slope;
    }
    let low = 0, high = 1;
    s = t;
    for (let i = 0; i < 100; i++) {
      const value = X(s);
      if (Math.abs(value - t) < 1e-9) return s;
      if (value < t) low = s; else high = s;
      s = (low + high) / 2;
    }
    return s;
  })();
  return ((ay * solved + by) * solved + cy) * solved;
}

// A spring's state (x, v) `t` s after (x0, v0), as CardLayout's Spring.state: critically
// damped, underdamped or overdamped, from the damping ratio and the response.
function springState(spring, x0, v0, t) {
  const w = (2 * Math.PI) / spring.response, z = spring.damping_ratio;
  if (!(t > 0)) return [x0, v0];
  if (Math.abs(z - 1) < 1e-9) {
    const e = Math.exp(-w * t), b = v0 + w * x0;
    return [e * (x0 + b * t), e * (b - w * (x0 + b * t))];
  }
  if (z < 1) {
    const wd = w * Math.sqrt(1 - z * z), a = x0, b = (v0 + z * w * x0) / wd, e = Math.exp(-z * w * t);
    const c = Math.cos(wd * t), s = Math.sin(wd * t);
    return [e * (a * c + b * s), e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * s)];
  }
  const root = Math.sqrt(z * z - 1), r1 = -w * (z - root), r2 = -w * (z + root);
  const c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2, e1 = Math.exp(r1 * t), e2 = Math.exp(r2 * t);
  return [c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2];
}

// A move's offset (its own space, unwrapped) at `t`, as CardLayout's MotionStart and
// Motion compute it: a step on its spring (settled within 0.001 pt and 0.05 pt/s, or after 60 s:
// the target) or its timing curve ("decelerate" on a step is Motion.landing); a fling as a
// step on its spring when it snaps to one, else its coast (Motion.fling).
function moveAt(motion, animation, t) {
  if (motion.from === motion.to) return motion.to;
  const slowdown = animation.slowdown || 1, elapsed = (t - motion.start) / slowdown;
  if (motion.kind === "fling" && !(animation.spring && animation.snap)) {
    // A coast to its target (the frame's `to`): the decay of Motion.fling, at most 2 s.
    const k = animation.deceleration, duration = Math.min(Math.log(0.01) / Math.log(k) / 1000, 2);
    if (elapsed >= duration) return motion.to;
    const u = Math.max(elapsed, 0), total = 1 - Math.pow(k, duration * 1000);
    const progress = total > 1e-12 ? (1 - Math.pow(k, u * 1000)) / total : u / duration;
    return motion.from + (motion.to - motion.from) * progress;
  }
  if (animation.spring) {
    if (elapsed >= 60) return motion.to;
    const [x, v] = springState(animation.spring, motion.from - motion.to, motion.velocity, elapsed);
    if (Math.abs(x) <= 0.001 && Math.abs(v) <= 0.05) return motion.to;
    return motion.to + springState(animation.spring, motion.from - motion.to, motion.velocity, Math.max(elapsed, 0))[0];
  }
  const duration = Math.min(Math.max(animation.duration, 0), 10);
  const u = Math.max(elapsed, 0);
  if (elapsed >= duration || !(duration > 0)) return motion.to;
  let progress;
  if (animation.curve === "decelerate") {
    const x = Math.min(Math.max(u / duration, 0), 1), r = 0.01, k = -Math.log(r);
    progress = (1 - Math.pow(r, x) - x * r * k) / (1 - r - r * k);
  } else {
    progress = curveValue(animation.curve, u / duration);
  }
  return motion.from + (motion.to - motion.from) * progress;
}

// The transition's offset at `t` (unwrapped, as the graph plots it): the last frame at or
// before `t`; while it moves, its step computed again (moveAt) when the page can, else the
// straight line to the next frame (`verify --device` computes every move exactly); at rest,
// or after the last frame, that frame's; before the first, the first's. `lined` counts the
// times the straight line stood in for the move.
function specAt(frames, points, t, params, period, lined) {
  let low = 0, high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (points[middle][0] <= t) low = middle + 1; else high = middle;
  }
  if (low === 0) return points[0][1];
  const [t0, x0] = points[low - 1];
  const frame = frames[low - 1];
  if (!frame.motion) return x0;
  const own = params && params.revision === frame.revision ? moveAt(frame.motion, params.params.animation, t) : null;
  if (own !== null) {
    let d = own - frame.frame.offset;
    if (period > 0) d -= period * Math.round(d / period);
    return x0 + d;
  }
  if (low === points.length) return x0;
  const [t1, x1] = points[low];
  lined.count++;
  return x0 + ((x1 - x0) * (t - t0)) / (t1 - t0);
}

// The trace against one transition: each frame's deviation from the transition's offset at its
// time (on a deck that wraps, the nearest turn), the largest, where the trace is drawn on the
// graph, and the start latency: from the move's start (its first `motion.start`) to the
// first frame off the offset the move starts from.
function deviceReport(trace, frames, points, period, params) {
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

function reportText(r) {
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

mixin(Motion, class {
  // The row under the graph: the button and what the trace showed.
  traceRow() {
    const load = el("button", { type: "button", "data-action": "load-trace", text: "load device trace",
      title: "plot the device trace an app last sent to this bridge (POST /trace) against the motion" });
    load.addEventListener("click", () => this.loadTrace());
    this.traceCaption = el("span", { class: "trace-caption", text: "" });
    return el("div", { class: "trace-row" }, load, this.traceCaption);
  }

  // GET /trace, then the transition holding the trace's first frame, plotted with the trace.
  loadTrace() {
    this.traceCaption.textContent = "loading the device trace…";
    fetch(`/trace?token=${encodeURIComponent(TOKEN)}`)
      .then((r) => {
        if (r.status === 404) throw new Error("no device trace yet: an app posts one to this bridge's /trace (docs/tuning.md, \"Device traces\")");
        return r.ok ? r.text() : r.text().then((t) => { throw new Error(`GET /trace: ${r.status} ${t}`); });
      })
      .then((text) => {
        this.trace = parseTrace(text);
        this.traceSeq = (this.traceSeq || 0) + 1;
        const frames = this.traceTransition();
        if (!frames.length) {
          this.clearTrace();
          const t = this.trace;
          this.traceCaption.textContent = `the device trace (${t.length} frames, ${(t[0].time).toFixed(3)}–${(t[t.length - 1].time).toFixed(3)} s`
            + " on the daemon's clock) is of no transition the page holds: run the move, have the app send its trace, load it again";
          return;
        }
        this.graph.dataset.points = "";
        this.plot(frames);
      })
      .catch((e) => { this.traceCaption.textContent = `device trace: ${e.message}`; });
  }

  // The kept transition the trace's first frame falls in (the move starts a refresh or so
  // before the device draws it), else the first one after it starts.
  traceTransition() {
    const t = this.trace[0].time;
    let at = -1;
    this.kept.forEach((m, i) => { if (m.time <= t) at = i; });
    const held = at >= 0 ? this.lastTransition(at) : [];
    if (held.length) return held;
    const next = this.kept.findIndex((m) => m.time > t);
    return next >= 0 ? this.lastTransition(next) : [];
  }

  // The trace drawn over `frames`' plot when it is of them ([t0, t1] their time): the trace's
  // points, or null (and nothing drawn).
  traceOver(frames, points) {
    if (!this.trace) return null;
    const t0 = points[0][0], t1 = points[points.length - 1][0];
    const trace = this.trace;
    if (trace[trace.length - 1].time < t0 || trace[0].time > t1 + TRANSITION_GAP) {
      this.clearTrace();
      this.traceCaption.textContent = "the device trace loaded is of another transition (load it again after its move)";
      return null;
    }
    const report = deviceReport(trace, frames, points, this.period(), this.view.params);
    this.graph.dataset.device = JSON.stringify(report.drawn);
    this.graph.dataset.report = JSON.stringify(Object.assign({}, report, { drawn: undefined, trace: this.traceSeq }));
    this.traceCaption.textContent = reportText(report);
    return report.drawn;
  }

  // Draws the trace's points with the graph's scales.
  drawTrace(drawn, x, y) {
    const d = drawn ? drawn.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}`).join("") : "";
    this.devicePath.setAttribute("d", d);
    this.deviceMarks.setAttribute("d", drawn ? drawn.map((p) => `M${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}h0`).join("") : "");
  }

  clearTrace() {
    delete this.graph.dataset.device;
    delete this.graph.dataset.report;
    this.devicePath.setAttribute("d", "");
    this.deviceMarks.setAttribute("d", "");
  }
});
