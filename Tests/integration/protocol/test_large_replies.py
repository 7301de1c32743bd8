"""Replies over 1 MiB reach the client; frames stay within their card cap and under 1 MiB."""
import json
import subprocess

from harness import BIN, wait_for


def test_titles_that_made_a_frame_over_a_mebibyte_are_refused(make_daemon):
    # 200-character titles of control characters (six bytes each as JSON) on 1024 cards made
    # a 1.4 MB frame; a title is now bounded in bytes too, so a frame of 1024 cards stays
    # under 1 MiB (test_stalls.py checks one at the limit).
    title = "\\u0001" * 200
    d = make_daemon(config_text=f'[layout]\nstyle = "zoom_flow"\ncards = 2000\nspacing = 1e-9\n[card]\ntitles = ["{title}"]\n')
    c = d.client()
    error = c.ok("get_params")["error"]
    assert "card.titles[0] is 1200 bytes" in error["message"], error
    assert (error["line"], error["column"]) == (6, 11), error
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
    # At rest: the cards a 1999-card deck shows at that offset (where the removal stopped the
    # move depends on how many ticks it had, so the offset is whatever it is)...
    rest = c.ok("get_frame")
    local = d.dir / "1999.toml"
    local.write_text('[layout]\nstyle = "zoom_flow"\ncards = 1999\nspacing = 1e-9\n')
    result = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(local), "--offset", repr(rest["offset"])],
                            capture_output=True, text=True, timeout=20, check=True)
    assert [card["index"] for card in rest["cards"]] == [card["index"] for card in json.loads(result.stdout)["cards"]]
    # ...and back at the start, the cap is full again.
    c.ok("scroll_to", offset=0)
    assert len(c.ok("get_frame")["cards"]) == 1024
