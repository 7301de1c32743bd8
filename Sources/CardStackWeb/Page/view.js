// cardstack web: draws the daemon's frames as Core Animation would and edits its
// parameters. Every message is one of the daemon's own JSON lines, relayed unchanged by the
// bridge (`cardstack web`); the page does no layout math. See docs/page.md.
//
// The scripts are served as one (PageFiles.swift joins them in order): controls, actions,
// motion and editors (the panel's parts), then this file (View: one daemon's connection,
// stage and panel), its methods by what they do (connection, stage, look, panel), replay,
// and page.js, which starts the page.
"use strict";

const TOKEN = document.body.dataset.token;
const DAEMONS = Math.max(1, parseInt(document.body.dataset.daemons, 10) || 1);
const COMPARE = DAEMONS > 1;
// `cardstack web --replay FILE`: no daemon; the page plays the recording served at /recording.
const REPLAY = document.body.dataset.replay === "1";
const FLING_VELOCITY = 3000; // points/s, as the terminal viewer's J/K
const RETRY_MS = 500;
const CLUMP_MS = 1;    // frames that arrive closer together came in one hand-over: draw each
const MAX_PENDING = 4; // frames kept between two paints (a hidden tab paints none)

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// Adds the methods of `part` (a class holding only methods) to `target`: View's methods live
// in files by what they do (connection.js, stage.js, look.js, panel.js).
function mixin(target, part) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name !== "constructor") Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(part.prototype, name));
  }
}

// One daemon: its connection, its stage and its panel.
class View {
  constructor(index) {
    this.index = index;
    this.ws = null;
    this.connected = false;
    this.pending = [];          // frame events not yet drawn and when they came, oldest first
    this.drawScheduled = false;
    this.lastSeq = null;        // seq of the newest frame received
    this.stats = { received: 0, applied: 0, gaps: 0, dropped: 0, unchanged: 0 };
    this.receivedTimes = [];
    this.params = null;         // get_params result / params event
    this.schema = null;
    this.state = null;
    this.front = 0;
    this.scale = 1;
    this.viewport = null;
    this.cards = new Map();     // item -> element
    this.imageProblems = new Map();  // item -> why its image did not load
    this.rows = new Map();      // dotted key -> {row, set(value)}
    this.nextId = 1;
    this.gesture = null;        // the id of the drag under way (Editing), sent with set_params
    this.editing = new Editing(this);  // keys whose control is being moved
    this.outgoing = new Map();  // dotted key -> value waiting for the next animation frame
    this.awaiting = new Map();  // dotted key -> id of the last set_params sent with it, until its reply
    this.build();
    if (REPLAY) this.setConnection("replay", "replaying a recording (no daemon)"); else this.connect();
  }

  build() {
    const i = this.index;
    this.stage = el("div", { class: "stage", "data-stage": String(i), "data-scale": "1", "data-seq": "" });
    if (i === 0) this.stage.id = "stage";
    this.world = el("div", { class: "world" });
    this.reveal = el("div", { class: "reveal", hidden: "" });
    this.world.append(this.reveal);
    this.stage.append(this.world);
    this.picture = el("div", { class: "picture" }, this.stage);
    this.conn = el("dd", { class: "conn", "data-state": "connecting", text: "connecting" });
    this.fpsText = el("dd", { class: "fps", text: "–" });
    this.skippedText = el("dd", { class: "skipped", text: "0" });
    this.seqText = el("dd", { class: "seq", text: "–" });
    this.replayText = el("dd", { class: "replay", text: "loading…" });
    this.revText = el("dd", { class: "revision", text: "–" });
    this.pathText = el("dd", { class: "path", text: "–" });
    this.socketText = el("dd", { class: "socket", text: "–" });
    // A replay has no socket and receives nothing: it shows where playback is instead.
    const status = el("dl", { class: "status" },
      el("dt", { text: "daemon" }), this.conn,
      ...(REPLAY ? [] : [el("dt", { text: "socket" }), this.socketText]),
      el("dt", { text: "file" }), this.pathText,
      el("dt", { text: "revision" }), this.revText,
      ...(REPLAY ? [] : [el("dt", { text: "received" }), this.fpsText, el("dt", { text: "skipped" }), this.skippedText]),
      el("dt", { text: "seq" }), this.seqText,
      ...(REPLAY ? [el("dt", { text: "playback" }), this.replayText] : []));
    this.banner = el("div", { class: "banner", hidden: "", role: "alert" });
    this.notice = el("div", { class: "notice", hidden: "" });
    this.unsavedMark = el("div", { class: "unsaved", "data-unsaved": "false", text: "" });
    this.message = el("div", { class: "message", role: "status" });
    this.warnings = el("ul", { class: "warnings", hidden: "" });
    this.table = el("table", { class: "params" });
    this.foldToggle = el("button", { type: "button", class: "fold", "data-action": "unused" });
    this.foldToggle.addEventListener("click", () => { this.table.classList.toggle("show-unused"); this.foldRows(); });
    this.motion = new Motion(this);
    this.reference = REPLAY ? null : new Reference(this);  // reference.js
    this.variants = new Variants(this);  // variants.js
    this.editors = el("div", { class: "editors" });
    const tools = REPLAY ? [] : [buildToolbar(this), this.variants.root, this.unsavedMark, this.message, this.warnings];
    this.panel = el("aside", { class: "panel" }, status, ...tools, this.banner, this.notice, this.editors,
      ...(REPLAY ? [] : [this.motion.root, this.reference.root]), this.table, this.foldToggle);
    this.root = el("section", { class: "view", "data-view": String(i) }, this.picture, this.panel);
    document.getElementById("views").append(this.root);
    new ResizeObserver(() => this.layoutStage()).observe(this.picture);
  }

  // MARK: Input (the terminal viewer's bindings)

  spacing() {
    return this.params ? this.params.params.layout.spacing : 1;
  }

  deckSize() {
    if (this.state && this.state.cards) return this.state.cards;
    return this.params ? this.params.params.layout.cards : 1;
  }

  key(k) {
    const n = this.deckSize(), f = this.front;
    switch (k) {
      case "j": case "ArrowDown": return this.send("next", { count: 1 });
      case "k": case "ArrowUp": return this.send("prev", { count: 1 });
      case "J": case "PageDown": return this.send("fling", { velocity: FLING_VELOCITY });
      case "K": case "PageUp": return this.send("fling", { velocity: -FLING_VELOCITY });
      case " ": return this.send("snap");
      case "g": case "Home": return this.send("scroll_to", { offset: 0, animated: true });
      case "G": case "End": return this.send("scroll_to", { offset: Math.max(n - 1, 0) * this.spacing(), animated: true });
      case "d": return this.send("remove", { item: f });
      case "m": return this.send("move", { from: f, to: f + 1 < n ? f + 1 : 0 });
      case "i": return this.send("insert", { at: Math.min(f + 1, n), title: `New ${n + 1}` });
      case "w": return this.send("save", {}, "save");
      case "u": return this.send("undo", {}, "undo");
      case "U": return this.send("redo", {}, "redo");
      case "o": return this.toggleOpen(null);
      case ",": this.motion.step(-1); return true;
      case ".": this.motion.step(1); return true;
    }
    return false;
  }
}
