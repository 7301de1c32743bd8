// cardstack web: what the bridge wrote into the page (page.html's body: the run's token, how
// many daemons, replay mode) and the constants several parts share.

const body = document.body.dataset;
export const TOKEN = body.token;
export const DAEMONS = Math.max(1, parseInt(body.daemons, 10) || 1);
export const COMPARE = DAEMONS > 1;
// `cardstack web --replay FILE`: no daemon; the page plays the recording served at /recording.
export const REPLAY = body.replay === "1";
export const FLING_VELOCITY = 3000; // points/s, as the terminal viewer's J/K
// This page's own id, in the gesture ids it sends (docs/protocol.md).
export const PAGE_ID = Math.random().toString(36).slice(2, 10);

// The query every request to the bridge carries.
export function tokenQuery() {
  return `token=${encodeURIComponent(TOKEN)}`;
}
