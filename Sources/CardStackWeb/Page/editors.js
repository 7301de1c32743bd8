// cardstack web: the editors of animation.curve (a cubic Bézier in a square, two handles,
// the named curves one click away, the numbers editable) and animation.spring (edited in the
// dialect the user picks: duration and bounce, damping ratio and response, or mass,
// stiffness and damping, or one of SwiftUI's names; every reading of the spring in force
// shown, the step response drawn with its overshoot and settle time, an off switch back to
// the curve). Every change is a
// set_params; what they show is what the daemon reports back. Loaded before page.js.
"use strict";

const NAMED_CURVES = {
  linear: [0, 0, 1, 1], ease_in: [0.42, 0, 1, 1], ease_out: [0, 0, 0.58, 1], ease_in_out: [0.42, 0, 0.58, 1],
};
const CURVE_NAMES = ["decelerate", "linear", "ease_in", "ease_out", "ease_in_out"];
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
      // Motion.landing: the fling's exponential (speed 1 -> r = 1 %) minus its end speed, landing at rest.
      const r = 0.01, k = Math.log(1 / r), land = (u) => (1 - Math.pow(r, u) - u * r * k) / (1 - r - r * k);
      const d = [];
      for (let i = 0; i <= 40; i++) { const t = i / 40; d.push(`${i ? "L" : "M"}${CX(t)},${CY(land(t))}`); }
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
      if (dragging === null && value !== undefined) {
        if (value === "decelerate") {
          askFit();
          if (fit) points = fit.slice();
        }
        if (typeof value === "string") { named = value; if (NAMED_CURVES[value]) points = NAMED_CURVES[value].slice(); }
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
  return { overshoot: Math.max(0, peak - 1) * 100, settle };
}

// The spring's dialects (docs/parameters.md, "Springs in every dialect"): the keys each one
// writes, and the sliders' ranges. The daemon converts; get_params gives every reading.
const SPRING_DIALECTS = {
  duration_bounce: { label: "duration / bounce (iOS 17)", keys: ["duration", "bounce"] },
  damping_ratio: { label: "damping ratio / response (SwiftUI)", keys: ["damping_ratio", "response"] },
  mass_stiffness_damping: { label: "mass / stiffness / damping (UIKit)", keys: ["mass", "stiffness", "damping"] },
};
const SPRING_RANGES = {
  duration: [0.05, 2, 0.01], bounce: [-0.9, 0.99, 0.01], damping_ratio: [0.05, 2, 0.01], response: [0.05, 2, 0.01],
  mass: [0.1, 10, 0.1], stiffness: [1, 2000, 1], damping: [0, 100, 0.1],
};
const SPRING_NAMES = ["smooth", "snappy", "bouncy"];

// The spring as the file writes it: its own dialect's keys, or its name.
function writtenSpring(s) {
  if (!s || typeof s !== "object" || !s.dialect) return s;
  const d = SPRING_DIALECTS[s.dialect];
  if (!d) return s.dialect;
  const out = {};
  for (const k of d.keys) out[k] = s[k];
  return out;
}

