// cardstack web: the variants grid painted on one canvas (docs/page.md, "Variants"). Sixteen
// stages of DOM cards are 176 composited 3D layers, more than headless Chromium paints at
// 60 fps; one canvas is one layer. Each card is drawn into the quad the daemon projected
// (the frame's `quad`): the card's own plane is mapped onto it by the homography its four
// corners fix (homography.js), so the page still does no layout math. A card's face (its
// colour or image, corners, border and title, by looks.js's rules, as the stage's) and its
// shadow are drawn once into small canvases kept for the next frames (gridsprites.js); a
// frame only maps them onto the quads.
import { el } from "./dom.js";
import { facesAway, squareToQuad } from "./homography.js";
import { backOf, cardColor, lookOf } from "./looks.js";
import { Sprites } from "./gridsprites.js";

// Paints the cells of one View's grid; Variants (variants.js) says when and what.
export class GridPainter {
  constructor(view, host) {
    this.view = view;
    this.canvas = el("canvas", { class: "variant-canvas", hidden: "" });
    host.append(this.canvas);
    this.ctx = this.canvas.getContext("2d");
    this.sprites = new Sprites(view);  // the kept faces, shadows and images (gridsprites.js)
    this.boxes = [];          // each cell's stage box, in the canvas's CSS pixels
  }

  show(on) { this.canvas.hidden = !on; }

