// cardstack web: projective maps: the homography that takes a card's unit square onto the
// quad the daemon projected (the variants grid paints cards with it), and which side of a card
// a quad shows. No DOM: Tests/page/homography.test.mjs runs it in node.

// The map from the card's unit square ((0,0) top-left … (1,1) bottom-right) onto `quad`
// (top-left, top-right, bottom-right, bottom-left): the projective map four corners fix.
export function squareToQuad(quad) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad;
  const sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
  let g = 0, h = 0;
  if (sx !== 0 || sy !== 0) {
    const dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
    const det = dx1 * dy2 - dx2 * dy1;
    if (det !== 0) { g = (sx * dy2 - dx2 * sy) / det; h = (dx1 * sy - sx * dy1) / det; }
  }
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, d = y1 - y0 + g * y1, e = y3 - y0 + h * y3;
  const map = (u, v) => {
    const w = g * u + h * v + 1;
    return [(a * u + b * v + x0) / w, (d * u + e * v + y0) / w];
  };
  // Positive on the eye's side: a point of the card's plane past its edges may fall behind.
  map.depth = (u, v) => g * u + h * v + 1;
  return map;
}

// Whether a projected quad (top-left, top-right, bottom-right, bottom-left, y down) shows
// the card's back: its corners then run counter-clockwise on screen.
export function facesAway(quad) {
  if (!quad) return false;
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = quad[i], [x1, y1] = quad[(i + 1) % 4];
    area += x0 * y1 - x1 * y0;
  }
  return area < 0;
}
