"""`cardstack export --format swift` carries the scroll physics (issue 46, docs/exporting.md
"Scroll physics"): the model's settings under the seed's own names, and a release whose
target is the model's. The exported Swift and the SDK's shapes (uikit_shapes) are compiled
and linked as test_export_display_link.py does, and driven here: UIKit's
`scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` of the exported
`TunedCollectionViewLayout.ScrollDelegate` and `TunedLayout.releaseTarget(from:velocity:)` are given releases at
300, 2,000 and 6,000 pt/s both ways from on and between cards and at the edges, and put the
target where this file's own reading of docs/layouts.md §2.9 and §8.1 (below, in Python) puts
it, to 1e-9, and where the daemon's own `drag` `ended` puts it after a `drag` `began` at that
offset (to 1e-9, a whole number of turns apart on a deck that wraps: the daemon answers within
one turn); `configure` gives a scroll view and an iCarousel the tuned settings.
"""
import json
import math
import shutil
import subprocess

from exporttools import SHAPES, build_objects, cli, compile_module
from harness import BIN, REPO

VELOCITIES = [300.0, -300.0, 2000.0, -2000.0, 6000.0, -6000.0]


def with_scroll(config, table):
    """The parameter file `config` (under Config/) with `[scroll]` keys set."""
    text = (REPO / "Config" / config).read_text()
    lines = "".join(f"{k} = {json.dumps(v)}\n" for k, v in table.items())
    if "\n[scroll]\n" in text:
        return text.replace("\n[scroll]\n", "\n[scroll]\n" + lines, 1)
    return text + "\n[scroll]\n" + lines


CASES = {  # module -> (parameter file, [scroll] overrides)
    "Stack": ("cardstack.toml", {}),
    "Switcher7": ("presets/switcher7.toml", {}),
    "Paged": ("presets/switcher7.toml", {"paging": True}),
    "Walls": ("presets/zoom_flow.toml", {"bounces": False}),
    "Zoom": ("presets/zoom_flow.toml", {}),
    "Cover": ("presets/coverflow.toml", {}),
    "Nine": ("presets/switcher9.toml", {}),  # the preset's own bounce_distance = 0.2 (seed 002)
    "Rotary": ("presets/rotary.toml", {}),
    "Loose": ("presets/linear.toml", {"stop_at_item_boundary": False, "scroll_to_item_boundary": False}),
    "PagedCarousel": ("presets/linear.toml", {"paging": True}),
    "Flip": ("presets/flip.toml", {}),
}
COLLECTION_VIEW = {"stack", "flip", "zoom_flow", "switcher7"}


def model_of(p):
    style = p["layout"]["style"]
    return p["scroll"].get("model") or (
        "scroll_view" if style in ("stack", "zoom_flow", "switcher7") else "flip" if style == "flip" else "icarousel")


def round_away(x):
    """Swift's rounded(.toNearestOrAwayFromZero), exactly."""
    a = abs(x)
    f = math.floor(a)
    return math.copysign(f + 1 if a - f >= 0.5 else f, x)


