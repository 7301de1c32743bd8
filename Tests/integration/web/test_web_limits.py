"""`cardstack web` holds what it is sent, and only that: floods from a peer that never reads,
connections that never finish their headers, and frames RFC 6455 says to close on. Raw
sockets against a real bridge and a real daemon; seeded; every wait has a deadline."""
import json
import os
import random
import socket
import time

import pytest

from harness import wait_for
from webtools import Bridge, WebSocket, frame_bytes, rss_kib

pytestmark = pytest.mark.slow  # a flood or a long seeded run: `-m "not slow"` leaves it out

# Seconds a request has to be complete (BridgeLimits.requestSeconds).
REQUEST_SECONDS = 5
# What a flooding peer may make the bridge hold while it floods, and what may stay after it
# closes (the bridge caps one connection's queue at 1 MiB; allocator slack comes on top).
FLOOD_PEAK_KIB = 32 << 10
FLOOD_AFTER_KIB = 16 << 10
# How long each flood and how many floods (three 2 s floods in the suite; the attack that
# found the bug flooded for three 20 s rounds: CARDSTACK_FLOOD_SECONDS=20 for that).
FLOOD_SECONDS = float(os.environ.get("CARDSTACK_FLOOD_SECONDS", "2"))
FLOOD_ROUNDS = int(os.environ.get("CARDSTACK_FLOOD_ROUNDS", "3"))


@pytest.fixture
def bridge(daemon):
    b = Bridge([daemon.socket])
    yield b
    b.stop()


def open_ws(bridge, **kwargs):
    ws = WebSocket(bridge.port, f"/ws?token={bridge.token}", origin=f"http://127.0.0.1:{bridge.port}", **kwargs)
    assert ws.status == 101, ws.head
    return ws


def answered_ping(bridge, timeout=20):
    """A fresh WebSocket gets its ping answered by the daemon through the bridge (a liveness
    deadline: what a closed flooder had sent is still read and parsed, on a busy machine)."""
    ws = open_ws(bridge, timeout=timeout)
    ws.send_text(json.dumps({"id": "alive", "cmd": "ping"}))
    reply = ws.read_json(lambda m: m.get("id") == "alive", timeout=timeout)
    ws.close()
    return reply["ok"]


def flood(ws, frames, seconds):
    """Sends `frames` (cycled) without ever reading, until `seconds` pass; the bridge may stop
    reading (the sends block) or drop the connection. Returns the peak RSS seen."""
    ws.sock.setblocking(False)
    deadline = time.monotonic() + seconds
    pending = b""
    i = 0
    while time.monotonic() < deadline:
        if not pending:
            pending = b"".join(frames[(i + k) % len(frames)] for k in range(256))
            i += 256
        try:
            sent = ws.sock.send(pending)
            pending = pending[sent:]
        except BlockingIOError:
            time.sleep(0.005)
        except (BrokenPipeError, ConnectionResetError):
            return "dropped"
    return "flooded"


@pytest.mark.parametrize("kind", ["ping", "binary", "newline"])
def test_a_peer_that_never_reads_cannot_make_the_bridge_hold_more(daemon, bridge, kind):
    rng = random.Random(f"flood-{kind}")
    assert answered_ping(bridge)
    baseline = rss_kib(bridge.proc.pid)
    if kind == "ping":
        frames = [frame_bytes(0x9, rng.randbytes(rng.randrange(0, 126))) for _ in range(64)]
    elif kind == "binary":
        frames = [frame_bytes(0x2, rng.randbytes(rng.randrange(1, 200))) for _ in range(64)]
    else:
        frames = [frame_bytes(0x1, b'{"cmd":"ping"}\n{"cmd":"ping"}' + b" " * rng.randrange(0, 100)) for _ in range(64)]
    peak = baseline
    for _ in range(FLOOD_ROUNDS):
        ws = open_ws(bridge, receive_buffer=4096)
        flood(ws, frames, seconds=FLOOD_SECONDS)
        peak = max(peak, rss_kib(bridge.proc.pid))
        ws.close()
    assert peak - baseline < FLOOD_PEAK_KIB, (baseline, peak)
    wait_for(lambda: rss_kib(bridge.proc.pid) - baseline < FLOOD_AFTER_KIB, timeout=10,
             what=f"the bridge's memory back near {baseline} KiB")
    # And the bridge still serves everyone else.
    assert answered_ping(bridge)


