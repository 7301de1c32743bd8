// cardstack web: a View's stage: frames as they arrive, drawn at the next paint as Core
// Animation would place the layers.
"use strict";

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

mixin(View, class {
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
    const share = this.reference ? this.reference.widthShare() : 1;  // half beside a reference
    const scale = Math.max(0.05, Math.min((box.width * share - margin) / this.viewport.width, (box.height - margin) / this.viewport.height));
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
});
