// cardstack web: a live grid of variants (docs/page.md, "Variants"). One or two keys and their
// values make up to 4 × 4 parameter sets; the daemon plays every move in all of them on its
// one clock (`set_variants`, docs/protocol.md §4.1) and sends each cell's frames with the
// view's own. The cells are painted on one canvas (gridpaint.js) into the quads the daemon
// projected: the page does no layout math. Clicking a cell puts its set in force (one `set_params`, one history
// entry); Save writes it.
import { drawClock } from "./clock.js";
import { PAGE_ID, tokenQuery } from "./config.js";
import { CURVE_NAMES } from "./curves.js";
import { download, el } from "./dom.js";
import { GridPainter } from "./gridpaint.js";
import { CLUMP_MS } from "./stage.js";
import { VARIANT_LIMIT, variantText, variantValues } from "./values.js";

const SPRING_READINGS = ["damping_ratio", "response", "duration", "bounce", "mass", "stiffness", "damping"];
const REDUCE_KEY = "animation.reduce_motion";

// The grid's look, kept with its code (page.css is the stage's and the panel's).
const VARIANT_STYLE = `
.variant-grid { position: absolute; inset: 0; display: grid; gap: 8px; padding: 8px; background: #15171c; cursor: default; }
.variant-grid[hidden], .variant-editor[hidden], .variant-canvas[hidden], .stage[hidden] { display: none; }
.variant-canvas { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.variant { display: flex; flex-direction: column; min-height: 0; min-width: 0; cursor: pointer; border-radius: 6px;
  padding: 2px; outline: 1px solid #2a2e37; }
.variant.in-force { outline: 2px solid #6fd38b; }
.variant-label { font-size: 11px; color: #d8dbe2; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.variant-stage { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; }
.variant-editor { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.variant-editor input { width: 150px; }`;

export class Variants {
  constructor(view) {
    this.view = view;
    this.cells = [];             // {root, label, box (where its stage is painted), info, frame, seq}
    this.info = null;            // the daemon's set_variants result / variants event
    this.asked = null;           // the `vary` object last asked for (sent again on reconnect)
    this.drawScheduled = false;
    this.stats = { received: 0, applied: 0, dropped: 0 };
    this.kept = [];              // the frame events of the grid's last move, for Share
    this.pending = [];           // frame events not yet drawn and when they came
    this.picks = 0;
    this.build();
  }

  build() {
    const open = el("button", { type: "button", "data-action": "variants", text: "Variants",
      title: "a grid of up to 4 × 4 variants of one or two keys, playing together" });
    this.keys = [1, 2].map((n) => el("select", { "data-variant-key": String(n), title: `key ${n}` }));
    this.values = [1, 2].map((n) => el("input", { type: "text", "data-variant-values": String(n),
      placeholder: n === 1 ? "0, 0.15, 0.3 or 0..0.3/4" : "(optional)", title: "values: a list, or FROM..TO/COUNT" }));
    const show = el("button", { type: "button", "data-action": "variants-show", text: "Show" });
    const clear = el("button", { type: "button", "data-action": "variants-clear", text: "Close grid" });
    this.editor = el("div", { class: "variant-editor", hidden: "" },
      this.keys[0], this.values[0], this.keys[1], this.values[1], show, clear);
    // Reduce Motion (docs/page.md, "Reduce Motion"): the switch, and the full and the reduced
    // transition side by side, a grid of two on the daemon's one clock.
    this.reduce = el("input", { type: "checkbox", "data-action": "reduce-motion",
      title: "animation.reduce_motion: the daemon plays the [reduced] variant" });
    const twoUp = el("button", { type: "button", "data-action": "two-up", text: "Full | Reduced",
      title: "the full and the Reduce Motion transition side by side, on one clock" });
    this.root = el("div", { class: "group variants-tools" }, open,
      el("label", { class: "reduce-motion" }, this.reduce, " Reduce Motion"), twoUp, this.editor);
    this.reduce.addEventListener("change", () =>
      this.view.send("set_params", { params: { animation: { reduce_motion: this.reduce.checked } } }, "variants:reduce"));
    twoUp.addEventListener("click", () => this.twoUp());
    if (!document.getElementById("variant-style")) document.head.append(el("style", { id: "variant-style", text: VARIANT_STYLE }));
    this.grid = el("div", { id: this.view.index === 0 ? "variants" : `variants-${this.view.index}`, class: "variant-grid", hidden: "" });
    this.view.stage.picture.append(this.grid);
    this.painter = new GridPainter(this.view, this.view.stage.picture);  // gridpaint.js
    this.painter.sprites.loaded = () => this.repaint();  // an image came
    new ResizeObserver(() => this.repaint()).observe(this.grid);
    open.addEventListener("click", () => { this.fillKeys(); this.editor.hidden = !this.editor.hidden; });
    show.addEventListener("click", () => this.ask());
    clear.addEventListener("click", () => this.close());
  }

