// cardstack web: the editor of animation.spring, in the dialect the user picks (editors.js
// places it beside the curve's).
import { el, svg } from "./dom.js";
import { SPRING_DIALECTS, SPRING_NAMES, SPRING_RANGES, springFigures, springStep, writtenSpring } from "./springs.js";

export function springEditor(view) {
  const first = view.index === 0;
  const on = el("input", { type: "checkbox", "data-spring-on": "", "aria-label": "spring on" });
  const state = el("span", { "data-spring-state": "" });
  const dialect = el("select", { "data-spring-dialect": "", "aria-label": "spring dialect" });
  for (const [name, d] of Object.entries(SPRING_DIALECTS)) dialect.append(el("option", { value: name, text: d.label }));
  const names = SPRING_NAMES.map((name) => {
    const b = el("button", { type: "button", "data-spring-name": name, text: name });
    b.addEventListener("click", () => view.edits.set("animation.spring", name));
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
  on.addEventListener("change", () => view.edits.set("animation.spring", on.checked ? (value ? writtenSpring(value) : "smooth") : null));
  for (const f of fields) {
    f.range.addEventListener("pointerdown", () => view.edits.moving("animation.spring", true));
    f.range.addEventListener("input", () => { f.box.value = f.range.value; view.edits.set("animation.spring", current()); });
    f.range.addEventListener("change", () => { view.edits.moving("animation.spring", false); view.edits.set("animation.spring", current()); });
    f.box.addEventListener("change", () => view.edits.set("animation.spring", current()));
  }
  const fill = (s) => {
    if (view.edits.holds("animation.spring")) return;
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
