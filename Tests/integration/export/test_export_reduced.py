"""Reduce Motion, shipped (issue 49): the exported Swift, compiled here against the SDK's
shapes (uikit_shapes: `UIAccessibility.isReduceMotionEnabled`, its change notification,
SwiftUI's `accessibilityReduceMotion`) and driven with the setting off and on, draws the
daemon's own frames in each mode to 1e-9: the full variant's with the setting off, the
reduced variant's (`animation.reduce_motion` in the daemon) with it on, a step's cross-fade
included; the collection view layout is invalidated when the setting changes.

The Swift is compiled and linked as test_export_display_link.py does (`swiftc` against the
build's CardLayout objects, the shapes linked so the adapters run).
"""
import json
import math
import shutil
import subprocess

from harness import BIN, MOTION, REPO, subscribed
from exporttools import SHAPES, build_objects, compile_module
from motiontools import move_frames

FLING = 900.0

# Parameter file, [animation] and [reduced] set over the socket. The flip bounces and flips
# toward the viewer; reduced, it cross-fades a step (default 0.25 s). The zoom flow overshoots
# its curve; reduced, with no cross-fade, it moves along the curve held in [0, 1], in 0.25 s.
CASES = {
    "Flip": ("presets/flip.toml", {"spring": {"damping_ratio": 0.5, "response": 0.4}}, {}),
    "Zoom": ("presets/zoom_flow.toml", {"curve": [0.3, 1.4, 0.4, 1.0], "duration": 0.4},
              {"crossfade": 0, "animation": {"duration": 0.25}}),
}

MAIN = """
import UIKit
import SwiftUI
import Exported

final class Deck: UICollectionView {
    override var numberOfSections: Int { 1 }
    override func numberOfItems(inSection section: Int) -> Int { 1000 }
}

func show(_ cards: [TunedCard]) -> String {
    "[" + cards.map { c in
        "{\\"item\\":\\(c.item),\\"index\\":\\(c.index),\\"alpha\\":\\(c.alpha),\\"transform\\":[\\(c.transform.map { "\\($0)" }.joined(separator: ","))]}"
    }.joined(separator: ",") + "]"
}

@MainActor func play() {
    let layout = TunedCollectionViewLayout()
    layout.prepare()  // starts observing the setting
    for on in [false, true, false] {
        let before = layout.invalidations
        UIAccessibility.simulateReduceMotion(on)
        let reduce = TunedLayout.reduceMotion
        EnvironmentValues.simulated.reduceMotion = on
        let moves: [(String, Double, Double, [Double])] = on ? [%(reduced)s] : [%(full)s]
        for (kind, from, to, times) in moves {
            let frames: [String] = times.map { t in
                kind == "fling"
                    ? show(TunedLayout.cards(offset: TunedLayout.flingOffset(from: from, velocity: %(fling)r, at: t, reduceMotion: reduce), reduceMotion: reduce))
                    : show(TunedLayout.stepCards(from: from, to: to, velocity: 0, at: t, reduceMotion: reduce))
            }
            let target = kind == "fling"
                ? TunedLayout.flingTarget(from: from, velocity: %(fling)r, reduceMotion: reduce)
                : TunedLayout.stepTarget(from: from, steps: kind == "next" ? 1 : -1, reduceMotion: reduce)
            let end = kind == "fling"
                ? TunedLayout.flingDuration(from: from, velocity: %(fling)r, reduceMotion: reduce)
                : TunedLayout.stepDuration(from: from, to: to, velocity: 0, reduceMotion: reduce)
            let view = TunedCardsView(offset: from) { _ in Color(red: 0, green: 0, blue: 0) }
            print("{\\"on\\":\\(on),\\"kind\\":\\"\\(kind)\\",\\"target\\":\\(target),\\"end\\":\\(end),\\"view\\":\\(show(view.cards)),\\"invalidated\\":\\(layout.invalidations - before),\\"frames\\":[\\(frames.joined(separator: ","))]}")
        }
    }
}

MainActor.assumeIsolated { play() }
"""


def record(c):
    """next, prev and a fling, each waited out: (kind, from, to, times since start, frames)."""
    moves = []
    for kind, args in (("next", {}), ("prev", {}), ("fling", {"velocity": FLING})):
        before = c.ok("get_state")["offset"]
        result, frames = move_frames(c, kind, **args)
        # A cross-fade's frames carry no move: the offset is on the target at once.
        to = frames[0]["motion"]["to"] if "motion" in frames[0] else result["target"]
        start = frames[0]["time"]
        moves.append((kind, before, to, [f["time"] - start for f in frames], [f["frame"] for f in frames]))
    return moves


def literal(moves):
    return ", ".join(f'("{kind}", {start!r}, {to!r}, [{", ".join(repr(t) for t in times)}])'
                     for kind, start, to, times, _ in moves)


