"""What `cardstack web` takes in with a request: a `/render` upload is under the same 5 s
deadline as every request, only so many bodies are held at once (the next gets 503), and a
`/request` body that holds no request gets 400 at once. Raw sockets against a real bridge."""
import http.client
import socket
import time

import pytest

from harness import wait_for
from webtools import Bridge, rss_kib

# BridgeLimits.requestSeconds and BridgeLimits.bodiesHeld.
REQUEST_SECONDS = 5
BODIES_HELD = 4


@pytest.fixture
def bridge(daemon):
    b = Bridge([daemon.socket])
    yield b
    b.stop()


def upload_head(bridge, length):
    return (f"POST /render?format=gif&token={bridge.token} HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def slow_upload(bridge, sent=1000, length=30 << 20):
    """An upload that sends its head and `sent` bytes of a `length`-byte body, then holds."""
    s = socket.create_connection(("127.0.0.1", bridge.port), timeout=10)
    s.sendall(upload_head(bridge, length))
    chunk = b"x" * min(sent, 1 << 20)
    left = sent
    try:
        while left > 0:
            s.sendall(chunk[:left])
            left -= len(chunk)
    except OSError:
        pass
    return s


def response_or_close(s, timeout):
    """The status of what the bridge answers (0 when it closes without answering), or None
    when nothing comes within `timeout`."""
    s.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except socket.timeout:
        return None if not data else int(data.split(b" ")[1])
    except ConnectionResetError:
        pass
    return int(data.split(b" ")[1]) if data else 0


def served(bridge, path):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status == 200


def test_an_upload_that_never_finishes_is_cut_at_the_request_deadline(daemon, bridge):
    s = slow_upload(bridge)
    start = time.monotonic()
    assert response_or_close(s, REQUEST_SECONDS + 15) == 0
    # Cut by the deadline, not by anything sooner.
    assert time.monotonic() - start > REQUEST_SECONDS - 1
    s.close()


def test_bodies_held_at_once_are_capped_and_the_next_upload_is_refused(daemon, bridge):
    held = [slow_upload(bridge) for _ in range(BODIES_HELD)]
    # A barrier: once a later request is answered, the one event loop has read what the held
    # uploads sent before it.
    assert served(bridge, f"/page.css?token={bridge.token}")
    s = slow_upload(bridge, sent=1)
    s.settimeout(10)
    refusal = s.recv(65536).decode(errors="replace")
    s.close()
    assert refusal.startswith("HTTP/1.1 503"), refusal
    assert f"{BODIES_HELD} uploads are already being received or rendered" in refusal, refusal
    # The held ones are cut at the deadline; then an upload is taken again (and this one is no
    # recording, so the renderer says so).
    for s in held:
        assert response_or_close(s, REQUEST_SECONDS + 15) == 0
        s.close()

    def taken():
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
        conn.request("POST", f"/render?format=gif&token={bridge.token}", body=b"not a recording\n")
        response = conn.getresponse()
        response.read()
        conn.close()
        return response.status == 400
    wait_for(taken, timeout=10, interval=0.1, what="an upload to be taken once the held ones are cut")


def test_held_uploads_keep_the_bridge_memory_flat(daemon, bridge):
    """Twelve uploads that each send 8 MiB of a 30 MiB recording and hold: the bridge keeps
    at most BODIES_HELD of them (the others get 503), and gives it all back when they are cut."""
    baseline = rss_kib(bridge.proc.pid)
    held = [slow_upload(bridge, sent=8 << 20) for _ in range(12)]
    peak = rss_kib(bridge.proc.pid)
    # At most BODIES_HELD bodies of 8 MiB each (a buffer may double as it grows), not twelve.
    assert peak - baseline < BODIES_HELD * 16 << 10, (baseline, peak)
    for s in held:
        response_or_close(s, REQUEST_SECONDS + 15)
        s.close()


def test_a_request_body_of_only_whitespace_is_answered_400(daemon, bridge):
    for body in (b" ", b" \t \r\n", b"\n\n"):
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
        conn.request("POST", f"/request?token={bridge.token}", body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        text = response.read().decode()
        conn.close()
        assert response.status == 400, (body, response.status, text)
        assert "holds no request" in text, text


def test_a_whole_upload_near_the_limit_arrives_within_the_deadline(daemon, bridge):
    """31 MiB sent at once is taken in well within the 5 s (each piece is appended, never the
    whole body copied again), and answered: this one is no recording."""
    body = b"x" * (31 << 20)
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=60)
    conn.request("POST", f"/render?format=gif&token={bridge.token}", body=body)
    response = conn.getresponse()
    text = response.read().decode(errors="replace")
    conn.close()
    assert response.status == 400 and "cannot render" in text, (response.status, text[:200])
