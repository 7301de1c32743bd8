"""Nothing outlives `cardstack web`, and no upload makes its children large (issue 44, findings
2 and 3). A 16000 × 16000 PNG of zeros (972 KiB) took ffmpeg to 1 GB; SIGTERM during a
decode left the upload in $TMPDIR and ffmpeg running, during a fit `cardstack fit` at full CPU.
Now each child runs behind `setpriv --pdeathsig KILL` and `prlimit --as`, is registered with
its scratch directory before it starts, and the bridge kills and removes them when it stops
(docs/page.md, docs/fit.md "Bounds"). Stand-ins for ffmpeg and ffprobe that sleep make the
decode and the fit as slow as a test needs; they record their pids."""
import http.client
import json
import os
import shutil
import signal
import subprocess
import threading

import pytest

from harness import gone, wait_for
from webtools import Bridge

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed")

# What the registry and the kernel take to end a child on a busy machine; never waited out.
DEADLINE = 30


def address_space_limit(pid):
    with open(f"/proc/{pid}/limits") as f:
        line = next(line for line in f if line.startswith("Max address space"))
    return int(line.split()[3])


def stand_in(tmp_path, name):
    """A `name` on PATH that records its arguments, its pid and its parent's, then sleeps for
    ten minutes."""
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    script = fake / name
    script.write_text(f"#!/bin/sh\necho \"$@\" > {tmp_path}/{name}.args\necho $$ $PPID > {tmp_path}/{name}.pids\n"
                      "exec sleep 600\n")
    script.chmod(0o755)
    return fake


def bridge_with(tmp_path, path_first=None, sockets=None):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["TMPDIR"] = str(scratch)
    if path_first:
        env["PATH"] = f"{path_first}:{env.get('PATH', '/usr/bin:/bin')}"
    return Bridge(sockets or [tmp_path / "no-daemon.sock"], env=env), scratch


def post(bridge, path, body, answers):
    """POST in a thread of its own (the bridge may die before it answers)."""
    def send():
        try:
            conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=300)
            conn.request("POST", f"{path}?token={bridge.token}", body=body,
                         headers={"Host": f"127.0.0.1:{bridge.port}"})
            response = conn.getresponse()
            answers.append((response.status, response.read()))
        except OSError as error:
            answers.append((None, str(error)))
    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


def pids(tmp_path, name):
    path = tmp_path / f"{name}.pids"
    text = path.read_text() if path.exists() else ""
    return [int(p) for p in text.split()] if len(text.split()) == 2 else None


def small_clip(tmp_path):
    path = tmp_path / "clip.mp4"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30",
                    "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", str(path)], check=True, timeout=120)
    return path.read_bytes()


def zero_png(side):
    import struct
    import zlib
    row = b"\0" + bytes(side * 3)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def test_sigterm_during_a_decode_leaves_no_process_and_no_file(tmp_path):
    bridge, scratch = bridge_with(tmp_path, stand_in(tmp_path, "ffmpeg"))
    answers = []
    try:
        post(bridge, "/reference", zero_png(64), answers)
        ffmpeg, parent = wait_for(lambda: pids(tmp_path, "ffmpeg"), timeout=DEADLINE, what="ffmpeg to start")
        assert parent == bridge.proc.pid
        # Bounded: 1 GiB of address space; the upload's directory registered before it started.
        assert address_space_limit(ffmpeg) == 1 << 30
        assert " -max_pixels 16777216 " in (tmp_path / "ffmpeg.args").read_text()
        held = [p.name for p in scratch.iterdir()]
        assert len(held) == 1 and held[0].startswith("cardstack-reference-"), held
        bridge.proc.send_signal(signal.SIGTERM)
        bridge.proc.wait(timeout=DEADLINE)
    finally:
        bridge.stop()
    assert bridge.proc.returncode == -signal.SIGTERM
    wait_for(lambda: gone(ffmpeg), timeout=DEADLINE, what="ffmpeg to end with the bridge")
    assert list(scratch.iterdir()) == []


