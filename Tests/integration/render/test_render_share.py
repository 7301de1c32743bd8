"""`cardstack plot`, `render --live`, what bad input is told, and the bridge's `POST /render`:
the real daemon, the real CLI and the real `cardstack web` over HTTP."""
import http.client
import json
import os
import shutil
import subprocess

import pytest

from harness import BIN, wait_for
from rendertools import CONFIG, SPRING, render, spring_next_recording
from webtools import Bridge

PIL = pytest.importorskip("PIL.Image", reason="Pillow is not installed (make test-deps)")
pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")


@pytest.fixture
def spring_next(make_daemon, tmp_path):
    return spring_next_recording(make_daemon, tmp_path)


def test_the_plot_carries_the_recordings_points(spring_next, tmp_path):
    path, frames = spring_next
    svg = tmp_path / "next.svg"
    result = subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(svg)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    text = svg.read_text()
    start = text.index('<g id="offset" data-points="') + len('<g id="offset" data-points="')
    points = json.loads(text[start:text.index('"', start)])
    # From the move's first frame (the last before the offset first changes): the frame at
    # rest the recorder was sent when it subscribed is not part of the motion. Each at its
    # own time (a state line written before a frame may carry a later one).
    events = [json.loads(line) for line in path.read_text().splitlines()]
    own = [(e["time"], e["frame"]) for e in events if e["event"] == "frame"]
    assert [f for _, f in own] == [f for _, f in frames]
    moved = next(i for i, (_, f) in enumerate(own) if f["offset"] != own[0][1]["offset"])
    assert points == [[t, f["offset"]] for t, f in own[moved - 1:]]
    assert "spring: damping ratio 0.7, response 0.35 s" in text
    assert "overshoot " in text and "settles (±1 %)" in text
    png = tmp_path / "next.png"
    subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(png)], check=True, capture_output=True, timeout=30)
    assert PIL.open(png).size == (900, 560)


def test_bad_input_says_what_and_where(daemon, tmp_path):
    def fails(*args, env=None):
        result = subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=30, env=env)
        assert result.returncode != 0
        return result.stderr

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event":"frame","seq":1,"time":1}\nhello\n')
    assert "line 1" in fails("render", str(bad), "--out", str(tmp_path / "x.gif"))
    bad.write_text('{"event":"state","time":1,"offset":0}\nnot json\n')
    assert "line 1: not a cardstack event" in fails("plot", str(bad), "--out", str(tmp_path / "x.svg"))
    only_params = tmp_path / "params.jsonl"
    subprocess.run([str(BIN / "cardstack"), "record", str(only_params), "--seconds", "0.2", "--events", "params",
                    "--socket", str(daemon.socket)], check=True, capture_output=True, timeout=10)
    assert "no frame events" in fails("render", str(only_params), "--out", str(tmp_path / "x.gif"))
    good = tmp_path / "good.jsonl"
    subprocess.run([str(BIN / "cardstack"), "record", str(good), "--seconds", "0.2", "--events", "frame",
                    "--socket", str(daemon.socket)], check=True, capture_output=True, timeout=10)
    assert "unknown extension .avi" in fails("render", str(good), "--out", str(tmp_path / "x.avi"))
    assert f"cannot write {tmp_path}/missing/x.gif" in fails("render", str(good), "--out", str(tmp_path / "missing" / "x.gif"))
    assert "whole hundredths" in fails("render", str(good), "--out", str(tmp_path / "x.gif"), "--fps", "60")
    # No ffmpeg on the PATH: the package to install is named, and no file is left behind.
    empty = tmp_path / "bin"
    empty.mkdir()
    message = fails("render", str(good), "--out", str(tmp_path / "x.mp4"), env=dict(os.environ, PATH=str(empty)))
    assert "install Debian's ffmpeg package" in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "bin", "d0", "good.jsonl", "params.jsonl"]  # d0: the daemon's


def test_render_live_records_and_renders_in_one_step(make_daemon, tmp_path):
    daemon = make_daemon(CONFIG.format(titles='""', animation=SPRING))
    out = tmp_path / "live.mp4"
    live = subprocess.Popen([str(BIN / "cardstack"), "render", "--live", "--seconds", "1.5", "--out", str(out),
                             "--socket", str(daemon.socket)], stderr=subprocess.PIPE, text=True)
    c = daemon.client()
    wait_for(lambda: c.ok("get_state")["clients"] >= 2, what="the live recorder")
    daemon.cli("next")
    assert live.wait(timeout=60) == 0, live.stderr.read()
    assert "rendered " in live.stderr.read() and out.stat().st_size > 0


def post(bridge, path, body, headers=None):
    connection = http.client.HTTPConnection(bridge.host, bridge.port, timeout=60)
    try:
        connection.request("POST", path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_the_bridge_renders_a_posted_recording_as_the_cli_does(spring_next, tmp_path):
    path, _ = spring_next
    cli = tmp_path / "cli.gif"
    render(path, cli)
    bridge = Bridge([tmp_path / "no-daemon.sock"])
    try:
        token, origin = bridge.token, f"http://{bridge.host}:{bridge.port}"
        status, headers, body = post(bridge, f"/render?format=gif&token={token}", path.read_bytes(), {"Origin": origin})
        assert status == 200 and headers["Content-Type"] == "image/gif", body[:200]
        assert 'filename="cardstack.gif"' in headers["Content-Disposition"]
        assert body == cli.read_bytes()
        status, headers, body = post(bridge, f"/render?format=png&token={token}", path.read_bytes())
        assert status == 200 and headers["Content-Type"] == "image/apng" and body[:8] == b"\x89PNG\r\n\x1a\n"
        # Refused: no token, another site's page, not a recording, too big, not POST, no such format.
        assert post(bridge, "/render?format=gif", path.read_bytes())[0] == 403
        assert post(bridge, f"/render?format=gif&token={token}", path.read_bytes(), {"Origin": "http://evil.example"})[0] == 403
        status, _, body = post(bridge, f"/render?format=gif&token={token}", b'{"event":"frame","time":1}\n')
        assert status == 400 and b"line 1" in body
        status, _, body = post(bridge, f"/render?format=gif&token={token}", b"x", {"Content-Length": str(32 * 2**20 + 1)})
        assert status == 413
        status, _, body = post(bridge, f"/render?format=avi&token={token}", path.read_bytes())
        assert status == 400 and b'unknown format "avi"' in body
        connection = http.client.HTTPConnection(bridge.host, bridge.port, timeout=10)
        connection.request("GET", f"/render?token={token}")
        assert connection.getresponse().status == 405
        connection.close()
        # The bridge still serves the page after all that.
        connection = http.client.HTTPConnection(bridge.host, bridge.port, timeout=10)
        connection.request("GET", f"/?token={token}")
        assert connection.getresponse().status == 200
        connection.close()
    finally:
        bridge.stop()
