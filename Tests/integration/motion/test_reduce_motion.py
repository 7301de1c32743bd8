"""Reduce Motion (`animation.reduce_motion`, `[reduced]`, docs/parameters.md "Reduce Motion"):
the daemon's frames through the real socket follow the reduced keys exactly, for a step, a
fling, a deck edit and the circle reveal, and turning it off restores the full motion.

The oracle for each frame's cards is a second daemon whose own keys are the reduced values,
jumped (`scroll_to`) to the same offset: the same layout code with the same numbers."""
import math
import subprocess

from harness import BIN, MOTION, subscribed
from motiontools import move_frames

# The reduced values, and the full ones they stand in for.
REDUCED = """
[reduced]
crossfade = 0

[reduced.animation]
duration = 0.5
curve = "linear"
deceleration = 0.99
remove_duration = 0.2

[reduced.layout]
m34 = -0.001
flip_range = [1.0, 1.05]
"""


def config(animation, extra=""):
    return f"""[layout]
style = "stack"
cards = 11
spacing = 30.0
{extra}
[viewport]
width = 375.0
height = 667.0

[animation]
fps = 60
duration = 0.3
curve = "decelerate"
remove_duration = 0.3
{animation}
{REDUCED}"""


# The oracle: the reduced values as the file's own.
ORACLE = config('deceleration = 0.99', extra="m34 = -0.001\nflip_range = [1.0, 1.05]\n").replace(
    "duration = 0.3\ncurve = \"decelerate\"", 'duration = 0.5\ncurve = "linear"')


def close(a, b, path="frame"):
    """Every number of `a` within 1e-9 of `b`'s, the rest equal."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, a, b)
        for k in a:
            close(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (path, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            close(x, y, f"{path}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert abs(a - b) <= 1e-9, (path, a, b)
    else:
        assert a == b, (path, a, b)


def same_layout(oracle, frames):
    """Each frame's cards are the oracle's at its offset."""
    for f in frames:
        frame = f["frame"]
        oracle.ok("scroll_to", offset=frame["offset"])
        expected = oracle.ok("get_frame")
        close(frame["cards"], expected["cards"])


def switch(c, on):
    """Turns Reduce Motion on or off over `set_params`, and reads the state event the new
    values send after their frame, so the next move's frames start clean."""
    c.ok("set_params", params={"animation": {"reduce_motion": on}})
    c.event("state")
    c.events.clear()


def landing(u):
    u = min(u, 1)
    return (1 - 0.01**u - u * 0.01 * math.log(100)) / (1 - 0.01 - 0.01 * math.log(100))


def test_a_step_follows_the_reduced_keys_and_off_restores_the_full_motion(make_daemon):
    daemon = make_daemon(config("reduce_motion = true"))
    oracle = make_daemon(ORACLE).client()
    c = subscribed(daemon, MOTION, first_frame=True)
    result, frames = move_frames(c, "next")
    assert result == {"target": 30.0}
    start = frames[0]["time"]
    for f in frames:
        u = min((f["time"] - start) / 0.5, 1)
        assert abs(f["frame"]["offset"] - 30 * u) <= 1e-9, (u, f["frame"]["offset"])
    assert frames[-1]["time"] - start >= 0.5 and frames[-2]["time"] - start < 0.5
    assert frames[-1]["frame"]["offset"] == 30.0
    same_layout(oracle, frames)

    # Off again: the file's own 0.3 s landing curve and perspective.
    switch(c, False)
    result, frames = move_frames(c, "next")
    assert result == {"target": 60.0}
    start = frames[0]["time"]
    for f in frames:
        u = (f["time"] - start) / 0.3
        assert abs(f["frame"]["offset"] - (30 + 30 * landing(u))) <= 1e-9, (u, f["frame"]["offset"])
    assert frames[-2]["time"] - start < 0.3 <= frames[-1]["time"] - start
    full = make_daemon(config("")).client()
    same_layout(full, frames)

    # And on again through set_params.
    switch(c, True)
    _, frames = move_frames(c, "prev")
    start = frames[0]["time"]
    for f in frames:
        assert abs(f["frame"]["offset"] - (60 - 30 * min((f["time"] - start) / 0.5, 1))) <= 1e-9
    same_layout(oracle, frames)


def test_a_fling_coasts_by_the_reduced_deceleration(make_daemon):
    daemon = make_daemon(config("reduce_motion = true"))
    oracle_daemon = make_daemon(ORACLE)
    oracle = oracle_daemon.client()
    full = make_daemon(config("")).client()
    c = subscribed(daemon, MOTION, first_frame=True)
    result, frames = move_frames(c, "fling", velocity=1500)
    assert result == oracle.ok("fling", velocity=1500)
    assert result != full.ok("fling", velocity=1500), "0.99 per ms coasts less far than 0.998"
    oracle.ok("scroll_to", offset=0)
    assert frames[-1]["frame"]["offset"] == result["target"] % 330
    same_layout(oracle, frames)


