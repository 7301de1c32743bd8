// cardstack web: draws the daemon's frames as Core Animation would and edits its
// parameters. Every message is one of the daemon's own JSON lines, relayed unchanged by the
// bridge (`cardstack web`); the page does no layout math. See README.md, "The browser preview".
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

function cardColor(item) {
  return `hsl(${(item * 47 + 210) % 360}, 58%, 44%)`;
}

// The look of `[card]` (docs/parameters.md, "The look") as CSS. Every key left out keeps
// today's picture: the item's hue, page.css's corners and faint inset line, the back mirrored.
function lookStyle(look, item, imageURL) {
  const rgba = (hex, opacity) => {
    const v = (i) => parseInt(hex.slice(i, i + 2), 16);
    const a = (hex.length === 9 ? v(7) / 255 : 1) * opacity;
    return `rgba(${v(1)},${v(3)},${v(5)},${a})`;
  };
  const colors = look.colors;
  const out = { background: colors && colors.length ? colors[item % colors.length] : cardColor(item) };
  out.backgroundImage = look.images ? `url("${imageURL}")` : "";
  out.borderRadius = look.corner_radius != null ? `${look.corner_radius}px` : "";
  const shadows = [];
  const opacity = look.shadow_opacity || 0;
  if (opacity > 0) {
    // CALayer's shadowRadius is about half a CSS blur radius (a Gaussian of σ ≈ radius / 2
    // either way); shadowOffset is in UIKit's y-down points, as CSS's.
    const [ox, oy] = look.shadow_offset || [0, -3];
    const radius = look.shadow_radius != null ? look.shadow_radius : 3;
    shadows.push(`${ox}px ${oy}px ${2 * radius}px ${rgba(look.shadow_color || "#000000", opacity)}`);
  }
  const width = look.border_ratio != null ? look.border_ratio * look.width : look.border_width;
  if (width != null) shadows.push(`inset 0 0 0 ${width}px ${rgba(look.border_color || "#000000", 1)}`);
  else if (shadows.length) shadows.push("inset 0 0 0 1px rgba(0, 0, 0, .12)");
  out.boxShadow = shadows.join(", ");
  out.backfaceVisibility = look.back === "none" ? "hidden" : "";
  out.backColor = look.back === "color" ? (look.back_color || out.background) : null;
  return out;
}

// Whether a projected quad (top-left, top-right, bottom-right, bottom-left, y down) shows
// the card's back: its corners then run counter-clockwise on screen.
function facesAway(quad) {
  if (!quad) return false;
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = quad[i], [x1, y1] = quad[(i + 1) % 4];
    area += x0 * y1 - x1 * y0;
  }
  return area < 0;
}

// Whether two frames put the same picture on screen: the same viewport, cards (item, title,
// place, transform, opacity, shown or hidden, in the same order) and circle reveal.
function sameFrame(a, b) {
  const same = (x, y) => x === y || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]));
  if (a.viewport.width !== b.viewport.width || a.viewport.height !== b.viewport.height) return false;
  if (a.cards.length !== b.cards.length || JSON.stringify(a.reveal) !== JSON.stringify(b.reveal)) return false;
  return a.cards.every((c, i) => {
    const d = b.cards[i];
    return c.item === d.item && c.title === d.title && c.alpha === d.alpha && (c.quad === null) === (d.quad === null)
      && same(c.position, d.position) && same(c.size, d.size) && same(c.anchor, d.anchor) && same(c.transform, d.transform);
  });
}

