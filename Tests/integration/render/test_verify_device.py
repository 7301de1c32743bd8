"""`cardstack verify --device TRACE GOLDEN` on a golden recorded from a real daemon over its
socket (a `next` on a linear curve, so the trace's offsets can be written here exactly): a
trace at 120 Hz that follows the move is clean (exit 0); the same trace with one frame
dropped is one hitch of 8.3 ms and the ratio Apple's formula gives (exit 1); a frame off the
move is a deviation (exit 1); a malformed or oversized trace is unusable (exit 2, what and
where). docs/tuning.md, "Device traces"."""
import json
import signal
import subprocess

import pytest

from harness import BIN, Daemon, wait_for

REFRESH = 1 / 120
MAXIMUM_BYTES = 8 << 20


def verify(*args):
    return subprocess.run([str(BIN / "cardstack"), "verify", *map(str, args)], capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def golden(tmp_path_factory):
    """A recording of `next` on a 0.5 s linear curve: (path, its move's motion, its parameters)."""
    tmp = tmp_path_factory.mktemp("device")
    daemon = Daemon(tmp / "daemon")
    path = tmp / "golden.jsonl"
    recorder = subprocess.Popen([str(BIN / "cardstack"), "record", str(path), "--socket", str(daemon.socket)],
                                stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), timeout=20, what="the first frame")
        c = daemon.client()
        c.ok("set_params", params={"animation": {"curve": "linear", "duration": 0.5}})
        params = c.ok("get_params")["params"]
        assert params["animation"].get("spring") is None, params["animation"]
        c.ok("next")
        final = wait_for(lambda: (s := c.ok("get_state"))["animating"] is False and s, timeout=20, what="rest")["offset"]

        def landed():
            frames = [json.loads(line) for line in path.read_text().splitlines() if '"event":"frame"' in line]
            return "motion" in frames[-1] and frames[-1]["frame"]["offset"] == final and frames[-1]

        last = wait_for(landed, timeout=20, what="the move's last frame in the recording")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0
        c.close()
    finally:
        if recorder.poll() is None:
            recorder.kill()
        daemon.stop(signal.SIGKILL)
    return path, last["motion"], params


def trace(motion, params, drop=(), nudge=None):
    """The move as a 120 Hz device draws it: frame k at the move's start + k refreshes, the
    linear curve's offset there; `drop`: frames never presented; `nudge`: (k, points)."""
    a = params["animation"]
    length = a["duration"] * a.get("slowdown", 1)
    lines = []
    for k in range(1, round(0.6 / REFRESH) + 1):
        if k in drop:
            continue
        t = motion["start"] + k * REFRESH
        x = motion["from"] + (motion["to"] - motion["from"]) * min(1.0, (t - motion["start"]) / length)
        if nudge and nudge[0] == k:
            x += nudge[1]
        lines.append(json.dumps({"time": t, "duration": REFRESH, "offset": x}))
    return "\n".join(lines) + "\n"


def test_a_trace_that_follows_the_move_is_clean(golden, tmp_path):
    path, motion, params = golden
    assert motion["kind"] == "step" and motion["to"] != motion["from"]
    clean = tmp_path / "clean.jsonl"
    clean.write_text(trace(motion, params))
    result = verify("--device", clean, path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{clean} against {path}: clean\n"), result.stdout
    assert "72 frames at 120.0 Hz" in result.stdout and "hitch time ratio 0.0 ms/s (good" in result.stdout
    assert "start latency 8.3 ms" in result.stdout


def test_a_trace_timed_from_its_moves_start_is_read_from_the_goldens(golden, tmp_path):
    # The exported animator's debug trace counts from its move's start, not on the daemon's
    # clock: --from-move-start reads it from the golden's first move's start.
    path, motion, params = golden
    relative = tmp_path / "relative.jsonl"
    lines = [json.loads(line) for line in trace(motion, params).splitlines()]
    relative.write_text("".join(json.dumps({**f, "time": f["time"] - motion["start"]}) + "\n" for f in lines))
    result = verify("--device", relative, path, "--from-move-start")
    assert result.returncode == 0, result.stderr
    assert "start latency 8.3 ms" in result.stdout, result.stdout
    # Read on the daemon's clock, the same frames are seconds before the move: off it.
    assert verify("--device", relative, path).returncode == 1


def test_one_dropped_frame_at_120_hz_is_one_hitch_of_8_3_ms(golden, tmp_path):
    path, motion, params = golden
    dropped = tmp_path / "dropped.jsonl"
    dropped.write_text(trace(motion, params, drop={30}))
    result = verify("--device", dropped, path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.startswith(f"{dropped} against {path}: 1 hitch\n"), result.stderr
    assert result.stderr.count("hitch: ") == 1 and "(line 29) held the next back 8.3 ms" in result.stderr
    # Apple's formula: the hitch time (ms) over the seconds of motion.
    span = (72 * REFRESH + REFRESH) - REFRESH
    ratio = (1000 * REFRESH) / span
    assert f"hitch time ratio {ratio:.1f} ms/s (critical" in result.stderr, (ratio, result.stderr)


def test_a_frame_off_the_move_is_a_deviation(golden, tmp_path):
    path, motion, params = golden
    off = tmp_path / "off.jsonl"
    off.write_text(trace(motion, params, nudge=(20, 1.0)))
    result = verify("--device", off, path, "--tolerance", "0.5")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.startswith(f"{off} against {path}: off the motion by 1.000 pt\n"), result.stderr
    assert "(line 20)" in result.stderr
    assert verify("--device", off, path, "--tolerance", "1.5").returncode == 0


def test_an_unusable_trace_is_exit_2_saying_what_and_where(golden, tmp_path):
    path, motion, params = golden
    bad = tmp_path / "bad.jsonl"
    bad.write_text(trace(motion, params).splitlines()[0] + "\n{\"time\": oops}\n")
    result = verify("--device", bad, path)
    assert result.returncode == 2 and f"cardstack: {bad}: line 2: not JSON" in result.stderr, result.stderr
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"\n" * (MAXIMUM_BYTES + 1))
    result = verify("--device", big, path)
    assert result.returncode == 2, result.stderr
    assert f"{big}: the trace is {MAXIMUM_BYTES + 1} bytes; a trace holds at most {MAXIMUM_BYTES} bytes" in result.stderr
    result = verify("--device", tmp_path / "missing.jsonl", path)
    assert result.returncode == 2 and "missing.jsonl: cannot read it" in result.stderr, result.stderr
    result = verify("--device", bad, path, "--report", tmp_path / "r")
    assert result.returncode == 2 and "--report" in result.stderr
