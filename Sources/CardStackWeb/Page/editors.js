// cardstack web: the editors of animation.curve (a cubic Bézier in a square, two handles,
// the named curves one click away, the numbers editable) and animation.spring (damping
// ratio and response, the step response drawn with its overshoot and settle time, the
// equivalent stiffness and damping, an off switch back to the curve). Every change is a
// set_params; what they show is what the daemon reports back. Loaded before page.js.
"use strict";

const NAMED_CURVES = {
  linear: [0, 0, 1, 1], ease_in: [0.42, 0, 1, 1], ease_out: [0, 0, 0.58, 1], ease_in_out: [0.42, 0, 0.58, 1],
};
const CURVE_NAMES = ["decelerate", "linear", "ease_in", "ease_out", "ease_in_out"];
const DEFAULT_SPRING = { damping_ratio: 0.825, response: 0.55 };
// The square: x in [0, 1] across 20…180, y in [-0.25, 1.25] up 190…10.
const CX = (x) => 20 + x * 160;
const CY = (y) => 190 - (y + 0.25) * 120;

function buildEditors(view) {
  view.editors.textContent = "";
  const curve = curveEditor(view);
  const spring = springEditor(view);
  view.editors.append(curve.root, spring.root);
  view.editorsShow = (params) => {
    const a = params.animation || {};
    curve.show(a.curve, !!a.spring);
    spring.show(a.spring);
  };
  if (view.params) view.editorsShow(view.params.params);
}

function sendAnimation(view, key, value) {
  sendParam(view, `animation.${key}`, value);
}

// The first `cubicBezier` token named `curve` in a design-tokens document, as four numbers.
function bezierToken(node) {
  if (!node || typeof node !== "object") return null;
  for (const [k, v] of Object.entries(node)) {
    if (k === "curve" && v && v.$type === "cubicBezier" && Array.isArray(v.$value) && v.$value.length === 4) return v.$value;
    const inner = bezierToken(v);
    if (inner) return inner;
  }
  return null;
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
    b.addEventListener("click", () => sendAnimation(view, "curve", name));
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
  view.curveFit = (reply) => {
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
      // The fling's deceleration (0.998 per ms) rescaled to land on time, drawn for 0.3 s.
      const k = Math.pow(0.998, 300);
      const d = [];
      for (let i = 0; i <= 40; i++) { const t = i / 40; d.push(`${i ? "L" : "M"}${CX(t)},${CY((1 - Math.pow(0.998, 300 * t)) / (1 - k))}`); }
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
    h.addEventListener("pointerdown", (e) => { dragging = i; h.setPointerCapture(e.pointerId); view.editing.add("animation.curve"); e.preventDefault(); });
    h.addEventListener("pointermove", (e) => {
      if (dragging !== i) return;
      const [x, y] = toCurve(e);
      points = points.slice();
      points[2 * i] = x; points[2 * i + 1] = y;
      named = null;
      draw();
      sendAnimation(view, "curve", points);
    });
    const up = () => { if (dragging === i) { dragging = null; view.editing.delete("animation.curve"); sendAnimation(view, "curve", points); } };
    h.addEventListener("pointerup", up);
    h.addEventListener("pointercancel", up);
  });
  numbers.forEach((n, i) => n.addEventListener("change", () => {
    const v = parseFloat(n.value);
    if (!Number.isFinite(v)) return;
    const p = points.slice();
    p[i] = v;
    sendAnimation(view, "curve", p);
  }));
  draw();
  return {
    root,
    show(value, springOn) {
      note.textContent = springOn ? "the spring is on: the curve waits until it is switched off" : "";
      root.dataset.inactive = String(springOn);
      if (dragging !== null || value === undefined) return;
      if (value === "decelerate") {
        askFit();
        if (fit) points = fit.slice();
      }
      if (typeof value === "string") { named = value; if (NAMED_CURVES[value]) points = NAMED_CURVES[value].slice(); }
      else if (Array.isArray(value)) { named = null; points = value.slice(); }
      root.dataset.curve = JSON.stringify(value);
      draw();
    },
  };
}