def same_cards(mine, theirs, where):
    assert [(c["item"], c["index"]) for c in mine] == [(c["item"], c["index"]) for c in theirs], where
    for a, b in zip(mine, theirs):
        assert abs(a["alpha"] - b["alpha"]) <= 1e-9, (where, a["item"], a["alpha"], b["alpha"])
        assert all(abs(x - y) <= 1e-9 for x, y in zip(a["transform"], b["transform"], strict=True)), (where, a, b)


def test_exported_swift_follows_the_setting_as_the_daemon_plays_each_variant(make_daemon, tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the Swift toolchain that builds this package) is not on PATH"
    objects, modulemap = build_objects()
    shapes = []
    for module in ("UIKit", "iCarousel", "QuartzCore", "SwiftUI"):
        compile_module(swiftc, module, (SHAPES / f"{module}.swift").read_text(), tmp_path, [])
        shapes.append(tmp_path / f"{module}.o")
    common = ["-I", str(BIN / "Modules"), "-Xcc", f"-fmodule-map-file={modulemap}", "-I", str(tmp_path)]
    checked = {False: 0, True: 0}
    for name, (config, animation, reduced) in CASES.items():
        daemon = make_daemon((REPO / "Config" / config).read_text())
        c = subscribed(daemon, MOTION, first_frame=True)
        # The flip deck's own model (seed 003's pan) lets a throw with no finger go nowhere:
        # its fling is thrown under the scroll view's decay, as test_export_motion.py does.
        scroll = {"model": "scroll_view"} if name == "Flip" else {}
        c.ok("set_params", params={"animation": animation, "reduced": reduced, "scroll": scroll})
        c.ok("ping")
        full = record(c)
        c.ok("set_params", params={"animation": {"reduce_motion": True}})
        c.ok("ping")
        slow = record(c)
        deck = c.ok("get_params")["params"]["layout"]
        text = daemon.cli("export", "--format", "swift").stdout
        daemon.stop()
        assert "UIAccessibility.isReduceMotionEnabled" in text and "reduceMotionStatusDidChangeNotification" in text
        assert "@Environment(\\.accessibilityReduceMotion)" in text and "enum TunedReducedLayout" in text
        work = tmp_path / name
        work.mkdir()
        compile_module(swiftc, "Exported", text, work, common)
        main = work / "main.swift"
        main.write_text(MAIN % {"full": literal(full), "reduced": literal(slow), "fling": FLING})
        program = work / "reduced"
        subprocess.run(
            [swiftc, *common, "-I", str(work), str(main), str(work / "Exported.o"), *map(str, shapes),
             *map(str, objects), "-lm", "-o", str(program)],
            check=True, cwd=work, timeout=300)
        lines = [json.loads(l) for l in subprocess.run(
            [str(program)], capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()]
        assert len(lines) == 9, lines
        for i, line in enumerate(lines):
            on = line["on"]
            kind, start, to, times, frames = next(m for m in (slow if on else full) if m[0] == line["kind"])
            # Each change of the setting (the first included) invalidated the layout once.
            assert line["invalidated"] == 1, (name, i, line["invalidated"])
            for t, frame, cards in zip(times, frames, line["frames"], strict=True):
                same_cards(cards, frame["cards"], (name, on, kind, t))
                checked[on] += 1
            same_cards(line["view"], frames[0]["cards"], (name, on, kind, "TunedCardsView"))
            # Where the move comes to rest and when it is over: the daemon's last frame (on a
            # deck that wraps, the same place a whole number of turns on).
            gap = line["target"] - frames[-1]["offset"]
            if deck["wrap"]:
                gap = math.remainder(gap, deck["cards"] * deck["spacing"])
            assert abs(gap) <= 1e-9, (name, on, kind, line["target"], frames[-1]["offset"])
            assert times[-2] < line["end"] <= times[-1] + 1e-9, (name, on, kind, times[-2:], line["end"])
        # The two variants differ where they should: the reduced one has no overshoot.
        assert full != slow
    assert checked[False] > 40 and checked[True] > 40, checked


def bounding_box(quad):
    xs = [p[0] for p in quad]
    ys = [p[1] for p in quad]
    return [min(xs), min(ys), max(xs), max(ys)]


SEEK = (
    "const t = arguments[0];"
    "for (const a of document.getAnimations()) { a.pause(); a.currentTime = t; }"
    "return Array.from(document.querySelectorAll('.cardstack > .card')).filter(e => {"
    " const s = getComputedStyle(e);"
    " return s.display !== 'none' && s.visibility !== 'hidden' && +s.opacity > 0; }).map(e => {"
    " const r = e.getBoundingClientRect();"
    " return [+e.dataset.item, +e.dataset.index, +getComputedStyle(e).opacity, r.left, r.top, r.right, r.bottom]; })")


def test_css_plays_the_reduced_keyframes_under_prefers_reduced_motion(make_daemon, browser, tmp_path):
    """The stylesheet with `--animate next`: under Chromium's emulated `prefers-reduced-motion:
    reduce` the cards shown are the daemon's frames with Reduce Motion on (a cross-fade for the
    flip, a flat held curve for the zoom flow), within 0.5 px and 0.01 of opacity; without
    it, the full transition's."""
    checked = {False: 0, True: 0}
    for name, (config, animation, reduced) in CASES.items():
        daemon = make_daemon((REPO / "Config" / config).read_text())
        c = subscribed(daemon, MOTION, first_frame=True)
        c.ok("set_params", params={"animation": animation, "reduced": reduced})
        c.ok("scroll_to", offset=60.0)
        c.ok("ping")
        recorded = {}
        for on in (False, True):
            c.ok("set_params", params={"animation": {"reduce_motion": on}})
            c.ok("scroll_to", offset=60.0)
            c.ok("ping")
            assert c.ok("get_state")["offset"] == 60.0, (name, on)
            _, recorded[on] = move_frames(c, "next")
        css = daemon.cli("export", "--format", "css", "--animate", "next", "--offset", "60").stdout
        daemon.stop()
        assert "@media (prefers-reduced-motion: reduce)" in css and "cardstack-reduced-" in css
        markup = css.split("Markup for the animation", 1)[1].split("<div class=\"cardstack\">", 1)[1].split("</div>\n*/", 1)[0]
        extra = css.split("Markup to add to the same .cardstack:", 1)[1].split("*/", 1)[0]
        page = tmp_path / f"{name}.html"
        page.write_text(
            "<!doctype html><html><head><style>html, body { margin: 0; padding: 0; }\n" + css
            + "</style></head><body><div class=\"cardstack\">" + markup + extra + "</div></body></html>")
        for on in (False, True):
            features = [{"name": "prefers-reduced-motion", "value": "reduce" if on else "no-preference"}]
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})
            browser.get(page.as_uri())
            assert browser.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches") == on
            frames = recorded[on]
            begin = frames[0]["time"]
            for frame in [frames[round(i * (len(frames) - 1) / 14)] for i in range(15)]:
                t = (frame["time"] - begin) * 1000
                shown = browser.execute_script(SEEK, t)
                cards = [card for card in frame["frame"]["cards"] if card["alpha"] > 0]
                assert sorted((s[0], s[1]) for s in shown) == sorted((k["item"], k["index"]) for k in cards), (name, on, t)
                boxes = {}
                for s in shown:
                    boxes.setdefault((s[0], s[1]), []).append(s[2:])
                for card in cards:
                    if card["quad"] is None:
                        continue
                    expected = bounding_box(card["quad"])
                    # A card cross-fading in and out at once has two elements: one of them matches.
                    assert any(abs(o - card["alpha"]) <= 0.01 and all(abs(a - b) <= 0.5 for a, b in zip(box, expected))
                               for o, *box in boxes[(card["item"], card["index"])]), (name, on, t, card["item"], boxes, expected)
                    checked[on] += 1
    assert checked[False] >= 40 and checked[True] >= 40, checked


