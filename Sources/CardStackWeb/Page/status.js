// cardstack web: a View's status list: the daemon's connection, its socket and file, the
// revision, the frames received and skipped, the seq drawn, and a replay's playback.
import { REPLAY } from "./config.js";
import { el } from "./dom.js";

export class Status {
  constructor() {
    this.conn = el("dd", { class: "conn", "data-state": "connecting", text: "connecting" });
    this.fpsText = el("dd", { class: "fps", text: "–" });
    this.skippedText = el("dd", { class: "skipped", text: "0" });
    this.seqText = el("dd", { class: "seq", text: "–" });
    this.replayText = el("dd", { class: "replay", text: "loading…" });
    this.revText = el("dd", { class: "revision", text: "–" });
    this.pathText = el("dd", { class: "path", text: "–" });
    this.socketText = el("dd", { class: "socket", text: "–" });
    // A replay has no socket and receives nothing: it shows where playback is instead.
    this.root = el("dl", { class: "status" },
      el("dt", { text: "daemon" }), this.conn,
      ...(REPLAY ? [] : [el("dt", { text: "socket" }), this.socketText]),
      el("dt", { text: "file" }), this.pathText,
      el("dt", { text: "revision" }), this.revText,
      ...(REPLAY ? [] : [el("dt", { text: "received" }), this.fpsText, el("dt", { text: "skipped" }), this.skippedText]),
      el("dt", { text: "seq" }), this.seqText,
      ...(REPLAY ? [el("dt", { text: "playback" }), this.replayText] : []));
  }

  setConnection(state, text) {
    this.conn.dataset.state = state;
    this.conn.textContent = text;
  }

  get connection() { return this.conn.dataset.state; }

  // The parameters' revision and file.
  showParams(info) {
    this.revText.textContent = `${info.revision} (${info.source})`;
    this.pathText.textContent = info.path || "(built-in defaults)";
  }

  // The figures, four times a second, not per frame: text that changes makes the browser lay
  // the panel out again.
  showFigures(perSecond, seq, stats) {
    const texts = [
      [this.fpsText, `${perSecond} frames/s`],
      [this.seqText, seq || "–"],
      [this.skippedText, `${stats.gaps} (gaps in seq), ${stats.dropped} not drawn (newer came first)`],
    ];
    for (const [node, text] of texts) if (node.textContent !== text) node.textContent = text;
  }
}
