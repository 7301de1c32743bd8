// cardstack web: the values a View's controls send (set_params) and the drag they belong to.
// The keys whose control is being moved (a slider, a curve handle, the spring editor, the
// anchor pad) make a drag: the first key started gives it a new id, and every set_params sent
// until the flush after the last key ends carries it as `gesture`, so the daemon keeps the
// whole drag as one history entry (docs/protocol.md). At most one request per animation frame
// per key, the newest value; in compare mode each View edits its own daemon.
import { PAGE_ID } from "./config.js";

let gestures = 0;  // drags started on this page, for their ids

export class Edits {
  constructor(view) {
    this.view = view;
    this.gesture = null;          // the id of the drag under way, sent with set_params
    this.flushScheduled = false;
    this.editing = new Set();     // keys whose control is being moved
    this.outgoing = new Map();    // dotted key -> value waiting for the next animation frame
    this.awaiting = new Map();    // dotted key -> id of the last set_params sent with it, until its reply
  }

  // A control of `key` starts (true) or stops (false) being moved.
  moving(key, on) {
    if (on) {
      if (!this.gesture) this.gesture = `page-${PAGE_ID}-${++gestures}`;
      this.editing.add(key);
    } else {
      this.editing.delete(key);
      if (!this.editing.size && !this.flushScheduled) this.gesture = null;
    }
  }

  // Whether the control of `key` keeps what the user gave it: while it is moved, and until
  // the reply to the last value sent, an echo of an earlier value (sent mid-drag) would pull
  // it back; that reply, the newest the daemon took, puts it right.
  holds(key) {
    return this.editing.has(key) || this.outgoing.has(key) || this.awaiting.has(key);
  }

  // Whether every value given was sent and answered, and no control moves.
  get settled() {
    return !this.gesture && !this.flushScheduled && !this.outgoing.size && !this.awaiting.size && !this.editing.size;
  }

  // Sends `value` for the dotted `key` at the next animation frame (with the drag's id while
  // one is under way; the flush after the drag ends sends its last value and ends it).
  set(key, value) {
    this.outgoing.set(key, value);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    requestAnimationFrame(() => this.flush());
  }

  flush() {
    this.flushScheduled = false;
    const params = {};
    const sent = [...this.outgoing.keys()];
    for (const [k, v] of this.outgoing) {
      // `reduced.animation.duration` is {"reduced": {"animation": {"duration": v}}}.
      const parts = k.split(".");
      let table = params;
      for (const part of parts.slice(0, -1)) table = table[part] = table[part] || {};
      table[parts[parts.length - 1]] = v;
    }
    this.outgoing.clear();
    const gesture = this.gesture;
    if (!this.editing.size) this.gesture = null;
    const connection = this.view.connection;
    const id = connection.id();
    if (!connection.send("set_params", gesture ? { params, gesture } : { params }, id)) return;
    for (const key of sent) this.awaiting.set(key, id);
  }

  // A reply came: the keys sent with its id are answered.
  answered(id) {
    for (const [key, sent] of this.awaiting) if (sent === id) this.awaiting.delete(key);
  }

  // A new connection answers nothing sent on the last one.
  reconnected() {
    this.awaiting.clear();
  }
}
