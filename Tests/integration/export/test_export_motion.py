"""`cardstack export` carries the motion: the exported Swift's motion API reproduces the
daemon's own frames (recorded over the socket) to 1e-9; the stylesheet with `--animate`,
paused and seeked in headless Chromium, puts every card within 0.5 px of the daemon's frame
at that moment; `--format tokens` holds the same numbers; `--offset` takes negative numbers.

The Swift is compiled as test_export.py compiles it: `swiftc` against the CardLayout module
and objects of the build, no package resolution.
"""
import json
import math
import shutil
import subprocess

import pytest

from harness import BIN, MOTION, REPO, subscribed
from exporttools import build_objects, cli, compile_module
from motiontools import move_frames
STYLES = {
    "StackSpring": ("cardstack.toml", {"spring": {"damping_ratio": 0.5, "response": 0.4}}),
    "CoverBezier": ("presets/coverflow.toml", {"curve": [0.2, 0.9, 0.3, 1.0], "duration": 0.5}),
    "SwitcherDecelerate": ("presets/switcher7.toml", {"curve": "decelerate", "duration": 0.4}),
    "FlipNamed": ("presets/flip.toml", {"curve": "ease_in_out", "duration": 0.35}),
    # iOS 17's words and a SwiftUI name (issue 34): the same motion API, the same frames.
    "StackBounce": ("cardstack.toml", {"spring": {"duration": 0.5, "bounce": 0.2}}),
    "LinearSnappy": ("presets/linear.toml", {"spring": "snappy"}),
}


def spring_reading(spring):
    """(damping ratio, response) of a spring in any dialect, by SPEC's conversions."""
    if isinstance(spring, str):
        spring = {"smooth": {"duration": 0.5, "bounce": 0}, "snappy": {"duration": 0.5, "bounce": 0.15},
                  "bouncy": {"duration": 0.5, "bounce": 0.3}}[spring]
    if "bounce" in spring:
        b = spring["bounce"]
        return (1 - b if b >= 0 else 1 / (1 + b)), spring["duration"]
    return spring["damping_ratio"], spring["response"]
FLING = 900.0
# The flip deck's own scroll model, seed 003's pan, ignores a throw's velocity (a fling there
# does not move: docs/layouts.md §8.1); its fling is thrown under UIScrollView's physics.
SCROLL = {"FlipNamed": {"model": "scroll_view"}}


def tuned_daemon(make_daemon, config, animation, scroll=None):
    daemon = make_daemon((REPO / "Config" / config).read_text())
    c = subscribed(daemon, MOTION, first_frame=True)
    c.ok("set_params", params={"animation": animation, **({"scroll": scroll} if scroll else {})})
    c.ok("ping")  # what the change sent is read before the moves start
    return daemon, c


def record_moves(c):
    """next, prev and a fling, each waited out: (kind, from, times since start, offsets)."""
    moves = []
    for kind, args in (("next", {}), ("prev", {}), ("fling", {"velocity": FLING})):
        _, frames = move_frames(c, kind, **args)
        start = frames[0]["time"]
        moves.append((kind, frames[0]["frame"]["offset"], [f["time"] - start for f in frames],
                      [f["frame"]["offset"] for f in frames]))
    return moves


MAIN = """
import %(imports)s

func show(_ x: Double) -> String { "\\(x)" }
%(calls)s
"""

CALL = """
do {
    typealias L = %(m)s.%(name)sLayout
    let moves: [(String, Double, [Double])] = [%(moves)s]
    for (kind, from, times) in moves {
        let offsets: [Double]
        let end: Double
        let target: Double
        if kind == "fling" {
            offsets = times.map { L.flingOffset(from: from, velocity: %(fling)r, at: $0) }
            end = L.flingDuration(from: from, velocity: %(fling)r)
            target = L.flingTarget(from: from, velocity: %(fling)r)
        } else {
            target = L.stepTarget(from: from, steps: kind == "next" ? 1 : -1)
            offsets = times.map { L.offset(from: from, to: target, velocity: 0, at: $0) }
            end = L.moveDuration(from: from, to: target, velocity: 0)
        }
        print("{\\"module\\":\\"%(m)s\\",\\"kind\\":\\"\\(kind)\\",\\"end\\":\\(show(end)),\\"target\\":\\(show(target)),\\"offsets\\":[\\(offsets.map(show).joined(separator: ","))]}")
    }
    print("{\\"module\\":\\"%(m)s\\",\\"numbers\\":[\\(%(numbers)s.map(show).joined(separator: ","))]}")
}
"""