  // The cells' boxes and the canvas's size, after the grid was built or resized.
  measure(cells) {
    const host = this.canvas.parentElement.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(host.width * ratio), Math.round(host.height * ratio)];
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.ratio = ratio;
    this.boxes = cells.map((c) => {
      const r = c.box.getBoundingClientRect();
      return { x: r.left - host.left, y: r.top - host.top, width: r.width, height: r.height };
    });
  }

  // Paints cell i's frame into its box (cleared first); the number of cards drawn.
  paint(i, frame, params) {
    const box = this.boxes[i], ctx = this.ctx;
    if (!box) return 0;
    ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    ctx.clearRect(box.x, box.y, box.width, box.height);
    if (!frame) return 0;
    const vp = frame.viewport, margin = 8;
    const scale = Math.max(0.01, Math.min((box.width - margin) / vp.width, (box.height - margin) / vp.height));
    const ox = box.x + (box.width - vp.width * scale) / 2, oy = box.y + (box.height - vp.height * scale) / 2;
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x, box.y, box.width, box.height);
    ctx.clip();
    ctx.fillStyle = "#3a3f4b";
    ctx.fillRect(ox - 1, oy - 1, vp.width * scale + 2, vp.height * scale + 2);
    ctx.fillStyle = "#f2f2f7";
    ctx.fillRect(ox, oy, vp.width * scale, vp.height * scale);
    ctx.beginPath();
    ctx.rect(ox, oy, vp.width * scale, vp.height * scale);
    ctx.clip();
    // From here on, viewport points.
    ctx.setTransform(this.ratio * scale, 0, 0, this.ratio * scale, this.ratio * ox, this.ratio * oy);
    const look = lookOf(params);
    const lookKey = JSON.stringify(look);
    let drawn = 0;
    for (const card of frame.cards) {
      if (card.quad === null || card.alpha <= 0) continue;
      if (this.card(card, look, lookKey, scale)) drawn++;
    }
    if (frame.reveal && frame.reveal.center) this.reveal(frame, vp);
    ctx.restore();
    return drawn;
  }

  // One card in its quad; false when its back is turned and the look hides backs.
  card(card, look, lookKey, scale) {
    const ctx = this.ctx, [w, h] = card.size;
    const away = facesAway(card.quad);
    if (away && backOf(look) === "none") return false;
    const back = away && backOf(look) === "color";
    const map = squareToQuad(card.quad);
    // Sprites a little finer than the cell shows the card at rest, in steps of a quarter.
    const k = Math.min(4, Math.ceil(scale * this.ratio * 4) / 4);
    ctx.save();
    ctx.globalAlpha = card.alpha;
    const face = this.sprites.face(card, look, lookKey, back, k);
    const shadow = this.sprites.shadow(look, w, h, k);
    // The shadow lies in the card's plane, `pad` points past each edge (left out in the
    // rare frame where that reaches behind the eye).
    const [px, py] = shadow ? [shadow.pad / w, shadow.pad / h] : [0, 0];
    if (shadow && [[-px, -py], [1 + px, -py], [1 + px, 1 + py], [-px, 1 + py]].every(([u, v]) => map.depth(u, v) > 0.05)) {
      const padded = (u, v) => map(u * (1 + 2 * px) - px, v * (1 + 2 * py) - py);
      if (this.tileCount(padded) === 1) {
        // A flat card: its shadow and face joined once into one sprite, one draw (the
        // shadow is cut out under the card, so joining them changes no pixel).
        this.tiles(ctx, this.sprites.joined(face, shadow, w, h, k), padded, 1, 0);
        ctx.restore();
        return true;
      }
      this.mapSprite(shadow.canvas, padded, card.alpha, true);
    }
    this.mapSprite(face, map, card.alpha, false);
    ctx.restore();
    return true;
  }

  // Draws `sprite` (the card's unit square) into the quad `map` takes it to: at once when the
  // quad is a parallelogram, else in tiles small enough that each tile's affine map stays
  // within half a pixel of the projective one. Tiles overlap by a hair so they meet
  // without a seam; a translucent card's tiles are joined on a scratch canvas first, or the
  // overlaps would show darker. A shadow's tiles (translucent themselves) do not overlap.
  mapSprite(sprite, map, alpha, shadow) {
    const [p0, p1, p2, p3] = [map(0, 0), map(1, 0), map(1, 1), map(0, 1)];
    const n = this.tileCount(map);
    if (n === 1 || alpha >= 1 || shadow) {
      this.tiles(this.ctx, sprite, map, n, shadow ? 0 : 0.02);
      return;
    }
    // The quad's box in the canvas's pixels.
    const base = this.ctx.getTransform();
    const pts = [p0, p1, p2, p3].map(([x, y]) => base.transformPoint(new DOMPoint(x, y)));
    const x0 = Math.floor(Math.min(...pts.map((p) => p.x))) - 1, y0 = Math.floor(Math.min(...pts.map((p) => p.y))) - 1;
    const x1 = Math.ceil(Math.max(...pts.map((p) => p.x))) + 1, y1 = Math.ceil(Math.max(...pts.map((p) => p.y))) + 1;
    if (!this.scratch) this.scratch = document.createElement("canvas");
    const s = this.scratch;
    if (s.width < x1 - x0 || s.height < y1 - y0) {
      s.width = Math.max(s.width, x1 - x0);
      s.height = Math.max(s.height, y1 - y0);
    }
    const g = s.getContext("2d");
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, x1 - x0, y1 - y0);
    g.setTransform(base.a, base.b, base.c, base.d, base.e - x0, base.f - y0);
    this.tiles(g, sprite, map, n, 0.02);
    this.ctx.save();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.drawImage(s, 0, 0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
    this.ctx.restore();
  }

  // How many tiles a side `map`'s quad takes: how far it is from a parallelogram, in the
  // canvas's pixels, decides (a tile's affine map strays from the projective one by about
  // that over 4n², kept within half a pixel).
  tileCount(map) {
    const [p0, p1, p2, p3] = [map(0, 0), map(1, 0), map(1, 1), map(0, 1)];
    const off = Math.hypot(p0[0] + p2[0] - p1[0] - p3[0], p0[1] + p2[1] - p1[1] - p3[1]) * this.ctx.getTransform().a;
    return Math.max(1, Math.min(8, Math.ceil(Math.sqrt(off / 2))));
  }

  tiles(ctx, sprite, map, n, overlap) {
    const [sw, sh] = [sprite.width / n, sprite.height / n];
    const base = ctx.getTransform();
    const e = n > 1 ? overlap : 0;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const a = map(i / n, j / n), b = map((i + 1) / n, j / n), c = map(i / n, (j + 1) / n);
        ctx.setTransform(base);
        ctx.transform(b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1], a[0], a[1]);
        ctx.drawImage(sprite, i * sw, j * sh, sw, sh, -e, -e, 1 + 2 * e, 1 + 2 * e);
      }
    }
    ctx.setTransform(base);
  }

  // The circle reveal: the opened card's colour and title over the viewport, in a circle.
  reveal(frame, vp) {
    const ctx = this.ctx, r = frame.reveal;
    const card = frame.cards.find((c) => c.item === r.item);
    ctx.save();
    ctx.beginPath();
    ctx.arc(r.center[0], r.center[1], Math.max(0, r.radius), 0, 2 * Math.PI);
    ctx.clip();
    ctx.fillStyle = cardColor(r.item);
    ctx.fillRect(0, 0, vp.width, vp.height);
    ctx.fillStyle = "#fff";
    ctx.font = `700 ${Math.max(12, Math.min(vp.width, vp.height) * 0.12)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(card ? card.title : String(r.item + 1), vp.width / 2, vp.height / 2);
    ctx.restore();
  }
}
