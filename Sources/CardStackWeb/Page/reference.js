// cardstack web: a reference to match. The designer loads a clip (MP4, MOV, WebM, GIF) or a
// still (PNG, JPEG); the bridge decodes it with ffmpeg (POST /reference: its frames and their
// times) and serves its frames (GET /reference/ID/N). The page shows it over the stage (onion
// skin, with an opacity) or beside it, moved and scaled to line up with the phone, and tied
// to the timeline: the kept frame shown at t seconds from its transition's first frame shows
// the reference's frame at t + offset. Fit asks the bridge to run `cardstack fit` on the clip
// (POST /fit) and Apply puts the numbers in force with one set_params (one undo); corners
// marked on a still (corners.js) make it fit the pose, a point marked (corners.js) is the one
// it follows.
// Test contract: the image carries data-reference-frame (the frame shown) and
// data-reference-time (s, in the clip).
import { tokenQuery } from "./config.js";
import { el } from "./dom.js";
import { CornerMarks, PointMark } from "./corners.js";
import { ReferenceFit } from "./fit.js";

const REFERENCE_MAX_FRAMES = 600;  // the bridge keeps a clip's first 600 frames (ReferenceClip.swift)
const REFERENCE_TYPES = "video/mp4,video/quicktime,video/webm,image/gif,image/png,image/jpeg,.mp4,.m4v,.mov,.webm,.gif,.png,.jpg,.jpeg";

export class Reference {
  constructor(view) {
    this.view = view;
    this.clip = null;      // POST /reference's answer: {id, frames, fps, width, height, times}
    this.beside = false;   // beside the stage, else over it
    this.opacity = 0.5;
    this.x = 0;            // pt, from centred on the phone
    this.y = 0;
    this.scale = 1;        // × the size that fits the phone
    this.offset = 0;       // s added to the timeline's time
    this.zero = null;      // daemon time (s) the timeline's t = 0 is: the shown transition's first frame
    this.build();
  }

  build() {
    const first = this.view.index === 0;
    const v = this.view;
    this.image = el("img", { class: "reference-image", alt: "reference", draggable: "false",
      "data-reference-frame": "", "data-reference-time": "", "data-reference-zero": "" });
    if (first) this.image.id = "reference-image";
    this.layer = el("div", { class: "reference-layer", hidden: "" }, this.image);
    this.besideBox = el("div", { class: "reference-beside", hidden: "" });
    v.stage.element.append(this.layer);
    v.stage.picture.append(this.besideBox);
    new ResizeObserver(() => this.layout()).observe(v.stage.element);
    this.listenForAlt(v.stage.picture);

    this.file = el("input", { type: "file", accept: REFERENCE_TYPES, "aria-label": "reference file" });
    if (first) this.file.id = "reference-file";
    this.file.addEventListener("change", () => { if (this.file.files[0]) this.load(this.file.files[0]); });
    this.status = el("div", { class: "reference-status", role: "status", "data-error": "false",
      text: "load a video, GIF or image of the motion to match" });
    const number = (label, value, step, title, set) => {
      const input = el("input", { type: "number", value: String(value), step: String(step), title, "aria-label": label });
      input.addEventListener("input", () => { const n = parseFloat(input.value); if (Number.isFinite(n)) { set(n); this.show(); } });
      return [el("label", { text: label }, input), input];
    };
    const [xLabel, x] = number("x pt", 0, 1, "move the reference right (pt)", (n) => { this.x = n; });
    const [yLabel, y] = number("y pt", 0, 1, "move the reference down (pt)", (n) => { this.y = n; });
    const [scaleLabel, scale] = number("scale %", 100, 1, "the reference's size, % of the size that fits the phone", (n) => { this.scale = Math.max(n, 1) / 100; });
    const [offsetLabel, offset] = number("offset ms", 0, 1, "shift the reference in time: its frame at timeline t + offset is shown", (n) => { this.offset = n / 1000; });
    Object.assign(this, { xInput: x, yInput: y, scaleInput: scale, offsetInput: offset });
    offset.dataset.referenceOffset = "";
    const nudge = (by, text, title) => {
      const b = el("button", { type: "button", text, title });
      b.addEventListener("click", () => this.nudge(by));
      return b;
    };
    this.opacityInput = el("input", { type: "range", min: "0", max: "100", value: "50", "aria-label": "reference opacity", title: "the reference's opacity over the stage" });
    this.opacityInput.addEventListener("input", () => { this.opacity = parseInt(this.opacityInput.value, 10) / 100; this.show(); });
    this.modeSelect = el("select", { "data-reference-mode": "", "aria-label": "where the reference is shown", title: "over the stage (onion skin) or beside it" },
      el("option", { value: "over", text: "over the stage" }), el("option", { value: "beside", text: "beside the stage" }));
    this.modeSelect.addEventListener("change", () => this.setBeside(this.modeSelect.value === "beside"));
    const reset = el("button", { type: "button", text: "reset", title: "centre the reference on the phone at the size that fits, offset 0" });
    reset.addEventListener("click", () => this.reset());
    this.corners = new CornerMarks(this);  // corners.js
    this.point = new PointMark(this);      // corners.js: the point Fit follows
    this.fitter = new ReferenceFit(this);  // fit.js
    this.controls = el("div", { class: "reference-controls", hidden: "" },
      el("div", { class: "reference-row" }, this.modeSelect, el("label", { text: "opacity" }, this.opacityInput), reset),
      el("div", { class: "reference-hint", text: "line it up: x, y and scale below, or ⌥/Alt-drag on the stage to move it and ⌥/Alt-wheel to scale it" }),
      el("div", { class: "reference-row" }, xLabel, yLabel, scaleLabel),
      el("div", { class: "reference-row" }, offsetLabel, nudge(-1, "‹", "one reference frame earlier"), nudge(1, "›", "one reference frame later")),
      this.corners.root, this.point.root, this.fitter.row, this.fitter.result);
    this.root = el("section", { class: "reference" }, el("h3", { text: "reference (a clip to match)" }),
      this.file, this.status, this.controls);
  }