def test_tokens_carry_both_variants(tmp_path):
    """`--format tokens`: `cardstack.reduced-motion` holds the reduced variant's tokens beside
    `cardstack.animation` (the bouncing spring without its bounce, `[reduced.animation]`'s
    duration) and the cross-fade as a duration token."""
    from exporttools import cli
    config = tmp_path / "both.toml"
    config.write_text((REPO / "Config" / "cardstack.toml").read_text().replace(
        "[animation]\n", "[animation]\nspring = { duration = 0.5, bounce = 0.3 }\n", 1)
        + "\n[reduced]\ncrossfade = 0.2\n\n[reduced.animation]\nduration = 0.15\n")
    tokens = json.loads(cli("export", "--format", "tokens", "--config", str(config)).stdout)["cardstack"]
    full, reduced = tokens["animation"], tokens["reduced-motion"]
    assert full["spring"]["bounce"]["$value"] == 0.3 and reduced["spring"]["bounce"]["$value"] == 0
    assert reduced["spring"]["duration"]["$value"] == {"value": 500, "unit": "ms"}
    assert full["duration"]["$value"]["value"] == 300 and reduced["duration"]["$value"]["value"] == 150
    assert reduced["crossfade"]["$type"] == "duration" and reduced["crossfade"]["$value"] == {"value": 200, "unit": "ms"}
    assert max(k["$value"] for n, k in full["spring"]["keyframes"].items() if not n.startswith("$")) > 1
    assert max(k["$value"] for n, k in reduced["spring"]["keyframes"].items() if not n.startswith("$")) <= 1