def target(p, x, v):
    """Where a release at offset x with velocity v comes to rest (docs/layouts.md §8.1)."""
    lay, scroll, anim = p["layout"], p["scroll"], p["animation"]
    sp, n, wrap = lay["spacing"], lay["cards"], lay["wrap"]

    def normalize(y):
        return min(max(y, 0.0), n * sp - sp)

    def snap_point(y):
        s = round_away(y / sp) * sp
        return s if wrap else normalize(s)

    model = model_of(p)
    if model == "flip":
        base = snap_point(x)
        q = 2 * (x - base) / sp
        to = base + (1 if q >= 0.5 else -1 if q <= -0.5 else 0) * sp
        return to if wrap else normalize(to)
    if model == "scroll_view":
        rate = anim["deceleration"]
        e0, e1 = 0.0, max(n * sp - sp, 0.0)
        if not wrap and not e0 <= x <= e1:
            return min(max(x, e0), e1)
        natural = x + v / 1000 * rate / (1 - rate)
        if not wrap and scroll["bounces"] and not scroll["paging"] and v != 0 and not e0 <= natural <= e1:
            return e1 if natural > e1 else e0
        if scroll["paging"]:
            page = x / sp
            steps = math.floor(page) + 1 if v > 0 else math.ceil(page) - 1 if v < 0 else round_away(page)
            return steps * sp if wrap else normalize(steps * sp)
        return snap_point(natural) if anim["snap"] else (natural if wrap else normalize(natural))
    # iCarousel (§2.9), in items.
    b = max(scroll["bounce_distance"], 0) if scroll["bounces"] else 0

    def clamped(s):
        return s if wrap else min(max(s, 0), n - 1)

    def current(s):
        return clamped(round_away(s))

    s = x / sp
    vi = v * 1.0 * scroll["scroll_speed"] / sp
    distance = vi / (2 * 30.0 * (1 - scroll["deceleration_rate"]))
    if abs(vi) > 2 and abs(distance) > 0.1:
        end = s + distance
        if scroll["paging"]:
            end = math.ceil(s) if distance > 0 else math.floor(s)
        elif scroll["stop_at_item_boundary"]:
            end = math.ceil(end) if distance > 0 else math.floor(end)
        if not wrap:
            end = min(max(end, -b), n - 1 + b)
        if scroll["scroll_to_item_boundary"] or clamped(end) != end:
            return current(end) * sp
        return end * sp if end != s else x
    if not (scroll["scroll_to_item_boundary"] or clamped(s) != s):
        return x
    item = current(s)
    to = item
    if abs(s - item) >= 1e-6 and abs(vi) > 2 and abs(s - item) > 0.1:
        to = clamped(item + (1 if vi > 0 else -1))
    return to * sp


def starts(p):
    """Offsets to release from: on and between cards, near and on both edges."""
    sp, n = p["layout"]["spacing"], p["layout"]["cards"]
    last = (n - 1) * sp
    return sorted({0.0, 0.37 * sp, 3 * sp, 3.55 * sp, 4.81 * sp, last - 0.2 * sp, last})


MAIN = """
import UIKit
import QuartzCore
import iCarousel
import %(imports)s

func show(_ x: Double) -> String { "\\(x)" }

MainActor.assumeIsolated {
%(calls)s
}
"""

CALL = """
    do {
        typealias L = %(m)s.TunedLayout
        let releases: [(Double, Double)] = [%(releases)s]
        let view = UICollectionView()
        view.bounds = CGRect(origin: .zero, size: CGSize(width: L.viewport.width, height: L.viewport.height))
        var targets: [String] = []
        for (offset, velocity) in releases {
            let mine = L.releaseTarget(from: offset, velocity: velocity)
            var driven = mine
            %(drive)s
            targets.append("[\\(show(offset)),\\(show(velocity)),\\(show(mine)),\\(show(driven))]")
        }
        %(settings)s
        print("{\\"module\\":\\"%(m)s\\",\\"settings\\":\\(settings),\\"targets\\":[\\(targets.joined(separator: ","))]}")
    }
"""

DRIVE = """
            // The collection view's delegate, as UIKit calls it (points per millisecond); a
            // wrapping deck's content starts in its middle turn.
            let base = %(m)s.TunedCollectionViewLayout.middle
            let vertical = %(m)s.TunedCollectionViewLayout.scrollsVertically
            view.contentOffset = vertical ? CGPoint(x: 0, y: base + offset) : CGPoint(x: base + offset, y: 0)
            var end = CGPoint(x: -1, y: -1)
            %(m)s.TunedCollectionViewLayout.ScrollDelegate().scrollViewWillEndDragging(
                view, withVelocity: vertical ? CGPoint(x: 0, y: velocity / 1000) : CGPoint(x: velocity / 1000, y: 0),
                targetContentOffset: &end)
            driven = Double(vertical ? end.y : end.x) - base"""

VIEW_SETTINGS = """%(m)s.TunedCollectionViewLayout.configureScrolling(view)
        let settings = "[\\(view.decelerationRate.rawValue),\\(view.bounces),\\(view.isPagingEnabled),\\(L.bounces),\\(L.isPagingEnabled)]\""""

