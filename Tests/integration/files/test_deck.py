"""Styles switched live and deck edits (move, remove, insert) against the real daemon."""
import json
import subprocess

import pytest

from harness import BIN, REPO, wait_for

TITLES = [f"T{k}" for k in range(11)]
DECK_CONFIG = f"""
[layout]
style = "stack"
cards = 11

[card]
titles = {json.dumps(TITLES)}
"""


def local_frame(config_path, offset=0.0):
    """The frame `cardstack frame` computes with no daemon."""
    out = subprocess.run(
        [str(BIN / "cardstack"), "frame", "--config", str(config_path), "--offset", str(offset)],
        capture_output=True, text=True, timeout=10, check=True,
    ).stdout
    return json.loads(out)


def watcher(daemon):
    c = daemon.client()
    assert c.ok("subscribe", events=["frame", "state"]) == {"events": ["frame", "state"]}
    c.event("frame")
    return c


def settle(c):
    """Reads events until the daemon says it is at rest; returns the last frame event seen."""
    last = None
    while True:
        e = c.read()
        if e.get("event") == "frame":
            last = e
        if e.get("event") == "state" and not e["animating"]:
            return last


def titles(frame):
    return [card["title"] for card in frame["cards"]]


def front_title(frame):
    return frame["cards"][-1]["title"]


# Styles switched live


def test_set_params_switches_style_live(make_daemon):
    d = make_daemon()
    c = watcher(d)
    c.ok("set_params", params={"layout": {"style": "coverflow"}})
    frame = c.event("frame")["frame"]
    assert frame["style"] == "coverflow"
    # Cover flow's shapes: the centre card faces the viewer, its neighbours are turned 81°.
    by_ratio = {round(card["ratio"]): card for card in frame["cards"]}
    assert by_ratio[0]["transform"][0] == pytest.approx(1)
    assert abs(by_ratio[1]["transform"][0]) == pytest.approx(0.156, abs=0.01)
    assert by_ratio[0] is frame["cards"][-1], "the centre card draws on top"
    # The same frame `cardstack frame` computes from a file with that style.
    text = d.config.read_text().replace('style = "stack"', 'style = "coverflow"')
    assert 'style = "coverflow"' in text
    other = d.dir / "coverflow.toml"
    other.write_text(text)
    assert c.ok("get_frame") == local_frame(other)


def test_file_edit_switches_style_live(make_daemon):
    d = make_daemon()
    c = watcher(d)
    d.config.write_text(d.config.read_text().replace('style = "stack"', 'style = "zoom_flow"'))
    frame = c.event("frame", where=lambda e: e["frame"]["style"] == "zoom_flow")["frame"]
    assert frame == local_frame(d.config)
    # Zoom flow: no rotation, the centre card full size, its neighbours smaller.
    assert frame["cards"][-1]["scale"] == pytest.approx(1)
    assert all(card["scale"] < 1 for card in frame["cards"][:-1])


@pytest.mark.parametrize("style", ["coverflow2", "switcher7"])
def test_stateful_styles_rest_like_the_resting_form(make_daemon, style):
    d = make_daemon(DECK_CONFIG.replace('"stack"', f'"{style}"'))
    c = watcher(d)
    c.ok("next", count=2)
    settle(c)
    assert c.ok("get_frame") == local_frame(d.config, offset=2 * 30)


# Deck edits with two clients watching


