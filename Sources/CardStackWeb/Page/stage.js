// cardstack web: a View's stage: frames as they arrive, drawn at the next paint as Core
// Animation would place the layers, each card's look written by the View's look painter.
import { drawClock } from "./clock.js";
import { el } from "./dom.js";
import { cardColor, titleSize } from "./looks.js";

export const CLUMP_MS = 1; // frames that arrive closer together came in one hand-over: draw each
const MAX_PENDING = 4; // frames kept between two paints (a hidden tab paints none)

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

export class Stage {
  constructor(view) {
    this.view = view;
    const i = view.index;
    this.pending = [];          // frame events not yet drawn and when they came, oldest first
    this.drawScheduled = false;
    this.lastSeq = null;        // seq of the newest frame received
    this.stats = { received: 0, applied: 0, gaps: 0, dropped: 0, unchanged: 0 };
    this.receivedTimes = [];
    this.shown = null;          // the frame on screen
    this.front = 0;
    this.scale = 1;
    this.viewport = null;
    this.cards = new Map();     // item -> element
    this.onDraw = null;         // the test hook's: called with each seq drawn
    this.element = el("div", { class: "stage", "data-stage": String(i), "data-scale": "1", "data-seq": "" });
    if (i === 0) this.element.id = "stage";
    this.world = el("div", { class: "world" });
    this.reveal = el("div", { class: "reveal", hidden: "" });
    this.world.append(this.reveal);
    this.element.append(this.world);
    this.picture = el("div", { class: "picture" }, this.element);
    new ResizeObserver(() => this.layout()).observe(this.picture);
  }

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
    this.view.motion.record(m);
    if (m.variants && this.view.variants.frames(m)) return;  // the grid is on screen, not the stage
    if (this.view.motion.paused) { this.stats.dropped++; return; }  // the timeline shows a kept frame
    if (!this.pending.length && this.shown && sameFrame(this.shown, m.frame)) {
      this.shown = m.frame;
      this.element.dataset.seq = String(m.seq);
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
    if (this.view.motion.paused) { this.stats.dropped += p.splice(0).length; return; }
    const next = p.length === 2 && p[1].arrived - p[0].arrived < CLUMP_MS ? 0 : p.length - 1;
    this.stats.dropped += next;
    const m = p[next].message;
    p.splice(0, next + 1);
    this.draw(m.frame, m.seq);
    this.stats.applied++;
    this.scheduleDraw();
  }

  layout() {
    if (!this.viewport) return;
    const box = this.picture.getBoundingClientRect();
    const margin = 24;
    const reference = this.view.reference;
    const share = reference ? reference.widthShare() : 1;  // half beside a reference
    const scale = Math.max(0.05, Math.min((box.width * share - margin) / this.viewport.width, (box.height - margin) / this.viewport.height));
    this.scale = scale;
    this.element.style.width = `${this.viewport.width * scale}px`;
    this.element.style.height = `${this.viewport.height * scale}px`;
    this.world.style.width = `${this.viewport.width}px`;
    this.world.style.height = `${this.viewport.height}px`;
    this.world.style.transform = `scale(${scale})`;
    this.element.dataset.scale = String(scale);
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
      this.layout();
    }
    this.front = frame.front;
    this.shown = frame;
    const seen = new Set();
    const painter = this.view.look;
    const look = painter.look();
    const lookKey = painter.key(look);
    frame.cards.forEach((card, order) => {
      seen.add(card.item);
      let e = this.cards.get(card.item);
      if (!e) {
        e = el("div", { class: "card", "data-item": String(card.item) });
        this.world.insertBefore(e, this.reveal);
        this.cards.set(card.item, e);
      }
      if (e.textContent !== card.title) e.textContent = card.title;
      painter.apply(e, card, look, lookKey);
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
        s.fontSize = `${titleSize(w, h)}px`;
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
    this.element.dataset.seq = String(seq);
    if (this.onDraw) this.onDraw(seq);
  }

  // The figures in the status list and the motion graph, four times a second (page.js).
  tickStats(now) {
    while (this.receivedTimes.length && now - this.receivedTimes[0] > 1000) this.receivedTimes.shift();
    this.view.status.showFigures(this.receivedTimes.length, this.element.dataset.seq, this.stats);
    this.view.motion.refresh();
  }

  shownFrontItem() {
    const card = this.shown.cards.find((c) => c.index === this.shown.front);
    return card ? card.item : this.shown.front;
  }
}
