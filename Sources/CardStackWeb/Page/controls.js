// cardstack web: the panel's controls, one per key of `get_schema`, each fitted to its key.
// A number's slider covers a window around the value in force (re-centred on every value
// the daemon reports), so a drag moves it by a fraction of itself and the value in force is
// always exactly on the slider; m34 is tuned as the camera distance 1/|m34| on a log scale.
// The box beside takes any allowed value.
import { el } from "./dom.js";
import { writtenSpring } from "./springs.js";
import { SLIDER_STEPS, baseScale, clampToSpec, parseLoose, roundTo, valueHint } from "./values.js";

// A slider over a window around a value: `centre(v)` sets its window and puts the thumb on
// v exactly; `read()` is the value under the thumb.
class WindowSlider {
  constructor(spec, input) {
    this.spec = spec;
    this.input = input;
    this.integer = spec.type === "integer";
    this.perspective = spec.key === "layout.m34";
    this.value = null;
    this.placed = null;  // the input's value string when the thumb was put on this.value
    input.type = "range";
    input.step = "any";
  }

  centre(v) {
    this.value = v;
    const s = this.spec;
    if (this.perspective) {
      // log2 of the camera distance, two octaves either side; the sign of m34 is kept.
      const d = v === 0 ? 2000 : 1 / Math.abs(v);
      const u = Math.log2(d);
      this.input.min = String(u - 2);
      this.input.max = String(u + 2);
      this.step = 0;
    } else {
      const w = Math.max(Math.abs(v), baseScale(s));
      let lo = v - w, hi = v + w;
      if (s.min !== undefined) lo = Math.max(lo, s.min);
      if (s.max !== undefined) hi = Math.min(hi, s.max);
      if (this.integer) { lo = Math.floor(lo); hi = Math.ceil(hi); if (hi - lo < 10) hi = Math.min(lo + 10, s.max ?? lo + 10); }
      this.step = this.integer ? 1 : Math.pow(10, Math.floor(Math.log10((hi - lo) / SLIDER_STEPS)));
      this.input.min = String(lo);
      this.input.max = String(hi);
    }
    this.input.value = String(this.position(v));
    this.placed = this.input.value;
    this.input.dataset.at = String(v);  // the value under the thumb, for scripts and tests
  }

  position(v) {
    if (!this.perspective) return v;
    return Math.log2(v === 0 ? 2000 : 1 / Math.abs(v));
  }

  read() {
    if (this.input.value === this.placed) return this.value;
    const x = parseFloat(this.input.value);
    if (this.perspective) {
      const sign = this.value > 0 ? 1 : -1;
      return sign / Math.round(Math.pow(2, x));
    }
    const v = this.integer ? Math.round(x) : roundTo(x, this.step);
    return clampToSpec(v, this.spec, this.step || 1);
  }
}

// Builds the editor for one key in `cell`; returns a function that shows a value in it.
// `commit(value)` sends a value; `editing(on)` says whether a control is being moved.
export function buildControl(spec, cell, commit, editing) {
  const key = spec.key;
  if ((spec.type === "number" || spec.type === "integer") && spec.min !== undefined) {
    const range = el("input", { type: "range", "aria-label": key });
    const slider = new WindowSlider(spec, range);
    const box = el("input", { type: "number", step: "any", "aria-label": `${key} value` });
    const hint = el("span", { class: "hint" });
    range.addEventListener("pointerdown", () => editing(true));
    range.addEventListener("input", () => {
      editing(true);
      const v = slider.read();
      range.dataset.at = String(v);
      box.value = String(v);
      hint.textContent = valueHint(key, v);
      commit(v);
    });
    range.addEventListener("change", () => {
      const v = slider.read();
      commit(v);
      editing(false);
      slider.centre(v);  // the daemon's reply re-centres it again on what it took
    });
    box.addEventListener("change", () => {
      const v = spec.type === "integer" ? parseInt(box.value, 10) : parseFloat(box.value);
      if (Number.isFinite(v)) commit(v);
    });
    cell.append(range, box);
    if (key === "layout.m34") cell.append(hint);
    return (value, isEditing, effective) => {
      if (value === undefined || value === null) {
        box.value = "";
        if (typeof effective === "number") {
          // The style's own value applies, and the daemon says what it is: the slider sits
          // on it, so a nudge moves from there (the carousel's radius of 373 pt, not 0).
          range.disabled = false;
          box.placeholder = `style's own: ${+effective.toPrecision(6)}`;
          if (!isEditing) slider.centre(effective);
          return;
        }
        // The style's own value, not known here: the slider waits for a number, so a nudge
        // cannot replace it with one far from it.
        range.disabled = true;
        box.placeholder = "style's own";
        return;
      }
      range.disabled = false;
      if (isEditing) return;
      hint.textContent = valueHint(key, value);
      slider.centre(value);
      if (document.activeElement !== box) box.value = String(value);
    };
  }
  if (key === "layout.flip_range") return pairRange(spec, cell, commit, editing);
  if (key === "card.anchor") return pointPicker(cell, commit, editing);
  if (spec.type === "boolean") {
    const check = el("input", { type: "checkbox" });
    check.addEventListener("change", () => commit(check.checked));
    cell.append(check);
    return (value) => { check.checked = value === true; check.indeterminate = value === undefined || value === null; };
  }
  if (spec.choices) {
    const select = el("select");
    for (const c of spec.choices) select.append(el("option", { value: c, text: c }));
    select.addEventListener("change", () => commit(select.value));
    cell.append(select);
    return (value) => { if (value !== undefined) select.value = value; };
  }
  // Free values (curve, spring, titles, viewpoint): JSON, or a table in the file's own
  // inline-table syntax, which the daemon reads (`{ damping_ratio = 0.7, response = 0.35 }`).
  const text = el("input", { type: "text", spellcheck: "false" });
  text.addEventListener("change", () => commit(parseLoose(text.value)));
  cell.append(text);
  return (value) => {
    if (document.activeElement === text) return;
    // A spring shows as the file writes it (its own dialect), so sending it back is valid.
    text.value = value === undefined || value === null ? "" : JSON.stringify(key === "animation.spring" ? writtenSpring(value) : value);
    text.placeholder = value === undefined || value === null ? "off / default" : "";
  };
}

