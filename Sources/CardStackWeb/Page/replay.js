// cardstack web: a recording played in the page (`cardstack web --replay`): the player
// (replayplayer.js) on the wall clock, its state shown on the first View at each paint, and
// the keys that drive it.
import { tokenQuery } from "./config.js";
import { ReplayPlayer, readRecording } from "./replayplayer.js";

// Shows the player's state on `view`: the frame (drawn in requestAnimationFrame, like a live
// one), the parameters and error in force, the replay's status. `shown` remembers what is.
function showReplay(view, player, shown) {
  if (player.frame !== shown.frame) {
    shown.frame = player.frame;
    if (player.frame) {
      view.stage.draw(player.frame.frame, player.frame.seq);
      view.stage.stats.applied++;
      view.status.revText.textContent = String(player.frame.revision);
    }
  }
  if (player.params !== shown.params) {
    shown.params = player.params;
    if (player.params) view.panel.showParams(player.params);
  }
  if (player.error !== shown.error) {
    shown.error = player.error;
    if (player.error) view.panel.showError(player.error); else view.panel.banner.hidden = true;
  }
  const replayText = view.status.replayText;
  const text = player.statusText();
  if (replayText.textContent !== text) replayText.textContent = text;
  const d = replayText.dataset;
  d.paused = String(player.paused);
  d.end = String(player.atEnd);
  d.speed = String(player.speed);
}

// Loads /recording and plays it on `view`; `started(player)` is called once it plays.
export function startReplay(view, started) {
  document.getElementById("help").textContent =
    "replay: space pause/play (at the end: again) · , . one frame back/on · + - slower/faster (0.1×–4×)";
  fetch(`/recording?${tokenQuery()}`, { cache: "no-store" })
    .then((r) => { if (!r.ok) throw new Error(`GET /recording: ${r.status}`); return r.text(); })
    .then((text) => {
      const clock = () => performance.now() / 1000;
      const player = new ReplayPlayer(readRecording(text), clock());
      const shown = { frame: undefined, params: undefined, error: undefined };
      started(player);
      const tick = () => {
        player.advance(clock());
        showReplay(view, player, shown);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      document.addEventListener("keydown", (e) => {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        const now = clock();
        switch (e.key) {
          case " ": player.togglePause(now); break;
          case ".": case ">": player.step(1, now); break;
          case ",": case "<": player.step(-1, now); break;
          case "+": case "=": player.changeSpeed(true, now); break;
          case "-": case "_": player.changeSpeed(false, now); break;
          default: return;
        }
        e.preventDefault();  // shown at the next animation frame
      });
    })
    .catch((error) => {
      view.status.replayText.textContent = "could not load the recording";
      view.panel.notify(String(error));
    });
}
