"""A finger on the deck (`drag`, docs/protocol.md §4) and the scroll models' edges
(docs/layouts.md §8), through the real socket.

The stack's model is UIScrollView's: past an edge of a deck that does not wrap the offset is
the rubber band f(x) = (1 − 1/(x·c/d + 1))·d of the finger's travel x past it (c = 0.55,
d = the viewport's height, 667), and a release past the edge returns on the bounce spring,
critically damped at ω = 10 rad/s: x(t) = x0·(1 + ω·t)·e^(−ω·t) from rest. Every frame
event carries the daemon's `time` and the `motion` it is a point of, so each offset is
compared with the closed form at (time − start); nothing here waits on a sleep.
"""
import math

from harness import MOTION, subscribed
from motiontools import base_config

C = 0.55
D = 667.0
OMEGA = 10.0


def band(x):
    """UIScrollView's rubber band: how far past the edge a finger x points past it shows."""
    return math.copysign((1 - 1 / (abs(x) * C / D + 1)) * D, x)


def release_frames(c):
    """The frames of the move a command just started, up to rest: those that carry its
    `motion` (a frame of the drag before it, read after its reply, has none)."""
    return [f for f in c.frames_until_rest() if "motion" in f]


def test_a_drag_past_the_first_card_is_rubber_banded_and_returns_to_zero_at_rest(make_daemon):
    daemon = make_daemon(base_config(wrap="false"))
    c = subscribed(daemon, MOTION, first_frame=True)
    assert c.ok("drag", phase="began") == {"offset": 0}
    total = 0
    for by in (-40, -60, -100):
        total += by
        result = c.ok("drag", phase="changed", by=by)
        assert abs(result["offset"] - band(total)) < 1e-9, (total, result)
        # Its frame follows the reply and shows the same offset.
        assert abs(c.event("frame")["frame"]["offset"] - band(total)) < 1e-9
    x0 = band(total)
    assert x0 < -80
    c.events.clear()
    assert c.ok("drag", phase="ended", velocity=0) == {"target": 0}
    frames = release_frames(c)
    motion = frames[0]["motion"]
    assert motion["kind"] == "release" and motion["velocity"] == 0
    assert abs(motion["from"] - x0) < 1e-9 and motion["to"] == 0
    assert frames[0]["frame"]["offset"] == motion["from"]
    offsets = [f["frame"]["offset"] for f in frames]
    assert all(x <= 0 for x in offsets), offsets  # never past the edge
    assert all(a <= b for a, b in zip(offsets, offsets[1:])), offsets
    assert offsets[-1] == 0
    for f in frames[:-1]:
        t = f["time"] - motion["start"]
        expected = x0 * (1 + OMEGA * t) * math.exp(-OMEGA * t)
        assert abs(f["frame"]["offset"] - expected) < 1e-6, (t, f["frame"]["offset"], expected)


def test_a_throw_into_the_edge_goes_past_it_and_comes_back(make_daemon):
    daemon = make_daemon(base_config(wrap="false"))
    c = subscribed(daemon, MOTION, first_frame=True)
    c.ok("scroll_to", offset=60)
    c.events.clear()
    assert c.ok("fling", velocity=-2000) == {"target": 0}
    frames = release_frames(c)
    assert frames[0]["motion"]["kind"] == "fling"
    offsets = [f["frame"]["offset"] for f in frames]
    lowest = offsets.index(min(offsets))
    assert offsets[lowest] < -10, offsets  # past the first card's edge...
    assert all(a > b for a, b in zip(offsets[: lowest + 1], offsets[1 : lowest + 1])), offsets
    back = offsets[lowest:]
    assert all(x <= 0 for x in back) and all(a <= b for a, b in zip(back, back[1:])), back  # ...and back
    assert offsets[-1] == 0


def test_began_mid_throw_freezes_the_deck_within_one_frame_and_ended_throws_from_there(make_daemon):
    daemon = make_daemon(base_config(wrap="false", cards=200))
    c = subscribed(daemon, MOTION, first_frame=True)
    c.events.clear()
    c.ok("fling", velocity=3000)
    thrown = []
    while len(thrown) < 4:
        message = c.read(10)
        if message.get("event") == "frame":
            thrown.append(message)
    x = c.ok("drag", phase="began")["offset"]
    # The ticks' frames that came before the reply, then one frame (at the catch) shows the
    # deck stopped where it is, on the throw's way.
    thrown += [e for e in c.events if e["event"] == "frame"]
    c.events = [e for e in c.events if e["event"] != "frame"]
    frozen = c.event("frame")
    assert frozen["frame"]["offset"] == x and frozen["motion"]["kind"] == "fling"
    assert thrown[-1]["frame"]["offset"] < x < frozen["motion"]["to"]
    # Nothing animates under the finger: no frame comes before the next reply, at rest.
    state = c.ok("get_state")
    assert not [e for e in c.events if e["event"] == "frame"]
    assert not state["animating"] and state["offset"] == x
    # The finger lets go at the speed the throw had at its last interval.
    a, b = thrown[-2], thrown[-1]
    v = (b["frame"]["offset"] - a["frame"]["offset"]) / (b["time"] - a["time"])
    assert v > 0
    c.events.clear()
    c.ok("drag", phase="ended", velocity=v)
    frames = release_frames(c)
    motion = frames[0]["motion"]
    assert motion["kind"] == "release" and motion["from"] == x and motion["velocity"] == v
    assert frames[0]["frame"]["offset"] == x  # position continuous
    # Velocity continuous: UIScrollView's decay from exactly v, k = −1000·ln(0.998) per
    # second, whose mean speed over the first interval dt lies in [v·(1 − k·dt/2), v].
    k = -1000 * math.log(0.998)
    first, second = frames[0], frames[1]
    dt = second["time"] - first["time"]
    mean = (second["frame"]["offset"] - first["frame"]["offset"]) / dt
    assert v * (1 - k * dt / 2) - 1e-6 <= mean <= v + 1e-6, (v, mean, dt)
    assert frames[-1]["frame"]["offset"] == motion["to"]


def test_changed_or_ended_without_began_is_refused(make_daemon):
    daemon = make_daemon(base_config(wrap="false"))
    c = daemon.client()
    for args in ({"phase": "changed", "by": 5}, {"phase": "ended", "velocity": 0}):
        reply = c.request("drag", **args)
        assert not reply["ok"] and reply["error"]["code"] == "invalid_argument", reply
        assert "began" in reply["error"]["message"]
    reply = c.request("drag", phase="lifted")
    assert reply["error"]["code"] == "invalid_argument" and "began, changed, ended" in reply["error"]["message"]


def test_a_connection_that_closes_mid_drag_ends_its_drag_at_rest(make_daemon):
    daemon = make_daemon(base_config(wrap="false"))
    watcher = subscribed(daemon, MOTION, first_frame=True)
    finger = daemon.client()
    finger.ok("drag", phase="began")
    finger.ok("drag", phase="changed", by=-150)
    watcher.events.clear()
    finger.close()
    frames = watcher.frames_until_rest()
    assert [f for f in frames if f.get("motion")][0]["motion"]["kind"] == "release"
    assert frames[-1]["frame"]["offset"] == 0
    # The drag is over: another connection may begin one and the deck moves again.
    other = daemon.client()
    assert other.ok("drag", phase="began") == {"offset": 0}
