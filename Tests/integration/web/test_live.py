"""CardStackLive, an app's live link: the example follower (examples/live-follow, built once
per session with the real URLSession on Linux) against a real daemon behind a real
`cardstack web`, and the bridge's /events and /request under the same rules and bounds as
the page. Every wait has a deadline."""
import http.client
import json
import os
import pathlib
import re
import selectors
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from harness import REPO, wait_for
from webtools import config, rss_kib


EXAMPLE = REPO / "examples" / "live-follow"
KIT = REPO / "CardStackKit"
TOLERANCE = 1e-9


@pytest.fixture(scope="session")
def live_follow():
    """The example's binary, built once per session in its own .build (incremental after the
    first), or $LIVE_FOLLOW_BIN when given."""
    given = os.environ.get("LIVE_FOLLOW_BIN")
    if given:
        return pathlib.Path(given)
    result = subprocess.run(["swift", "build", "--package-path", str(EXAMPLE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    bindir = subprocess.run(["swift", "build", "--package-path", str(EXAMPLE), "--show-bin-path"],
                            capture_output=True, text=True, check=True).stdout.strip()
    return pathlib.Path(bindir) / "live-follow"


class Follower:
    """A running live-follow: its JSON lines as they come."""

    def __init__(self, binary, url, *args):
        self.proc = subprocess.Popen([str(binary), url, "--seconds", "120", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = b""

    def line(self, where=lambda u: True, timeout=15):
        """The next update line matching `where` (earlier ones are dropped)."""
        deadline = time.monotonic() + timeout
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        while True:
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                update = json.loads(raw)
                if where(update):
                    return update
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching line from live-follow; stderr: {self.stderr_so_far()}")
            if sel.select(left):
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise AssertionError(f"live-follow ended ({self.proc.wait()}): {self.proc.stderr.read().decode()}")
                self.buffer += chunk

    def stderr_so_far(self):
        if self.proc.poll() is None:
            return "(running)"
        return self.proc.stderr.read().decode(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


@pytest.fixture
def followers(live_follow):
    started = []

    def start(url, *args):
        f = Follower(live_follow, url, *args)
        started.append(f)
        return f

    yield start
    for f in started:
        f.stop()


def assert_same_cards(ours, theirs):
    """Every card field equal, numbers within 1e-9."""
    assert len(ours) == len(theirs) > 0
    for a, b in zip(ours, theirs):
        assert set(a) == set(b), (a.keys(), b.keys())
        for key in a:
            assert close(a[key], b[key]), (key, a[key], b[key])


def close(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= TOLERANCE
    return a == b


def save(daemon, text):
    """Writes the parameter file by rename, as an editor does."""
    tmp = daemon.config.with_suffix(".new")
    tmp.write_text(text)
    os.rename(tmp, daemon.config)


# MARK: Following

@pytest.mark.parametrize("style", ["stack", "coverflow", "switcher7"])
def test_after_a_save_the_follower_computes_the_daemons_frame(make_daemon, bridges, followers, style):
    daemon = make_daemon(config(style))
    client = daemon.client()
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    client.ok("scroll_to", offset=2.4 * spacing)
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url)
    first = follower.line()
    revision = client.ok("get_params")["revision"]
    assert first["revision"] == revision
    assert_same_cards(first["cards"], client.ok("get_frame")["cards"])
    client.ok("subscribe", events=["params"])
    save(daemon, config(style, layout__spacing=spacing + 7.25, card__width=260.5))
    event = client.event("params", timeout=10)
    assert event["revision"] == revision + 1
    update = follower.line(lambda u: u["revision"] == event["revision"])
    frame = client.ok("get_frame")
    assert close(update["offset"], frame["offset"])
    assert_same_cards(update["cards"], frame["cards"])


def test_cardstack_next_shows_in_the_followers_offset(daemon, bridges, followers):
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url)
    assert follower.line()["offset"] == 0
    result = daemon.cli("next", "2")
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    update = follower.line(lambda u: close(u["offset"], 2 * spacing))
    assert_same_cards(update["cards"], daemon.client().ok("get_frame")["cards"])
    assert result.returncode == 0


def test_a_scroll_to_posted_by_the_follower_moves_the_daemon_and_other_subscribers(daemon, bridges, followers):
    watcher = daemon.client()
    watcher.ok("subscribe", events=["frame"])
    watcher.events.clear()
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url, "--scroll-to", "75.5")
    follower.line()
    frame = watcher.event("frame", timeout=10, where=lambda e: close(e["frame"]["offset"], 75.5))
    assert close(daemon.client().ok("get_state")["offset"], 75.5)
    update = follower.line(lambda u: close(u["offset"], 75.5))
    assert_same_cards(update["cards"], frame["frame"]["cards"])


def test_frames_follow_every_offset_of_an_animation(daemon, bridges, followers):
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url, "--frames")
    follower.line()
    daemon.cli("next")
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    between = follower.line(lambda u: 0 < u["offset"] < spacing)
    assert between["cards"]
    follower.line(lambda u: close(u["offset"], spacing))


def test_with_motion_the_follower_knows_the_daemons_clock_and_keeps_each_move(daemon, bridges, followers):
    """--motion (options.motion, what an app's display link plays, docs/live.md): the get_state
    round trips through the bridge give the daemon's clock (daemon − local, both monotonic
    here) within the uncertainty the follower reports, and a `next` arrives as its move,
    then rest."""
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url, "--motion")
    first = follower.line()
    assert "motion" in first and "clock" in first and first["motion"] is None
    clock = follower.line(lambda u: u["clock"] is not None and u["clock"]["samples"] >= 5)["clock"]
    assert clock["uncertainty"] == clock["round_trip"] / 2 >= 0
    # The test's own round trip to the daemon's clock, timed with CLOCK_MONOTONIC as the
    # follower times its own (ProcessInfo.systemUptime on Linux).
    client = daemon.client()
    before = time.monotonic()
    uptime = client.ok("get_state")["uptime_s"]
    after = time.monotonic()
    ours = uptime - (before + after) / 2
    assert abs(clock["offset"] - ours) <= clock["uncertainty"] + (after - before) / 2, (clock, ours)
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    daemon.cli("next")
    move = follower.line(lambda u: u["motion"] is not None)["motion"]
    assert move["kind"] == "step" and move["from"] == 0 and close(move["to"], spacing), move
    follower.line(lambda u: u["motion"] is None and close(u["offset"], spacing))


def test_with_trace_the_follower_sends_back_what_its_display_drew(daemon, bridges, followers):
    """--trace (docs/live.md, "A device trace"): a move played on a 120 Hz display link, here a
    simulated one, comes back to the bridge as a device trace (`POST /trace`): frames a
    refresh apart on the daemon's clock, ending on the move's target."""
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url, "--trace")
    follower.line(lambda u: u.get("clock") is not None)
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    daemon.cli("next")
    taken = follower.line(lambda u: "trace" in u)["trace"]
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
    conn.request("GET", f"/trace?token={bridge.token}", headers={"Host": f"127.0.0.1:{bridge.port}"})
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    assert response.status == 200, body
    frames = [json.loads(line) for line in body.splitlines()]
    assert len(frames) == taken >= 2
    times = [f["time"] for f in frames]
    assert all(b > a for a, b in zip(times, times[1:]))
    assert all(abs(f["duration"] - 1 / 120) < 1e-12 for f in frames)
    assert close(frames[-1]["offset"], spacing)


# MARK: Failures

def test_a_wrong_token_exits_1_naming_the_refusal(daemon, bridges, live_follow):
    bridge = bridges([daemon.socket])
    wrong = bridge.url.replace(bridge.token, "0" * len(bridge.token))
    result = subprocess.run([str(live_follow), wrong, "--seconds", "20"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert "refused" in result.stderr and "token" in result.stderr, result.stderr
    assert result.stdout == ""


def test_an_unreachable_url_exits_1_saying_so(live_follow):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    result = subprocess.run([str(live_follow), f"http://127.0.0.1:{port}/?token=abc", "--seconds", "20"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert "cannot reach" in result.stderr, result.stderr
    bad = subprocess.run([str(live_follow), "http://127.0.0.1:1/"], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 1 and "token" in bad.stderr


def test_a_daemon_restart_is_survived(daemon, bridges, followers):
    bridge = bridges([daemon.socket])
    follower = followers(bridge.url)
    assert follower.line()["cards"][0]["size"][0] != 250.5
    daemon.stop()
    save(daemon, config(card__width=250.5))
    daemon.start()
    # The follower sees the stream end, tries again with backoff, and takes the new daemon's set.
    update = follower.line(lambda u: u["cards"][0]["size"][0] == 250.5, timeout=30)
    assert_same_cards(update["cards"], daemon.client().ok("get_frame")["cards"])


class NewerDaemon(BaseHTTPRequestHandler):
    """A bridge of a newer daemon, for the one thing the real one never sends: a parameter
    set with a key this package does not know. The set is the real daemon's, plus the key."""
    lines = []

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        for line in self.lines:
            self.wfile.write(b"data: " + line.encode() + b"\n\n")
        self.wfile.flush()
        time.sleep(5)

    def log_message(self, *args):
        pass


def test_a_parameter_set_with_an_unknown_key_is_taken(daemon, followers):
    client = daemon.client()
    info = client.ok("get_params")
    info["params"]["layout"]["sparkle"] = {"level": 3}
    info["params"]["hologram"] = {"depth": 2}
    state = client.ok("get_state")
    NewerDaemon.lines = [json.dumps({"event": "bridge", "state": "connected", "socket": "x"}),
                         json.dumps({"event": "params", **info}),
                         json.dumps({"event": "state", **state}),
                         json.dumps({"event": "aurora", "x": 1})]
    server = ThreadingHTTPServer(("127.0.0.1", 0), NewerDaemon)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        follower = followers(f"http://127.0.0.1:{server.server_address[1]}/?token=t", "--seconds", "3")
        update = follower.line()
        assert update["revision"] == info["revision"]
        assert_same_cards(update["cards"], client.ok("get_frame")["cards"])
        follower.proc.wait(30)
        notes = follower.proc.stderr.read().decode()
        assert "layout.sparkle" in notes and "hologram" in notes and "aurora" in notes
        assert notes.count("layout.sparkle") == 1, notes
    finally:
        server.shutdown()


# MARK: The bridge's follower endpoints: same rules, same bounds

def call(bridge, method, path, body=None, headers=None, host=None, address="127.0.0.1"):
    """One HTTP request to the bridge at `address` (its Host header `host`, else the
    address and port); the status and, for a POST or an error, the body."""
    conn = http.client.HTTPConnection(address, bridge.port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", host or f"{address}:{bridge.port}")
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    data = response.read() if method == "POST" or response.status != 200 else b""
    status = response.status
    conn.close()
    return status, data.decode(errors="replace")


def test_request_and_events_pass_the_same_gate(daemon, bridges):
    bridge = bridges([daemon.socket])
    t = bridge.token
    json_type = {"Content-Type": "application/json"}
    ping = b'{"id":1,"cmd":"ping"}'
    assert call(bridge, "POST", f"/request?token={t}", ping, json_type) == (200, '{"id":1,"ok":true,"result":{}}')
    for path in ("/request", f"/request?token={t[:-1]}x"):
        assert call(bridge, "POST", path, ping, json_type)[0] == 403
    assert call(bridge, "POST", f"/request?token={t}", ping, json_type, host="evil.example:80")[0] == 403
    assert call(bridge, "POST", f"/request?token={t}", ping, {**json_type, "Origin": "http://evil.example"})[0] == 403
    assert call(bridge, "POST", f"/request?token={t}", ping, {"Content-Type": "text/plain"})[0] == 415
    assert call(bridge, "POST", f"/request?token={t}", b"x" * 70000, json_type)[0] == 413
    assert call(bridge, "POST", f"/request?token={t}", b'{"cmd":"ping"}\n{"cmd":"ping"}', json_type)[0] == 400
    assert call(bridge, "POST", f"/request?token={t}", b'{"cmd":"\xff"}', json_type)[0] == 400
    assert call(bridge, "POST", f"/request?token={t}&daemon=3", ping, json_type)[0] == 404
    assert call(bridge, "GET", "/events")[0] == 403
    assert call(bridge, "GET", f"/events?token={t}", headers={"Origin": "http://evil.example"})[0] == 403
    # A daemon's refusal is its reply, unchanged.
    status, body = call(bridge, "POST", f"/request?token={t}", b'{"id":2,"cmd":"fly"}', json_type)
    assert status == 200 and json.loads(body)["error"]["code"] == "unknown_command"


def test_an_event_stream_that_is_never_read_holds_little(make_daemon, bridges):
    """A follower that stops reading while the daemon animates at 240 fps: the bridge stops
    reading the daemon (which skips frames) and its memory stays near where it was."""
    daemon = make_daemon(config(animation__fps=240))
    bridge = bridges([daemon.socket])
    baseline = rss_kib(bridge.proc.pid)
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", bridge.port))
    s.sendall(f"GET /events?token={bridge.token}&frames=1 HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\n\r\n".encode())
    client = daemon.client()
    peak = baseline
    for k in range(6):
        client.ok("fling", velocity=(-1) ** k * 40000)
        time.sleep(0.5)
        peak = max(peak, rss_kib(bridge.proc.pid))
    assert peak - baseline < 32 << 10, (baseline, peak)
    s.close()
    assert client.ok("ping") == {}


# MARK: The package an app adds

def test_the_uikit_and_swiftui_parts_follow_the_same_parameters():
    live = KIT / "Sources" / "CardStackLive"
    uikit = (live / "LiveCollectionViewLayout.swift").read_text()
    swiftui = (live / "LiveModel.swift").read_text()
    assert uikit.lstrip().startswith("#if canImport(UIKit)") and uikit.rstrip().endswith("#endif")
    assert swiftui.lstrip().startswith("#if canImport(SwiftUI)") and swiftui.rstrip().endswith("#endif")
    for text in (uikit, swiftui):
        assert "LiveFollower" in text and "follower.updates" in text
        assert "Layout.frame(parameters, offset:" in text
        assert "snapshot.layoutParameters" in text
        assert "ScrollThrottle" in text and ".scrollTo(offset:" in text
        assert "@MainActor" in text
    assert "invalidateLayout()" in uikit and "UICollectionViewLayout" in uikit
    assert "@Observable" in swiftui


def test_the_kit_resolves_without_the_servers_dependencies(live_follow):
    result = subprocess.run(["swift", "package", "--package-path", str(EXAMPLE), "show-dependencies", "--format", "json"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    graph = result.stdout.lower()
    for name in ("swift-nio", "swift-log", "swift-service-lifecycle", "swift-argument-parser"):
        assert name not in graph, name
    assert "swift-numerics" in graph and "cardstackkit" in graph
    sources = "".join(p.read_text() for p in (KIT / "Sources" / "CardStackLive").glob("*.swift"))
    assert not re.search(r"^\s*import (NIO|Logging|ServiceLifecycle|ArgumentParser)", sources, re.M)


# MARK: Reachable from a phone

def lan_address():
    """This machine's first IPv4 address other than loopback, or None."""
    result = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True)
    for match in re.finditer(r"inet (\d+\.\d+\.\d+\.\d+)/", result.stdout):
        if not match.group(1).startswith("127."):
            return match.group(1)
    return None


def test_a_device_on_the_network_follows_a_bridge_on_its_address(daemon, bridges, followers):
    address = lan_address()
    if address is None:
        pytest.skip("no network address other than loopback")
    bridge = bridges([daemon.socket], listen=f"{address}:0")
    assert bridge.url.startswith(f"http://{address}:")
    # What the device dials: the printed URL, Host = that address.
    follower = followers(bridge.url)
    first = follower.line()
    assert_same_cards(first["cards"], daemon.client().ok("get_frame")["cards"])
    assert call(bridge, "POST", f"/request?token={bridge.token}", b'{"id":1,"cmd":"ping"}',
                {"Content-Type": "application/json"}, address=address)[0] == 200
    assert call(bridge, "GET", f"/page.css?token={bridge.token}", host=f"evil.example:{bridge.port}", address=address)[0] == 403


def test_listening_on_every_address_prints_a_url_for_each(daemon, bridges):
    address = lan_address()
    if address is None:
        pytest.skip("no network address other than loopback")
    bridge = bridges([daemon.socket], listen="0.0.0.0:0")
    # The lines come on standard error after the URL on standard output: read until they are there.
    want = f"http://{address}:{bridge.port}/?token={bridge.token}"
    os.set_blocking(bridge.proc.stderr.fileno(), False)
    seen = b""

    def printed():
        nonlocal seen
        try:
            seen += os.read(bridge.proc.stderr.fileno(), 65536)
        except BlockingIOError:
            pass
        return want.encode() in seen
    wait_for(printed, timeout=10, what="the device URLs on standard error")
    text = seen.decode()
    assert "plain HTTP" in text and "ssh -L" in text
