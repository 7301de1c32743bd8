// cardstack web: the motion as the daemon sent it. The page keeps the last frames it
// received (their seq, daemon time and picture); the graph plots the front offset and its
// velocity over the last transition (a run of frames less than TRANSITION_GAP s apart or of
// one move, from the move's first frame), the timeline shows any kept frame on the stage
// (paused), steps one frame with , and ., and plays them back at 1, 0.5, 0.25 or 0.1×; the
// loop replays a transition through the daemon while values are tuned; share posts the
// transition's frames to the bridge's /render. Nothing here recomputes motion: every point
// is a frame the daemon sent (offsets unwrapped across the deck's wrap).
import { drawClock } from "./clock.js";
import { FLING_VELOCITY, tokenQuery } from "./config.js";
import { download, el, svg } from "./dom.js";
import { lastTransition, motionSeries } from "./series.js";
import { DeviceTrace } from "./trace.js";

const KEEP_FRAMES = 1200;      // 5 s at 240 fps
const LOOP_MS = 1200;
const PLAY_SPEEDS = [1, 0.5, 0.25, 0.1];

export class Motion {
  constructor(view) {
    this.view = view;
    this.kept = [];         // frame events, oldest first
    this.dirty = false;
    this.paused = false;    // the stage shows a kept frame, not the live stream
    this.index = -1;        // the kept frame shown while paused
    this.playing = null;    // {speed, from, wall} while playing back
    this.loop = null;
    this.device = new DeviceTrace(this);  // a device trace over the graph (trace.js)
    this.build();
  }

  build() {
    const first = this.view.index === 0;
    this.graph = svg("svg", { class: "motion-graph", viewBox: "0 0 400 150", preserveAspectRatio: "none", "data-points": "[]" });
    if (first) this.graph.id = "motion-graph";
    this.grid = svg("g", { class: "grid" });
    this.targetLine = svg("line", { class: "target", x1: "0", x2: "400" });
    this.velocityPath = svg("path", { class: "velocity" });
    this.offsetPath = svg("path", { class: "offset" });
    this.marks = svg("path", { class: "marks" });
    this.jumps = svg("g", { class: "jumps" });
    this.cursor = svg("line", { class: "cursor", y1: "0", y2: "150", visibility: "hidden" });
    this.graph.append(this.grid, this.targetLine, this.velocityPath, this.offsetPath, this.marks, this.device.path,
      this.device.marks, this.jumps, this.cursor);
    this.caption = el("div", { class: "graph-caption", text: "run a transition (j, k, J) to plot it" });
    this.timeline = el("input", { type: "range", min: "0", max: "0", step: "1", value: "0", "aria-label": "kept frames" });
    if (first) this.timeline.id = "timeline";
    this.timeline.addEventListener("input", () => this.show(parseInt(this.timeline.value, 10)));
    this.position = el("span", { class: "timeline-at", text: "live" });
    const play = PLAY_SPEEDS.map((s) => {
      const b = el("button", { type: "button", "data-play": String(s), text: `▶ ${s}×`, title: `play the kept frames at ${s}×` });
      b.addEventListener("click", () => this.play(s));
      return b;
    });
    const live = el("button", { type: "button", "data-action": "live", text: "live", title: "back to the daemon's stream" });
    live.addEventListener("click", () => this.resume());
    this.root = el("section", { class: "motion" },
      el("h3", { text: "motion (front offset, pt; velocity dashed)" }), this.graph, this.caption,
      el("div", { class: "timeline-row" }, this.timeline, this.position),
      el("div", { class: "play-row" }, ...play, live), this.device.row());
  }

  record(m) {
    this.kept.push(m);
    if (this.kept.length > KEEP_FRAMES * 1.5) {
      const cut = this.kept.length - KEEP_FRAMES;
      this.kept.splice(0, cut);
      if (this.paused) this.index = Math.max(this.index - cut, 0);
    }
    this.dirty = true;
  }

  // The last transition's frames (series.js); with `at` (a kept frame's index), the one holding it.
  lastTransition(at) {
    return lastTransition(this.kept, at);
  }