def test_exported_swift_moves_the_offset_as_the_daemon_does(make_daemon, tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the Swift toolchain that builds this package) is not on PATH"
    objects, modulemap = build_objects()
    common = ["-I", str(BIN / "Modules"), "-Xcc", f"-fmodule-map-file={modulemap}"]
    recorded, texts, calls, layouts = {}, {}, [], {}
    for module, (config, animation) in STYLES.items():
        daemon, c = tuned_daemon(make_daemon, config, animation, SCROLL.get(module))
        recorded[module] = record_moves(c)
        layouts[module] = c.ok("get_params")["params"]["layout"]
        name = "Tuned" if module == "StackSpring" else module  # --name renames the types
        args = ("--name", name) if name != "Tuned" else ()
        text = daemon.cli("export", "--format", "swift", *args).stdout
        texts[module] = text
        daemon.stop()
        assert f"enum {name}Layout" in text and f"struct {name}Card" in text and "enum TunedLayout" not in text or name == "Tuned"
        compile_module(swiftc, module, text, tmp_path, common)
        numbers = ("[L.mass, L.stiffness, L.damping, L.response, L.dampingRatio, L.springDuration, L.bounce]"
                   if "spring" in animation
                   else "[L.duration, L.controlPoint1.x, L.controlPoint1.y, L.controlPoint2.x, L.controlPoint2.y]")
        moves = ", ".join(f"({kind!r}, {start!r}, [{', '.join(repr(t) for t in times)}])".replace("'", '"')
                          for kind, start, times, _ in recorded[module])
        calls.append(CALL % {"m": module, "name": name, "moves": moves, "fling": FLING, "numbers": numbers})
    main = tmp_path / "main.swift"
    main.write_text(MAIN % {"imports": "\nimport ".join(STYLES), "calls": "".join(calls)})
    program = tmp_path / "motion"
    subprocess.run(
        [swiftc, *common, "-I", str(tmp_path), str(main), *(str(tmp_path / f"{m}.o") for m in STYLES),
         *map(str, objects), "-lm", "-o", str(program)],
        check=True, cwd=tmp_path, timeout=300)
    lines = [json.loads(l) for l in subprocess.run(
        [str(program)], capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()]
    checked = 0
    for line in lines:
        module = line["module"]
        animation = STYLES[module][1]
        if "numbers" in line:
            if "spring" in animation:
                zeta, period = spring_reading(animation["spring"])
                mass, stiffness, damping, response, ratio, duration, bounce = line["numbers"]
                assert mass == 1 and response == period and abs(ratio - zeta) <= 1e-15
                assert duration == period and abs(bounce - (1 - zeta)) <= 1e-15
                assert math.isclose(stiffness, (2 * math.pi / period) ** 2, rel_tol=1e-12)
                assert math.isclose(damping, 4 * math.pi * zeta / period, rel_tol=1e-12)
            elif isinstance(animation["curve"], list):
                assert line["numbers"] == [animation["duration"], *animation["curve"]]
            elif animation["curve"] == "ease_in_out":
                assert line["numbers"] == [animation["duration"], 0.42, 0, 0.58, 1]
            else:
                assert line["numbers"][0] == animation["duration"]
            continue
        kind, _, times, offsets = next(m for m in recorded[module] if m[0] == line["kind"])
        assert len(times) >= 3, (module, kind)
        for t, theirs, mine in zip(times, offsets, line["offsets"], strict=True):
            assert abs(mine - theirs) <= 1e-9, (module, kind, t, mine, theirs)
            checked += 1
        # Where the move comes to rest (flingTarget, stepTarget) is the daemon's frame at rest:
        # the same offset, or on a deck that wraps, the same place a whole number of turns on
        # (the daemon reports its offset within one turn).
        layout = layouts[module]
        gap = line["target"] - offsets[-1]
        if layout["wrap"]:
            gap = math.remainder(gap, layout["cards"] * layout["spacing"])
        assert abs(gap) <= 1e-9, (module, kind, line["target"], offsets[-1], layout)
        # The move was not over at the next-to-last frame and was at the last one.
        assert times[-2] < line["end"] <= times[-1], (module, kind, times[-2:], line["end"])
    assert checked > 50


def test_exported_adapters_carry_the_same_numbers():
    stack = cli("export", "--format", "swift", "--config", str(REPO / "Config" / "cardstack.toml")).stdout
    assert "public static let stiffness" not in stack  # no spring in the file: decelerate
    assert "UICubicTimingParameters(" in stack and "TunedMoveAnimator" in stack and "CADisplayLink" in stack
    assert "nearestBezierError" in stack and "strays at most" in stack
    assert ".timingCurve(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y, duration: duration)" in stack
    for module, (config, animation) in STYLES.items():
        text = cli("export", "--format", "swift", "--config", str(REPO / "Config" / config)).stdout
        assert "public static let parameters: Parameters" in text
        for key in ("duration", "removeDuration", "insertDuration", "moveDuration", "curve", "spring", "slowdown",
                    "deceleration", "snap", "fps"):
            assert f"p.animation.{key} = " in text, key
        assert "#if canImport(UIKit)" in text and "#if canImport(SwiftUI)" in text
        assert "projectionEffect(ProjectionTransform(" in text and "public static var animation: Animation" in text
        assert "CAMediaTimingFunction(" in text or "CASpringAnimation(" in text
    spring_file = REPO / "Config" / "cardstack.toml"
    text = spring_file.read_text().replace("[animation]\n", "[animation]\nspring = { damping_ratio = 0.5, response = 0.4 }\n", 1)
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".toml") as f:
        f.write(text)
        f.flush()
        sprung = cli("export", "--format", "swift", "--config", f.name, "--name", "Checkout").stdout
    assert f"public static let stiffness = {(2 * math.pi / 0.4) ** 2!r}" in sprung
    assert f"public static let damping = {4 * math.pi * 0.5 / 0.4!r}" in sprung
    assert "public static let mass = 1.0" in sprung
    assert "UISpringTimingParameters(\n" in sprung and "mass: CGFloat(mass), stiffness: CGFloat(stiffness), damping: CGFloat(damping)" in sprung
    assert "animation.stiffness = CGFloat(stiffness)" in sprung and "CASpringAnimation(keyPath: keyPath)" in sprung
    assert ".spring(response: response, dampingFraction: dampingRatio, blendDuration: 0)" in sprung
    # iOS 17's words first, under #available (issue 34).
    assert "public static let springDuration = 0.4" in sprung and "public static let bounce = 0.5" in sprung
    assert "if #available(iOS 17, *)" in sprung and "duration: springDuration, bounce: CGFloat(bounce)" in sprung
    assert "CASpringAnimation(perceptualDuration: springDuration, bounce: CGFloat(bounce))" in sprung
    assert ".spring(duration: springDuration, bounce: bounce)" in sprung
    assert "enum CheckoutLayout" in sprung and "class CheckoutCollectionViewLayout" in sprung
    assert "struct CheckoutCard:" in sprung and "Tuned" not in sprung.replace("tuned", "")