def test_deck_edits_with_two_clients(make_daemon):
    d = make_daemon(DECK_CONFIG)
    a, b = watcher(d), watcher(d)
    assert a.ok("get_state")["cards"] == 11

    # Remove the front card: it flies away, the rest close up; both see the same frames.
    assert a.ok("remove", item=0) == {"cards": 10, "front": 0}
    for c in (a, b):
        c.event("state", where=lambda e: e["cards"] == 10)
    last_a, last_b = settle(a), settle(b)
    assert last_a["seq"] == last_b["seq"] and last_a["frame"] == last_b["frame"]
    frame = a.ok("get_frame")
    assert frame == last_a["frame"]
    assert front_title(frame) == "T1" and "T0" not in titles(frame)
    assert a.ok("get_state")["cards"] == 10 and b.ok("get_state")["cards"] == 10

    # Move the front card two places on: it stays in front, the cards behind change.
    assert b.ok("move", **{"from": 0, "to": 2}) == {"cards": 10, "front": 2}
    for c in (a, b):
        c.event("state", where=lambda e: e["cards"] == 10)
    last_a, last_b = settle(a), settle(b)
    assert last_a["frame"] == last_b["frame"]
    frame = last_a["frame"]
    assert front_title(frame) == "T1"
    assert titles(frame)[-2] == "T4", "T2 and T3 now come before T1"

    # Insert behind the front card: it fades in there.
    assert a.ok("insert", at=3, title="New") == {"cards": 11, "front": 2}
    for c in (a, b):
        c.event("state", where=lambda e: e["cards"] == 11)
    frames_a = []
    while True:
        e = a.read()
        if e.get("event") == "frame":
            frames_a.append(e["frame"])
        if e.get("event") == "state" and not e["animating"]:
            break
    assert len(frames_a) >= 2, "the insert animates"
    new_alpha = [next((c["alpha"] for c in f["cards"] if c["title"] == "New"), 0) for f in frames_a]
    assert new_alpha[-1] == 1 and min(new_alpha) < 1
    assert titles(frames_a[-1])[-2] == "New" and front_title(frames_a[-1]) == "T1"
    assert settle(b)["frame"] == frames_a[-1]

    # The whole deck, front to back, by scrolling to each card.
    seen = []
    for k in range(11):
        a.ok("scroll_to", offset=k * 30)
        seen.append(front_title(a.ok("get_frame")))
    assert seen == ["T2", "T3", "T1", "New", "T4", "T5", "T6", "T7", "T8", "T9", "T10"]
    # get_params still reports the starting deck.
    assert a.ok("get_params")["params"]["card"]["titles"] == TITLES


def test_parameters_that_change_the_deck_reset_it(make_daemon):
    d = make_daemon(DECK_CONFIG)
    c = d.client()
    c.ok("remove", item=5)
    c.ok("set_params", params={"layout": {"spacing": 40}})
    assert c.ok("get_state")["cards"] == 10, "other parameters keep the edited deck"
    c.ok("set_params", params={"card": {"titles": ["x", "y"]}})
    assert c.ok("get_state")["cards"] == 11
    assert front_title(c.ok("get_frame")) == "x"
    c.ok("insert", at=0, title="first")
    d.config.write_text(DECK_CONFIG.replace("cards = 11", "cards = 7"))
    wait_for(lambda: c.ok("get_state")["cards"] == 7, what="the reload to reset the deck")
    frame = c.ok("get_frame")
    # The position is kept (item 1, where the insert had moved the front card), the deck is the file's.
    assert frame["front"] == 1 and front_title(frame) == "T1"


def test_cli_edits(make_daemon):
    d = make_daemon(DECK_CONFIG)
    assert json.loads(d.cli("remove", "0").stdout) == {"cards": 10, "front": 0}
    assert json.loads(d.cli("insert", "0", "Hello").stdout) == {"cards": 11, "front": 1}
    assert json.loads(d.cli("move", "1", "0").stdout) == {"cards": 11, "front": 0}
    bad = d.cli("remove", "11", check=False)
    assert bad.returncode == 1 and "0...10" in bad.stderr


def edit_error(c, cmd, **args):
    reply = c.request(cmd, **args)
    assert not reply["ok"], reply
    assert reply["error"]["code"] == "invalid_argument", reply
    return reply["error"]["message"]