CAROUSEL_SETTINGS = """let carousel = iCarousel()
        let delegate = %(m)s.TunedCarouselDelegate()
        delegate.configure(carousel)
        let settings = "[\\(carousel.bounces),\\(carousel.bounceDistance),\\(carousel.decelerationRate),\\(carousel.scrollSpeed),\\(carousel.stopAtItemBoundary),\\(carousel.scrollToItemBoundary),\\(carousel.isPagingEnabled),\\(L.bounceDistance),\\(L.decelerationRate)]\""""


def daemon_targets(make_daemon, text, p):
    """{(offset, velocity): target} from a daemon on `text`: a `scroll_to` jump, a `drag`
    `began` there and an `ended` at the velocity, for every start and velocity."""
    daemon = make_daemon(text)
    c = daemon.client()
    period = p["layout"]["cards"] * p["layout"]["spacing"]
    targets = {}
    for x in starts(p):
        for v in VELOCITIES:
            c.ok("scroll_to", offset=x)
            caught = c.ok("drag", phase="began")["offset"]
            assert abs(caught - x) <= 1e-9 * max(1.0, x) or (p["layout"]["wrap"] and x == period), (x, caught)
            targets[(x, v)] = c.ok("drag", phase="ended", velocity=v)["target"]
    daemon.stop()
    return targets


