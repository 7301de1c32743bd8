// cardstack web: the editors of animation.curve (a cubic Bézier in a square, two handles,
// the named curves one click away, the numbers editable) and, beside it, animation.spring's
// (springeditor.js: edited in the dialect the user picks, every reading of the spring in force
// shown, the step response drawn with its overshoot and settle time, an off switch back to
// the curve). Every change is a set_params; what they show is what the daemon reports back.
import { el, svg } from "./dom.js";
import { CURVE_NAMES, CURVE_POINTS, bezierToken, landing } from "./curves.js";
import { springEditor } from "./springeditor.js";
import { roundTo } from "./values.js";

// The square: x in [0, 1] across 20…180, y in [-0.25, 1.25] up 190…10.
const CX = (x) => 20 + x * 160;
const CY = (y) => 190 - (y + 0.25) * 120;

// The curve's and the spring's editors of one View, in the panel's `host`.
export class AnimationEditors {
  constructor(view, host) {
    this.view = view;
    host.textContent = "";
    this.curve = curveEditor(view);
    this.spring = springEditor(view);
    host.append(this.curve.root, this.spring.root);
  }

  // The animation in force (`params`, the parameters' `params`).
  show(params) {
    const a = params.animation || {};
    this.curve.show(this.view.edits.holds("animation.curve") ? undefined : a.curve, !!a.spring);
    this.spring.show(a.spring);
  }

  // The reply to the curve editor's export request.
  curveFit(reply) {
    this.curve.curveFit(reply);
  }
}

// A value of animation.`key`, sent as the controls send theirs.
function send(view, key, value) {
  view.edits.set(`animation.${key}`, value);
}

