// Projective maps (Sources/CardStackWeb/Page/homography.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { facesAway, squareToQuad } from "../../Sources/CardStackWeb/Page/homography.js";

const closePoint = (p, q, what) => assert.ok(Math.hypot(p[0] - q[0], p[1] - q[1]) <= 1e-9, `${what}: ${p} vs ${q}`);

test("the unit square's corners land on the quad's, for a rectangle and a perspective quad", () => {
  for (const quad of [[[10, 20], [110, 20], [110, 220], [10, 220]], [[0, 0], [100, 10], [90, 80], [5, 100]]]) {
    const map = squareToQuad(quad);
    [[0, 0], [1, 0], [1, 1], [0, 1]].forEach(([u, v], i) => closePoint(map(u, v), quad[i], `corner ${i}`));
    assert.ok(map.depth(0.5, 0.5) > 0);
  }
});

test("a parallelogram maps affinely: the centre to the centre, depth 1", () => {
  const map = squareToQuad([[0, 0], [100, 0], [120, 50], [20, 50]]);
  closePoint(map(0.5, 0.5), [60, 25], "centre");
  assert.equal(map.depth(0.3, 0.7), 1);
});

test("a projective map keeps straight lines straight and crosses the diagonals at the centre's image", () => {
  const quad = [[0, 0], [100, 10], [90, 80], [5, 100]];
  const map = squareToQuad(quad);
  const [a, b, c] = [map(0.2, 0.3), map(0.5, 0.3), map(0.9, 0.3)];
  assert.ok(Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-6);
  // The diagonals' crossing.
  const [p0, p1, p2, p3] = quad;
  const d = (p2[0] - p0[0]) * (p3[1] - p1[1]) - (p2[1] - p0[1]) * (p3[0] - p1[0]);
  const t = ((p1[0] - p0[0]) * (p3[1] - p1[1]) - (p1[1] - p0[1]) * (p3[0] - p1[0])) / d;
  closePoint(map(0.5, 0.5), [p0[0] + t * (p2[0] - p0[0]), p0[1] + t * (p2[1] - p0[1])], "centre");
});

test("a quad whose corners run counter-clockwise on screen shows the card's back", () => {
  assert.equal(facesAway([[0, 0], [10, 0], [10, 10], [0, 10]]), false);
  assert.equal(facesAway([[10, 0], [0, 0], [0, 10], [10, 10]]), true);
  assert.equal(facesAway(null), false);
});
