// cardstack web: the reference panel's Fit and Apply: the bridge runs `cardstack fit` on the
// clip the panel holds (POST /fit; where the reference was aligned on the stage, if it was,
// as the stage in the clip; following the point marked on it, if one was), or on the corners
// marked on it (corners.js); Apply puts the fitted numbers in force as one set_params.
import { tokenQuery } from "./config.js";
import { el } from "./dom.js";

// `cardstack fit`'s advice as the page gives it: what to do here (line the reference up on
// the phone, Mark a point, Mark corners, a textured look), not the command's options.
const MARK_A_POINT = "mark a point on a card that stays in sight (Mark a point), then Fit";
const PAGE_ADVICE = [
  [/give where it is with --stage X,Y,SCALE \(the page: line the reference up on the phone\)/g,
    "line the reference up on the phone (its x, y and scale, or ⌥-drag and ⌥-wheel), then Fit again"],
  [/Try --stage X,Y,SCALE, a textured look \(\[card\] images\), or mark a point with --mark X,Y/g,
    `Line the reference up on the phone (x, y, scale), give the cards a textured look (card.images), or ${MARK_A_POINT}`],
  [/mark a point with --mark X,Y/g, MARK_A_POINT],
  // The fit reads fewer frames than the page shows (240 of up to 600).
  [/--mark names frame (\d+); the clip has frames 0 to (\d+)/g,
    "the point is marked in frame $1 and the fit reads frames 0 to $2: mark it in one of those (Mark a point), then Fit"],
  [/give a shorter clip, mark the point with --mark, or raise --time-limit/g,
    "load a shorter clip (the move alone), mark a point on a card that stays in sight (Mark a point), give the cards a textured look (card.images), or line the reference up on the phone"],
  [/\(a still's pose is fitted from --corners\)/g, "(a still's pose is fitted from its cards' corners: Mark corners, then Fit)"],
  [/give it with --fps/g, "load it as MP4 or WebM, which say it"],
  [/\(--config FILE\)/g, "(put them in force on the page's daemon)"],
  [/\(--corners\)/g, "(Mark corners on a still, then Fit)"],
];
export function pageAdvice(text) {
  return PAGE_ADVICE.reduce((t, [from, to]) => t.replace(from, to), text);
}

export class ReferenceFit {
  constructor(reference) {
    this.reference = reference;
    this.fitted = null;    // the last fit's JSON
    this.style = el("select", { "aria-label": "style to fit", title: "the style the clip is fitted as" });
    this.kind = el("select", { "aria-label": "what to fit", title: "fit the motion as a spring, a curve, or the better of the two" });
    const kinds = { auto: "spring or curve", spring: "spring", curve: "curve", pose: "pose (marked corners)" };
    for (const [k, text] of Object.entries(kinds)) this.kind.append(el("option", { value: k, text }));
    this.button = el("button", { type: "button", "data-action": "fit", text: "Fit", title: "find the parameters that reproduce the reference (cardstack fit)", disabled: "" });
    this.button.addEventListener("click", () => this.fit());
    this.applyButton = el("button", { type: "button", "data-action": "apply-fit", text: "Apply", title: "put the fitted parameters in force (u undoes)", hidden: "" });
    this.applyButton.addEventListener("click", () => this.apply());
    this.result = el("pre", { class: "fit-result", hidden: "" });
    this.row = el("div", { class: "reference-row" }, this.style, this.kind, this.button, this.applyButton);
  }

  // A new clip: no fit yet, and the styles to fit it as.
  reset() {
    this.fitted = null;
    this.result.hidden = true;
    this.applyButton.hidden = true;
    this.button.disabled = false;
    const view = this.reference.view;
    const spec = view.schema && view.schema.keys.find((k) => k.key === "layout.style");
    const current = view.params && view.params.params.layout.style;
    const styles = spec && spec.choices ? spec.choices : [current || "stack"];
    this.style.textContent = "";
    for (const s of styles) this.style.append(el("option", { value: s, text: s }));
    if (current) this.style.value = current;
  }

  // POST /fit: `cardstack fit` on the clip; its numbers and residual, and Apply.
  fit() {
    const reference = this.reference;
    if (!reference.clip) return;
    const body = { id: reference.clip.id, style: this.style.value, view: reference.view.index };
    // Two or more cards' corners marked: the pose (also when asked for "spring or curve",
    // unless a point to follow is marked too: then its motion).
    const cards = reference.corners.markedCards();
    const mark = reference.point.body();
    const pose = this.kind.value === "pose" || (this.kind.value === "auto" && cards.length >= 2 && !mark);
    if (pose && cards.length < 2) {
      this.result.hidden = false;
      this.result.dataset.error = "true";
      this.result.textContent = "cannot fit the pose: mark the corners of two or more cards first (Mark corners)";
      return;
    }
    if (pose) body.corners = cards;
    else if (this.kind.value !== "auto") body.kind = this.kind.value;
    // The point marked to follow (Mark a point): `cardstack fit --mark X,Y@F`.
    if (!pose && mark) body.mark = mark;
    // The reference moved or scaled onto the stage: the fit reads the clip where it lies.
    const stage = pose ? null : reference.stageInClip();
    if (stage) body.stage = stage;
    this.button.disabled = true;
    this.applyButton.hidden = true;
    this.result.hidden = false;
    this.result.dataset.error = "false";
    this.result.textContent = `fitting as ${body.style}…`;
    fetch(`/fit?${tokenQuery()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then((r) => (r.ok ? r.json() : r.text().then((t) => { throw new Error(t.trim() || `${r.status}`); })))
      .then((result) => {
        this.fitted = result;
        const lines = [];
        const flat = (prefix, value) => {
          if (value && typeof value === "object" && !Array.isArray(value)) {
            for (const [k, v] of Object.entries(value)) flat(prefix ? `${prefix}.${k}` : k, v);
          } else lines.push(`${prefix} = ${JSON.stringify(value)}`);
        };
        flat("", result.params || {});
        const r = result.residual || {};
        const pt = (v) => (typeof v === "number" ? `${v.toFixed(2)} pt` : "?");
        lines.push(`residual: mean ${pt(r.mean)}, worst ${pt(r.worst)}`);
        const followed = { mark: "the point marked (Mark a point)", template: "a point the fit chose", outline: "the cards' outlines" };
        if (result.tracking) lines.push(`followed: ${followed[result.tracking] || result.tracking}`);
        if (typeof result.start === "number") lines.push(`starts ${result.start.toFixed(3)} s into the clip`);
        if (result.frames !== undefined) lines.push(`frames used: ${Array.isArray(result.frames) ? result.frames.length : result.frames}`);
        if (result.better_style) lines.push(`${result.better_style} fits better than ${result.style}`);
        // The clip's layout and the daemon's differ, and the like (docs/fit.md).
        for (const w of result.warnings || []) lines.push(`warning: ${pageAdvice(w)}`);
        this.result.dataset.warnings = String((result.warnings || []).length);
        this.result.textContent = lines.join("\n");
        this.result.dataset.residual = typeof r.mean === "number" ? String(r.mean) : "";
        this.applyButton.hidden = !result.settings;
      })
      .catch((e) => {
        this.result.dataset.error = "true";
        const text = pageAdvice(e.message);
        this.result.textContent = text.startsWith("cannot fit") ? text : `cannot fit: ${text}`;
      })
      .finally(() => { this.button.disabled = false; });
  }

  // One set_params with what `cardstack fit --apply` sends (`settings`: the spring in the
  // dialect fitted, or a curve with the spring cleared): one history entry, one undo.
  apply() {
    if (!this.fitted || !this.fitted.settings) return;
    const view = this.reference.view;
    if (view.send("set_params", { params: this.fitted.settings })) view.say("applied the fitted parameters (u undoes)");
    else view.say("apply: not connected to the daemon", true);
  }
}