function curveEditor(view) {
  const first = view.index === 0;
  const box = svg("svg", { class: "curve-square", viewBox: "0 0 200 200", "data-curve": "" });
  if (first) box.id = "curve-editor";
  const frame = svg("rect", { x: "20", y: String(CY(1)), width: "160", height: String(CY(0) - CY(1)), class: "unit" });
  const arms = svg("path", { class: "arms" });
  const line = svg("path", { class: "curve" });
  const handles = [1, 2].map((n) => svg("circle", { r: "7", class: "handle", "data-handle": String(n) }));
  box.append(frame, arms, line, ...handles);
  const numbers = [0, 1, 2, 3].map((i) => el("input", { type: "number", step: "0.01", "data-bezier": String(i),
    "aria-label": ["x1", "y1", "x2", "y2"][i] }));
  const names = CURVE_NAMES.map((name) => {
    const b = el("button", { type: "button", "data-curve-name": name, text: name.replace(/_/g, " ") });
    b.addEventListener("click", () => send(view, "curve", name));
    return b;
  });
  const note = el("div", { class: "editor-note" });
  const root = el("section", { class: "editor" }, el("h3", { text: "curve (animation.curve)" }),
    el("div", { class: "curve-row" }, box, el("div", { class: "curve-side" }, ...names, el("div", { class: "bezier-numbers" }, ...numbers))), note);
  let points = [0, 0, 0.58, 1];
  let named = "decelerate";
  let dragging = null;
  // `decelerate` is no Bézier: its boxes show the nearest one, as the exports write it
  // (asked of the daemon: `export tokens`' curve), so a typed number starts from there.
  // One request at a time: a drag of the duration asks again once the answer is in.
  let fit = null, fitFor = null, asked = null;
  const motion = () => JSON.stringify(view.params ? view.params.params.animation : null);
  const askFit = () => {
    const now = motion();
    if (asked !== null || now === fitFor) return;
    if (view.send("export", { format: "tokens" }, "curve-fit")) asked = now;
  };
  const curveFit = (reply) => {
    const found = reply.ok ? bezierToken(JSON.parse(reply.result.text)) : null;
    fitFor = asked;
    asked = null;
    if (found) fit = found;
    if (named === "decelerate") {
      if (fit) points = fit.slice();
      askFit();
    }
    draw();
  };
  const draw = () => {
    const [x1, y1, x2, y2] = points;
    handles[0].setAttribute("cx", CX(x1)); handles[0].setAttribute("cy", CY(y1));
    handles[1].setAttribute("cx", CX(x2)); handles[1].setAttribute("cy", CY(y2));
    for (const h of handles) h.style.display = named === "decelerate" ? "none" : "";
    arms.setAttribute("d", named === "decelerate" ? "" : `M${CX(0)},${CY(0)}L${CX(x1)},${CY(y1)}M${CX(1)},${CY(1)}L${CX(x2)},${CY(y2)}`);
    if (named === "decelerate") {
      const d = [];
      for (let i = 0; i <= 40; i++) { const t = i / 40; d.push(`${i ? "L" : "M"}${CX(t)},${CY(landing(t))}`); }
      line.setAttribute("d", d.join(""));
    } else {
      line.setAttribute("d", `M${CX(0)},${CY(0)}C${CX(x1)},${CY(y1)} ${CX(x2)},${CY(y2)} ${CX(1)},${CY(1)}`);
    }
    numbers.forEach((n, i) => {
      if (document.activeElement !== n) n.value = named === "decelerate" && !fit ? "" : String(points[i]);
      n.title = named === "decelerate" ? "decelerate's nearest cubic Bézier (as the exports write it)" : "";
    });
    root.dataset.curvePoints = JSON.stringify(named === "decelerate" && !fit ? null : points);
    for (const b of names) b.dataset.on = String(b.dataset.curveName === named);
  };
  const toCurve = (e) => {
    const r = box.getBoundingClientRect();
    const sx = ((e.clientX - r.left) / r.width) * 200, sy = ((e.clientY - r.top) / r.height) * 200;
    const x = roundTo(Math.min(Math.max((sx - 20) / 160, 0), 1), 0.01);
    const y = roundTo((190 - sy) / 120 - 0.25, 0.01);
    return [x, y];
  };
  handles.forEach((h, i) => {
    h.addEventListener("pointerdown", (e) => { dragging = i; h.setPointerCapture(e.pointerId); view.edits.moving("animation.curve", true); e.preventDefault(); });
    h.addEventListener("pointermove", (e) => {
      if (dragging !== i) return;
      const [x, y] = toCurve(e);
      points = points.slice();
      points[2 * i] = x; points[2 * i + 1] = y;
      named = null;
      draw();
      send(view, "curve", points);
    });
    const up = () => { if (dragging === i) { dragging = null; view.edits.moving("animation.curve", false); send(view, "curve", points); } };
    h.addEventListener("pointerup", up);
    h.addEventListener("pointercancel", up);
  });
  numbers.forEach((n, i) => n.addEventListener("change", () => {
    const v = parseFloat(n.value);
    if (!Number.isFinite(v)) return;
    const p = points.slice();
    p[i] = v;
    send(view, "curve", p);
  }));
  draw();
  return {
    root,
    curveFit,
    show(value, springOn) {
      if (dragging === null && value !== undefined) {
        if (value === "decelerate") {
          askFit();
          if (fit) points = fit.slice();
        }
        if (typeof value === "string") { named = value; if (CURVE_POINTS[value]) points = CURVE_POINTS[value].slice(); }
        else if (Array.isArray(value)) { named = null; points = value.slice(); }
        root.dataset.curve = JSON.stringify(value);
        draw();
      }
      // A Bézier lands at rest only when its end slope is 0 (y2 = 1 with x2 < 1); any other
      // end is the curve's own choice, which the page says rather than changes.
      const [x1, y1, x2, y2] = points;
      const rests = named === "decelerate" || (y2 === 1 && x2 < 1) || (x2 === 1 && y2 === 1 && y1 === 1 && x1 < 1);
      root.dataset.landsAtRest = String(rests);
      note.textContent = springOn ? "the spring is on: the curve waits until it is switched off"
        : rests ? "" : "this curve arrives moving (its end slope is not 0): the move ends at speed, not at rest — the curve's choice (ease out and decelerate land at rest)";
      root.dataset.inactive = String(springOn);
    },
  };
}