// The draw loop's clock: when a frame arrived, and the paint a frame waits for. Tests drive
// it by hand (`const hand = window.cardstack.drawByHand()`): a frame then arrives at
// `hand.time` (ms, set by the test), and the paints asked for run when the test calls
// `hand.paint()`, which says how many ran.
const drawClock = {
  now: () => performance.now(),
  paint: (draw) => queueMicrotask(() => requestAnimationFrame(draw)),
  byHand() {
    const asked = [];
    const hand = { time: 0, paint: () => asked.splice(0).map((draw) => draw()).length };
    this.now = () => hand.time;
    this.paint = (draw) => { asked.push(draw); };
    return hand;
  },
};

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
    this.variants = new Variants(this);  // variants.js
    this.editors = el("div", { class: "editors" });
    const tools = REPLAY ? [] : [buildToolbar(this), this.variants.root, this.unsavedMark, this.message, this.warnings];
    this.panel = el("aside", { class: "panel" }, status, ...tools, this.banner, this.notice, this.editors,
      ...(REPLAY ? [] : [this.motion.root]), this.table, this.foldToggle);
    this.root = el("section", { class: "view", "data-view": String(i) }, this.picture, this.panel);
    document.getElementById("views").append(this.root);
    new ResizeObserver(() => this.layoutStage()).observe(this.picture);
  }

  // MARK: Connection

  connect() {
    this.setConnection("connecting", "connecting");
    const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(TOKEN)}&daemon=${this.index}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; };
    ws.onmessage = (m) => this.receive(m.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.ws = null;
      if (this.conn.dataset.state !== "waiting") this.setConnection("waiting", "reconnecting…");
      if (!opened) this.checkToken();
      setTimeout(() => this.connect(), RETRY_MS);
    };
  }

  // A refused WebSocket says nothing to scripts; a plain request tells a bridge that is
  // gone from one that was restarted (a new run has a new token, so this page is refused).
  checkToken() {
    fetch(`/?token=${encodeURIComponent(TOKEN)}`, { cache: "no-store" }).then((r) => {
      if (r.status === 403) {
        this.setConnection("waiting", "refused: cardstack web was restarted; open the URL it printed this time");
      }
    }, () => this.setConnection("waiting", "cardstack web is not running; retrying…"));
  }

  setConnection(state, text) {
    this.conn.dataset.state = state;
    this.conn.textContent = text;
  }

  send(cmd, args, id) {
    if (!this.connected || !this.ws) return false;
    const request = Object.assign({ id: id === undefined ? this.nextId++ : id, cmd }, args || {});
    this.ws.send(JSON.stringify(request));
    return true;
  }

  receive(text) {
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    switch (m.event) {
      case "frame": return this.frameEvent(m);
      case "params": return this.showParams(m);
      case "config_error": return this.showError(m);
      case "state": return this.showState(m);
      case "hello": this.lastSeq = null; return;
      case "bridge": return this.bridgeEvent(m);
      case "bye": this.setConnection("waiting", `daemon said bye: ${m.reason}`); return;
      case "variants": return this.variants.update(m);
      case undefined: return this.reply(m);
    }
  }

  bridgeEvent(m) {
    this.socketText.textContent = m.socket || "–";
    if (m.state === "connected") {
      this.connected = true;
      this.setConnection("connected", "connected");
      this.lastSeq = null;
      this.send("get_schema", {}, "schema");
      this.send("get_params", {}, "params");
      this.send("get_state", {}, "state");
      this.send("subscribe", {}, "subscribe");
      this.variants.reconnected();
    } else if (m.state === "unavailable") {
      this.setConnection("waiting", "no daemon; retrying…");
      this.notice.hidden = false;
      this.notice.textContent = m.message || "";
    } else if (m.state === "closed") {
      this.setConnection("waiting", "daemon went away; reconnecting…");
    }
  }

  reply(m) {
    if (m.id === "curve-fit") { if (this.curveFit) this.curveFit(m); return; }
    if (actionReply(this, m) || this.variants.reply(m)) return;
    if (!m.ok) {
      this.notice.hidden = false;
      this.notice.textContent = `${m.error.code}: ${m.error.message}`;
      if (m.id === "schema") this.buildPanel(null);
      return;
    }
    if (m.id === "schema") {
      this.schema = m.result;
      this.buildPanel(m.result);
      if (this.params) this.showParams(this.params);
    } else if (m.id === "params" || (m.result && m.result.params && m.result.revision !== undefined)) {
      this.showParams(m.result);
      this.notice.hidden = true;
    } else if (m.id === "state") {
      this.showState(m.result);
    }
  }

  // MARK: Frames

  // Frames are drawn in requestAnimationFrame, the newest one each time, and the ones it
  // passes over are counted as not drawn. But a 240 fps stream does not arrive evenly: the
  // socket, the bridge and the browser's network thread often hand two frames over together.
  // Of two frames waiting that arrived less than CLUMP_MS apart, the first is drawn, in its
  // own paint, and the next paint is asked for at once; frames that arrived apart (a 60 Hz
  // display under a 240 fps stream) and three or more waiting (the page is behind) are
  // passed over for the newest, as before.
  //
  // A frame that would change nothing on screen (an animation's first frame repeats the
  // last one) is applied at once, without asking for a paint: Chromium paints nothing for
  // it and then waits for its next 60 Hz tick, which cost the frames after it.
  frameEvent(m) {
    this.stats.received++;
    if (this.lastSeq !== null && m.seq > this.lastSeq + 1) this.stats.gaps += m.seq - this.lastSeq - 1;
    this.lastSeq = m.seq;
    const now = drawClock.now();
    this.receivedTimes.push(now);
    this.motion.record(m);
    if (m.variants && this.variants.frames(m)) return;  // the grid is on screen, not the stage
    if (this.motion.paused) { this.stats.dropped++; return; }  // the timeline shows a kept frame
    if (!this.pending.length && this.shown && sameFrame(this.shown, m.frame)) {
      this.shown = m.frame;
      this.stage.dataset.seq = String(m.seq);
      this.stats.applied++;
      this.stats.unchanged++;
      return;
    }
    this.pending.push({ message: m, arrived: now });
    if (this.pending.length > MAX_PENDING) this.stats.dropped += this.pending.splice(0, this.pending.length - MAX_PENDING).length;
    this.scheduleDraw();
  }

  // The paint is asked for once the task that brought the frame is done: the first
  // requestAnimationFrame after a pause can take milliseconds in Chromium, which would
  // otherwise fall between two frames handed over together and part them.
  scheduleDraw() {
    if (this.drawScheduled || !this.pending.length) return;
    this.drawScheduled = true;
    drawClock.paint(() => this.drawPending());
  }

  drawPending() {
    this.drawScheduled = false;
    const p = this.pending;
    if (!p.length) return;
    // The timeline moved to a kept frame after this paint was asked for: that frame stays.
    if (this.motion.paused) { this.stats.dropped += p.splice(0).length; return; }
    const next = p.length === 2 && p[1].arrived - p[0].arrived < CLUMP_MS ? 0 : p.length - 1;
    this.stats.dropped += next;
    const m = p[next].message;
    p.splice(0, next + 1);
    this.draw(m.frame, m.seq);
    this.stats.applied++;
    this.scheduleDraw();
  }

  layoutStage() {
    if (!this.viewport) return;
    const box = this.picture.getBoundingClientRect();
    const margin = 24;
    const scale = Math.max(0.05, Math.min((box.width - margin) / this.viewport.width, (box.height - margin) / this.viewport.height));
    this.scale = scale;
    this.stage.style.width = `${this.viewport.width * scale}px`;
    this.stage.style.height = `${this.viewport.height * scale}px`;
    this.world.style.width = `${this.viewport.width}px`;
    this.world.style.height = `${this.viewport.height}px`;
    this.world.style.transform = `scale(${scale})`;
    this.stage.dataset.scale = String(scale);
  }

  // Each card as a layer: its box at position minus anchor offset, the transform about the
  // anchor. Core Animation multiplies row vectors (p' = p·M, m34 the perspective term) and
  // lists M row by row; CSS's matrix3d takes a column-vector matrix column by column. The
  // column-vector matrix is M transposed, so its columns are M's rows: the frame's 16
  // numbers are matrix3d's arguments in the same order.
  draw(frame, seq) {
    const vp = frame.viewport;
    if (!this.viewport || this.viewport.width !== vp.width || this.viewport.height !== vp.height) {
      this.viewport = { width: vp.width, height: vp.height };
      this.layoutStage();
    }
    this.front = frame.front;
    this.shown = frame;
    const seen = new Set();
    const look = this.look();
    const lookKey = JSON.stringify(look) + (this.params ? `|${this.params.revision}.${this.params.images_version || 0}` : "");
    frame.cards.forEach((card, order) => {
      seen.add(card.item);
      let e = this.cards.get(card.item);
      if (!e) {
        e = el("div", { class: "card", "data-item": String(card.item) });
        this.world.insertBefore(e, this.reveal);
        this.cards.set(card.item, e);
      }
      if (e.textContent !== card.title) e.textContent = card.title;
      this.applyLook(e, card, look, lookKey);
      const [w, h] = card.size, [ax, ay] = card.anchor;
      // Only what changed is written. The box stays at the world's origin and its place
      // (position minus the anchor's offset) goes into the transform, ahead of the card's
      // matrix: a translation applied after the matrix's perspective divide, as a layer's
      // position is. So a moving card changes its transform alone, which the browser
      // composites without laying out or painting anything.
      const box = `${w},${h},${ax},${ay}`;
      const s = e.style;
      if (e.box !== box) {
        e.box = box;
        s.width = `${w}px`;
        s.height = `${h}px`;
        s.fontSize = `${Math.max(8, Math.min(w, h) * 0.22)}px`;
        s.transformOrigin = `${ax * w}px ${ay * h}px 0`;
      }
      s.transform = `translate(${card.position[0] - ax * w}px,${card.position[1] - ay * h}px) matrix3d(${card.transform.join(",")})`;
      const alpha = String(card.alpha);
      if (e.alpha !== alpha) { e.alpha = alpha; s.opacity = alpha; }
      const z = String(order + 1);
      if (e.z !== z) { e.z = z; s.zIndex = z; }
      const hidden = card.quad === null;
      if (e.hidden !== hidden) e.hidden = hidden;
    });
    for (const [item, e] of this.cards) {
      if (!seen.has(item)) { e.remove(); this.cards.delete(item); }
    }
    // The circle reveal as the seed draws it: the opened card's detail view (its colour and
    // title, the whole viewport) under a circular mask about the frame's centre and radius.
    const r = frame.reveal;
    if (r && r.center) {
      const d = this.reveal;
      d.hidden = false;
      if (d.dataset.revealItem !== String(r.item)) {
        d.dataset.revealItem = String(r.item);
        const card = frame.cards.find((c) => c.item === r.item);
        d.style.background = cardColor(r.item);
        d.textContent = card ? card.title : String(r.item + 1);
      }
      d.dataset.progress = String(r.progress);
      const s = d.style;
      s.width = `${vp.width}px`;
      s.height = `${vp.height}px`;
      s.fontSize = `${Math.max(12, Math.min(vp.width, vp.height) * 0.12)}px`;
      s.clipPath = `circle(${r.radius}px at ${r.center[0]}px ${r.center[1]}px)`;
      s.zIndex = String(frame.cards.length + 1);
    } else {
      this.reveal.hidden = true;
    }
    this.stage.dataset.seq = String(seq);
  }

  // The panel's figures change four times a second, not per frame: text that changes makes
  // the browser lay the panel out again.
  tickStats(now) {
    while (this.receivedTimes.length && now - this.receivedTimes[0] > 1000) this.receivedTimes.shift();
    const texts = [
      [this.fpsText, `${this.receivedTimes.length} frames/s`],
      [this.seqText, this.stage.dataset.seq || "–"],
      [this.skippedText, `${this.stats.gaps} (gaps in seq), ${this.stats.dropped} not drawn (newer came first)`],
    ];
    for (const [node, text] of texts) if (node.textContent !== text) node.textContent = text;
    this.motion.refresh();
  }

  // The look keys of the parameters in force, with the card's width (for a relative border).
  look() {
    const card = this.params && this.params.params && this.params.params.card;
    if (!card) return {};
    const out = { width: card.width };
    for (const key of ["images", "colors", "corner_radius", "border_width", "border_ratio", "border_color",
      "shadow_opacity", "shadow_radius", "shadow_offset", "shadow_color", "back", "back_color"]) {
      if (card[key] !== undefined) out[key] = card[key];
    }
    return out;
  }

  // Writes a card's look when the look or the side it shows changed: the image and colours
  // on its own element (so they follow its 3D transform), its back past 90° as configured.
  applyLook(e, card, look, lookKey) {
    const away = look.back === "color" && facesAway(card.quad);
    const key = `${lookKey}|${away}`;
    if (e.look === key) return;
    e.look = key;
    const url = look.images ? this.imageURL(card.item) : null;
    if (url) this.loadImage(e, url); else e.imageShown = null;
    const style = lookStyle(look, card.item, e.imageShown);
    const s = e.style;
    s.background = away ? style.backColor : style.background;
    s.backgroundImage = away || !e.imageShown ? "" : style.backgroundImage;
    s.backgroundSize = "cover";
    s.backgroundPosition = "center";
    s.borderRadius = style.borderRadius;
    s.boxShadow = style.boxShadow;
    s.backfaceVisibility = style.backfaceVisibility;
    s.color = away ? "transparent" : "";
    e.dataset.face = away ? "back" : "front";
  }

  // Item `item`'s image; `r` (the revision and `images_version`, which grows when the
  // daemon sees an image file change) makes a new URL whenever an image may have changed.
  imageURL(item) {
    const p = this.params || {};
    return `/image/${item}?token=${encodeURIComponent(TOKEN)}&daemon=${this.index}&r=${p.revision || 0}.${p.images_version || 0}`;
  }

  // Loads `url` off screen and only then shows it: an image that does not load (missing,
  // corrupt, too large: the bridge's 404 says which file and why) keeps the card's last
  // good one, and its reason shows with the warnings.
  loadImage(e, url) {
    if (e.imageWanted === url) return;
    e.imageWanted = url;
    const img = new Image();
    img.onload = () => {
      if (e.imageWanted !== url) return;
      e.imageShown = url;
      this.imageProblems.delete(e.dataset.item);
      e.look = null;
      if (this.shown) this.restyle();
      this.showImageProblems();
    };
    img.onerror = () => {
      if (e.imageWanted !== url) return;
      fetch(url, { cache: "no-store" }).then((r) => r.text()).then((text) => {
        if (e.imageWanted !== url) return;
        this.imageProblems.set(e.dataset.item, `card.images: ${text.trim()}`);
        this.showImageProblems();
      }).catch(() => {});
    };
    img.src = url;
  }

  showImageProblems() {
    const list = [...new Set(this.imageProblems.values())];
    this.stage.dataset.imageProblems = JSON.stringify(list);
    this.showWarnings(((this.params && this.params.warnings) || []).concat(list));
  }

  // The look again on the frame shown, after the parameters changed: the daemon may send no
  // new frame when only the look did.
  restyle() {
    const look = this.look();
    const lookKey = JSON.stringify(look) + (this.params ? `|${this.params.revision}.${this.params.images_version || 0}` : "");
    for (const card of this.shown.cards) {
      const e = this.cards.get(card.item);
      if (e) this.applyLook(e, card, look, lookKey);
    }
  }

  // MARK: Parameters

  showState(s) {
    this.state = s;
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
      row.set(value, this.editing.has(key), effective);
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
    for (const [key, row] of this.rows) {
      const applies = keyApplies(key, this.style || "stack");
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
      this.rows.set(spec.key, { row, src, set: buildControl(spec, edit, (v) => sendParam(this, spec.key, v), editing) });
    }
    if (!REPLAY && typeof buildEditors === "function") buildEditors(this);
    this.foldRows();
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
    view.send("set_params", gesture ? { params, gesture } : { params });
  });
}