def test_a_deck_edit_takes_the_reduced_duration(make_daemon):
    daemon = make_daemon(config("reduce_motion = true"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "remove", item=5)
    start = frames[0]["time"]
    assert frames[-2]["time"] - start < 0.2 <= frames[-1]["time"] - start
    # At rest it is the oracle's deck with the same item removed.
    oracle = subscribed(make_daemon(ORACLE), MOTION, first_frame=True)
    _, expected = move_frames(oracle, "remove", item=5)
    close(frames[-1]["frame"]["cards"], expected[-1]["frame"]["cards"])

    # Off again: the file's own removal, made 1 s so that its frames past 0.2 s show it is not
    # the reduced one's (a tick is 1/60 s; only a stall of 0.8 s could hide them).
    c.ok("set_params", params={"animation": {"reduce_motion": False, "remove_duration": 1.0}})
    c.event("state")
    c.events.clear()
    _, frames = move_frames(c, "remove", item=2)
    start = frames[0]["time"]
    assert frames[-2]["time"] - start < 1.0 <= frames[-1]["time"] - start
    assert any(f["time"] - start >= 0.2 for f in frames[:-1]), "the full removal outlasts the reduced one"


def test_the_circle_reveal_follows_the_reduced_curve_and_duration(make_daemon):
    daemon = make_daemon(config("reduce_motion = true"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "open", item=0)
    start = frames[0]["time"]
    for f in frames:
        u = min((f["time"] - start) / 0.5, 1)
        assert abs(f["frame"]["reveal"]["progress"] - u) <= 1e-9, (u, f["frame"]["reveal"])
    assert frames[-2]["time"] - start < 0.5 <= frames[-1]["time"] - start
    _, frames = move_frames(c, "close")
    switch(c, False)
    _, frames = move_frames(c, "open", item=0)
    start = frames[0]["time"]
    for f in frames:
        u = (f["time"] - start) / 0.3
        assert abs(f["frame"]["reveal"]["progress"] - landing(u)) <= 1e-9


def test_a_step_dissolves_when_the_crossfade_is_on(make_daemon):
    text = config("reduce_motion = true").replace("crossfade = 0", "crossfade = 0.4")
    daemon = make_daemon(text)
    c = subscribed(daemon, MOTION, first_frame=True)
    before = c.ok("get_frame")["cards"]
    result, frames = move_frames(c, "next")
    assert result == {"target": 30.0}
    start = frames[0]["time"]
    oracle = make_daemon(ORACLE).client()
    oracle.ok("scroll_to", offset=30)
    after = oracle.ok("get_frame")["cards"]
    for f in frames:
        # Nothing moves: the offset is on the target from the first frame.
        assert f["frame"]["offset"] == 30.0
        x = min((f["time"] - start) / 0.4, 1)
        if x >= 1:
            close(f["frame"]["cards"], after)
            continue
        if x == 0:
            close(f["frame"]["cards"], before)
            continue
        # The progress, read off the front card fading in, is the ease-in-out curve's (to the
        # Bézier solver's own 1e-9 in x, docs/parameters.md); every card's alpha follows it exactly.
        p = f["frame"]["cards"][-1]["alpha"] / after[-1]["alpha"]
        assert abs(p - ease_in_out(x)) <= 1e-8, (x, p)
        fading = [dict(card, alpha=card["alpha"] * (1 - p)) for card in before if card["alpha"] * (1 - p) > 0]
        coming = [dict(card, alpha=card["alpha"] * p) for card in after if card["alpha"] * p > 0]
        # The old deck's cards are numbered below the new deck's: z still increases along the frame.
        for k, card in enumerate(fading):
            card["z"] = coming[0]["z"] - len(fading) + k
        close(f["frame"]["cards"], fading + coming)
        zs = [card["z"] for card in f["frame"]["cards"]]
        assert zs == sorted(set(zs)), zs
    assert frames[-2]["time"] - start < 0.4 <= frames[-1]["time"] - start


def ease_in_out(x):
    """Core Animation's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1), solved for y at x."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(200):
        s = (lo + hi) / 2
        bx = 3 * s * (1 - s) ** 2 * 0.42 + 3 * s**2 * (1 - s) * 0.58 + s**3
        if bx < x:
            lo = s
        else:
            hi = s
    s = (lo + hi) / 2
    return 3 * s**2 * (1 - s) + s**3


def test_set_turns_it_on_and_check_names_the_reduced_key_and_why(make_daemon, tmp_path):
    daemon = make_daemon(config(""))
    daemon.cli("set", "reduce_motion=true", "reduced.animation.duration=0.2", "reduced.layout.m34=0")
    params = daemon.client().ok("get_params")["params"]
    assert params["animation"]["reduce_motion"] is True
    assert params["reduced"]["animation"]["duration"] == 0.2 and params["reduced"]["layout"]["m34"] == 0
    assert params["animation"]["duration"] == 0.3, "a bare name is the file's own key"
    daemon.cli("set", "duration=0.4")
    params = daemon.client().ok("get_params")["params"]
    assert params["animation"]["duration"] == 0.4 and params["reduced"]["animation"]["duration"] == 0.2
    bad = tmp_path / "bad.toml"
    bad.write_text("[reduced.layout]\nspacing = 10\n[reduced.animation]\ndurration = 1\n")
    r = subprocess.run([str(BIN / "cardstack"), "check", str(bad)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 1
    assert r.stdout.startswith(f"{bad}: line 2, column 1: reduced.layout.spacing cannot be reduced"), r.stdout