def test_sigterm_during_a_fit_leaves_no_process_and_no_file(daemon, tmp_path):
    # The fit reads the clip against the daemon's parameters (--live), then runs ffprobe.
    bridge, scratch = bridge_with(tmp_path, stand_in(tmp_path, "ffprobe"), [daemon.socket])
    answers = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=120)
        conn.request("POST", f"/reference?token={bridge.token}", body=small_clip(tmp_path),
                     headers={"Host": f"127.0.0.1:{bridge.port}"})
        response = conn.getresponse()
        reply = response.read()
        assert response.status == 200, reply
        rid = json.loads(reply)["id"]
        # The stage held to `cardstack fit`'s bounds (FitBounds) before anything runs: these
        # spun the fit past 90 s, holding the one job thread.
        for stage, said in [([0, 0, 100000], b"stage: the stage's scale is 100000.0 clip pixels per point; it must "
                                             b"be in [0.01, 100]\n"),
                            ([-100000, -100000, 50], b"is too far outside the 320 \xc3\x97 240 clip")]:
            conn.request("POST", f"/fit?token={bridge.token}", body=json.dumps({"id": rid, "stage": stage}),
                         headers={"Host": f"127.0.0.1:{bridge.port}"})
            response = conn.getresponse()
            text = response.read()
            assert response.status == 400 and said in text, (stage, response.status, text)
        assert not (tmp_path / "ffprobe.pids").exists()
        post(bridge, "/fit", json.dumps({"id": rid, "style": "stack"}).encode(), answers)
        ffprobe, fit = wait_for(lambda: pids(tmp_path, "ffprobe"), timeout=DEADLINE, what="the fit's ffprobe")
        with open(f"/proc/{fit}/stat") as f:
            assert int(f.read().rsplit(")", 1)[1].split()[1]) == bridge.proc.pid
        assert address_space_limit(fit) == 2 << 30
        assert address_space_limit(ffprobe) == 1 << 30
        assert " -max_pixels 16777216 " in (tmp_path / "ffprobe.args").read_text()
        bridge.proc.send_signal(signal.SIGTERM)
        bridge.proc.wait(timeout=DEADLINE)
    finally:
        bridge.stop()
    assert bridge.proc.returncode == -signal.SIGTERM
    for pid, name in [(fit, "cardstack fit"), (ffprobe, "its ffprobe")]:
        wait_for(lambda: gone(pid), timeout=DEADLINE, what=f"{name} to end with the bridge")
    assert list(scratch.iterdir()) == []


def test_a_killed_bridge_takes_its_child_with_it(tmp_path):
    # SIGKILL runs no cleanup: the kernel ends the child (setpriv --pdeathsig KILL).
    bridge, scratch = bridge_with(tmp_path, stand_in(tmp_path, "ffmpeg"))
    answers = []
    try:
        post(bridge, "/reference", zero_png(64), answers)
        ffmpeg, _ = wait_for(lambda: pids(tmp_path, "ffmpeg"), timeout=DEADLINE, what="ffmpeg to start")
        bridge.proc.kill()
        bridge.proc.wait(timeout=DEADLINE)
    finally:
        bridge.stop()
    wait_for(lambda: gone(ffmpeg), timeout=DEADLINE, what="ffmpeg to end with the killed bridge")


def test_what_a_killed_bridge_left_is_removed_by_the_next_one(tmp_path):
    # SIGKILL leaves the upload's directory; the next bridge of the same user removes it, its
    # maker gone, and leaves one whose maker still runs (another bridge's).
    bridge, scratch = bridge_with(tmp_path, stand_in(tmp_path, "ffmpeg"))
    answers = []
    try:
        post(bridge, "/reference", zero_png(64), answers)
        wait_for(lambda: pids(tmp_path, "ffmpeg"), timeout=DEADLINE, what="ffmpeg to start")
        bridge.proc.kill()
        bridge.proc.wait(timeout=DEADLINE)
    finally:
        bridge.stop()
    left = [p for p in scratch.iterdir() if p.name.startswith("cardstack-reference-")]
    assert len(left) == 1, left
    in_use = scratch / "cardstack-reference-inuse"
    in_use.mkdir()
    with open(f"/proc/{os.getpid()}/stat") as f:
        start = f.read().rsplit(")", 1)[1].split()[19]
    (in_use / ".maker").write_text(f"{os.getpid()} {start}\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["TMPDIR"] = str(scratch)
    second = Bridge([tmp_path / "no-daemon.sock"], env=env)
    try:
        assert not left[0].exists()
        assert in_use.exists()
    finally:
        second.stop()


def test_a_picture_over_the_pixel_limit_is_refused_and_leaves_nothing(tmp_path):
    bridge, scratch = bridge_with(tmp_path)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=120)
        conn.request("POST", f"/reference?token={bridge.token}", body=zero_png(16000),
                     headers={"Host": f"127.0.0.1:{bridge.port}"})
        response = conn.getresponse()
        text = response.read().decode()
        assert response.status == 400, text
        assert text == ("cannot load the reference: the picture is 16000 × 16000 pixels, over the 16777216 "
                        "(4096 × 4096) a reference may have: load a smaller one\n"), text
        assert list(scratch.iterdir()) == []
    finally:
        bridge.stop()