// flip_range [f0, f1]: two handles on one track, f0 < f1 kept, steps of 0.001.
function pairRange(spec, cell, commit, editing) {
  const box = el("div", { class: "pair", "data-pair": spec.key });
  const a = el("input", { type: "range", step: "any", "data-handle": "0", "aria-label": `${spec.key} start` });
  const b = el("input", { type: "range", step: "any", "data-handle": "1", "aria-label": `${spec.key} end` });
  const text = el("span", { class: "pair-text" });
  box.append(a, b);
  cell.append(box, text);
  let shown = null, placed = null;
  const read = () => {
    const pa = a.value === placed[0] ? shown[0] : roundTo(parseFloat(a.value), 0.001);
    const pb = b.value === placed[1] ? shown[1] : roundTo(parseFloat(b.value), 0.001);
    return [Math.min(pa, pb), Math.max(pa, pb)];
  };
  for (const input of [a, b]) {
    input.addEventListener("pointerdown", () => editing(true));
    input.addEventListener("input", () => {
      editing(true);
      const v = read();
      if (v[0] === v[1]) return;
      text.textContent = `${v[0]} – ${v[1]}`;
      commit(v);
    });
    input.addEventListener("change", () => editing(false));
  }
  return (value, isEditing) => {
    if (!Array.isArray(value)) return;
    text.textContent = `${value[0]} – ${value[1]}`;
    if (isEditing) return;
    shown = value;
    const hi = Math.max(2, Math.ceil(value[1] * 2));
    for (const input of [a, b]) { input.min = "0"; input.max = String(Math.min(hi, spec.max ?? hi)); }
    a.value = String(value[0]);
    b.value = String(value[1]);
    placed = [a.value, b.value];
  };
}

// anchor [x, y] in unit card coordinates: a card-shaped pad, click or drag to place the pivot
// (one drag, one history entry: `editing` says when it starts and ends).
function pointPicker(cell, commit, editing) {
  const pad = el("div", { class: "point-pad", "data-point": "card.anchor", title: "drag the pivot" });
  const dot = el("div", { class: "point-dot" });
  const text = el("span", { class: "pair-text" });
  pad.append(dot);
  cell.append(pad, text);
  const place = (e) => {
    const r = pad.getBoundingClientRect();
    const x = roundTo(Math.min(Math.max((e.clientX - r.left) / r.width, 0), 1), 0.05);
    const y = roundTo(Math.min(Math.max((e.clientY - r.top) / r.height, 0), 1), 0.05);
    commit([x, y]);
  };
  let down = false;
  const up = () => { if (down) { down = false; editing(false); } };
  pad.addEventListener("pointerdown", (e) => { down = true; editing(true); pad.setPointerCapture(e.pointerId); place(e); });
  pad.addEventListener("pointermove", (e) => { if (down) place(e); });
  pad.addEventListener("pointerup", up);
  pad.addEventListener("pointercancel", up);
  return (value, isEditing) => {
    if (isEditing) return;
    if (!Array.isArray(value)) { dot.hidden = true; text.textContent = "style's own"; return; }
    dot.hidden = false;
    dot.style.left = `${value[0] * 100}%`;
    dot.style.top = `${value[1] * 100}%`;
    text.textContent = `${value[0]}, ${value[1]}`;
  };
}
