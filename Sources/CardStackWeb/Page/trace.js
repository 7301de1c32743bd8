// cardstack web: a device trace held against the motion graph. An app posts what its screen
// drew to the bridge (POST /trace: one {"time", "duration", "offset"} a presented frame);
// "load device trace" fetches the newest (GET /trace) and plots it over the kept transition
// whose time it covers, with the hitches, Apple's hitch time ratio, the largest deviation and
// the start latency as `cardstack verify --device` defines them (DeviceTrace+Hitches.swift,
// GoldenRecording+Device.swift; docs/tuning.md, "Device traces"; the figures: device.js).
// The Motion it belongs to owns it.
import { tokenQuery } from "./config.js";
import { deviceReport, parseTrace, reportText } from "./device.js";
import { el, svg } from "./dom.js";
import { TRANSITION_GAP, lastTransition } from "./series.js";

export class DeviceTrace {
  constructor(motion) {
    this.motion = motion;
    this.frames = null;   // the trace loaded, or null
    this.seq = 0;         // traces loaded, for tests to tell one load from the next
    this.path = svg("path", { class: "device" });  // over the daemon's offsets on the graph
    this.marks = svg("path", { class: "device-marks" });
    this.caption = el("span", { class: "trace-caption", text: "" });
  }

  // The row under the graph: the button and what the trace showed.
  row() {
    const load = el("button", { type: "button", "data-action": "load-trace", text: "load device trace",
      title: "plot the device trace an app last sent to this bridge (POST /trace) against the motion" });
    load.addEventListener("click", () => this.load());
    return el("div", { class: "trace-row" }, load, this.caption);
  }

  // GET /trace, then the transition holding the trace's first frame, plotted with the trace.
  load() {
    this.caption.textContent = "loading the device trace…";
    fetch(`/trace?${tokenQuery()}`)
      .then((r) => {
        if (r.status === 404) throw new Error("no device trace yet: an app posts one to this bridge's /trace (docs/tuning.md, \"Device traces\")");
        return r.ok ? r.text() : r.text().then((t) => { throw new Error(`GET /trace: ${r.status} ${t}`); });
      })
      .then((text) => {
        this.frames = parseTrace(text);
        this.seq++;
        const frames = this.transition();
        if (!frames.length) {
          this.clear();
          const t = this.frames;
          this.caption.textContent = `the device trace (${t.length} frames, ${(t[0].time).toFixed(3)}–${(t[t.length - 1].time).toFixed(3)} s`
            + " on the daemon's clock) is of no transition the page holds: run the move, have the app send its trace, load it again";
          return;
        }
        this.motion.graph.dataset.points = "";
        this.motion.plot(frames);
      })
      .catch((e) => { this.caption.textContent = `device trace: ${e.message}`; });
  }

  // The kept transition the trace's first frame falls in (the move starts a refresh or so
  // before the device draws it), else the first one after it starts.
  transition() {
    const t = this.frames[0].time, kept = this.motion.kept;
    let at = -1;
    kept.forEach((m, i) => { if (m.time <= t) at = i; });
    const held = at >= 0 ? lastTransition(kept, at) : [];
    if (held.length) return held;
    const next = kept.findIndex((m) => m.time > t);
    return next >= 0 ? lastTransition(kept, next) : [];
  }

  // The trace drawn over `frames`' plot when it is of them ([t0, t1] their time): the trace's
  // points, or null (and nothing drawn).
  over(frames, points) {
    if (!this.frames) return null;
    const t0 = points[0][0], t1 = points[points.length - 1][0];
    const trace = this.frames;
    if (trace[trace.length - 1].time < t0 || trace[0].time > t1 + TRANSITION_GAP) {
      this.clear();
      this.caption.textContent = "the device trace loaded is of another transition (load it again after its move)";
      return null;
    }
    const graph = this.motion.graph;
    const report = deviceReport(trace, frames, points, this.motion.period(), this.motion.view.params);
    graph.dataset.device = JSON.stringify(report.drawn);
    graph.dataset.report = JSON.stringify(Object.assign({}, report, { drawn: undefined, trace: this.seq }));
    this.caption.textContent = reportText(report);
    return report.drawn;
  }

  // Draws the trace's points with the graph's scales.
  draw(drawn, x, y) {
    const d = drawn ? drawn.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}`).join("") : "";
    this.path.setAttribute("d", d);
    this.marks.setAttribute("d", drawn ? drawn.map((p) => `M${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}h0`).join("") : "");
  }

  clear() {
    delete this.motion.graph.dataset.device;
    delete this.motion.graph.dataset.report;
    this.path.setAttribute("d", "");
    this.marks.setAttribute("d", "");
  }
}