const views = [];
for (let i = 0; i < DAEMONS; i++) views.push(new View(i));
window.cardstack = { views, drawByHand: () => drawClock.byHand() };

// MARK: Replay

// Plays a recording at its recorded timing, as `cardstack view --replay` does (the same
// semantics as the terminal's ReplayPlayer): the events up to the playback position are
// applied in order; space pauses (at the end it plays again from the start), `,` and `.`
// pause and step one frame, `+` and `-` step the speed through SPEEDS. Times are seconds:
// the recording's on the daemon's clock, the wall's from performance.now().
const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4];

class ReplayPlayer {
  constructor(entries, now) {
    this.entries = entries;
    this.frames = [];
    entries.forEach((e, i) => { if (e.message.event === "frame") this.frames.push(i); });
    this.paused = false;
    this.speed = 1;
    this.wall = now;
    this.restart(now);
  }

  get start() { return this.entries.length ? this.entries[0].time : 0; }
  get end() { return this.entries.length ? this.entries[this.entries.length - 1].time : 0; }
  get atEnd() { return this.applied === this.entries.length; }

  restart(now) {
    this.frame = null;   // the newest frame event played
    this.params = null;  // the newest params event played
    this.error = null;   // the config error in force
    this.applied = 0;
    this.position = this.start;
    this.playUpTo(this.position);
  }

