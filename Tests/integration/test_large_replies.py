"""Replies over 1 MiB reach the client; frames stay within their card cap."""
import json

from conftest import wait_for


def big_frame_config():
    # 200-character titles of control characters (six bytes each as JSON) on 1024 cards.
    title = "\\u0001" * 200
    return f'[layout]\nstyle = "zoom_flow"\ncards = 2000\nspacing = 1e-9\n[card]\ntitles = ["{title}"]\n'


def test_a_frame_reply_over_a_mebibyte_is_answered(make_daemon):
    d = make_daemon(config_text=big_frame_config())
    c = d.client()
    assert c.ok("get_params")["error"] is None
    c.sock.settimeout(30)
    c.send({"id": 7, "cmd": "get_frame"})
    data = b""
    while b"\n" not in data:
        chunk = c.sock.recv(1 << 20)
        assert chunk, "the daemon closed the connection"
        data += chunk
    line = data.split(b"\n", 1)[0]
    assert len(line) > 1 << 20
    reply = json.loads(line)
    assert reply["ok"] and len(reply["result"]["cards"]) == 1024
    assert c.ok("ping") == {}


def test_params_over_a_mebibyte_are_answered(make_daemon):
    tabs = "\t" * 8  # one byte each in the file, two as JSON
    titles = ", ".join(f'"{tabs}"' for _ in range(80_000))
    d = make_daemon(config_text=f"[card]\ntitles = [{titles}]\n")
    c = d.client()
    c.sock.settimeout(30)
    reply = c.request("get_params", timeout=30)
    assert reply["ok"] and len(reply["result"]["params"]["card"]["titles"]) == 80_000
    assert reply["result"]["error"] is None
    assert c.ok("ping") == {}


def test_titles_longer_than_insert_allows_are_refused_with_a_place(make_daemon):
    d = make_daemon(config_text='[card]\ntitles = ["ok", "' + "x" * 201 + '"]\n')
    c = d.client()
    error = c.ok("get_params")["error"]
    assert (error["line"], error["column"]) == (2, 17), error
    assert "at most 200" in error["message"]


def test_a_removal_at_the_cap_keeps_the_frame_within_1024_cards(make_daemon):
    d = make_daemon(config_text='[layout]\nstyle = "zoom_flow"\ncards = 2000\nspacing = 1e-9\n')
    c = d.client()
    assert len(c.ok("get_frame")["cards"]) == 1024
    # An animation runs when the removal comes: `next` moves one card (a fling at this spacing
    # would reach the deck's end within a microsecond, so where the removal found it would
    # depend on when the first tick ran).
    c.ok("next")
    c.ok("remove", item=0)
    for _ in range(5):
        frame = c.ok("get_frame")
        assert len(frame["cards"]) <= 1024
    wait_for(lambda: not c.ok("get_state")["animating"], timeout=10, what="the removal to end")
    assert len(c.ok("get_frame")["cards"]) == 1024