  say(text, error) {
    this.status.textContent = text;
    this.status.dataset.error = String(!!error);
  }

  load(file) {
    this.say(`loading ${file.name}…`);
    fetch(`/reference?${tokenQuery()}`, { method: "POST", body: file })
      .then((r) => (r.ok ? r.json() : r.text().then((t) => { throw new Error(t.trim() || `${r.status}`); })))
      .then((clip) => {
        this.clip = clip;
        this.corners.clear();  // corners and a point marked on another clip do not carry over
        this.point.clear();
        this.fitter.reset();
        this.offsetInput.step = String(clip.fps > 0 ? Math.round(1000 / clip.fps) : 1);
        const kind = clip.frames > 1 ? `${clip.frames} frames · ${clip.fps.toFixed(2)} fps · ${clip.times[clip.times.length - 1].toFixed(3)} s` : "a still";
        const cut = clip.frames >= REFERENCE_MAX_FRAMES ? ` (the first ${REFERENCE_MAX_FRAMES}: trim the clip to the move to see all of it)` : "";
        this.say(`${file.name}: ${kind} · ${clip.width}×${clip.height}${cut}`);
        this.controls.hidden = false;
        this.layer.hidden = false;
        this.besideBox.hidden = !this.beside;
        this.view.stage.layout();
        this.follow(this.view.motion.paused ? this.view.motion.index : undefined);
      })
      .catch((e) => this.say(`cannot load ${file.name}: ${e.message}`, true));
  }

  // The timeline shows kept frame `at` (motion.js's show), or the stream is live (undefined).
  follow(at) {
    const motion = this.view.motion;
    const kept = motion.kept;
    let time = 0;
    if (at !== undefined && kept[at]) {
      const run = motion.lastTransition(at);
      if (run.length) this.zero = run[0].time;
      if (this.zero === null) this.zero = kept[0].time;
      time = kept[at].time - this.zero;
    }
    this.timelineTime = time;
    this.show();
  }