  // Every numeric key of the schema, the spring's readings and the curve.
  fillKeys() {
    const schema = this.view.schema;
    if (!schema || this.keys[0].options.length) return;
    const keys = schema.keys.filter((k) => k.type === "number" || k.type === "integer").map((k) => k.key);
    keys.push(...SPRING_READINGS.map((r) => `animation.spring.${r}`), "animation.curve");
    this.keys[0].append(...keys.map((k) => el("option", { value: k, text: k })));
    this.keys[1].append(el("option", { value: "", text: "(one key)" }), ...keys.map((k) => el("option", { value: k, text: k })));
    if (keys.includes("animation.spring.bounce")) this.keys[0].value = "animation.spring.bounce";
  }

  // Reads the editor and asks the daemon for the grid.
  ask() {
    const vary = {};
    try {
      for (const i of [0, 1]) {
        const key = this.keys[i].value;
        if (!key) continue;
        const values = variantValues(this.values[i].value, key);
        if (key === "animation.curve") for (const v of values) if (typeof v === "string" && !CURVE_NAMES.includes(v)) throw new Error(`animation.curve: ${v} is none of ${CURVE_NAMES.join(", ")}`);
        vary[key] = values;
      }
      const sizes = Object.values(vary).map((v) => v.length);
      const cells = sizes.reduce((a, b) => a * b, 1);
      if (!sizes.length) throw new Error("choose a key and its values");
      if (cells > VARIANT_LIMIT || (sizes.length === 2 && Math.max(...sizes) > 4)) throw new Error(`a ${sizes.join(" × ")} grid: the limit is 4 × 4`);
    } catch (e) {
      this.view.say(`variants: ${e.message}`, true);
      return;
    }
    this.asked = vary;
    this.view.send("set_variants", { vary }, "variants");
  }

  // The full and the reduced variant of the values in force, side by side: every control then
  // changes the side it belongs to (a [reduced] key the right one; a file key the left, and the
  // right too where [reduced] leaves that key to the file).
  twoUp() {
    this.asked = { [REDUCE_KEY]: [false, true] };
    this.view.send("set_variants", { vary: this.asked }, "variants");
  }

  close() {
    this.asked = null;
    this.view.send("set_variants", { cells: [] }, "variants");
  }

  // The connection came back: a grid belongs to its connection, so ask again.
  reconnected() {
    if (this.asked) this.view.send("set_variants", { vary: this.asked }, "variants");
  }

  // Replies to "variants" and "variants:pick"; true when it was one.
  reply(m) {
    if (m.id === "variants:reduce") {
      if (!m.ok) this.view.say(`reduce motion: ${m.error.code}: ${m.error.message}`, true);
      else this.view.panel.showParams(m.result);
      return true;
    }
    if (m.id === "variants:pick") {
      if (!m.ok) this.view.say(`variant: ${m.error.code}: ${m.error.message}`, true);
      else { this.view.panel.showParams(m.result); this.mark(); }
      return true;
    }
    if (m.id !== "variants") return false;
    if (!m.ok) { this.view.say(`variants: ${m.error.code}: ${m.error.message}`, true); return true; }
    this.update(m.result);
    return true;
  }

  // The cells' sets (the reply or the `variants` event): the grid is built again when its
  // shape changed, and each cell's data-params follows.
  update(info) {
    this.info = info;
    if (!info.cells.length) {
      this.cells = [];
      this.grid.replaceChildren();
      this.grid.hidden = true;
      this.painter.show(false);
      this.view.stage.element.hidden = false;
      return;
    }
    if (this.cells.length !== info.cells.length) this.buildCells(info);
    info.cells.forEach((c, i) => {
      const cell = this.cells[i];
      cell.info = c;
      cell.root.dataset.params = JSON.stringify(c.params);
      cell.label.textContent = cell.label.title = this.label(c.overlay);  // title: where the cell cuts it
    });
    this.grid.style.gridTemplateColumns = `repeat(${info.columns || 1}, 1fr)`;
    this.mark();
    this.repaint();  // a cell's look may have changed with its set
  }

  buildCells(info) {
    this.grid.replaceChildren();
    this.cells = info.cells.map((c, i) => {
      const box = el("div", { class: "variant-stage" });
      const label = el("div", { class: "variant-label" });
      const root = el("div", { class: "variant", "data-variant": String(i), "data-seq": "", "data-cards": "0",
        title: "put this set in force" }, label, box);
      root.addEventListener("click", () => this.pick(i));
      // A press on a cell is a click, not the stage's drag (which captures the pointer).
      root.addEventListener("pointerdown", (e) => e.stopPropagation());
      this.grid.append(root);
      return { root, label, box, info: c, frame: null, seq: null };
    });
    this.grid.hidden = false;
    this.painter.show(true);
    this.view.stage.element.hidden = true;
  }