  // One turn of the deck in points when it wraps (the offsets are kept inside one), else 0.
  period() {
    const p = this.view.params && this.view.params.params.layout;
    return p && p.wrap ? this.view.deckSize() * p.spacing : 0;
  }

  // Four times a second (page.js's stats tick), not per frame.
  refresh() {
    if (!this.dirty) return;
    this.dirty = false;
    const max = String(Math.max(this.kept.length - 1, 0));
    if (this.timeline.max !== max) this.timeline.max = max;
    if (!this.paused) this.timeline.value = max;
    this.plot(this.lastTransition());
  }

  plot(transition) {
    if (transition.length < 2) return;
    const series = motionSeries(transition, this.period());
    const frames = series.frames;  // each once: a frame sent twice is plotted once
    const points = series.points;
    const json = JSON.stringify(points);
    if (this.graph.dataset.points === json) return;
    this.graph.dataset.points = json;
    this.graph.dataset.seqs = JSON.stringify(frames.map((m) => m.seq));
    this.plotted = frames;
    const drawn = this.device.over(frames, points) || [];
    const t0 = Math.min(points[0][0], ...drawn.map((p) => p[0]));
    const t1 = Math.max(points[points.length - 1][0], ...drawn.map((p) => p[0]));
    this.span = [t0, t1];
    const offsets = points.map((p) => p[1]);
    let lo = Math.min(...offsets, ...drawn.map((p) => p[1])), hi = Math.max(...offsets, ...drawn.map((p) => p[1]));
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const pad = (hi - lo) * 0.1;
    lo -= pad; hi += pad;
    const x = (t) => ((t - t0) / Math.max(t1 - t0, 1e-9)) * 392 + 4;
    const y = (o) => 146 - ((o - lo) / (hi - lo)) * 142;
    this.offsetPath.setAttribute("d", points.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}`).join(""));
    this.marks.setAttribute("d", points.map((p) => `M${x(p[0]).toFixed(2)},${y(p[1]).toFixed(2)}h0`).join(""));
    this.device.draw(drawn.length ? drawn : null, x, y);
    const end = offsets[offsets.length - 1];
    this.targetLine.setAttribute("y1", y(end).toFixed(2));
    this.targetLine.setAttribute("y2", y(end).toFixed(2));
    // Each interval's velocity at its end: nothing is drawn before the move's first frame.
    const v = series.velocities;
    const vmax = Math.max(series.peak, 1e-9);
    const vy = (value) => (75 - (value / vmax) * 70).toFixed(2);
    this.velocityPath.setAttribute("d", v.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(2)},${vy(p[1])}`).join(""));
    this.graph.dataset.velocities = JSON.stringify(v);
    this.graph.dataset.jumps = JSON.stringify(series.jumps);
    this.graph.dataset.period = String(this.period());
    this.jumps.textContent = "";
    for (const t of series.jumps) {
      const g = svg("g", { class: "jump", "data-t": String(t) });
      g.append(svg("line", { x1: x(t).toFixed(2), x2: x(t).toFixed(2), y1: "2", y2: "148" }),
        svg("path", { d: `M${x(t).toFixed(2)},4l-4,-4h8z` }));
      const title = svg("title", {});
      title.textContent = `the velocity jumps here (t ${t.toFixed(3)})`;
      g.append(title);
      this.jumps.append(g);
    }
    const start = offsets[0];
    const span = end - start;
    const over = Math.abs(span) > 1e-9 ? Math.max(0, ...offsets.map((o) => (o - end) / span)) * 100 : 0;
    const jumps = series.jumps.length ? ` · velocity jumps ×${series.jumps.length} (▼)` : "";
    this.caption.textContent = `${frames.length} frames · ${(t1 - t0).toFixed(3)} s · ${start.toFixed(1)} → ${end.toFixed(1)} pt`
      + ` · overshoot ${over.toFixed(1)} % · peak ${series.peak.toFixed(0)} pt/s${jumps}`;
  }

  // The timeline: kept frame i on the stage, paused.
  show(i) {
    if (!this.kept.length) return;
    i = Math.min(Math.max(i, 0), this.kept.length - 1);
    this.paused = true;
    this.index = i;
    this.timeline.value = String(i);
    const m = this.kept[i];
    this.view.stage.draw(m.frame, m.seq);
    this.position.textContent = `seq ${m.seq} · t ${m.time.toFixed(3)}`;
    if (this.view.reference) this.view.reference.follow(i);
    if (this.plotted && this.plotted.length > 1) {
      const [t0, t1] = this.span;
      this.cursor.setAttribute("x1", String(((m.time - t0) / Math.max(t1 - t0, 1e-9)) * 392 + 4));
      this.cursor.setAttribute("x2", this.cursor.getAttribute("x1"));
      this.cursor.setAttribute("visibility", "visible");
    }
  }

  step(by) {
    if (this.playing) this.playing = null;
    this.show((this.paused ? this.index : this.kept.length - 1) + by);
  }

  // Plays the kept frames from the one shown (or the last transition's first) at `speed`.
  play(speed) {
    if (!this.kept.length) return;
    let from = this.paused ? this.index : this.kept.indexOf((this.plotted || this.kept)[0]);
    if (from < 0 || from >= this.kept.length - 1) from = 0;
    this.show(from);
    // On the draw loop's clock (page.js), which a test can drive by hand.
    this.playing = { speed, from, start: this.kept[from].time, wall: drawClock.now() / 1000 };
    const tick = () => {
      const p = this.playing;
      if (!p) return;
      const at = p.start + (drawClock.now() / 1000 - p.wall) * p.speed;
      let i = this.index;
      while (i + 1 < this.kept.length && this.kept[i + 1].time <= at) i++;
      if (i !== this.index) this.show(i);
      if (i >= this.kept.length - 1) { this.playing = null; return; }
      drawClock.paint(tick);
    };
    drawClock.paint(tick);
  }

  resume() {
    this.playing = null;
    this.paused = false;
    this.position.textContent = "live";
    this.cursor.setAttribute("visibility", "hidden");
    const m = this.kept[this.kept.length - 1];
    if (m) this.view.stage.draw(m.frame, m.seq);
  }

  // Loop while tuning: the chosen transition again every LOOP_MS, from where it started.
  toggleLoop(kind, velocity = FLING_VELOCITY) {
    const v = this.view;
    if (this.loop) {
      clearInterval(this.loop.timer);
      this.loop = null;
      if (v.toolbar) v.toolbar.loopButton.dataset.on = "false";
      return;
    }
    const from = v.stage.shown ? v.stage.shown.offset : 0;
    const once = () => {
      if (kind === "open") { v.toggleOpen(null); return; }
      v.send("scroll_to", { offset: from, animated: false });
      if (kind === "fling") v.send("fling", { velocity });
      else v.send(kind, { count: 1 });
    };
    once();
    this.loop = { kind, timer: setInterval(once, LOOP_MS) };
    if (v.toolbar) v.toolbar.loopButton.dataset.on = "true";
  }

  // One transition as a recording (`cardstack record`'s format, the params first), rendered by the bridge:
  // the one holding the frame the timeline shows, else the last one, from the move's first
  // frame to rest (not the stills kept around it).
  share(format) {
    const frames = this.lastTransition(this.paused ? this.index : undefined);
    if (!frames.length) {
      this.view.say(this.paused ? "share: the frame shown is in no transition (choose one on the timeline, or live)"
        : "share: no transition kept yet (run one: j, k, J)", true);
      return;
    }
    this.shared = frames.map((m) => m.seq);
    // The parameters first, as `cardstack record` writes them: the look (images, corners,
    // shadow) the stage draws goes with the frames, its images relative to the file's path.
    const params = this.view.params
      ? [Object.assign({}, this.view.params, { event: "params", time: frames[0].time })] : [];
    const body = [...params, ...frames].map((m) => JSON.stringify(m)).join("\n") + "\n";
    fetch(`/render?format=${encodeURIComponent(format)}&${tokenQuery()}`, { method: "POST", body })
      .then((r) => (r.ok ? r.blob() : r.text().then((t) => { throw new Error(`${r.status} ${t}`); })))
      .then((blob) => { download(`cardstack.${format}`, blob); this.view.say(`shared ${frames.length} frames as ${format}`); })
      .catch((e) => this.view.say(`share: ${e.message} (this cardstack web has no /render yet?)`, true));
  }
}