  apply(m) {
    switch (m.event) {
      case "frame": this.frame = m; break;
      case "params": this.params = m; this.error = m.error || null; break;
      case "config_error": this.error = m; break;
    }
  }

  playUpTo(time) {
    while (this.applied < this.entries.length && this.entries[this.applied].time <= time) {
      this.apply(this.entries[this.applied++].message);
    }
  }

  advance(now) {
    if (!this.paused && !this.atEnd) {
      this.position = Math.min(this.position + (now - this.wall) * this.speed, this.end);
      this.playUpTo(this.position);
    }
    this.wall = now;
  }

  togglePause(now) {
    this.advance(now);
    if (this.atEnd) { this.restart(now); this.paused = false; } else this.paused = !this.paused;
  }

  step(count, now) {
    this.advance(now);
    this.paused = true;
    if (!this.frames.length) return;
    let current = -1;
    for (let k = 0; k < this.frames.length && this.frames[k] < this.applied; k++) current = k;
    const target = Math.min(Math.max(current + count, 0), this.frames.length - 1);
    const index = this.frames[target];
    if (index + 1 < this.applied) this.restart(now);
    this.position = this.entries[index].time;
    while (this.applied <= index) this.apply(this.entries[this.applied++].message);
  }

  changeSpeed(faster, now) {
    this.advance(now);
    if (faster) this.speed = SPEEDS.find((s) => s > this.speed + 1e-9) ?? SPEEDS[SPEEDS.length - 1];
    else this.speed = [...SPEEDS].reverse().find((s) => s < this.speed - 1e-9) ?? SPEEDS[0];
  }

