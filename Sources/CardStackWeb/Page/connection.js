// cardstack web: a View's WebSocket to the bridge: connecting and reconnecting, the requests
// sent (each a daemon JSON line with an id) and every line received, handed to the View.
import { TOKEN } from "./config.js";

const RETRY_MS = 500;

export class Connection {
  // `view.receive(message)` gets every message; `view.status` shows the connection's state.
  constructor(view) {
    this.view = view;
    this.ws = null;
    this.connected = false;  // the bridge said its daemon is connected
    this.nextId = 1;
  }

  connect() {
    const status = this.view.status;
    status.setConnection("connecting", "connecting");
    const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(TOKEN)}&daemon=${this.view.index}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; };
    ws.onmessage = (m) => {
      let message;
      try { message = JSON.parse(m.data); } catch (e) { return; }
      this.view.receive(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.ws = null;
      if (status.connection !== "waiting") status.setConnection("waiting", "reconnecting…");
      if (!opened) this.checkToken();
      setTimeout(() => this.connect(), RETRY_MS);
    };
  }

  // A refused WebSocket says nothing to scripts; a plain request tells a bridge that is
  // gone from one that was restarted (a new run has a new token, so this page is refused).
  checkToken() {
    const status = this.view.status;
    fetch(`/?token=${encodeURIComponent(TOKEN)}`, { cache: "no-store" }).then((r) => {
      if (r.status === 403) {
        status.setConnection("waiting", "refused: cardstack web was restarted; open the URL it printed this time");
      }
    }, () => status.setConnection("waiting", "cardstack web is not running; retrying…"));
  }

  // Sends `cmd` with `args` and `id` (a fresh number when undefined); false when not connected.
  send(cmd, args, id) {
    if (!this.connected || !this.ws) return false;
    const request = Object.assign({ id: id === undefined ? this.nextId++ : id, cmd }, args || {});
    this.ws.send(JSON.stringify(request));
    return true;
  }

  // A fresh request id.
  id() { return this.nextId++; }
}