function springEditor(view) {
  const first = view.index === 0;
  const on = el("input", { type: "checkbox", "data-spring-on": "", "aria-label": "spring on" });
  const state = el("span", { "data-spring-state": "" });
  const dialect = el("select", { "data-spring-dialect": "", "aria-label": "spring dialect" });
  for (const [name, d] of Object.entries(SPRING_DIALECTS)) dialect.append(el("option", { value: name, text: d.label }));
  const names = SPRING_NAMES.map((name) => {
    const b = el("button", { type: "button", "data-spring-name": name, text: name });
    b.addEventListener("click", () => sendAnimation(view, "spring", name));
    return b;
  });
  const fields = Object.keys(SPRING_RANGES).map((name) => {
    const [min, max, step] = SPRING_RANGES[name];
    const range = el("input", { type: "range", min: String(min), max: String(max), step: String(step), "data-spring": name, "aria-label": name });
    const box = el("input", { type: "number", step: String(step), "data-spring-box": name });
    const row = el("div", { class: "spring-field" }, el("span", { class: "name", text: name.replace(/_/g, " ") }), range, box);
    return { name, range, box, row };
  });
  const plot = svg("svg", { class: "spring-plot", viewBox: "0 0 200 100", preserveAspectRatio: "none" });
  const rest = svg("line", { x1: "0", x2: "200", y1: "30", y2: "30", class: "target" });
  const path = svg("path", { class: "curve" });
  plot.append(rest, path);
  const readings = el("div", { class: "spring-readings", "data-spring-readings": "" });
  const figures = el("div", { class: "spring-figures" });
  const root = el("section", { class: "editor", "data-spring-editor": "" },
    el("h3", {}, el("label", {}, on, " spring (animation.spring) — "), state),
    el("div", { class: "spring-dialect" }, dialect, ...names),
    ...fields.map((f) => f.row), readings, plot, figures);
  if (first) root.id = "spring-editor";
  let value = null;
  let chosen = "duration_bounce";
  // The spring in force (or the last one, or SwiftUI's .smooth) with every reading.
  const shown = () => value || { damping_ratio: 1, response: 0.5, duration: 0.5, bounce: 0, mass: 1,
    stiffness: (2 * Math.PI / 0.5) ** 2, damping: 4 * Math.PI / 0.5, dialect: "smooth" };
  const current = () => {
    const s = shown(), v = {};
    for (const f of fields) {
      if (!SPRING_DIALECTS[chosen].keys.includes(f.name)) continue;
      const x = parseFloat(document.activeElement === f.box ? f.box.value : f.range.value);
      v[f.name] = Number.isFinite(x) ? x : s[f.name];
    }
    return v;
  };
  const layout = () => {
    dialect.value = chosen;
    // style.display, not the hidden attribute: the page's .spring-field rule would override it.
    for (const f of fields) f.row.style.display = SPRING_DIALECTS[chosen].keys.includes(f.name) ? "" : "none";
    root.dataset.dialect = chosen;
  };
  dialect.addEventListener("change", () => { chosen = dialect.value; layout(); fill(shown()); });
  on.addEventListener("change", () => sendAnimation(view, "spring", on.checked ? (value ? writtenSpring(value) : "smooth") : null));
  for (const f of fields) {
    f.range.addEventListener("pointerdown", () => view.editing.add("animation.spring"));
    f.range.addEventListener("input", () => { f.box.value = f.range.value; sendAnimation(view, "spring", current()); });
    f.range.addEventListener("change", () => { view.editing.delete("animation.spring"); sendAnimation(view, "spring", current()); });
    f.box.addEventListener("change", () => sendAnimation(view, "spring", current()));
  }
  const fill = (s) => {
    if (view.editing.has("animation.spring")) return;
    for (const f of fields) {
      f.range.value = String(s[f.name]);
      if (document.activeElement !== f.box) f.box.value = String(+Number(s[f.name]).toPrecision(6));
    }
  };
  const draw = (s) => {
    const f = springFigures(s.damping_ratio, s.response);
    const end = Math.max(f.settle * 1.1, 0.2);
    const d = [];
    for (let i = 0; i <= 100; i++) {
      const t = (i / 100) * end;
      d.push(`${i ? "L" : "M"}${(i * 2).toFixed(1)},${(95 - springStep(s.damping_ratio, s.response, t) * 65).toFixed(2)}`);
    }
    path.setAttribute("d", d.join(""));
    const n = (x) => String(+Number(x).toPrecision(4));
    readings.textContent = `duration ${n(s.duration)} s · bounce ${n(s.bounce)} | response ${n(s.response)} s · `
      + `damping ratio ${n(s.damping_ratio)} | mass ${n(s.mass)} · stiffness ${n(s.stiffness)} · damping ${n(s.damping)}`;
    figures.textContent = `overshoot ${f.overshoot.toFixed(1)} % · settles (0.1 %) in ${f.settle.toFixed(3)} s`;
    root.dataset.overshoot = f.overshoot.toFixed(3);
  };
  layout();
  return {
    root,
    show(spring) {
      on.checked = !!spring;
      root.dataset.on = String(!!spring);
      root.dataset.spring = JSON.stringify(spring || null);
      state.textContent = spring
        ? `on: ${SPRING_DIALECTS[spring.dialect] ? SPRING_DIALECTS[spring.dialect].label : `"${spring.dialect}" (SwiftUI's named spring)`}`
        : "off: the curve and duration";
      if (spring) {
        if (!value || value.dialect !== spring.dialect) chosen = SPRING_DIALECTS[spring.dialect] ? spring.dialect : "duration_bounce";
        value = spring;
      }
      layout();
      for (const b of names) b.dataset.on = String(!!spring && spring.dialect === b.dataset.springName);
      const s = shown();
      fill(s);
      for (const f of fields) f.range.disabled = f.box.disabled = !spring;
      draw(s);
    },
  };
}
