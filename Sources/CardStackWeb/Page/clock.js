// cardstack web: the draw loop's clock: when a frame arrived, and the paint a frame waits for.
// Tests drive it by hand (`const hand = window.cardstack.drawByHand()`, docs/page.md, "The test
// hook"): a frame then arrives at `hand.time` (ms, set by the test), and the paints asked for
// run when the test calls `hand.paint()`, which says how many ran.

export const drawClock = {
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
