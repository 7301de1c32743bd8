"""The documented CI step on a daemon that sat idle (issue 45): `cardstack record` then
`cardstack next` after the stack came to rest long before. The recording holds the move,
not the idle time: its first frame (the daemon's newest, computed when the stack last
moved) carries the time the recording began; `verify --report` prints its verdict first and
draws a report as long as the move, pauses shortened to 0.5 s (docs/tuning.md); an older
recording whose first frame is a minute stale gets the same short report."""
import json
import math
import signal
import socket
import subprocess

from harness import BIN, wait_for
from rendertools import CONFIG, decode

IDLE = 3.0           # seconds the daemon's newest frame is older than the recording
LONGEST_PAUSE = 0.5  # GoldenPictures.longestPause, docs/tuning.md
GIF_FPS = 50


def cardstack(*args, timeout=120):
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def merged(*args, timeout=120):
    """stdout and stderr in one stream, in the order they were written."""
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout)


def events(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def at_rest(client):
    return wait_for(lambda: (s := client.ok("get_state"))["animating"] is False and s, timeout=20, what="rest")


def idle_golden(make_daemon, tmp_path):
    """A `next` recorded after the stack rested IDLE s: the daemon's newest frame is that old."""
    daemon = make_daemon(CONFIG.format(titles='""', animation=""))
    client = daemon.client()
    client.ok("prev")
    at_rest(client)
    # The newest frame's own time, read the way the recorder gets it: on subscribing.
    watcher = daemon.client()
    watcher.ok("subscribe", events=["frame"])
    newest = watcher.event("frame")["time"]
    watcher.close()
    wait_for(lambda: client.ok("get_state")["uptime_s"] > newest + IDLE, timeout=IDLE + 20,
             what=f"the stack idle for {IDLE} s")
    path = tmp_path / "next.jsonl"
    recorder = subprocess.Popen([str(BIN / "cardstack"), "record", str(path), "--socket", str(daemon.socket)],
                                stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), timeout=20, what="the first frame")
        client.ok("next")
        final = at_rest(client)["offset"]
        wait_for(lambda: (f := [e for e in events(path) if e["event"] == "frame"])[-1]["frame"]["offset"] == final
                 and len(f) > 2, timeout=20, what="the move's last frame in the recording")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0, recorder.stderr.read()
    finally:
        if recorder.poll() is None:
            recorder.kill()
    client.close()
    return path, newest


def test_a_golden_recorded_after_idling_holds_the_move_and_its_report_is_short(make_daemon, tmp_path):
    path, newest = idle_golden(make_daemon, tmp_path)
    recorded = events(path)
    header = recorded[0]
    frames = [e for e in recorded if e["event"] == "frame"]
    assert header["event"] == "params"
    # The rest frame is stamped with the recording's start, not the daemon's idle past.
    assert frames[0]["time"] >= header["time"] > newest + IDLE, (frames[0]["time"], header["time"], newest)
    assert "motion" not in frames[0]
    assert all(b["time"] >= a["time"] for a, b in zip(frames, frames[1:]))
    move = [f for f in frames if "motion" in f]
    assert move, "the recording holds no move"

    report = tmp_path / "report"
    result = merged("verify", path, "--report", report)
    assert result.returncode == 0, result.stdout
    lines = result.stdout.splitlines()
    assert "against this build's layout and motion: all" in lines[0], result.stdout
    # As long as the move and the pauses around it (each at most 0.5 s), not the idle time.
    span = move[-1]["time"] - move[0]["time"]
    bound = round((span + 2 * LONGEST_PAUSE) * GIF_FPS) + 2
    gif = decode(report / "side-by-side.gif")
    assert 2 <= len(gif) <= bound, (len(gif), bound, span)
    assert (report / "motion.svg").read_text().count('class="recorded"') == len(frames)


def test_a_stale_first_frame_in_an_older_recording_gives_a_short_report_and_the_verdict_first(make_daemon, tmp_path):
    path, _ = idle_golden(make_daemon, tmp_path)
    lines = path.read_text().splitlines()
    recorded = [json.loads(line) for line in lines]
    first = next(i for i, e in enumerate(recorded) if e["event"] == "frame")
    # What an older `record` wrote after a minute of idling: the rest frame with its own old time.
    recorded[first]["time"] = recorded[0]["time"] - 64.2
    stale = tmp_path / "stale.jsonl"
    stale.write_text("\n".join(json.dumps(e) for e in recorded) + "\n")
    frames = [e for e in recorded if e["event"] == "frame"]
    move = [f for f in frames if "motion" in f]
    span = move[-1]["time"] - move[0]["time"]
    bound = round((span + 2 * LONGEST_PAUSE) * GIF_FPS) + 2

    for command in (["verify", stale], ["diff", stale, path]):
        report = tmp_path / f"{command[0]}-report"
        result = merged(*command, "--report", report, timeout=60)
        assert result.returncode == 0, (command, result.stdout)
        assert " all " in result.stdout.splitlines()[0], result.stdout
        gif = decode(report / "side-by-side.gif")
        assert 2 <= len(gif) <= bound, (command, len(gif), bound)

    # The options the render errors name exist on verify; a report that cannot be written
    # comes after the verdict, which stands (exit 3, not 2: the recording is usable).
    # 0.2 s: within the move's own span whatever the pause before it (docs/render.md, Timing).
    result = merged("verify", stale, "--report", tmp_path / "small", "--fps", 10, "--scale", 0.5, "--from", 0,
                    "--to", 0.2)
    assert result.returncode == 0, result.stdout
    gif = decode(tmp_path / "small" / "side-by-side.gif")
    assert len(gif) == round(0.2 * 10) + 1 and gif[0][0].size[0] == math.ceil(375 * 0.5) * 2, (len(gif), gif[0][0].size)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = merged("verify", stale, "--report", blocker / "report")
    assert result.returncode == 3, result.stdout
    out = result.stdout.splitlines()
    assert " all " in out[0] and "the verdict stands, but the report was not written" in result.stdout, result.stdout
    result = cardstack("verify", stale, "--fps", 10)
    assert result.returncode == 64 and "give --report DIR too" in result.stderr, result.stderr


def test_record_against_an_unusable_socket_leaves_no_file_and_render_says_an_empty_file_is_empty(tmp_path):
    out = tmp_path / "r.jsonl"
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # listens, never says hello
    silent.bind(str(tmp_path / "silent.sock"))
    silent.listen(4)
    plain = tmp_path / "plain.sock"
    plain.write_text("")
    try:
        for sock in (tmp_path / "missing.sock", plain, tmp_path / "silent.sock"):
            result = cardstack("record", out, "--seconds", 1, "--timeout", 1, "--socket", sock)
            assert result.returncode != 0 and result.stderr, (sock, result.stderr)
            assert not out.exists(), sock
    finally:
        silent.close()
    out.write_text("")
    result = cardstack("render", out, "--out", tmp_path / "x.gif")
    assert result.returncode == 1 and "r.jsonl is empty" in result.stderr, result.stderr
    assert "--events" not in result.stderr and not (tmp_path / "x.gif").exists()
