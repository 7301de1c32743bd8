// cardstack web: a View's WebSocket to the bridge, the daemon's replies and events.
"use strict";

mixin(View, class {
  // MARK: Connection

  connect() {
    this.setConnection("connecting", "connecting");
    const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(TOKEN)}&daemon=${this.index}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; };
    ws.onmessage = (m) => this.receive(m.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.ws = null;
      if (this.conn.dataset.state !== "waiting") this.setConnection("waiting", "reconnecting…");
      if (!opened) this.checkToken();
      setTimeout(() => this.connect(), RETRY_MS);
    };
  }

  // A refused WebSocket says nothing to scripts; a plain request tells a bridge that is
  // gone from one that was restarted (a new run has a new token, so this page is refused).
  checkToken() {
    fetch(`/?token=${encodeURIComponent(TOKEN)}`, { cache: "no-store" }).then((r) => {
      if (r.status === 403) {
        this.setConnection("waiting", "refused: cardstack web was restarted; open the URL it printed this time");
      }
    }, () => this.setConnection("waiting", "cardstack web is not running; retrying…"));
  }

  setConnection(state, text) {
    this.conn.dataset.state = state;
    this.conn.textContent = text;
  }

  send(cmd, args, id) {
    if (!this.connected || !this.ws) return false;
    const request = Object.assign({ id: id === undefined ? this.nextId++ : id, cmd }, args || {});
    this.ws.send(JSON.stringify(request));
    return true;
  }

  receive(text) {
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    switch (m.event) {
      case "frame": return this.frameEvent(m);
      case "params": return this.showParams(m);
      case "config_error": return this.showError(m);
      case "state": return this.showState(m);
      case "hello": this.lastSeq = null; return;
      case "bridge": return this.bridgeEvent(m);
      case "bye": this.setConnection("waiting", `daemon said bye: ${m.reason}`); return;
      case "variants": return this.variants.update(m);
      case undefined: return this.reply(m);
    }
  }

  bridgeEvent(m) {
    this.socketText.textContent = m.socket || "–";
    if (m.state === "connected") {
      this.connected = true;
      this.awaiting.clear();
      this.setConnection("connected", "connected");
      this.lastSeq = null;
      this.send("get_schema", {}, "schema");
      this.send("get_params", {}, "params");
      this.send("get_state", {}, "state");
      this.send("subscribe", {}, "subscribe");
      this.variants.reconnected();
    } else if (m.state === "unavailable") {
      this.setConnection("waiting", "no daemon; retrying…");
      this.notice.hidden = false;
      this.notice.textContent = m.message || "";
    } else if (m.state === "closed") {
      this.setConnection("waiting", "daemon went away; reconnecting…");
    }
  }

  reply(m) {
    for (const [key, id] of this.awaiting) if (id === m.id) this.awaiting.delete(key);
    if (m.id === "curve-fit") { if (this.curveFit) this.curveFit(m); return; }
    if (actionReply(this, m) || this.variants.reply(m)) return;
    if (!m.ok) {
      this.notice.hidden = false;
      this.notice.textContent = `${m.error.code}: ${m.error.message}`;
      if (m.id === "schema") this.buildPanel(null);
      return;
    }
    if (m.id === "schema") {
      this.schema = m.result;
      this.buildPanel(m.result);
      if (this.params) this.showParams(this.params);
    } else if (m.id === "params" || (m.result && m.result.params && m.result.revision !== undefined)) {
      this.showParams(m.result);
      this.notice.hidden = true;
    } else if (m.id === "state") {
      this.showState(m.result);
    }
  }
});
