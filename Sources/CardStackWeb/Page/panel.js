// cardstack web: a View's panel: the parameters in force, one row a key of get_schema with a
// control fitted to it (controls.js), the animation editors (editors.js), the banner of a
// file the daemon refused, warnings, notices and the toolbar's messages.
import { REPLAY } from "./config.js";
import { el } from "./dom.js";
import { buildControl } from "./controls.js";
import { AnimationEditors } from "./editors.js";
import { keyApplies } from "./values.js";

export class Panel {
  constructor(view) {
    this.view = view;
    this.params = null;         // get_params result / params event
    this.schema = null;
    this.state = null;
    this.rows = new Map();      // dotted key -> {spec, row, src, set(value)}
    this.style = undefined;     // the layout style in force (keys it does not read fold away)
    this.baseSource = undefined;
    this.animation = null;      // the curve and spring editors, once built
    this.banner = el("div", { class: "banner", hidden: "", role: "alert" });
    this.notice = el("div", { class: "notice", hidden: "" });
    this.unsavedMark = el("div", { class: "unsaved", "data-unsaved": "false", text: "" });
    this.message = el("div", { class: "message", role: "status" });
    this.warnings = el("ul", { class: "warnings", hidden: "" });
    this.table = el("table", { class: "params" });
    this.editors = el("div", { class: "editors" });
    this.foldToggle = el("button", { type: "button", class: "fold", "data-action": "unused" });
    this.foldToggle.addEventListener("click", () => { this.table.classList.toggle("show-unused"); this.foldRows(); });
  }

  showState(s) {
    this.state = s;
  }

  schemaArrived(schema) {
    this.schema = schema;
    this.build(schema);
    if (this.params) this.showParams(this.params);
  }

  // The export the curve editor asked for (its nearest Bézier to decelerate).
  curveFit(reply) {
    if (this.animation) this.animation.curveFit(reply);
  }

  // A notice under the status (null hides it).
  notify(text) {
    this.notice.hidden = text === null;
    if (text !== null) this.notice.textContent = text;
  }

  showParams(info) {
    this.params = info;
    this.view.status.showParams(info);
    if (info.error) this.showError(info.error); else this.banner.hidden = true;
    if (!this.schema && this.rows.size === 0) this.build(null);
    // A recording's parameters are shown, not edited.
    if (REPLAY) for (const c of this.table.querySelectorAll("input, select")) c.disabled = true;
    const overrides = new Set(info.overridden || []);
    const unsaved = new Set(info.unsaved || []);
    // A key's source: set_params' keys say "set"; a key the file does not hold came with the
    // last preset or undo (or set); the others are the file's.
    if (info.source !== "set") this.baseSource = info.source;
    const style = info.params.layout ? info.params.layout.style : "stack";
    if (style !== this.style) { this.style = style; this.foldRows(); }
    if (!REPLAY) this.showUnsaved(info);
    const look = this.view.look;
    this.showWarnings((info.warnings || []).concat(look.problemList()));
    if (this.view.stage.shown) look.restyle();
    if (this.animation) this.animation.show(info.params);
    for (const [key, row] of this.rows) {
      // A key of an override table (`reduced.animation.duration`) is one table deeper.
      const value = key.split(".").reduce((o, part) => (o && typeof o === "object" ? o[part] : undefined), info.params);
      const source = overrides.has(key) ? "set" : unsaved.has(key) ? (this.baseSource === "file" ? "set" : this.baseSource || "set") : "file";
      row.row.dataset.source = source;
      row.row.dataset.unsaved = String(unsaved.has(key));
      row.src.textContent = source;
      const json = JSON.stringify(value === undefined ? null : value);
      if (row.row.dataset.value !== undefined && row.row.dataset.value !== json) {
        row.row.classList.add("changed");
        setTimeout(() => row.row.classList.remove("changed"), 1500);
      }
      row.row.dataset.value = json;
      // A key the style works out (null in force) still has a value the daemon reports.
      const effective = info.effective ? info.effective[key] : undefined;
      row.row.dataset.effective = effective === undefined ? "" : String(effective);
      row.set(value, this.view.edits.holds(key), effective);
    }
    this.view.variants.mark();
    this.view.page.compareRows();
  }