def test_bad_edits_say_what_is_allowed(make_daemon):
    d = make_daemon(DECK_CONFIG)
    c = d.client()
    assert "0...10" in edit_error(c, "remove", item=11)
    assert "0...10" in edit_error(c, "remove", item=-1)
    assert "0...11" in edit_error(c, "insert", at=12, title="x")
    assert "1 to 200 characters" in edit_error(c, "insert", at=0, title="")
    assert "title" in edit_error(c, "insert", at=0)
    assert '"to"' in edit_error(c, "move", **{"from": 0})
    assert "0...10" in edit_error(c, "move", **{"from": 0, "to": 11})
    assert "integer" in edit_error(c, "remove", item="2")
    assert "integer" in edit_error(c, "remove", item=1.5)
    # Nothing changed, and the connection is still usable.
    assert c.ok("get_state")["cards"] == 11
    c.ok("set_params", params={"layout": {"cards": 1}})
    assert "at least one" in edit_error(c, "remove", item=0)
    c.ok("set_params", params={"layout": {"cards": 1000000}})
    assert "100000" in edit_error(c, "insert", at=0, title="x")
    assert c.ok("get_state")["cards"] == 1000000


def test_frame_svg_needs_no_daemon(tmp_path):
    out = tmp_path / "coverflow.svg"
    subprocess.run(
        [str(BIN / "cardstack"), "frame", "--config", str(REPO / "Config/presets/coverflow.toml"),
         "--offset", "250", "--svg", str(out)],
        check=True, timeout=10,
    )
    text = out.read_text()
    assert text.startswith("<svg") and "cardstack coverflow at offset 250" in text
    assert text.count("<polygon") >= 5


# State the originals keep, kept by the daemon


def test_coverflow2_toggle_eases_after_the_index_changes(make_daemon):
    d = make_daemon((REPO / "Config/presets/coverflow2.toml").read_text())
    c = watcher(d)
    c.ok("scroll", by=60)  # item 1 becomes current at 0.4 items from the centre

    def turn(frame):
        return next(card for card in frame["cards"] if card["item"] == 1)["transform"][0]

    # Until the card is flat (a tick that comes late drops frames, not the end), then no more.
    events = [c.event("frame")]
    while turn(events[-1]["frame"]) != 1 and len(events) <= 40:
        events.append(c.event("frame", timeout=10))
    with pytest.raises(TimeoutError):
        c.event("frame", timeout=1)
    frames = [e["frame"] for e in events]
    assert turn(frames[0]) == pytest.approx(0.156, abs=0.01), "it arrives fully turned"
    assert turn(frames[-1]) == pytest.approx(1), "and turns flat as the toggle eases"
    # The ease takes 0.2 to 0.4 s; its last frame comes at the first tick after it ends.
    span = events[-1]["time"] - events[0]["time"]
    assert span >= 0.2 and len(frames) <= 40, ("frames only while the toggle eases", span, len(frames))
    assert not c.ok("get_state")["animating"]


def test_switcher7_current_card_keeps_the_picture_continuous(make_daemon):
    d = make_daemon((REPO / "Config/presets/switcher7.toml").read_text())
    c = d.client()
    c.ok("scroll_to", offset=200)  # two thirds of a page on from card 0: card 0 is still current
    from_left = c.ok("get_frame")
    c.ok("scroll_to", offset=300)
    c.ok("scroll_to", offset=200)  # a third of a page back from card 1: card 1 stays current
    from_right = c.ok("get_frame")
    scale = lambda frame, item: next(card["scale"] for card in frame["cards"] if card["item"] == item)
    # The source's scale and opacity are continuous across the switch, so with either card
    # current the two cards it updates look the same, and equal the resting form.
    assert scale(from_left, 0) == pytest.approx(1 - 0.1 * 2 / 3)
    assert scale(from_right, 1) == pytest.approx(1 - 0.1 / 3)
    assert from_left["cards"] == from_right["cards"]
    config = d.dir / "switcher7.toml"
    config.write_text(d.config.read_text())
    assert from_right == local_frame(config, offset=200)
