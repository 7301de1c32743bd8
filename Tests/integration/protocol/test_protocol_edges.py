"""Protocol edges: surrogates, CRLF at the line limit, a flood."""
import json
import socket

LIMIT = 65536


def test_a_lone_surrogate_keeps_what_follows(daemon):
    c = daemon.client()
    for raw, expected in [(r'"\ud800A"', "\ufffdA"), (r'"\ud800\u0041"', "\ufffdA"),
                          (r'"\ud800\ud800\udc00"', "\ufffd\U00010000"), (r'"\udc00x"', "\ufffdx")]:
        c.send_line(b'{"id":1,"cmd":"set_params","params":{"card":{"titles":[' + raw.encode() + b"]}}}\n")
        reply = c.read()
        assert reply["ok"], reply
        assert reply["result"]["params"]["card"]["titles"] == [expected], (raw, reply)


def line_of(length, rid):
    head = json.dumps({"id": rid, "cmd": "ping", "pad": ""})[:-2]
    line = head + " " * (length - len(head) - 2) + '"}'
    assert len(line) == length
    return line.encode()


def test_crlf_does_not_count_toward_the_line_limit(daemon):
    c = daemon.client()
    c.send_line(line_of(LIMIT, 1) + b"\r\n")
    assert c.read() == {"id": 1, "ok": True, "result": {}}
    # The \r in a packet of its own, the \n after it.
    c.send_line(line_of(LIMIT, 2) + b"\r")
    c.send_line(b"\n")
    assert c.read() == {"id": 2, "ok": True, "result": {}}
    c.send_line(line_of(LIMIT + 1, 3) + b"\r\n")
    reply = c.read()
    assert reply["error"]["code"] == "line_too_long", reply


def test_a_flood_is_cut_off_promptly(daemon):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(str(daemon.socket))
    s.settimeout(10)
    chunk = b"x" * (1 << 20)
    sent = 0
    try:
        while sent < 100 << 20:
            sent += s.send(chunk)
    except OSError:
        pass
    # The daemon stopped reading at the first line over the limit and closed.
    assert sent < 16 << 20, f"{sent} bytes were taken before the connection closed"
    try:
        while s.recv(1 << 16):  # the reply and bye (if the peer took them), then the end
            pass
    except ConnectionResetError:
        pass  # closed with the flood still unread: that is the point
    s.close()
    assert daemon.client().ok("ping") == {}
