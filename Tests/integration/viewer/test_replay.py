"""`cardstack record` then `cardstack view --replay` in a real tmux pane, and the viewer's `o` key."""
import json
import re
import signal
import subprocess

import pytest

from viewertools import BIN, PANEL, card_area, poll_until, ViewerRig

pytestmark = pytest.mark.skipif(ViewerRig is None, reason="tmux helpers missing")

BOUNCY = "[animation]\nspring = { damping_ratio = 0.7, response = 0.35 }\nslowdown = 2\n"


@pytest.fixture
def bouncy(tmp_path):
    rig = ViewerRig(tmp_path)
    rig.env["COLORTERM"] = "truecolor"
    rig.params.write_text(rig.params.read_text().replace("[animation]", BOUNCY, 1))
    try:
        rig.start_daemon()
        rig.open_pane()
        yield rig
    finally:
        rig.close()


def record_a_bounce(rig, path):
    """Records `next` with the bouncy spring until the stack rests again, then Ctrl-C."""
    recorder = subprocess.Popen(
        [str(BIN / "cardstack"), "record", str(path), "--socket", str(rig.sock)],
        stderr=subprocess.PIPE, text=True)
    try:
        poll_until(lambda: path.exists() and '"event":"frame"' in path.read_text(), what="the first recorded frame")
        subprocess.run([str(BIN / "cardstack"), "next", "--socket", str(rig.sock)], check=True, capture_output=True)
        poll_until(lambda: (st := rig.state())["offset"] == 30 and not st["animating"], what="the bounce to settle")
        poll_until(lambda: '"animating":false' in path.read_text().splitlines()[-1], what="the last state event")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0
    finally:
        if recorder.poll() is None:
            recorder.kill()
    assert "recorded" in recorder.stderr.read()
    return [json.loads(line) for line in path.read_text().splitlines()]


def status(screen, group):
    """A field of the replay's status line (3: speed, 4: the frame's time), or None."""
    match = re.search(r"replay (\d+\.\d+) / (\d+\.\d+) s · ×([\d.]+) · t (\d+\.\d+)", screen)
    return match.group(group) if match else None


def test_record_then_replay(bouncy, tmp_path):
    path = tmp_path / "bounce.jsonl"
    events = record_a_bounce(bouncy, path)
    assert events[0]["event"] == "params" and events[0]["params"]["animation"]["slowdown"] == 2
    assert all(isinstance(e["time"], (int, float)) for e in events)
    frames = [e for e in events if e["event"] == "frame"]
    assert len(frames) > 20 and frames[-1]["frame"]["offset"] == 30
    assert max(f["frame"]["offset"] for f in frames) > 30  # it bounced
    times = [e["time"] for e in frames]
    assert times == sorted(times)

    # Replay: no daemon needed.
    bouncy.stop_daemon()
    bouncy.keys(f"{BIN / 'cardstack'} view --replay {path}; echo exit=$?", "Enter")
    text = bouncy.wait_screen(lambda s: PANEL in s and "replay " in s and "▀" in s, what="the replay's first frame")
    assert "spring 0.7/0.35" in text  # the motion in force, after the layout fields
    # `,` pauses on a frame; `.` steps one frame on, `,` one back.
    bouncy.keys(",")
    paused = bouncy.wait_screen(lambda s: "paused" in s, what="paused")
    t0 = status(paused, 4)
    assert t0 is not None, paused
    bouncy.keys(".")
    later = bouncy.wait_screen(lambda s: status(s, 4) not in (None, t0), what="one frame on")
    t1 = status(later, 4)
    assert float(t1) > float(t0) and "paused" in later
    bouncy.keys(",")
    bouncy.wait_screen(lambda s: status(s, 4) == t0, what="one frame back")
    # Speed: + and - step through 0.1× to 4×.
    bouncy.keys("+")
    bouncy.wait_screen(lambda s: status(s, 3) == "2", what="×2")
    bouncy.keys("-", "-", "-", "-", "-", "-")
    bouncy.wait_screen(lambda s: status(s, 3) == "0.1", what="×0.1 (the slowest)")
    for _ in range(6):
        bouncy.keys("+")
    bouncy.wait_screen(lambda s: status(s, 3) == "4", what="×4 (the fastest)")
    # Space plays on to the end: the last frame is the resting one.
    bouncy.keys(" ")
    end = bouncy.wait_screen(lambda s: "· end" in s, what="the end of the recording")
    assert "offset 30.0 · front 1" in end
    assert "▀" in card_area(end)
    bouncy.keys("q")
    bouncy.wait_screen(lambda s: "exit=0" in s, what="exit=0")
    assert bouncy.pane("#{alternate_on}") == "0"


def test_record_for_some_seconds_and_only_some_events(bouncy, tmp_path):
    path = tmp_path / "short.jsonl"
    result = subprocess.run(
        [str(BIN / "cardstack"), "record", str(path), "--seconds", "0.3", "--events", "frame", "--socket", str(bouncy.sock)],
        capture_output=True, text=True, timeout=10)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in path.read_text().splitlines()]
    assert events and all(e["event"] == "frame" and "time" in e for e in events)
    bad = subprocess.run([str(BIN / "cardstack"), "record", str(path), "--events", "frames"], capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown event frames" in bad.stderr


def test_replay_of_a_file_that_is_not_a_recording_says_which_line(tmp_path):
    path = tmp_path / "not.jsonl"
    path.write_text('{"event":"frame","seq":1}\nhello\n')
    result = subprocess.run([str(BIN / "cardstack"), "view", "--replay", str(path)], capture_output=True, text=True, timeout=10)
    assert result.returncode == 1 and "line 1" in result.stderr


def test_o_opens_the_front_card_and_closes_it(tmp_path):
    rig = ViewerRig(tmp_path)
    rig.env["COLORTERM"] = "truecolor"
    rig.params.write_text(rig.params.read_text().replace("[animation]", '[animation]\nduration = 0.5\nslowdown = 10\ncurve = "linear"\n', 1))
    try:
        rig.start_daemon()
        rig.open_pane()
        rig.run_viewer()
        def colours():
            screen = rig.tmux("capture-pane", "-e", "-p", "-t", "view").stdout
            return set(re.findall(r"[34]8;2;(\d+;\d+;\d+)", screen))

        def frame():
            return json.loads(subprocess.run([str(BIN / "cardstack"), "get", "frame", "--socket", str(rig.sock)],
                                             capture_output=True, text=True, check=True).stdout)

        before = poll_until(lambda: len(colours()) >= 10 and colours(), what="the stack's colours")
        rig.keys("o")
        # The card opens into its detail view (5 s at this slowdown): once the circle covers
        # the viewport, the other cards' colours are gone from the screen.
        poll_until(lambda: frame().get("reveal", {}).get("progress") == 1, timeout=20, what="the card to open")
        assert frame()["reveal"]["item"] == 0
        poll_until(lambda: len(before - colours()) >= 8, what="the detail view over the stack")
        rig.keys("o")  # closes it
        poll_until(lambda: "reveal" not in json.loads(subprocess.run(
            [str(BIN / "cardstack"), "get", "frame", "--socket", str(rig.sock)], capture_output=True, text=True).stdout),
            timeout=20, what="the card to close")
    finally:
        rig.close()
