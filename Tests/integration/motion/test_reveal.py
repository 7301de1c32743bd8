"""The circle reveal (`open`/`close`): frames carry `reveal` while it runs and while it is open."""
import math

from harness import MOTION, subscribed, wait_for
from motiontools import base_config, move_frames


def quad_centre(frame, item):
    quad = [c for c in frame["cards"] if c["item"] == item][-1]["quad"]
    return [sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4]


def farthest_corner(centre, width=375.0, height=667.0):
    return max(math.dist(centre, corner) for corner in [(0, 0), (width, 0), (0, height), (width, height)])


def test_the_circle_grows_from_the_card_centre_to_the_farthest_corner(make_daemon):
    daemon = make_daemon(base_config('curve = "ease_out"\nduration = 0.4'))
    c = subscribed(daemon, MOTION, first_frame=True)
    result, frames = move_frames(c, "open", item=0)
    assert result == {}
    first = frames[0]
    start = first["time"]
    reveal = first["frame"]["reveal"]
    centre = quad_centre(first["frame"], 0)
    assert reveal["item"] == 0
    assert reveal["radius"] == 0 and reveal["progress"] == 0
    assert all(abs(a - b) < 1e-9 for a, b in zip(reveal["center"], centre))
    full = farthest_corner(centre)
    ease_out = __import__("test_motion").CURVES['"ease_out"']
    for f in frames[1:-1]:
        r = f["frame"]["reveal"]
        u = (f["time"] - start) / 0.4
        assert u < 1
        assert abs(r["progress"] - ease_out(u)) < 1e-3, (u, r["progress"])
        assert abs(r["radius"] - r["progress"] * full) < 1e-6
    last = frames[-1]["frame"]["reveal"]
    assert last["progress"] == 1
    assert abs(last["radius"] - full) < 1e-9
    assert frames[-1]["time"] - start >= 0.4
    # While open every frame carries it, at rest too.
    assert c.ok("get_frame")["reveal"]["progress"] == 1
    assert c.ok("get_state")["animating"] is False

    # Closing shrinks it back; once closed, frames have no `reveal`.
    _, frames = move_frames(c, "close")
    radii = [f["frame"]["reveal"]["radius"] for f in frames[:-1]]
    assert radii[0] == full and all(a >= b for a, b in zip(radii, radii[1:]))
    assert "reveal" not in frames[-1]["frame"]
    assert "reveal" not in c.ok("get_frame")


def test_a_spring_reveal_overshoots_and_settles_open(make_daemon):
    # Five times slower: the overshoot above 1.1 lasts half a second, not a tenth, so a tick
    # that comes late on a busy machine cannot skip it.
    daemon = make_daemon(base_config("spring = { damping_ratio = 0.5, response = 0.3 }\nslowdown = 5"))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "open", item=0)
    assert max(f["frame"]["reveal"]["progress"] for f in frames) > 1.1
    assert frames[-1]["frame"]["reveal"]["progress"] == 1


def test_the_circle_follows_its_card_and_slowdown(make_daemon):
    daemon = make_daemon(base_config('curve = "linear"\nduration = 0.2\nslowdown = 2'))
    c = subscribed(daemon, MOTION, first_frame=True)
    _, frames = move_frames(c, "open", item=0)
    start = frames[0]["time"]
    for f in frames[:-1]:
        assert abs(f["frame"]["reveal"]["progress"] - (f["time"] - start) / 0.4) < 1e-6
    assert frames[-1]["time"] - start >= 0.4
    # Scrolling moves the card, and the circle's centre with it.
    c.ok("scroll", by=10)
    frame = c.ok("get_frame")
    assert frame["reveal"]["center"] == quad_centre(frame, 0)


def test_bad_opens_say_why(make_daemon):
    daemon = make_daemon(base_config("", cards=40))
    c = daemon.client()
    error = c.request("open", item=40)["error"]
    assert error["code"] == "invalid_argument" and "0...39" in error["message"]
    error = c.request("open", item=25)["error"]
    assert error["code"] == "invalid_argument" and "not on screen" in error["message"]
    assert c.request("open")["error"]["code"] == "invalid_argument"
    assert c.ok("close") == {}  # nothing open: nothing to do


def test_the_cli_opens_and_closes_and_the_svg_draws_the_circle(make_daemon, tmp_path):
    daemon = make_daemon(base_config("duration = 0.05"))
    assert daemon.cli("open", "0").stdout.strip() == "{}"
    c = daemon.client()
    wait_for(lambda: c.ok("get_frame").get("reveal", {}).get("progress") == 1, what="the card to open")
    svg = tmp_path / "open.svg"
    daemon.cli("snapshot", "--svg", str(svg))
    text = svg.read_text()
    assert '<circle class="reveal" data-item="0"' in text
    # The seed's effect: the card's detail view (its colour over the whole viewport, its
    # title) through the circle, not a ring over the stack.
    assert '<g class="detail" clip-path="url(#reveal-mask)"><rect width="375" height="667"' in text
    assert '<clipPath id="reveal-mask">' in text
    daemon.cli("close")
    wait_for(lambda: "reveal" not in c.ok("get_frame"), what="the card to close")
    daemon.cli("snapshot", "--svg", str(svg))
    assert "<circle" not in svg.read_text()