  // `replay 0.734 / 2.100 s · ×0.5 · t 12.345 · paused`, as the terminal's status line.
  statusText() {
    const seconds = (x) => {
      const ms = Math.round(Math.max(x, 0) * 1000);
      return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")}`;
    };
    let text = `replay ${seconds(this.position - this.start)} / ${seconds(this.end - this.start)} s · ×${this.speed}`;
    if (this.frame && this.frame.time !== undefined) text += ` · t ${seconds(this.frame.time)}`;
    if (this.atEnd) text += " · end"; else if (this.paused) text += " · paused";
    return text;
  }
}

// The recording's JSON lines as entries; a later line with an earlier time plays at its place.
function readRecording(text) {
  const entries = [];
  let latest = -Infinity;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (typeof message.time !== "number" || !message.event) continue;
    latest = Math.max(latest, message.time);
    entries.push({ time: latest, message });
  }
  return entries;
}

// Shows the player's state on the first view: the frame (drawn in requestAnimationFrame,
// like a live one), the parameters and error in force, the replay's status.
function showReplay(view, player) {
  if (player.frame !== view.replayFrame) {
    view.replayFrame = player.frame;
    if (player.frame) {
      view.draw(player.frame.frame, player.frame.seq);
      view.stats.applied++;
      view.revText.textContent = String(player.frame.revision);
    }
  }
  if (player.params !== view.replayParams) {
    view.replayParams = player.params;
    if (player.params) view.showParams(player.params);
  }
  if (player.error !== view.replayError) {
    view.replayError = player.error;
    if (player.error) view.showError(player.error); else view.banner.hidden = true;
  }
  const text = player.statusText();
  if (view.replayText.textContent !== text) view.replayText.textContent = text;
  const d = view.replayText.dataset;
  d.paused = String(player.paused);
  d.end = String(player.atEnd);
  d.speed = String(player.speed);
}

