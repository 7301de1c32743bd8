"""`frames_sent` is the frames the daemon's clients received: `cardstack watch`, the only
frame subscriber, sees exactly as many frames as the last `state` event says were sent."""
import json
import subprocess
import threading

from harness import BIN, wait_for


def test_a_watch_clients_frames_are_the_frames_sent(daemon):
    watch = subprocess.Popen(
        [str(BIN / "cardstack"), "watch", "--events", "frame,state", "--socket", str(daemon.socket)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(json.loads(line) for line in watch.stdout), daemon=True)
    reader.start()
    try:
        wait_for(lambda: any(e["event"] == "frame" for e in lines), timeout=10, what="the frame a subscriber is sent first")
        for move in (["next"], ["next", "2"], ["prev"]):
            before = len(lines)
            daemon.cli(*move)

            def moved_and_at_rest():
                states = [e for e in lines[before:] if e["event"] == "state"]
                return any(e["animating"] for e in states) and not states[-1]["animating"]

            wait_for(moved_and_at_rest, timeout=20, what=f"`{' '.join(move)}` to end")
        snapshot = list(lines)
        last_rest = max(i for i, e in enumerate(snapshot) if e["event"] == "state" and not e["animating"])
        frames = sum(1 for e in snapshot[:last_rest] if e["event"] == "frame")
        assert frames > 20
        assert snapshot[last_rest]["frames_sent"] == frames
        # And get_state, asked by another client, agrees.
        assert json.loads(daemon.cli("get", "state").stdout)["frames_sent"] == frames
    finally:
        watch.terminate()
        watch.wait(5)