def bounding_box(quad):
    xs = [p[0] for p in quad]
    ys = [p[1] for p in quad]
    return [min(xs), min(ys), max(xs), max(ys)]


@pytest.mark.parametrize("config,animation,start,move", [
    ("cardstack.toml", {"spring": {"damping_ratio": 0.5, "response": 0.4}}, 30.0, "next"),
    ("presets/coverflow.toml", {"curve": [0.2, 0.9, 0.3, 1.0], "duration": 0.5}, 200.0, "prev"),
    ("presets/flip.toml", {"curve": "decelerate", "duration": 0.4}, 60.0, "next"),
    ("cardstack.toml", {"curve": "decelerate"}, 30.0, "fling:-700"),
])
def test_animated_css_follows_the_daemons_frames(make_daemon, browser, tmp_path, config, animation, start, move):
    daemon, c = tuned_daemon(make_daemon, config, animation)
    c.ok("scroll_to", offset=start)
    c.ok("ping")  # the frame of the jump is read before the move's first one
    kind, args = (move, {}) if ":" not in move else ("fling", {"velocity": float(move.split(":")[1])})
    _, frames = move_frames(c, kind, **args)
    assert frames[0]["frame"]["offset"] == start
    css = daemon.cli("export", "--format", "css", "--animate", move, "--offset", repr(start)).stdout
    assert "@keyframes" in css and "animation: cardstack-" in css
    if isinstance(animation.get("curve"), list):
        assert "cubic-bezier(" in css
    markup = css.split("Markup for the animation", 1)[1].split("<div class=\"cardstack\">", 1)[1].split("</div>\n*/", 1)[0]
    page = tmp_path / "page.html"
    page.write_text(
        "<!doctype html><html><head><style>html, body { margin: 0; padding: 0; }\n" + css
        + "</style></head><body><div class=\"cardstack\">" + markup + "</div></body></html>")
    browser.get(page.as_uri())
    begin = frames[0]["time"]
    chosen = [frames[round(i * (len(frames) - 1) / 19)] for i in range(20)]
    checked = 0
    for frame in chosen:
        t = (frame["time"] - begin) * 1000
        boxes = browser.execute_script(
            "const t = arguments[0];"
            "for (const a of document.getAnimations()) { a.pause(); a.currentTime = t; }"
            "return Array.from(document.querySelectorAll('.cardstack > .card'))"
            ".filter(e => getComputedStyle(e).visibility !== 'hidden').map(e => {"
            " const r = e.getBoundingClientRect();"
            " return [+e.dataset.item, +e.dataset.index, r.left, r.top, r.right, r.bottom]; })", t)
        shown = {(b[0], b[1]): b[2:] for b in boxes}
        cards = frame["frame"]["cards"]
        assert set(shown) == {(card["item"], card["index"]) for card in cards}, (t, move)
        for card in cards:
            if card["quad"] is None:
                continue
            box, expected = shown[(card["item"], card["index"])], bounding_box(card["quad"])
            assert all(abs(a - b) <= 0.5 for a, b in zip(box, expected)), (move, t, card["item"], box, expected)
            checked += 1
    assert checked >= 20