  // The unsaved marker, as an editor's title bar: the values in force differ from the file.
  showUnsaved(info) {
    const keys = info.unsaved || [];
    this.unsavedMark.dataset.unsaved = String(keys.length > 0);
    this.unsavedMark.textContent = keys.length ? `● unsaved: ${keys.join(", ")} (w saves, u undoes)` : "";
    if (this.view.index === 0) document.title = `${keys.length ? "● " : ""}cardstack`;
  }

  // What the daemon notices but does not refuse, with the key to change (its first word).
  showWarnings(list) {
    const text = JSON.stringify(list);
    if (this.warnings.dataset.list === text) return;
    this.warnings.dataset.list = text;
    this.warnings.textContent = "";
    this.warnings.hidden = list.length === 0;
    for (const w of list) {
      const key = (/^([a-z_]+\.[a-z_]+)/.exec(w) || [])[1];
      const item = el("li", { "data-warning-key": key || "", text: `⚠ ${w}` });
      if (key && this.rows.has(key)) item.addEventListener("click", () => this.rows.get(key).row.scrollIntoView({ block: "center" }));
      this.warnings.append(item);
    }
  }

  // Keys the current style does not use are folded away (the toggle below the table shows them).
  foldRows() {
    let unused = 0;
    for (const row of this.rows.values()) {
      const applies = keyApplies(row.spec, this.style || "stack");
      row.row.classList.toggle("unused", !applies);
      if (!applies) unused++;
    }
    for (const head of this.table.querySelectorAll("tr.table-head")) {
      let all = true;
      for (let r = head.nextElementSibling; r && !r.classList.contains("table-head"); r = r.nextElementSibling) {
        if (!r.classList.contains("unused")) all = false;
      }
      head.classList.toggle("unused", all);
    }
    this.foldToggle.hidden = unused === 0;
    this.foldToggle.textContent = `${this.table.classList.contains("show-unused") ? "hide" : "show"} ${unused} keys ${this.style} does not use`;
  }

  say(text, error) {
    this.message.textContent = text;
    this.message.dataset.error = String(!!error);
  }

  showError(e) {
    const where = [e.path, e.line != null ? `line ${e.line}` : null, e.column != null ? `column ${e.column}` : null]
      .filter((x) => x).join(", ");
    this.banner.textContent = `${where}${where ? ": " : ""}${e.message}`;
    this.banner.hidden = false;
  }

  // One row per schema key (or per key in the parameters, from a daemon without get_schema).
  build(schema) {
    this.table.textContent = "";
    this.rows.clear();
    // Fixed column widths: the label whole on one line, the control the rest.
    this.table.append(el("colgroup", {}, el("col", { class: "c-key" }), el("col", { class: "c-edit" }), el("col", { class: "c-src" })));
    let keys = schema ? schema.keys : [];
    if (!schema && this.params) {
      for (const [t, v] of Object.entries(this.params.params)) {
        for (const [k, value] of Object.entries(v)) keys.push({ key: `${t}.${k}`, type: typeof value === "number" ? "number" : "any", default: value });
      }
    }
    let lastTable = null;
    for (const spec of keys) {
      // The table is every part but the last (`[reduced.animation]`), the label the last.
      const parts = spec.key.split(".");
      const table = parts.slice(0, -1).join(".");
      if (table !== lastTable) {
        this.table.append(el("tr", { class: "table-head" }, el("td", { colspan: "3", text: `[${table}]` })));
        lastTable = table;
      }
      const row = el("tr", { "data-key": spec.key });
      const src = el("td", { class: "src", text: "" });
      const edit = el("td", { class: "edit" });
      row.append(el("td", { class: "key", text: parts[parts.length - 1], title: describe(spec) }), edit, src);
      this.table.append(row);
      const editing = (on) => this.view.edits.moving(spec.key, on);
      this.rows.set(spec.key, { spec, row, src, set: buildControl(spec, edit, (v) => this.view.edits.set(spec.key, v), editing) });
    }
    if (!REPLAY) {
      this.animation = new AnimationEditors(this.view, this.editors);
      if (this.params) this.animation.show(this.params.params);
    }
    this.foldRows();
  }
}

function describe(spec) {
  const parts = [spec.key, spec.type];
  if (spec.min !== undefined) parts.push(`${spec.min_inclusive === false ? "(" : "["}${spec.min}, ${spec.max}${spec.max_inclusive === false ? ")" : "]"}`);
  if (spec.default !== undefined) parts.push(`default ${JSON.stringify(spec.default)}`);
  return parts.join(" · ");
}