// The spring's step response from rest (0) to 1, SwiftUI's parameters: mass 1, stiffness
// (2π / response)², damping 4π ζ / response. For the picture only: the daemon moves cards.
function springStep(zeta, response, t) {
  const w = (2 * Math.PI) / response;
  if (zeta < 1) {
    const wd = w * Math.sqrt(1 - zeta * zeta);
    return 1 - Math.exp(-zeta * w * t) * (Math.cos(wd * t) + ((zeta * w) / wd) * Math.sin(wd * t));
  }
  if (zeta === 1) return 1 - Math.exp(-w * t) * (1 + w * t);
  const s = w * Math.sqrt(zeta * zeta - 1), r1 = -zeta * w + s, r2 = -zeta * w - s;
  return 1 - (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
}

function springFigures(zeta, response) {
  let peak = 0, settle = 0;
  for (let i = 1; i <= 10000; i++) {
    const t = i / 1000, x = springStep(zeta, response, t);
    peak = Math.max(peak, x);
    if (Math.abs(x - 1) > 0.001) settle = t;
  }
  const w = (2 * Math.PI) / response;
  return { overshoot: Math.max(0, peak - 1) * 100, settle, stiffness: w * w, damping: 2 * zeta * w };
}

function springEditor(view) {
  const first = view.index === 0;
  const on = el("input", { type: "checkbox", "data-spring-on": "", "aria-label": "spring on" });
  const fields = ["damping_ratio", "response"].map((name) => {
    const range = el("input", { type: "range", min: "0.05", max: "2", step: "0.01", "data-spring": name, "aria-label": name });
    const box = el("input", { type: "number", min: "0.01", max: "10", step: "0.01", "data-spring-box": name });
    return { name, range, box };
  });
  const plot = svg("svg", { class: "spring-plot", viewBox: "0 0 200 100", preserveAspectRatio: "none" });
  const rest = svg("line", { x1: "0", x2: "200", y1: "30", y2: "30", class: "target" });
  const path = svg("path", { class: "curve" });
  plot.append(rest, path);
  const figures = el("div", { class: "spring-figures" });
  const root = el("section", { class: "editor", "data-spring-editor": "" },
    el("h3", {}, el("label", {}, on, " spring (animation.spring) — off: the curve and duration")),
    ...fields.map((f) => el("div", { class: "spring-field" }, el("span", { class: "name", text: f.name }), f.range, f.box)),
    plot, figures);
  if (first) root.id = "spring-editor";
  let value = null;
  const current = () => {
    const v = Object.assign({}, value || DEFAULT_SPRING);
    for (const f of fields) {
      const x = parseFloat(document.activeElement === f.box ? f.box.value : f.range.value);
      if (Number.isFinite(x)) v[f.name] = x;
    }
    return v;
  };
  on.addEventListener("change", () => sendAnimation(view, "spring", on.checked ? Object.assign({}, value || DEFAULT_SPRING) : null));
  for (const f of fields) {
    f.range.addEventListener("pointerdown", () => view.editing.add("animation.spring"));
    f.range.addEventListener("input", () => { f.box.value = f.range.value; draw(current()); sendAnimation(view, "spring", current()); });
    f.range.addEventListener("change", () => { view.editing.delete("animation.spring"); sendAnimation(view, "spring", current()); });
    f.box.addEventListener("change", () => sendAnimation(view, "spring", current()));
  }
  const draw = (s) => {
    const f = springFigures(s.damping_ratio, s.response);
    const end = Math.max(f.settle * 1.1, 0.2);
    const d = [];
    for (let i = 0; i <= 100; i++) {
      const t = (i / 100) * end;
      d.push(`${i ? "L" : "M"}${(i * 2).toFixed(1)},${(95 - springStep(s.damping_ratio, s.response, t) * 65).toFixed(2)}`);
    }
    path.setAttribute("d", d.join(""));
    figures.textContent = `overshoot ${f.overshoot.toFixed(1)} % · settles (0.1 %) in ${f.settle.toFixed(3)} s · `
      + `stiffness ${f.stiffness.toFixed(1)} · damping ${f.damping.toFixed(2)} (mass 1)`;
    root.dataset.overshoot = f.overshoot.toFixed(3);
  };
  return {
    root,
    show(spring) {
      on.checked = !!spring;
      root.dataset.on = String(!!spring);
      root.dataset.spring = JSON.stringify(spring || null);
      if (spring) value = spring;
      const s = spring || value || DEFAULT_SPRING;
      if (!view.editing.has("animation.spring")) {
        for (const f of fields) {
          f.range.value = String(s[f.name]);
          if (document.activeElement !== f.box) f.box.value = String(s[f.name]);
        }
      }
      for (const f of fields) f.range.disabled = f.box.disabled = !spring;
      draw(s);
    },
  };
}
