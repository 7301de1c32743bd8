// cardstack web: the look of `[card]` (docs/parameters.md, "The look"), one set of rules that
// both painters read: the stage's DOM cards (lookpainter.js) and the variants grid's canvas
// (gridsprites.js). The item's hue, the corners, the border and the shadow are decided here
// once. No DOM: Tests/page/looks.test.mjs runs it in node.

// The look keys of `[card]` the painters read.
export const LOOK_KEYS = ["images", "colors", "corner_radius", "border_width", "border_ratio", "border_color",
  "shadow_opacity", "shadow_radius", "shadow_offset", "shadow_color", "back", "back_color"];
// page.css's corner radius for a card whose look sets none.
export const DEFAULT_CORNER_RADIUS = 12;
// The faint line round a card whose look sets no border (page.css's inset line).
export const FAINT_BORDER = "rgba(0, 0, 0, .12)";
// What a card turned past 90° shows when the look sets no `back` (CardLook.back in Swift): its
// back, the card's own colour without title or image, never the front mirrored (a stack's
// front card falling past 90° would flash an upside-down title). docs/render.md, "Back faces".
export const DEFAULT_BACK = "color";

// The back a look asks for, or the default.
export function backOf(look) {
  return look.back || DEFAULT_BACK;
}

export function cardColor(item) {
  return `hsl(${(item * 47 + 210) % 360}, 58%, 44%)`;
}

// A look colour ("#RRGGBB" or "#RRGGBBAA") at `opacity`, as CSS's rgba().
export function rgba(hex, opacity) {
  const v = (i) => parseInt(hex.slice(i, i + 2), 16);
  const a = (hex.length === 9 ? v(7) / 255 : 1) * opacity;
  return `rgba(${v(1)},${v(3)},${v(5)},${a})`;
}

// The look keys of a parameter set (a get_params result's `params`), with the card's width
// (for a relative border); {} without a [card] table.
export function lookOf(params) {
  const card = params && params.card;
  if (!card) return {};
  const out = { width: card.width };
  for (const key of LOOK_KEYS) if (card[key] !== undefined) out[key] = card[key];
  return out;
}

// The border both painters draw: `set` when the look gives one (border_ratio × width, else
// border_width), its width in points and its colour; else the faint 1 pt line.
export function cardBorder(look) {
  const width = look.border_ratio != null ? look.border_ratio * look.width : look.border_width;
  if (width == null) return { set: false, width: 1, color: FAINT_BORDER };
  return { set: true, width, color: rgba(look.border_color || "#000000", 1) };
}

// The corner radius in points a card of w × h points is drawn with.
export function cornerRadius(look, w, h) {
  return Math.min(look.corner_radius != null ? look.corner_radius : DEFAULT_CORNER_RADIUS, w / 2, h / 2);
}

// The shadow as CSS's box-shadow takes it, or null without one: CALayer's shadowRadius is
// about half a CSS blur radius (a Gaussian of σ ≈ radius / 2 either way); shadowOffset is in
// UIKit's y-down points, as CSS's.
export function cardShadow(look) {
  const opacity = look.shadow_opacity || 0;
  if (opacity <= 0) return null;
  const [x, y] = look.shadow_offset || [0, -3];
  const blur = 2 * (look.shadow_radius != null ? look.shadow_radius : 3);
  return { x, y, blur, color: rgba(look.shadow_color || "#000000", opacity) };
}

// A card's title size in points (CardLook.titleSize in Swift: the same rule for `render`).
export function titleSize(w, h) {
  return Math.max(8, Math.min(w, h) * 0.22);
}

// The look of `[card]` as CSS. Every key left out keeps today's picture: the item's hue,
// page.css's corners and faint inset line, the back in the card's colour (DEFAULT_BACK).
export function lookStyle(look, item, imageURL) {
  const colors = look.colors;
  const out = { background: colors && colors.length ? colors[item % colors.length] : cardColor(item) };
  out.backgroundImage = look.images ? `url("${imageURL}")` : "";
  out.borderRadius = look.corner_radius != null ? `${look.corner_radius}px` : "";
  const shadows = [];
  const shadow = cardShadow(look);
  if (shadow) shadows.push(`${shadow.x}px ${shadow.y}px ${shadow.blur}px ${shadow.color}`);
  // With no shadow and no border, page.css's own inset line shows.
  const border = cardBorder(look);
  if (border.set || shadows.length) shadows.push(`inset 0 0 0 ${border.width}px ${border.color}`);
  out.boxShadow = shadows.join(", ");
  out.backfaceVisibility = backOf(look) === "none" ? "hidden" : "";
  out.backColor = backOf(look) === "color" ? (look.back_color || out.background) : null;
  return out;
}