def test_the_daemons_answers_still_wait_for_a_slow_page(daemon, bridge):
    """Requests whose answers the page does not read: the bridge stops reading the page
    instead of holding the answers, and the page gets them all once it reads."""
    ws = open_ws(bridge, receive_buffer=4096)
    assert ws.read_json(lambda m: m.get("event") == "bridge")["state"] == "connected"
    lines = b"".join(frame_bytes(0x1, json.dumps({"id": k, "cmd": "get_state"}).encode()) for k in range(400))
    ws.sock.sendall(lines)
    seen = set()
    while len(seen) < 400:
        message = ws.read_json(lambda m: "id" in m, timeout=10)
        seen.add(message["id"])
    ws.close()


def read_close_or_eof(ws):
    """The close code the bridge sends, or None when it only closed the socket."""
    try:
        return ws.read_close(timeout=10)
    except ConnectionError:
        return None


def test_an_unmasked_frame_is_closed_with_1002_and_not_relayed(daemon, bridge):
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    ws = open_ws(bridge)
    assert ws.read_json(lambda m: m.get("event") == "hello")
    request = {"id": 1, "cmd": "set_params", "params": {"layout": {"spacing": spacing + 11}}}
    ws.send_frame(0x1, json.dumps(request).encode(), masked=False)
    assert read_close_or_eof(ws) == 1002
    assert ws.sock.recv(1) == b""
    assert daemon.client().ok("get_params")["params"]["layout"]["spacing"] == spacing


def test_a_text_frame_of_invalid_utf8_is_closed_with_1007_and_not_relayed(daemon, bridge):
    rng = random.Random("utf8")
    spacing = daemon.client().ok("get_params")["params"]["layout"]["spacing"]
    bad = [b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82"]
    for k in range(5):
        ws = open_ws(bridge)
        assert ws.read_json(lambda m: m.get("event") == "hello")
        text = json.dumps({"id": k, "cmd": "set_params", "params": {"card": {"titles": ["@"]}, "layout": {"spacing": spacing + 7}}})
        ws.send_frame(0x1, text.encode().replace(b"@", rng.choice(bad)))
        assert read_close_or_eof(ws) == 1007
        ws.close()
    assert daemon.client().ok("get_params")["params"]["layout"]["spacing"] == spacing
    # Valid UTF-8 beyond ASCII still goes through.
    ws = open_ws(bridge)
    ws.send_text(json.dumps({"id": "ok", "cmd": "set_params", "params": {"card": {"titles": ["été ✓"]}}}, ensure_ascii=False))
    assert ws.read_json(lambda m: m.get("id") == "ok")["ok"]
    ws.close()


def test_connections_that_never_finish_their_headers_are_closed(daemon, bridge):
    import resource
    count = 500
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 200), hard))
    descriptors = lambda: len(os.listdir(f"/proc/{bridge.proc.pid}/fd"))
    before = descriptors()
    rng = random.Random("headers")
    partial = f"GET /?token={bridge.token} HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\n".encode()
    slow = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", bridge.port), timeout=5)
        s.sendall(partial[: rng.randrange(0, len(partial) + 1)])
        slow.append(s)
    # A peer that finishes in time is served meanwhile.
    assert answered_ping(bridge)

    def all_closed():
        for s in list(slow):
            s.setblocking(False)
            try:
                if s.recv(4096) == b"":
                    slow.remove(s)
                    s.close()
            except BlockingIOError:
                return False
            except ConnectionResetError:
                slow.remove(s)
                s.close()
        return not slow
    wait_for(all_closed, timeout=REQUEST_SECONDS + 15, interval=0.2, what="the bridge to close the unfinished requests")
    wait_for(lambda: descriptors() <= before + 2, timeout=5, what="the bridge's descriptors given back")


def test_an_idle_keep_alive_connection_is_closed_and_a_prompt_one_served(daemon, bridge):
    s = socket.create_connection(("127.0.0.1", bridge.port), timeout=5)
    request = f"GET /page.css?token={bridge.token} HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\n\r\n".encode()
    s.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    assert data.startswith(b"HTTP/1.1 200")
    # Then nothing: the connection is closed once the next request is late.
    s.settimeout(REQUEST_SECONDS + 15)
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
    s.close()
