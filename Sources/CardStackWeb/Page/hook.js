// cardstack web: `window.cardstack`, the page's one global name: what tests and scripts may
// read of the page's state and the few things they may do that a user cannot do as exactly
// (docs/page.md, "The test hook", lists every member). Everything else is the parts' own.
import { drawClock } from "./clock.js";
import { moveAt } from "./moves.js";

// The hook of a page with `views`; `player` is set once a replay plays.
export function testHook(views) {
  return {
    views: views.map(viewHook),
    // The draw loop's clock by hand (clock.js): frames arrive at `hand.time`, paints run on `hand.paint()`.
    drawByHand: () => drawClock.byHand(),
    // The recording's player (`cardstack web --replay`), or null.
    player: null,
    // The page's maths a test compares the daemon's frames against.
    maths: { moveAt },
  };
}

function viewHook(view) {
  const { stage, motion, edits, reference, variants } = view;
  return {
    // MARK: State
    get schema() { return view.schema; },
    get params() { return view.params; },
    // The frame on the stage, its viewport, and CSS pixels a point.
    get shown() { return stage.shown; },
    get viewport() { return stage.viewport; },
    get scale() { return stage.scale; },
    // Frames received, applied (drawn or unchanged), gaps in seq, dropped, unchanged.
    get stats() { return Object.assign({}, stage.stats); },
    // Frames waiting for a paint, and whether one is asked for.
    get drawing() { return { waiting: stage.pending.length, scheduled: stage.drawScheduled }; },
    // Whether every value the controls were given was sent and answered, no control moving.
    get settled() { return edits.settled; },
    // The id of the drag under way (sent with set_params), or null.
    get gesture() { return edits.gesture; },
    // The kept frame events (oldest first), a copy; the last transition's (or the one holding
    // kept frame `at`); the seqs the last share sent.
    get kept() { return motion.kept.slice(); },
    transition(at) { return motion.lastTransition(at); },
    get shared() { return motion.shared; },
    reference: reference && {
      get clip() { return reference.clip; },
      get fitted() { return reference.fitter.fitted; },
      get x() { return reference.x; },
      get y() { return reference.y; },
      stageInClip() { return reference.stageInClip(); },
    },
    variants: {
      // Each cell's frame on screen and its seq.
      get cells() { return variants.cells.map((c) => ({ frame: c.frame, seq: c.seq })); },
      // The frame events of the grid's last move (what Share renders).
      get kept() { return variants.kept.slice(); },
      get imagesLoaded() { return variants.painter.sprites.imagesLoaded; },
    },

    // MARK: Actions
    // A request to the daemon, as the page sends its own.
    send(cmd, args, id) { return view.send(cmd, args, id); },
    // `m` handled as if the daemon had just sent it (a frame event).
    frameEvent(m) { stage.frameEvent(m); },
    // `frame` drawn on the stage now, as seq `seq`.
    draw(frame, seq) { stage.draw(frame, seq); },
    // `f(seq)` after every draw of the stage (null: no more).
    onDraw(f) { stage.onDraw = f; },
    // The graph and timeline brought up to the kept frames now (the page does it four times a second).
    refreshGraph() { motion.dirty = true; motion.refresh(); },
    // The kept frames replaced by `frames` (a test's own history), the graph refreshed.
    keep(frames) { motion.kept = frames.slice(); motion.dirty = true; motion.refresh(); },
  };
}
