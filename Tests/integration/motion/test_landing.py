"""Every move lands (issue 34): a recorded `next`, `prev`, animated `scroll_to` and `snap` on
the default file and on every preset, over the real socket, ends at rest on its snap point.

The default curve, `decelerate`, is the fling's exponential minus its end speed
(docs/parameters.md, "The decelerate curve"), so the speed between the last two moving
frames is at most 2 % of the move's peak, the move lands on its target within 1e-9, and its
last moving frame comes before `duration` and its landing frame at or after it.

Offsets are unwrapped across the deck's period when it wraps, so a move across the wrap is
measured as the distance it really covers.
"""

import pytest

from harness import DEFAULT_CONFIG, REPO
from motiontools import move_frames

PRESETS = sorted((REPO / "Config" / "presets").glob("*.toml"))
FILES = [DEFAULT_CONFIG, *PRESETS]
SLOWDOWN = 4


def unwrapped(offsets, period):
    """The offsets with each step taken the short way round a deck of `period` points."""
    out = [offsets[0]]
    for a, b in zip(offsets, offsets[1:]):
        step = b - a
        if period:
            step = (step + period / 2) % period - period / 2
        out.append(out[-1] + step)
    return out


def check_lands(frames, target, duration, period, what):
    start = frames[0]["time"]
    times = [f["time"] - start for f in frames]
    x = unwrapped([f["frame"]["offset"] for f in frames], period)
    speeds = [(b - a) / (tb - ta) for a, b, ta, tb in zip(x, x[1:], times, times[1:]) if tb > ta]
    assert len(speeds) >= 3, (what, frames)
    peak = max(abs(v) for v in speeds)
    moving = [i for i in range(1, len(x)) if x[i] != x[i - 1]]
    last = moving[-1]
    landing_speed = abs(x[last] - x[last - 1]) / (times[last] - times[last - 1])
    assert landing_speed <= 0.02 * peak, f"{what}: lands at {landing_speed:.3f} pt/s, peak {peak:.3f} pt/s"
    final = frames[last]["frame"]["offset"]
    assert abs(final - target) <= 1e-9 or (period and abs(abs(final - target) - period) <= 1e-9), (what, final, target)
    assert frames[-1]["frame"]["offset"] == final, what
    # The move takes `duration`: it still moves before it, and has landed at or after it.
    assert times[last - 1] < duration <= times[last] + 1e-9, (what, times[last - 1], times[last], duration)


@pytest.mark.parametrize("path", FILES, ids=[p.stem if p != DEFAULT_CONFIG else "default" for p in FILES])
def test_every_move_lands(make_daemon, path):
    daemon = make_daemon(path.read_text())
    c = daemon.client()
    params = c.ok("get_params")["params"]
    layout, animation = params["layout"], params["animation"]
    assert "spring" not in animation and animation["curve"] == "decelerate", path
    # Four times slower: a tick that comes late on a busy machine (the daemon drops it) then
    # leaves a quarter as much of the curve between two frames; speeds keep their ratios.
    c.ok("set_params", params={"animation": {"slowdown": SLOWDOWN}})
    spacing, cards, duration = layout["spacing"], layout["cards"], animation["duration"] * SLOWDOWN
    period = cards * spacing if layout["wrap"] else 0
    assert cards >= 5, path
    middle = (cards // 2) * spacing
    c.ok("scroll_to", offset=middle)
    c.ok("subscribe", events=["frame", "state"])
    c.event("frame")

    result, frames = move_frames(c, "next")
    check_lands(frames, result["target"], duration, period, f"{path.name} next")
    result, frames = move_frames(c, "prev")
    check_lands(frames, result["target"], duration, period, f"{path.name} prev")
    result, frames = move_frames(c, "scroll_to", offset=middle + 2 * spacing, animated=True)
    check_lands(frames, result["offset"], duration, period, f"{path.name} scroll_to")
    scrolled = c.ok("scroll", by=-0.4 * spacing)["offset"]
    # The scroll's own frame may come after its reply: read it before the snap starts.
    c.event("frame", where=lambda e: e["frame"]["offset"] == scrolled)
    result, frames = move_frames(c, "snap")
    assert abs(result["target"] - (middle + 2 * spacing)) <= 1e-9
    check_lands(frames, result["target"], duration, period, f"{path.name} snap")