  // The clip's frame at `t` s: the last one whose time is not after t.
  frameAt(t) {
    const times = this.clip.times;
    let lo = 0, hi = times.length - 1;
    if (t <= times[0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t + 1e-6) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  show() {
    if (!this.clip) return;
    const t = (this.timelineTime || 0) + this.offset;
    const n = this.frameAt(t);
    const img = this.image;
    img.dataset.referenceTime = String(Math.round(t * 1e6) / 1e6);
    img.dataset.referenceZero = this.zero === null ? "" : String(this.zero);
    if (img.dataset.referenceFrame !== String(n) || img.dataset.referenceId !== this.clip.id) {
      img.dataset.referenceFrame = String(n);
      img.dataset.referenceId = this.clip.id;
      img.src = `/reference/${this.clip.id}/${n}?${tokenQuery()}`;
    }
    this.layout();
  }

  // Places the image in points on the phone (the stage's scale applies to the layer).
  layout() {
    const v = this.view;
    const stage = v.stage;
    if (!this.clip || !stage.viewport) return;
    const vw = stage.viewport.width, vh = stage.viewport.height;
    for (const box of [this.layer, this.besideBox]) {
      box.style.width = `${vw}px`;
      box.style.height = `${vh}px`;
    }
    this.layer.style.transform = `scale(${stage.scale})`;
    this.besideBox.style.width = `${vw * stage.scale}px`;
    this.besideBox.style.height = `${vh * stage.scale}px`;
    this.layer.style.opacity = this.beside ? "1" : String(this.opacity);
    const { fit, left, top } = this.placement();
    const img = this.image;
    img.style.width = `${this.clip.width}px`;
    img.style.height = `${this.clip.height}px`;
    img.style.transform = `translate(${left}px, ${top}px) scale(${fit})`;
    this.point.show();  // the marked point moves with the reference
  }

  // The clip's place on the phone: points per clip pixel and its top-left corner in points.
  placement() {
    const vw = this.view.stage.viewport.width, vh = this.view.stage.viewport.height;
    const fit = Math.min(vw / this.clip.width, vh / this.clip.height) * this.scale;
    return { fit, left: (vw - this.clip.width * fit) / 2 + this.x, top: (vh - this.clip.height * fit) / 2 + this.y };
  }

  // Where the stage lies in the clip as aligned here, as `cardstack fit --stage` takes it: the
  // phone's top-left in clip pixels and clip pixels per point. Null while the reference is
  // where it loaded (centred, the size that fits): the fit then finds the stage itself.
  stageInClip() {
    if (!this.clip || !this.view.stage.viewport || (this.x === 0 && this.y === 0 && this.scale === 1)) return null;
    const { fit, left, top } = this.placement();
    return [-left / fit, -top / fit, 1 / fit];
  }

  // ⌥/Alt-drag on the picture moves the reference and ⌥/Alt-wheel scales it; without the
  // key the picture scrolls the deck as before (these listeners run first and stop there).
  listenForAlt(area) {
    let drag = null;
    area.addEventListener("pointerdown", (e) => {
      if (!e.altKey || !this.clip || e.button !== 0) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY };
      area.setPointerCapture(e.pointerId);
    }, { capture: true });
    area.addEventListener("pointermove", (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      e.stopImmediatePropagation();
      this.x += (e.clientX - drag.x) / this.view.stage.scale;
      this.y += (e.clientY - drag.y) / this.view.stage.scale;
      drag.x = e.clientX; drag.y = e.clientY;
      this.xInput.value = String(Math.round(this.x * 10) / 10);
      this.yInput.value = String(Math.round(this.y * 10) / 10);
      this.show();
    }, { capture: true });
    const end = (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      e.stopImmediatePropagation();
      drag = null;
    };
    area.addEventListener("pointerup", end, { capture: true });
    area.addEventListener("pointercancel", end, { capture: true });
    area.addEventListener("wheel", (e) => {
      if (!e.altKey || !this.clip) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      this.scale = Math.min(Math.max(this.scale * Math.exp(-e.deltaY / 500), 0.01), 100);
      this.scaleInput.value = String(Math.round(this.scale * 1000) / 10);
      this.show();
    }, { capture: true, passive: false });
  }

  // The share of the picture's width the stage may take (page.js's layoutStage).
  widthShare() {
    return this.clip && this.beside ? 0.5 : 1;
  }

  setBeside(beside) {
    this.beside = beside;
    this.modeSelect.value = beside ? "beside" : "over";
    this.opacityInput.disabled = beside;
    if (this.beside) {
      this.besideBox.append(this.layer);
      this.layer.classList.add("beside");
    } else {
      this.view.stage.element.append(this.layer);
      this.layer.classList.remove("beside");
    }
    this.besideBox.hidden = !this.beside;
    this.layer.hidden = !this.clip;
    this.view.stage.layout();
    this.show();
  }

  nudge(frames) {
    if (!this.clip) return;
    const step = this.clip.fps > 0 ? 1 / this.clip.fps : 0.001;
    this.offset = Math.round((this.offset + frames * step) * 1e6) / 1e6;
    this.offsetInput.value = String(Math.round(this.offset * 1e6) / 1e3);
    this.show();
  }

  reset() {
    Object.assign(this, { x: 0, y: 0, scale: 1, offset: 0 });
    this.xInput.value = "0"; this.yInput.value = "0"; this.scaleInput.value = "100"; this.offsetInput.value = "0";
    this.show();
  }
}