function startReplay(view) {
  document.getElementById("help").textContent =
    "replay: space pause/play (at the end: again) · , . one frame back/on · + - slower/faster (0.1×–4×)";
  fetch(`/recording?token=${encodeURIComponent(TOKEN)}`, { cache: "no-store" })
    .then((r) => { if (!r.ok) throw new Error(`GET /recording: ${r.status}`); return r.text(); })
    .then((text) => {
      const clock = () => performance.now() / 1000;
      const player = new ReplayPlayer(readRecording(text), clock());
      window.cardstack.player = player;
      const tick = () => {
        player.advance(clock());
        showReplay(view, player);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      document.addEventListener("keydown", (e) => {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        const now = clock();
        switch (e.key) {
          case " ": player.togglePause(now); break;
          case ".": case ">": player.step(1, now); break;
          case ",": case "<": player.step(-1, now); break;
          case "+": case "=": player.changeSpeed(true, now); break;
          case "-": case "_": player.changeSpeed(false, now); break;
          default: return;
        }
        e.preventDefault();  // shown at the next animation frame
      });
    })
    .catch((error) => {
      view.replayText.textContent = "could not load the recording";
      view.notice.hidden = false;
      view.notice.textContent = String(error);
    });
}

if (REPLAY) startReplay(views[0]);

// Compare mode: the keys whose values differ are highlighted in both panels.
function compareRows() {
  if (!COMPARE) return;
  const [a, b] = views;
  for (const [key, ra] of a.rows) {
    const rb = b.rows.get(key);
    const differs = !!(rb && a.params && b.params && ra.row.dataset.value !== rb.row.dataset.value);
    ra.row.classList.toggle("differs", differs);
    if (rb) rb.row.classList.toggle("differs", differs);
  }
}

function everyView(f) { for (const v of views) f(v); }

document.addEventListener("keydown", (e) => {
  if (REPLAY) return;
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  let handled = false;
  everyView((v) => { if (v.key(e.key) !== false) handled = true; });
  if (handled) e.preventDefault();
});

// Drag or touch pan: the content follows the pointer (points = CSS px / data-scale) along the
// axis the gesture started on; release flings with the release velocity (or snaps when slow),
// as UIScrollView does.
for (const view of views) {
  const area = view.picture;
  let drag = null;
  area.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    area.setPointerCapture(e.pointerId);
    area.classList.add("dragging");
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, axis: null, samples: [{ t: e.timeStamp, x: e.clientX, y: e.clientY }], owed: 0, scheduled: false };
  });
  area.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.axis) {
      if (Math.hypot(dx, dy) < 3) return;
      drag.axis = Math.abs(dx) >= Math.abs(dy) ? "x" : "y";
    }
    const moved = drag.axis === "x" ? dx : dy;
    drag.x = e.clientX; drag.y = e.clientY;
    drag.samples.push({ t: e.timeStamp, x: e.clientX, y: e.clientY });
    while (drag.samples.length > 2 && e.timeStamp - drag.samples[0].t > 100) drag.samples.shift();
    drag.owed += -moved / view.scale;
    if (!drag.scheduled) {
      drag.scheduled = true;
      const d = drag;
      requestAnimationFrame(() => {
        d.scheduled = false;
        if (d.owed !== 0) { const by = d.owed; d.owed = 0; everyView((v) => v.send("scroll", { by })); }
      });
    }
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    area.classList.remove("dragging");
    if (d.owed !== 0) { const by = d.owed; d.owed = 0; everyView((v) => v.send("scroll", { by })); }
    if (!d.axis) return;
    const first = d.samples[0], last = d.samples[d.samples.length - 1];
    const dt = (last.t - first.t) / 1000;
    const velocity = dt > 0 && e.timeStamp - last.t < 100 ? -((d.axis === "x" ? last.x - first.x : last.y - first.y) / view.scale) / dt : 0;
    if (Math.abs(velocity) > 50) everyView((v) => v.send("fling", { velocity }));
    else everyView((v) => v.send("snap"));
  };
  area.addEventListener("pointerup", end);
  area.addEventListener("pointercancel", end);
  let wheelTimer = null;
  area.addEventListener("wheel", (e) => {
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? area.clientHeight : 1;
    const delta = (Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY) * unit;
    const by = delta / view.scale;
    everyView((v) => v.send("scroll", { by }));
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => everyView((v) => { if (v.params && v.params.params.animation.snap) v.send("snap"); }), 200);
  }, { passive: false });
}

setInterval(() => { const now = performance.now(); everyView((v) => v.tickStats(now)); }, 250);
