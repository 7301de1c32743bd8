// cardstack web: one daemon's View, made of parts that each own their fields and elements:
// the connection (connection.js), the status list (status.js), the stage (stage.js) and its
// look painter (lookpainter.js), the panel of parameters (panel.js) and the edits it sends
// (edits.js), the toolbar (actions.js), the motion graph and timeline (motion.js), the
// reference (reference.js) and the variants grid (variants.js). This file builds them, lays
// them out, and routes the daemon's messages to the part they are for; the page does no
// layout math (docs/page.md). A new part is built here and placed in the panel or picture.
import { FLING_VELOCITY, REPLAY } from "./config.js";
import { el } from "./dom.js";
import { Toolbar } from "./actions.js";
import { Connection } from "./connection.js";
import { Edits } from "./edits.js";
import { LookPainter } from "./lookpainter.js";
import { Motion } from "./motion.js";
import { Panel } from "./panel.js";
import { Reference } from "./reference.js";
import { Stage } from "./stage.js";
import { Status } from "./status.js";
import { Variants } from "./variants.js";

export class View {
  // `page` is the Page that holds every View (compare mode marks what differs between them).
  constructor(index, page) {
    this.index = index;
    this.page = page;
    this.status = new Status();
    this.connection = new Connection(this);
    this.edits = new Edits(this);
    this.stage = new Stage(this);
    this.look = new LookPainter(this);
    this.panel = new Panel(this);
    this.motion = new Motion(this);
    this.reference = REPLAY ? null : new Reference(this);
    this.variants = new Variants(this);
    this.toolbar = REPLAY ? null : new Toolbar(this);
    const p = this.panel;
    const tools = REPLAY ? [] : [this.toolbar.root, this.variants.root, p.unsavedMark, p.message, p.warnings];
    const aside = el("aside", { class: "panel" }, this.status.root, ...tools, p.banner, p.notice, p.editors,
      ...(REPLAY ? [] : [this.motion.root, this.reference.root]), p.table, p.foldToggle);
    this.root = el("section", { class: "view", "data-view": String(index) }, this.stage.picture, aside);
    document.getElementById("views").append(this.root);
    if (REPLAY) this.status.setConnection("replay", "replaying a recording (no daemon)"); else this.connection.connect();
  }

  // The parameters in force (get_params' result or the newest params event), or null.
  get params() { return this.panel.params; }
  // The daemon's get_schema result, or null.
  get schema() { return this.panel.schema; }

  send(cmd, args, id) { return this.connection.send(cmd, args, id); }

  say(text, error) { this.panel.say(text, error); }

  // MARK: The daemon's messages

  receive(m) {
    switch (m.event) {
      case "frame": return this.stage.frameEvent(m);
      case "params": return this.panel.showParams(m);
      case "config_error": return this.panel.showError(m);
      case "state": return this.panel.showState(m);
      case "hello": this.stage.lastSeq = null; return;
      case "bridge": return this.bridgeEvent(m);
      case "bye": this.status.setConnection("waiting", `daemon said bye: ${m.reason}`); return;
      case "variants": return this.variants.update(m);
      case undefined: return this.reply(m);
    }
  }

  bridgeEvent(m) {
    this.status.socketText.textContent = m.socket || "–";
    if (m.state === "connected") {
      this.connection.connected = true;
      this.edits.reconnected();
      this.status.setConnection("connected", "connected");
      this.stage.lastSeq = null;
      this.send("get_schema", {}, "schema");
      this.send("get_params", {}, "params");
      this.send("get_state", {}, "state");
      this.send("subscribe", {}, "subscribe");
      this.variants.reconnected();
    } else if (m.state === "unavailable") {
      this.status.setConnection("waiting", "no daemon; retrying…");
      this.panel.notify(m.message || "");
    } else if (m.state === "closed") {
      this.status.setConnection("waiting", "daemon went away; reconnecting…");
    }
  }

  reply(m) {
    this.edits.answered(m.id);
    if (m.id === "curve-fit") { this.panel.curveFit(m); return; }
    if ((this.toolbar && this.toolbar.reply(m)) || this.variants.reply(m)) return;
    if (!m.ok) {
      this.panel.notify(`${m.error.code}: ${m.error.message}`);
      if (m.id === "schema") this.panel.build(null);
      return;
    }
    if (m.id === "schema") {
      this.panel.schemaArrived(m.result);
    } else if (m.id === "params" || (m.result && m.result.params && m.result.revision !== undefined)) {
      this.panel.showParams(m.result);
      this.panel.notify(null);
    } else if (m.id === "state") {
      this.panel.showState(m.result);
    }
  }

  // MARK: Input (the terminal viewer's bindings)

  spacing() {
    return this.params ? this.params.params.layout.spacing : 1;
  }

  deckSize() {
    const state = this.panel.state;
    if (state && state.cards) return state.cards;
    return this.params ? this.params.params.layout.cards : 1;
  }

  key(k) {
    const n = this.deckSize(), f = this.stage.front;
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

  // o: open the circle reveal on `item` (the front card when null), or close it when open.
  toggleOpen(item) {
    const shown = this.stage.shown;
    if (shown && shown.reveal) return this.send("close", {}, "close");
    const front = shown && shown.cards.length ? this.stage.shownFrontItem() : 0;
    return this.send("open", { item: item === null || item === undefined ? front : item }, "open");
  }
}
