// cardstack web: the kept pictures the variants grid's painter (gridpaint.js) maps onto the
// cards' quads: a card's face, its shadow, the two joined, and the look's images. The look's
// rules (colour, corners, border, shadow) are looks.js's, as the stage's.
import { cardBorder, cardShadow, cornerRadius, lookStyle, titleSize } from "./looks.js";

export class Sprites {
  constructor(view) {
    this.view = view;
    this.images = new Map();  // url → Image once loaded, null while loading or broken
    this.kept = new Map();    // a face's or a shadow's key → its canvas
    this.loaded = null;       // called when an image came
  }

  // Whether every image asked for has loaded (and there is one).
  get imagesLoaded() {
    return this.images.size > 0 && [...this.images.values()].every((i) => i !== null);
  }

  // `face` over `shadow` (shadow()'s) in one kept canvas of the shadow's size.
  joined(face, shadow, w, h, k) {
    const pad = shadow.pad;
    return this.sprite(`joined|${face.key}|${shadow.canvas.key}`, w + 2 * pad, h + 2 * pad, k, (g) => {
      g.drawImage(shadow.canvas, 0, 0, w + 2 * pad, h + 2 * pad);
      g.drawImage(face, pad, pad, w, h);
    });
  }

  // A kept canvas of `w` × `h` points at `k` pixels a point, drawn by `draw(ctx)` in points.
  sprite(key, w, h, k, draw) {
    let c = this.kept.get(key);
    if (c) return c;
    if (this.kept.size > 1024) this.kept.clear();
    c = document.createElement("canvas");
    c.key = key;
    c.width = Math.max(1, Math.ceil(w * k));
    c.height = Math.max(1, Math.ceil(h * k));
    const g = c.getContext("2d");
    g.scale(c.width / w, c.height / h);
    draw(g);
    this.kept.set(key, c);
    return c;
  }

  // The card's face as the stage draws it: colour or image ("cover", centred), corners,
  // border (page.css's faint line when the look sets none), the title; or its back colour.
  face(card, look, lookKey, back, k) {
    const [w, h] = card.size;
    const url = !back && look.images ? this.view.look.imageURL(card.item) : null;
    const image = url ? this.image(url) : null;
    const key = `face|${card.item}|${w}|${h}|${back}|${card.title}|${k}|${url}|${!!image}|${lookKey}`;
    return this.sprite(key, w, h, k, (g) => {
      const style = lookStyle(look, card.item, "");
      const radius = cornerRadius(look, w, h);
      g.beginPath();
      g.roundRect(0, 0, w, h, radius);
      g.fillStyle = back ? style.backColor : style.background;
      g.fill();
      g.save();
      g.clip();
      if (image) {
        const fit = Math.max(w / image.naturalWidth, h / image.naturalHeight);
        g.drawImage(image, (w - image.naturalWidth * fit) / 2, (h - image.naturalHeight * fit) / 2,
          image.naturalWidth * fit, image.naturalHeight * fit);
      }
      if (!back) {
        g.fillStyle = "#fff";
        g.font = `600 ${titleSize(w, h)}px system-ui, sans-serif`;
        g.textAlign = "center";
        g.textBaseline = "middle";
        g.fillText(card.title, w / 2, h / 2);
      }
      g.restore();
      const border = cardBorder(look);
      const ring = Math.min(border.width, w / 2, h / 2);
      if (ring > 0) {
        g.beginPath();
        g.roundRect(0, 0, w, h, radius);
        g.roundRect(ring, ring, w - 2 * ring, h - 2 * ring, Math.max(0, radius - ring));
        g.fillStyle = border.color;
        g.fill("evenodd");
      }
    });
  }

  // The look's shadow as CSS draws a box-shadow: the card's rounded box offset and blurred
  // (CALayer's shadowRadius is half the blur), outside the card only. Null without one.
  shadow(look, w, h, k) {
    const shadow = cardShadow(look);
    if (!shadow) return null;
    const { x: ox, y: oy, blur } = shadow;
    const radius = cornerRadius(look, w, h);
    const pad = blur * 1.5 + Math.max(Math.abs(ox), Math.abs(oy));
    const key = `shadow|${w}|${h}|${k}|${radius}|${ox}|${oy}|${blur}|${shadow.color}`;
    const canvas = this.sprite(key, w + 2 * pad, h + 2 * pad, k, (g) => {
      // The box is drawn far off the canvas and its shadow thrown back onto it: only the
      // shadow lands. Shadow properties are in pixels, so the scale is undone for them.
      const far = 4 * (w + 2 * pad);
      const unit = g.getTransform().a;
      g.shadowColor = shadow.color;
      g.shadowBlur = blur * unit;
      g.shadowOffsetX = (ox + far) * unit;
      g.shadowOffsetY = oy * unit;
      g.beginPath();
      g.roundRect(pad - far, pad, w, h, radius);
      g.fill();
      g.shadowColor = "transparent";
      g.globalCompositeOperation = "destination-out";
      g.beginPath();
      g.roundRect(pad, pad, w, h, radius);
      g.fill();
    });
    return { canvas, pad };
  }

  // A loaded image, or null while it loads (the grid is painted again once it has).
  image(url) {
    if (this.images.has(url)) return this.images.get(url);
    this.images.set(url, null);
    const img = new Image();
    img.onload = () => { this.images.set(url, img); if (this.loaded) this.loaded(); };
    img.src = url;
    return null;
  }
}
