"""`POST /trace` on a real `cardstack web`: an app's device trace (JSON lines of
{"time", "duration", "offset"}) is taken with the token, kept as the newest for the page
(`GET /trace`), and refused without the token (403), from another origin (403), over
262144 bytes (413), without its content type (415) or when a line is not a presented frame
(400, which line and why). docs/protocol.md §10, docs/tuning.md "Device traces"."""
import http.client
import json

import pytest

from webtools import Bridge

MAXIMUM_BYTES = 256 << 10  # TraceStore.maximumBytes
NDJSON = {"Content-Type": "application/x-ndjson"}


@pytest.fixture
def bridge(daemon):
    b = Bridge([daemon.socket])
    yield b
    b.stop()


def trace(count, start=1.0):
    return "".join(json.dumps({"time": start + k / 120, "duration": 1 / 120, "offset": k * 0.5}) + "\n"
                   for k in range(count)).encode()


def call(bridge, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_a_trace_is_kept_for_the_page_and_the_newest_wins(bridge):
    path = f"/trace?token={bridge.token}"
    status, text = call(bridge, "GET", path)
    assert status == 404 and b"no trace yet" in text, text
    first = trace(60)
    assert call(bridge, "POST", path, first, NDJSON) == (200, b'{"frames":60}\n')
    assert call(bridge, "GET", path) == (200, first)
    second = trace(72, start=5.0)
    assert call(bridge, "POST", path, second, NDJSON) == (200, b'{"frames":72}\n')
    # A refused trace leaves the one held.
    status, text = call(bridge, "POST", path, second + b'{"time": 1}\n', NDJSON)
    assert status == 400 and text.startswith(b'not a device trace: line 73: "duration" must be a finite number'), text
    assert call(bridge, "GET", path) == (200, second)


def test_a_trace_is_bounded_and_gated(bridge):
    body = trace(10)
    status, text = call(bridge, "POST", "/trace", body, NDJSON)
    assert status == 403 and b"token" in text, text
    status, text = call(bridge, "POST", "/trace?token=wrong", body, NDJSON)
    assert status == 403, text
    path = f"/trace?token={bridge.token}"
    status, text = call(bridge, "POST", path, body, {**NDJSON, "Origin": "http://evil.example"})
    assert status == 403, text
    status, text = call(bridge, "POST", path, body, {"Content-Type": "text/plain"})
    assert status == 415 and b"application/x-ndjson" in text, text
    big = trace(4000)
    assert len(big) > MAXIMUM_BYTES
    status, text = call(bridge, "POST", path, big, NDJSON)
    assert status == 413 and f"at most {MAXIMUM_BYTES} bytes".encode() in text, text
    near = trace(3400)
    assert len(near) <= MAXIMUM_BYTES
    assert call(bridge, "POST", path, near, NDJSON) == (200, b'{"frames":3400}\n')
    status, text = call(bridge, "PUT", path, body, NDJSON)
    assert status == 405, text
    status, text = call(bridge, "GET", path)
    assert status == 200 and text == near
