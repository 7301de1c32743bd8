"""How cards move: duration, curve, spring and slowdown, measured on the real daemon's frames.

Every frame event carries `time` (the daemon's clock when it was computed); a move's first
frame is computed at the move's start, so each later frame's offset can be compared with
the curve's closed form at (time - start) / duration.
"""
import math

import pytest

from harness import MOTION, subscribed
from motiontools import base_config, move_frames


def bezier(x1, y1, x2, y2):
    """A cubic Bézier timing function solved by plain bisection (the test's own solver)."""
    def coord(s, a, b):
        return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3

    def value(u):
        if u <= 0:
            return 0.0
        if u >= 1:
            return 1.0
        lo, hi = 0.0, 1.0
        for _ in range(200):
            mid = (lo + hi) / 2
            if coord(mid, x1, x2) < u:
                lo = mid
            else:
                hi = mid
        return coord((lo + hi) / 2, y1, y2)

    return value


CURVES = {
    '"linear"': lambda u: min(max(u, 0), 1),
    '"ease_in"': bezier(0.42, 0, 1, 1),
    '"ease_out"': bezier(0, 0, 0.58, 1),
    '"ease_in_out"': bezier(0.42, 0, 0.58, 1),
    "[0.1, 0.7, 0.2, 1.3]": bezier(0.1, 0.7, 0.2, 1.3),
    # The landing curve: the fling's exponential (speed 1 -> 1 %) minus its end speed.
    '"decelerate"': lambda u: (1 - 0.01 ** min(u, 1) - min(u, 1) * 0.01 * math.log(100))
    / (1 - 0.01 - 0.01 * math.log(100)),
}


@pytest.mark.parametrize("curve", list(CURVES))
def test_each_curve_follows_its_closed_form(make_daemon, curve):
    daemon = make_daemon(base_config(f"curve = {curve}\nduration = 0.3"))
    c = subscribed(daemon, MOTION, first_frame=True)
    result, frames = move_frames(c, "next")
    assert result == {"target": 30}
    start = frames[0]["time"]
    assert frames[0]["frame"]["offset"] == 0
    assert len(frames) >= 3  # the start, at least one frame inside the move, the end
    for f in frames[:-1]:
        u = (f["time"] - start) / 0.3
        assert u < 1
        expected = 30 * CURVES[curve](u)
        assert abs(f["frame"]["offset"] - expected) < 0.5, (u, f["frame"]["offset"], expected)
    assert frames[-1]["frame"]["offset"] == 30
    assert frames[-1]["time"] - start >= 0.3


def spring_progress(zeta, response, t, v0=0.0, x0=-1.0):
    """Distance left to the target (negative: short of it) of the damped spring, closed form."""
    w = 2 * math.pi / response
    if zeta < 1:
        wd = w * math.sqrt(1 - zeta * zeta)
        return math.exp(-zeta * w * t) * (x0 * math.cos(wd * t) + (v0 + zeta * w * x0) / wd * math.sin(wd * t))
    return math.exp(-w * t) * (x0 + (v0 + w * x0) * t)


