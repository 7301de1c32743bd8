// cardstack web: the look of `[card]` on a View's cards (docs/parameters.md, "The look").
"use strict";

function cardColor(item) {
  return `hsl(${(item * 47 + 210) % 360}, 58%, 44%)`;
}

// A look colour ("#RRGGBB" or "#RRGGBBAA") at `opacity`, as CSS's rgba().
function rgba(hex, opacity) {
  const v = (i) => parseInt(hex.slice(i, i + 2), 16);
  const a = (hex.length === 9 ? v(7) / 255 : 1) * opacity;
  return `rgba(${v(1)},${v(3)},${v(5)},${a})`;
}

// The look of `[card]` (docs/parameters.md, "The look") as CSS. Every key left out keeps
// today's picture: the item's hue, page.css's corners and faint inset line, the back mirrored.
function lookStyle(look, item, imageURL) {
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

mixin(View, class {
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
});
