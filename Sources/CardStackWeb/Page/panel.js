// cardstack web: a View's panel: the parameters in force, edited as they are dragged.
"use strict";

// The keys whose control is being moved (a slider, a curve handle, the spring editor, the
// anchor pad), and the drag they make: the first key added starts a drag with a new id,
// and every set_params sent until the flush after the last key is taken away carries it as
// `gesture`, so the daemon keeps the whole drag as one history entry (docs/protocol.md).
const PAGE_ID = Math.random().toString(36).slice(2, 10);
let gestures = 0;

class Editing extends Set {
  constructor(view) {
    super();
    this.view = view;
  }

  add(key) {
    if (!this.view.gesture) this.view.gesture = `page-${PAGE_ID}-${++gestures}`;
    return super.add(key);
  }

  delete(key) {
    const had = super.delete(key);
    if (!this.size && !this.view.flushScheduled) this.view.gesture = null;
    return had;
  }
}

mixin(View, class {
  // MARK: Parameters

  showState(s) {
    this.state = s;
  }

  // Whether the control of `key` keeps what the user gave it: while it is moved, and until
  // the reply to the last value sent, an echo of an earlier value (sent mid-drag) would pull
  // it back; that reply, the newest the daemon took, puts it right.
  holds(key) {
    return this.editing.has(key) || this.outgoing.has(key) || this.awaiting.has(key);
  }

  showParams(info) {
    this.params = info;
    this.revText.textContent = `${info.revision} (${info.source})`;
    this.pathText.textContent = info.path || "(built-in defaults)";
    if (info.error) this.showError(info.error); else this.banner.hidden = true;
    if (!this.schema && this.rows.size === 0) this.buildPanel(null);
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
    this.showWarnings((info.warnings || []).concat([...new Set(this.imageProblems.values())]));
    if (this.shown) this.restyle();
    if (this.editorsShow) this.editorsShow(info.params);
    for (const [key, row] of this.rows) {
      const [table, name] = key.split(".");
      const value = info.params[table] ? info.params[table][name] : undefined;
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
      row.set(value, this.holds(key), effective);
    }
    this.variants.mark();
    compareRows();
  }

  // The unsaved marker, as an editor's title bar: the values in force differ from the file.
  showUnsaved(info) {
    const keys = info.unsaved || [];
    this.unsavedMark.dataset.unsaved = String(keys.length > 0);
    this.unsavedMark.textContent = keys.length ? `● unsaved: ${keys.join(", ")} (w saves, u undoes)` : "";
    if (this.index === 0) document.title = `${keys.length ? "● " : ""}cardstack`;
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

  // o: open the circle reveal on `item` (the front card when null), or close it when open.
  toggleOpen(item) {
    if (this.shown && this.shown.reveal) return this.send("close", {}, "close");
    const front = this.shown && this.shown.cards.length ? this.shownFrontItem() : 0;
    return this.send("open", { item: item === null || item === undefined ? front : item }, "open");
  }

  shownFrontItem() {
    const card = this.shown.cards.find((c) => c.index === this.shown.front);
    return card ? card.item : this.shown.front;
  }

  showError(e) {
    const where = [e.path, e.line != null ? `line ${e.line}` : null, e.column != null ? `column ${e.column}` : null]
      .filter((x) => x).join(", ");
    this.banner.textContent = `${where}${where ? ": " : ""}${e.message}`;
    this.banner.hidden = false;
  }

  // One row per schema key (or per key in the parameters, from a daemon without get_schema).
  buildPanel(schema) {
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
      const [table] = spec.key.split(".");
      if (table !== lastTable) {
        this.table.append(el("tr", { class: "table-head" }, el("td", { colspan: "3", text: `[${table}]` })));
        lastTable = table;
      }
      const row = el("tr", { "data-key": spec.key });
      const src = el("td", { class: "src", text: "" });
      const edit = el("td", { class: "edit" });
      row.append(el("td", { class: "key", text: spec.key.split(".")[1], title: describe(spec) }), edit, src);
      this.table.append(row);
      const editing = (on) => { if (on) this.editing.add(spec.key); else this.editing.delete(spec.key); };
      this.rows.set(spec.key, { spec, row, src, set: buildControl(spec, edit, (v) => sendParam(this, spec.key, v), editing) });
    }
    if (!REPLAY && typeof buildEditors === "function") buildEditors(this);
    this.foldRows();
  }
});

function describe(spec) {
  const parts = [spec.key, spec.type];
  if (spec.min !== undefined) parts.push(`${spec.min_inclusive === false ? "(" : "["}${spec.min}, ${spec.max}${spec.max_inclusive === false ? ")" : "]"}`);
  if (spec.default !== undefined) parts.push(`default ${JSON.stringify(spec.default)}`);
  return parts.join(" · ");
}

// set_params while a control moves: at most one request per animation frame per key, the
// newest value, with the drag's `gesture` id while one is under way (the flush after the
// drag ends sends its last value and ends it); in compare mode each panel edits its own daemon.
function sendParam(view, key, value) {
  view.outgoing.set(key, value);
  if (view.flushScheduled) return;
  view.flushScheduled = true;
  requestAnimationFrame(() => {
    view.flushScheduled = false;
    const params = {};
    for (const [k, v] of view.outgoing) {
      const [table, name] = k.split(".");
      (params[table] = params[table] || {})[name] = v;
    }
    view.outgoing.clear();
    const gesture = view.gesture;
    if (!view.editing.size) view.gesture = null;
    const id = view.nextId++;
    if (!view.send("set_params", gesture ? { params, gesture } : { params }, id)) return;
    for (const table of Object.keys(params)) for (const name of Object.keys(params[table])) view.awaiting.set(`${table}.${name}`, id);
  });
}