  // Every cell painted again (the grid was built or resized, an image came, a set changed).
  repaint() {
    if (!this.cells.length) return;
    this.painter.measure(this.cells);
    this.cells.forEach((cell, i) => this.paint(cell, i));
  }

  paint(cell, i) {
    cell.root.dataset.cards = String(this.painter.paint(i, cell.frame, cell.info.params));
    if (cell.seq !== null) cell.root.dataset.seq = String(cell.seq);
  }

  label(overlay) {
    const keys = Object.keys(overlay);
    if (keys.length === 1 && keys[0] === "animation" && Object.keys(overlay.animation).join() === "reduce_motion") {
      return overlay.animation.reduce_motion ? "Reduce Motion ([reduced])" : "full motion";
    }
    // The keys in one order in every cell: by name, as the Share's sheet labels them.
    const parts = [];
    const walk = (o, prefix) => {
      for (const [k, v] of Object.entries(o)) {
        if (v && typeof v === "object" && !Array.isArray(v)) walk(v, `${prefix}${k}.`);
        else parts.push([`${prefix}${k}`, variantText(v)]);
      }
    };
    walk(overlay, "");
    return parts.sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => `${k} = ${v}`).join(", ");
  }

  // Puts cell i's set in force: its overlay over the values in force, as one history entry.
  pick(i) {
    const cell = this.cells[i];
    if (!cell) return;
    this.view.send("set_params", { params: cell.info.overlay, gesture: `variant-${PAGE_ID}-${++this.picks}` }, "variants:pick");
  }

  // The cell whose set is the one in force is marked.
  mark() {
    const animation = this.view.params && this.view.params.params.animation;
    this.reduce.checked = !!(animation && animation.reduce_motion);
    const inForce = this.view.params && JSON.stringify(this.view.params.params);
    for (const c of this.cells) {
      const yes = !!inForce && JSON.stringify(c.info.params) === inForce;
      c.root.dataset.inForce = String(yes);
      c.root.classList.toggle("in-force", yes);
    }
  }

  // A frame event with `variants`: the newest is drawn at the next paint; the last move's
  // are kept for Share (a move that starts from rest starts them over). True when the grid
  // is on screen (the stage under it is not drawn).
  frames(m) {
    this.stats.received++;
    const moving = m.variants.some((v) => v.motion);
    const last = this.kept[this.kept.length - 1];
    if (moving && (!last || !last.moving)) this.kept = [];
    if (moving || (last && last.moving)) this.kept.push(Object.assign({}, m, { moving }));
    if (this.kept.length > 400) this.kept.splice(0, this.kept.length - 400);
    // As the stage does: of two frames that arrived within CLUMP_MS of each other, the first
    // is drawn in its own paint and the second in the next; otherwise the newest wins.
    const now = drawClock.now();
    const p = this.pending;
    if (p.length && !(p.length === 1 && now - p[0].arrived < CLUMP_MS)) {
      this.stats.dropped += p.length;
      p.length = 0;
    }
    p.push({ message: m, arrived: now });
    this.schedule();
    return this.shown();
  }

  // Whether the grid is on screen (Share renders it then).
  shown() { return this.cells.length > 0; }

  // Share: the grid's last move rendered by the bridge as a contact sheet, as `cardstack
  // render --vary` draws one (POST /render with the grid's sets, then its frame events).
  share(format) {
    if (!this.kept.length || !this.info) {
      this.view.say("share: no move of the grid kept yet (run one: j, k, J)", true);
      return;
    }
    // The parameter file's path goes with the sets: each cell's look names images relative to it.
    const path = this.view.params && this.view.params.path;
    const head = Object.assign({ event: "variants" }, this.info, path ? { path } : {});
    const body = [head, ...this.kept.map(({ moving, ...m }) => m)].map((m) => JSON.stringify(m)).join("\n") + "\n";
    fetch(`/render?format=${encodeURIComponent(format)}&${tokenQuery()}`, { method: "POST", body })
      .then((r) => (r.ok ? r.blob() : r.text().then((t) => { throw new Error(`${r.status} ${t}`); })))
      .then((blob) => { download(`cardstack-variants.${format}`, blob); this.view.say(`shared the grid of ${this.cells.length} as ${format}`); })
      .catch((e) => this.view.say(`share: ${e.message}`, true));
  }

  schedule() {
    if (this.drawScheduled || !this.pending.length) return;
    this.drawScheduled = true;
    drawClock.paint(() => this.draw());
  }

  draw() {
    this.drawScheduled = false;
    const next = this.pending.shift();
    if (!next) return;
    for (const v of next.message.variants) {
      const cell = this.cells[v.cell];
      if (!cell || cell.seq === v.seq) continue;
      cell.frame = v.frame;
      cell.seq = v.seq;
      this.paint(cell, v.cell);
    }
    this.stats.applied++;
    this.schedule();
  }
}
