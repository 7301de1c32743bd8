"""`set_variants`: the daemon plays one client's grid of parameter sets on its one clock
(docs/protocol.md, section 4.1). Real daemon, real socket, `cardstack frame` as the oracle."""
import json
import subprocess
import sys

from harness import BIN, REPO, wait_for

BASE = """[layout]
style = "stack"
cards = 6
wrap = false
spacing = {spacing}

[viewport]
width = 300.0
height = 400.0

[animation]
fps = 30
duration = {duration}
"""
SPACINGS = [20.0, 40.0]
DURATIONS = [0.2, 0.4]


def close(a, b, path="frame"):
    """Whether two JSON values agree, numbers within 1e-9; raises with the place they differ."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        assert abs(a - b) <= 1e-9, (path, a, b)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, a, b)
        for k in a:
            close(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (path, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            close(x, y, f"{path}[{i}]")
    else:
        assert a == b, (path, a, b)


def local_frame(config, offset):
    out = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(config), "--offset", repr(offset)],
                         capture_output=True, text=True, timeout=30, check=True).stdout
    return json.loads(out)


def frames_until_rest(c, cells):
    """Every frame event until every cell has moved and come to rest (its frame has no
    `motion` after one that had): {cell: [frame entries in seq order]}."""
    seen = {i: [] for i in range(cells)}

    def done():
        return all(seen[i] and any("motion" in e for e in seen[i]) and
                   e_last_is_final(seen[i]) for i in seen)

    def e_last_is_final(entries):
        last = entries[-1]
        return "motion" in last and abs(last["frame"]["offset"] - last["motion"]["to"]) <= 1e-9

    def take():
        event = c.event("frame", timeout=10)
        assert "variants" in event, event
        for entry in event["variants"]:
            mine = seen[entry["cell"]]
            if not mine or mine[-1]["seq"] != entry["seq"]:
                mine.append(entry)
        return done()

    wait_for(take, timeout=30, interval=0, what="every cell's move to its end")
    return seen


def test_every_cell_is_its_own_sets_frames_and_all_start_at_one_time(make_daemon, tmp_path):
    daemon = make_daemon(BASE.format(spacing=30.0, duration=0.3))
    c = daemon.client()
    other = daemon.client()
    assert other.ok("subscribe", events=["frame"]) == {"events": ["frame"]}
    other.event("frame")
    grid = c.ok("set_variants", vary={"layout.spacing": SPACINGS, "animation.duration": DURATIONS})
    assert grid["columns"] == 2 and len(grid["cells"]) == 4
    expected = [(s, d) for d in DURATIONS for s in SPACINGS]
    assert [(x["params"]["layout"]["spacing"], x["params"]["animation"]["duration"]) for x in grid["cells"]] == expected
    configs = []
    for i, (spacing, duration) in enumerate(expected):
        path = tmp_path / f"cell{i}.toml"
        path.write_text(BASE.format(spacing=spacing, duration=duration))
        configs.append(path)
    c.ok("subscribe", events=["frame"])
    c.ok("next")
    cells = frames_until_rest(c, 4)
    starts = set()
    for i, entries in cells.items():
        moving = [e for e in entries if "motion" in e]
        starts.add(moving[0]["time"])
        assert moving[0]["time"] == moving[0]["motion"]["start"]
        for e in entries:
            close(e["frame"], local_frame(configs[i], e["frame"]["offset"]), f"cell {i} seq {e['seq']}")
        # Each cell ends one card on, at its own spacing.
        assert abs(entries[-1]["frame"]["offset"] - expected[i][0]) <= 1e-9
    assert len(starts) == 1, starts
    # The longer moves end later: the cells share the start, not the end.
    ends = [cells[i][-1]["time"] for i in range(4)]
    assert ends[2] > ends[0] and ends[3] > ends[1]
    # A client with no grid gets frames as before: no `variants`.
    event = other.event("frame", timeout=5)
    assert "variants" not in event


def test_a_hundred_by_hundred_grid_is_refused_clearly(daemon):
    c = daemon.client()
    reply = c.request("set_variants", vary={"layout.spacing": list(range(1, 101)),
                                            "animation.duration": [i / 100 for i in range(1, 101)]})
    assert not reply["ok"]
    assert reply["error"]["code"] == "invalid_argument"
    assert "100 × 100 grid is 10000 cells" in reply["error"]["message"], reply
    assert "at most 16 cells" in reply["error"]["message"]
    reply = c.request("set_variants", cells=[{"layout": {"spacing": 10 + i}} for i in range(17)])
    assert not reply["ok"] and "17 cells" in reply["error"]["message"], reply
    # The connection stays open, and a cell that does not validate is named.
    reply = c.request("set_variants", cells=[{}, {"layout": {"spacing": -1}}])
    assert not reply["ok"] and reply["error"]["message"].startswith("set_variants: cell 1:"), reply
    assert c.ok("ping") == {}


def test_clearing_the_grid_returns_to_plain_frames_and_new_values_rebase_it(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["frame"])
    c.event("frame")
    c.ok("set_variants", cells=[{"animation": {"duration": 0.1}}, {"animation": {"duration": 0.5}}], columns=2)
    assert len(c.event("frame")["variants"]) == 2
    c.ok("set_params", params={"layout": {"spacing": 44}})
    info = c.event("variants")
    assert [x["params"]["layout"]["spacing"] for x in info["cells"]] == [44, 44]
    assert [x["params"]["animation"]["duration"] for x in info["cells"]] == [0.1, 0.5]
    assert c.ok("set_variants", cells=[]) == {"revision": info["revision"], "columns": 0, "cells": []}
    c.ok("scroll", by=5)
    assert "variants" not in c.event("frame", where=lambda e: e["frame"]["offset"] != 0)


def test_the_example_sweeps_from_python(daemon):
    out = subprocess.run([sys.executable, str(REPO / "examples" / "variants.py"), "--socket", str(daemon.socket),
                          "animation.duration=0.1,0.3"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "cell 0 (animation.duration=0.1)" in out.stdout and "cell 1 (animation.duration=0.3)" in out.stdout
    assert "front card at" in out.stdout and "offset" in out.stdout