def test_an_underdamped_spring_overshoots_along_its_closed_form(make_daemon):
    # Five times slower: the offset is above 33 for half a second, not a tenth, so a tick that
    # comes late on a busy machine cannot skip the overshoot.
    daemon = make_daemon(base_config("spring = { damping_ratio = 0.5, response = 0.35 }\nslowdown = 5"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "next")
    start = frames[0]["time"]
    zeta, w = 0.5, 2 * math.pi / 0.35
    wd = w * math.sqrt(1 - zeta * zeta)
    for f in frames[:-1]:
        t = (f["time"] - start) / 5
        # 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t)
        progress = 1 - math.exp(-zeta * w * t) * (math.cos(wd * t) + zeta * w / wd * math.sin(wd * t))
        assert abs(f["frame"]["offset"] - 30 * progress) < 1, (t, f["frame"]["offset"], 30 * progress)
    assert max(f["frame"]["offset"] for f in frames) > 33  # it overshoots (by 16 % at ζ = 0.5)
    assert frames[-1]["frame"]["offset"] == 30  # and ends exactly on the target


def test_a_critically_damped_spring_never_overshoots(make_daemon):
    daemon = make_daemon(base_config("spring = { damping_ratio = 1, response = 0.3 }"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "next")
    start = frames[0]["time"]
    offsets = [f["frame"]["offset"] for f in frames]
    assert all(a <= b for a, b in zip(offsets, offsets[1:]))
    assert max(offsets) <= 30 and offsets[-1] == 30
    for f in frames[:-1]:
        expected = 30 + 30 * spring_progress(1, 0.3, f["time"] - start)
        assert abs(f["frame"]["offset"] - expected) < 1


@pytest.mark.parametrize("duration, slowdown", [(0.5, 1), (0.2, 3)])
def test_duration_and_slowdown_are_honoured_within_one_frame(make_daemon, duration, slowdown):
    daemon = make_daemon(base_config(f'curve = "linear"\nduration = {duration}\nslowdown = {slowdown}'))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "next")
    start = frames[0]["time"]
    length = duration * slowdown
    # Every frame before the last is inside the move and on the line; the last one is the
    # first tick at or after its end, exactly on the target.
    for f in frames[:-1]:
        t = f["time"] - start
        assert t < length
        assert abs(f["frame"]["offset"] - 30 * t / length) < 0.5
    assert frames[-1]["time"] - start >= length
    assert frames[-1]["frame"]["offset"] == 30


def scroll_view_throw(v, target, k):
    """UIScrollView's throw onto `target` from 0 at `v` (docs/layouts.md §8.1, `landing`):
    the decay v·e^(−k′t) until the speed is v_s = 2·(v − target·k′), then a constant
    deceleration onto the target; k′ = k·min(1, 0.995/q), q = target·k/v. The offset at t."""
    q = target * k / v
    k2 = k * min(1, 0.995 / q)
    vs = 2 * (v - target * k2)
    t1 = math.log(v / vs) / k2
    x1 = v * (1 - math.exp(-k2 * t1)) / k2
    t2 = abs(target - x1) / abs(0.5 * vs)

    def offset(t):
        if t < t1:
            return v * (1 - math.exp(-k2 * t)) / k2
        u = min(t - t1, t2)
        return x1 + vs * u - 0.5 * (vs / t2) * u * u

    return offset, t1 + t2


def test_slowdown_stretches_a_fling_which_is_uiscrollviews_decay_with_no_cap(make_daemon):
    daemon = make_daemon(base_config("slowdown = 2", wrap="false", cards=100))
    c = subscribed(daemon, MOTION, first_frame=True)
    result, frames = move_frames(c, "fling", velocity=2000)
    target = result["target"]
    assert target == 990  # 2000/1000 * 0.998/0.002 = 998, the nearest card is at 990
    start = frames[0]["time"]
    assert frames[-1]["frame"]["offset"] == target
    offset, length = scroll_view_throw(2000, target, -1000 * math.log(0.998))
    # No 2 s cap: the decay runs until the landing, 2.5 s at speed 1, twice as long here.
    assert length > 2.4
    assert frames[-2]["time"] - start > 2 * 2.4
    for f in frames[:-1]:
        t = (f["time"] - start) / 2
        assert abs(f["frame"]["offset"] - offset(t)) < 1e-6, (t, f["frame"]["offset"], offset(t))


def test_a_throws_bounce_back_follows_the_spring(make_daemon):
    """`animation.spring` shapes the bounce back of a throw into the edge (and steps), not
    the throw: from 60 at −2000 pt/s the decay reaches 0 after t0, then the spring from 0 at
    the speed it has there brings the deck back onto the edge."""
    daemon = make_daemon(base_config("spring = { damping_ratio = 0.8, response = 0.4 }", wrap="false", cards=100))
    c = subscribed(daemon, MOTION, first_frame=True)
    c.ok("scroll_to", offset=60)
    assert c.event("frame")["frame"]["offset"] == 60
    result, frames = move_frames(c, "fling", velocity=-2000)
    assert result["target"] == 0
    k = -1000 * math.log(0.998)
    reach = 60 * k / 2000
    t0 = -math.log(1 - reach) / k
    v0 = -2000 * (1 - reach)
    start = frames[0]["time"]
    for f in frames[:-1]:
        t = f["time"] - start
        if t < t0:
            expected = 60 - 2000 * (1 - math.exp(-k * t)) / k
        else:
            expected = spring_like(0.8, 0.4, t - t0, x0=0, v0=v0)
        assert abs(f["frame"]["offset"] - expected) < 1e-6, (t, f["frame"]["offset"], expected)
    assert min(f["frame"]["offset"] for f in frames) < -10  # past the edge
    assert frames[-1]["frame"]["offset"] == 0


def spring_like(zeta, response, t, x0, v0):
    w = 2 * math.pi / response
    wd = w * math.sqrt(1 - zeta * zeta)
    return math.exp(-zeta * w * t) * (x0 * math.cos(wd * t) + (v0 + zeta * w * x0) / wd * math.sin(wd * t))


def test_deck_edit_durations_follow_the_keys(make_daemon):
    daemon = make_daemon(base_config("remove_duration = 0.5\nslowdown = 2"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "remove", item=3)
    start = frames[0]["time"]
    assert all(f["time"] - start < 1.0 for f in frames[:-1])
    assert frames[-1]["time"] - start >= 1.0


def test_animation_keys_reload_live(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params"])
    text = daemon.config.read_text().replace(
        "[animation]", '[animation]\ncurve = [0.2, 0, 0.4, 1]\nspring = { damping_ratio = 0.7, response = 0.35 }\nslowdown = 5\nmove_duration = 0.6')
    daemon.config.write_text(text)
    e = c.event("params", where=lambda e: e["revision"] == 2)
    a = e["params"]["animation"]
    assert a["curve"] == [0.2, 0, 0.4, 1]
    assert {k: a["spring"][k] for k in ("damping_ratio", "response", "dialect")} == {
        "damping_ratio": 0.7, "response": 0.35, "dialect": "damping_ratio"}
    assert a["slowdown"] == 5 and a["move_duration"] == 0.6
    assert a["duration"] == 0.3 and a["remove_duration"] == 0.3 and a["insert_duration"] == 0.4
    # set_params can take the spring away again.
    assert "spring" not in c.ok("set_params", params={"animation": {"spring": None}})["params"]["animation"]


# (line, dotted key, where the error points: the text it starts at, words of the message)
BAD = [
    ("duration = 0", "animation.duration", "0", "> 0"),
    ("duration = 11", "animation.duration", "11", "(0, 10]"),
    ('duration = "fast"', "animation.duration", '"fast"', "must be a number"),
    ("remove_duration = -1", "animation.remove_duration", "-1", "> 0"),
    ("insert_duration = 20", "animation.insert_duration", "20", "(0, 10]"),
    ("move_duration = true", "animation.move_duration", "true", "must be a number"),
    ('curve = "bouncy"', "animation.curve", '"bouncy"', "ease_in_out"),
    ('curve = "easein"', "animation.curve", '"easein"', "did you mean ease_in?"),
    ("curve = [0.1, 0.2, 0.3]", "animation.curve", "[", "an array of 3"),
    ("curve = [0.1, 0.2, 1.5, 1]", "animation.curve", "1.5", "x coordinate"),
    ("curve = 3", "animation.curve", "3", "must be one of"),
    ("spring = 0.5", "animation.spring", "0.5", '"snappy", "bouncy", { duration = 0.5, bounce = 0.2 }'),
    ('spring = "snapy"', "animation.spring", '"snapy"', "did you mean snappy?"),
    ("spring = { duration = 0.5, bounce = 1 }", "animation.spring.bounce", "1 }", "0.99"),
    ("spring = { damping_ratio = 0.5, bounce = 0.2 }", "animation.spring.bounce", "bounce", "written one way"),
    ("spring = { mass = 1, stiffness = 100 }", "animation.spring", "{", "needs stiffness and damping"),
    ("spring = { mass = 1, stiffness = 1, damping = 100 }", "animation.spring", "{", "damping ratio"),
    ("spring = { damping_ratio = 0, response = 0.3 }", "animation.spring.damping_ratio", "0,", ">= 0.01"),
    ("spring = { damping_ratio = 0.5, response = 20 }", "animation.spring.response", "20", "[0.01, 10]"),
    ("spring = { dampng_ratio = 0.5 }", "animation.spring.dampng_ratio", "dampng_ratio", "did you mean damping_ratio?"),
    ("slowdown = 0.5", "animation.slowdown", "0.5", ">= 1"),
    ("slowdown = 1000", "animation.slowdown", "1000", "[1, 100]"),
]


def test_bad_values_of_every_new_key_give_line_and_column(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["config_error"])
    good = daemon.config.read_text()
    lines = good.split("\n")
    row = lines.index("[animation]") + 2  # the line after [animation], counted from 1
    for i, (line, key, at, words) in enumerate(BAD):
        daemon.config.write_text(good.replace("[animation]", "[animation]\n" + line + f"\n# {i}"))
        e = c.event("config_error", where=lambda e: True)
        column = line.index(at, line.index("=")) + 1 if at != "damping" else line.index(at) + 1
        assert (e["line"], e["column"], e["key"]) == (row, column, key), (line, e)
        assert words in e["message"], (line, e["message"])
