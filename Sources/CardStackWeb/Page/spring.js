// cardstack web: the editor of animation.spring, in the dialect the user picks (editors.js
// places it beside the curve's). Loaded before page.js.
"use strict";

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
    if (view.holds("animation.spring")) return;
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