def test_exported_release_lands_where_the_model_does(make_daemon, tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the Swift toolchain that builds this package) is not on PATH"
    objects, modulemap = build_objects()
    shapes = []
    for module in ("UIKit", "iCarousel", "QuartzCore", "SwiftUI"):
        compile_module(swiftc, module, (SHAPES / f"{module}.swift").read_text(), tmp_path, [])
        shapes.append(tmp_path / f"{module}.o")
    common = ["-I", str(BIN / "Modules"), "-Xcc", f"-fmodule-map-file={modulemap}", "-I", str(tmp_path)]
    params, calls, daemons = {}, [], {}
    for module, (config, table) in CASES.items():
        path = tmp_path / f"{module}.toml"
        path.write_text(with_scroll(config, table))
        p = json.loads(cli("export", "--format", "json", "--config", str(path)).stdout)
        params[module] = p
        for key, value in table.items():
            assert p["scroll"][key] == value, (module, key)
        assert module != "Nine" or p["scroll"]["bounce_distance"] == 0.2
        text = cli("export", "--format", "swift", "--config", str(path)).stdout
        model = model_of(p)
        assert f"public static let scrollModel: ScrollModel = .{'scrollView' if model == 'scroll_view' else model}" in text
        for key in ("model", "bounces", "rubberBand", "paging", "bounceDistance", "decelerationRate", "scrollSpeed",
                    "stopAtItemBoundary", "scrollToItemBoundary"):
            assert f"p.scroll.{key} = " in text, (module, key)
        compile_module(swiftc, module, text, tmp_path, common)
        daemons[module] = daemon_targets(make_daemon, path.read_text(), p)
        releases = ", ".join(f"({x!r}, {v!r})" for x in starts(p) for v in VELOCITIES)
        view = p["layout"]["style"] in COLLECTION_VIEW
        calls.append(CALL % {
            "m": module, "releases": releases, "drive": DRIVE % {"m": module} if view else "",
            "settings": (VIEW_SETTINGS if view else CAROUSEL_SETTINGS) % {"m": module}})
    main = tmp_path / "main.swift"
    main.write_text(MAIN % {"imports": "\nimport ".join(CASES), "calls": "".join(calls)})
    program = tmp_path / "releases"
    subprocess.run(
        [swiftc, *common, str(main), *(str(tmp_path / f"{m}.o") for m in CASES), *map(str, shapes),
         *map(str, objects), "-lm", "-o", str(program)],
        check=True, cwd=tmp_path, timeout=600)
    lines = [json.loads(l) for l in subprocess.run(
        [str(program)], capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()]
    assert sorted(l["module"] for l in lines) == sorted(CASES)
    checked, edges, moved = 0, 0, 0
    for line in lines:
        p = params[line["module"]]
        sp, n = p["layout"]["spacing"], p["layout"]["cards"]
        for x, v, mine, driven in line["targets"]:
            expected = target(p, x, v)
            assert abs(mine - expected) <= 1e-9 * max(1.0, abs(expected)), (line["module"], x, v, mine, expected)
            assert abs(driven - mine) <= 1e-9 * max(1.0, abs(mine)), (line["module"], x, v, driven, mine)
            theirs = daemons[line["module"]][(x, v)]
            gap = theirs - mine
            if p["layout"]["wrap"]:
                gap = math.remainder(gap, n * sp)
            assert abs(gap) <= 1e-9 * max(1.0, abs(mine)), (line["module"], x, v, theirs, mine)
            checked += 1
            edges += not p["layout"]["wrap"] and expected in (0.0, (n - 1) * sp) and expected != x
            moved += expected != x
        settings = line["settings"]
        if p["layout"]["style"] in COLLECTION_VIEW:
            rate, bounces, paging, exported_bounces, exported_paging = settings
            assert rate == p["animation"]["deceleration"] and bounces == p["scroll"]["bounces"]
            assert exported_bounces == bounces and exported_paging == p["scroll"]["paging"]
            # UIScrollView pages by its bounds: only where the cards are a page long.
            extent = p["viewport"]["height" if p["layout"]["style"] in ("stack", "flip") else "width"]
            assert paging == (p["scroll"]["paging"] and extent == sp)
        else:
            s = p["scroll"]
            width = p["card"]["height" if p["carousel"].get("vertical") else "width"]
            assert settings[:3] == [s["bounces"], s["bounce_distance"], s["deceleration_rate"]], settings
            assert math.isclose(settings[3], s["scroll_speed"] * width / sp, rel_tol=1e-15)
            assert settings[4:7] == [s["stop_at_item_boundary"], s["scroll_to_item_boundary"], s["paging"]]
            assert settings[7:] == [s["bounce_distance"], s["deceleration_rate"]]
    assert checked == sum(len(starts(params[m])) for m in CASES) * len(VELOCITIES)
    assert edges > 20 and moved > checked // 2, (edges, moved, checked)


def test_tokens_carry_the_scroll_settings(tmp_path):
    """`--format tokens` has `cardstack.scroll`: the model's numbers as tokens, the model and
    the switches in `$extensions` (docs/exporting.md, "Design tokens")."""
    def scroll_of(config, table):
        path = tmp_path / "p.toml"
        path.write_text(with_scroll(config, table))
        return json.loads(cli("export", "--format", "tokens", "--config", str(path)).stdout)["cardstack"]["scroll"]

    stack = scroll_of("presets/zoom_flow.toml", {"rubber_band": 0.4})
    assert stack["$extensions"]["com.cardstack.scroll"] == {"model": "scroll_view", "bounces": True, "paging": False}
    assert stack["deceleration-rate"]["$value"] == 0.998 and stack["rubber-band"]["$value"] == 0.4
    assert stack["rubber-band-extent"]["$value"] == {"value": 375.0, "unit": "px"}
    cover = scroll_of("presets/coverflow.toml", {"scroll_speed": 1.5, "stop_at_item_boundary": False})
    assert cover["$extensions"]["com.cardstack.scroll"] == {
        "model": "icarousel", "bounces": True, "paging": False, "stop-at-item-boundary": False,
        "scroll-to-item-boundary": True}
    assert [cover[k]["$value"] for k in ("bounce-distance", "deceleration-rate", "scroll-speed")] == [1.0, 0.95, 1.5]
    assert cover["scroll-duration"]["$value"] == {"value": 400.0, "unit": "ms"}
    flip = scroll_of("presets/flip.toml", {})
    assert flip["$extensions"]["com.cardstack.scroll"]["model"] == "flip"
    assert flip["pan-length"]["$value"]["value"] == 150 and flip["half-way"]["$value"] == 0.5
    assert [flip[k]["$value"]["value"] for k in ("complete-duration", "return-duration")] == [300, 200]
    for scroll in (stack, cover, flip):
        assert all(v.get("$type") in ("number", "duration", "dimension") for k, v in scroll.items() if not k.startswith("$"))