def test_tokens_hold_the_motion(make_daemon):
    daemon, c = tuned_daemon(make_daemon, "cardstack.toml", {"spring": {"damping_ratio": 0.5, "response": 0.4},
                                                               "curve": [0.2, 0.9, 0.3, 1.0]})
    _, frames = move_frames(c, "next")
    tokens = json.loads(daemon.cli("export", "--format", "tokens", "--offset", "0").stdout)
    a = tokens["cardstack"]["animation"]
    assert a["duration"] == {"$type": "duration", "$value": {"value": 300, "unit": "ms"}, "$description": a["duration"]["$description"]}
    assert a["curve"]["$type"] == "cubicBezier" and a["curve"]["$value"] == [0.2, 0.9, 0.3, 1.0]
    spring = a["spring"]
    assert spring["response"]["$value"] == {"value": 400, "unit": "ms"} and spring["damping-ratio"]["$value"] == 0.5
    assert math.isclose(spring["stiffness"]["$value"], (2 * math.pi / 0.4) ** 2, rel_tol=1e-12)
    assert math.isclose(spring["damping"]["$value"], 4 * math.pi * 0.5 / 0.4, rel_tol=1e-12)
    assert spring["mass"]["$value"] == 1
    # iOS 17's words as well (issue 34): duration = response, bounce = 1 − ζ.
    assert spring["duration"]["$value"] == {"value": 400, "unit": "ms"} and spring["bounce"]["$value"] == 0.5
    settle = spring["settle-duration"]["$value"]["value"] / 1000
    times = [f["time"] - frames[0]["time"] for f in frames]
    assert times[-2] < settle <= times[-1]
    keyframes = [v for k, v in sorted(spring["keyframes"].items()) if not k.startswith("$")]
    stamps = [k["$extensions"]["com.cardstack.time"]["value"] for k in keyframes]
    assert stamps == sorted(stamps) and stamps[0] == 0 and math.isclose(stamps[-1], settle * 1000)
    assert keyframes[0]["$value"] == 0 and keyframes[-1]["$value"] == 1
    assert max(k["$value"] for k in keyframes) > 1.1  # ζ = 0.5 overshoots
    assert all("cubicBezier" not in json.dumps(k) for k in keyframes)
    bad = daemon.cli("export", "--format", "swift", "--animate", "next", check=False)
    assert bad.returncode != 0 and "--animate applies to --format css and tokens" in bad.stderr
    bad = daemon.cli("export", "--format", "css", "--animate", "sideways", check=False)
    assert bad.returncode != 0 and "next, prev or fling:V" in bad.stderr
    bad = daemon.cli("export", "--format", "swift", "--name", "9lives", check=False)
    assert bad.returncode != 0 and "--name 9lives" in bad.stderr
    reply = c.request("export", format="css", animate="fling:x")
    assert not reply["ok"] and reply["error"]["code"] == "invalid_argument" and "fling:V" in reply["error"]["message"]


def test_offset_takes_negative_numbers_as_typed(daemon):
    config = str(REPO / "Config" / "cardstack.toml")
    typed = cli("frame", "--config", config, "--offset", "-40")
    assert json.loads(typed.stdout) == json.loads(cli("frame", "--config", config, "--offset=-40").stdout)
    css = cli("export", "--format", "css", "--config", config, "--offset", "-40").stdout
    assert css == cli("export", "--format", "css", "--config", config, "--offset=-40").stdout
    assert "offset " in css
    assert "matrix3d(" in daemon.cli("export", "--format", "css", "--offset", "-40").stdout
