"""`cardstack export`: the Swift file compiles here and draws the frames `cardstack frame`
draws; the stylesheet, in headless Chromium, puts every card where its quad is; JSON is
get_params' params.

The exported Swift files are compiled with the package's own toolchain (`swiftc`) against
the CardLayout module the build already made (its .swiftmodule and object files in the
bin directory), one module per export, and linked into one program: quick, and no package
resolution (which would need the network) in a temporary directory.
"""
import json
import re
import shutil
import subprocess

import pytest

from exporttools import SWIFTUI_PROBE, build_objects, cli, compile_module, emit_shapes
from harness import BIN, REPO

OFFSETS = [-95.5, -30.0, -0.25, 0.0, 7.5, 15.0, 29.999, 150.25, 299.0, 330.0, 345.75, 1234.5]
EXPORTS = {  # module name -> parameter file
    "StackExport": REPO / "Config" / "cardstack.toml",
    "RotaryExport": REPO / "Config" / "presets" / "rotary.toml",
    "CoverExport": REPO / "Config" / "presets" / "coverflow.toml",
    "SwitcherExport": REPO / "Config" / "presets" / "switcher7.toml",
}

MAIN = """
import %(imports)s

func show(_ x: Double) -> String { "\\(x)" }

func dump(_ name: String, _ cards: (Double) -> [(item: Int, index: Int, transform: [Double], alpha: Double,
    position: [Double], size: [Double], anchor: [Double], zIndex: Int, centered: [[Double]])]) {
    for offset in [%(offsets)s] {
        var parts: [String] = []
        for c in cards(offset) {
            let corners = c.centered.map { "[\\(show($0[0])),\\(show($0[1]))]" }.joined(separator: ",")
            parts.append(
                "{\\"item\\":\\(c.item),\\"index\\":\\(c.index),\\"alpha\\":\\(show(c.alpha)),\\"z\\":\\(c.zIndex),"
                + "\\"transform\\":[\\(c.transform.map(show).joined(separator: ","))],"
                + "\\"position\\":[\\(c.position.map(show).joined(separator: ","))],"
                + "\\"size\\":[\\(c.size.map(show).joined(separator: ","))],"
                + "\\"anchor\\":[\\(c.anchor.map(show).joined(separator: ","))],"
                + "\\"centered\\":[\\(corners)]}")
        }
        print("{\\"module\\":\\"\\(name)\\",\\"offset\\":\\(show(offset)),\\"cards\\":[\\(parts.joined(separator: ","))]}")
    }
}
%(calls)s
"""

CALL = """
dump("%(m)s") { offset in
    %(m)s.TunedLayout.cards(offset: offset).map { c in
        // The corners through the centred transform, as the UIKit adapter places them.
        let m = c.centeredTransform, center = c.center
        let corners: [[Double]] = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { (u, v) in
            let x = u * c.size.width, y = v * c.size.height
            let X = x * m[0] + y * m[4] + m[12], Y = x * m[1] + y * m[5] + m[13], W = x * m[3] + y * m[7] + m[15]
            return [center.x + X / W, center.y + Y / W]
        }
        return (c.item, c.index, c.transform, c.alpha, [c.position.x, c.position.y], [c.size.width, c.size.height],
                [c.anchor.x, c.anchor.y], c.zIndex, corners)
    }
}
"""


def close(a, b, tol=1e-9):
    return abs(a - b) <= tol * max(1.0, abs(b))


def test_exported_swift_draws_the_frames_cardstack_frame_draws(tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the Swift toolchain that builds this package) is not on PATH"
    objects, modulemap = build_objects()
    common = ["-I", str(BIN / "Modules"), "-Xcc", f"-fmodule-map-file={modulemap}"]
    for module, config in EXPORTS.items():
        text = cli("export", "--format", "swift", "--config", str(config)).stdout
        assert "import CardLayout" in text and "enum TunedLayout" in text and "import UIKit" in text
        assert "import Foundation" not in text.split("#if canImport(UIKit)")[0]
        assert f"of {config.name}" in text.splitlines()[1] and "cardstack 0.1.0" in text.splitlines()[1]
        # The file's name only: no directory of this machine in an app's source.
        assert str(config.parent) not in text
        compile_module(swiftc, module, text, tmp_path, common)
    main = tmp_path / "main.swift"
    main.write_text(MAIN % {
        "imports": "\nimport ".join(EXPORTS),
        "offsets": ", ".join(repr(o) for o in OFFSETS),
        "calls": "".join(CALL % {"m": m} for m in EXPORTS),
    })
    program = tmp_path / "frames"
    subprocess.run(
        [swiftc, *common, "-I", str(tmp_path), str(main), *(str(tmp_path / f"{m}.o") for m in EXPORTS),
         *map(str, objects), "-lm", "-o", str(program)],
        check=True, cwd=tmp_path, timeout=300)
    lines = [json.loads(line) for line in subprocess.run(
        [str(program)], capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()]
    assert len(lines) == len(EXPORTS) * len(OFFSETS)
    compared = 0
    for line in lines:
        config = EXPORTS[line["module"]]
        frame = json.loads(cli("frame", "--config", str(config), f"--offset={line['offset']!r}").stdout)
        ours = line["cards"]
        assert [c["item"] for c in ours] == [c["item"] for c in frame["cards"]], (line["module"], line["offset"])
        assert [c["index"] for c in ours] == [c["index"] for c in frame["cards"]]
        assert [c["z"] for c in ours] == list(range(len(ours)))  # back to front, like the frame
        for mine, theirs in zip(ours, frame["cards"]):
            for key in ("transform", "position", "size", "anchor"):
                assert all(close(a, b) for a, b in zip(mine[key], theirs[key], strict=True)), (key, mine, theirs)
            assert close(mine["alpha"], theirs["alpha"])
            if theirs["quad"] is not None:
                # The UIKit adapter's centred transform puts the corners on the frame's quad.
                for p, q in zip(mine["centered"], theirs["quad"], strict=True):
                    assert close(p[0], q[0], 1e-6) and close(p[1], q[1], 1e-6), (p, q)
            compared += 1
    assert compared > 100
    # A wrap: a stack offset one turn on draws the same cards.
    stack = {l["offset"]: l["cards"] for l in lines if l["module"] == "StackExport"}
    assert stack[330.0] == stack[0.0] and stack[-30.0] != stack[0.0]


def test_exported_swift_adapters_follow_the_style():
    stack = cli("export", "--format", "swift", "--config", str(EXPORTS["StackExport"])).stdout
    assert "class TunedCollectionViewLayout: UICollectionViewLayout" in stack
    assert "targetContentOffset(" in stack and "forProposedContentOffset" in stack
    assert "scrollsVertically = true" in stack
    switcher = cli("export", "--format", "swift", "--config", str(EXPORTS["SwitcherExport"])).stdout
    assert "class TunedCollectionViewLayout" in switcher and "scrollsVertically = false" in switcher
    cover = cli("export", "--format", "swift", "--config", str(EXPORTS["CoverExport"])).stdout
    assert "iCarouselDelegate" in cover and "carouselType: iCarouselType = .coverFlow" in cover
    assert "carouselItemWidth(" in cover and "valueFor option: iCarouselOption, withDefault value: CGFloat" in cover
    assert "case .tilt: return 0.9" in cover and "case .spacing: return 0.25" in cover
    assert "case .offsetMultiplier: return 2.0" in cover  # iCarousel's own for cover flow: 200 pt items, 100 pt per item
    nine = cli("export", "--format", "swift", "--config", str(REPO / "Config" / "presets" / "switcher9.toml")).stdout
    assert "carouselType: iCarouselType = .custom" in nine and "itemTransformForOffset offset: CGFloat" in nine


def test_export_from_the_daemon_says_revision_and_file(daemon):
    daemon.cli("set", "spacing=40")
    text = daemon.cli("export", "--format", "swift").stdout
    header = text.splitlines()[1]
    assert "revision 2" in header and "(source set)" in header and f"of {daemon.config.name}." in header
    # The file's name only: the text goes into an app's source (issue 45).
    assert str(daemon.config.parent) not in text
    assert "p.layout.spacing = 40.0" in text
    c = daemon.client()
    reply = c.ok("export", format="json")
    assert reply["format"] == "json" and json.loads(reply["text"]) == c.ok("get_params")["params"]
    css = c.ok("export", format="css", offset=15)["text"]
    assert "offset 15" in css and "matrix3d(" in css
    bad = c.request("export", format="pdf")
    assert not bad["ok"] and bad["error"]["code"] == "invalid_argument" and "swift, css, json" in bad["error"]["message"]
    bad = c.request("export", format="css", offset="x")
    assert not bad["ok"] and bad["error"]["code"] == "invalid_argument"


@pytest.mark.parametrize("config,offset", [
    ("cardstack.toml", 15.0), ("cardstack.toml", 44.0), ("presets/coverflow.toml", 230.0),
    ("presets/rotary.toml", 130.0), ("presets/switcher7.toml", 420.0), ("presets/flip.toml", 10.0),
])
def test_exported_css_puts_each_card_on_its_quad(browser, tmp_path, config, offset):
    path = REPO / "Config" / config
    css = cli("export", "--format", "css", "--config", str(path), f"--offset={offset!r}").stdout
    frame = json.loads(cli("frame", "--config", str(path), f"--offset={offset!r}").stdout)
    markup = css.split("<div class=\"cardstack\">", 1)[1].split("</div>\n*/", 1)[0]
    page = tmp_path / "page.html"
    page.write_text(
        "<!doctype html><html><head><style>html, body { margin: 0; padding: 0; }\n" + css
        + "</style></head><body><div class=\"cardstack\">" + markup + "</div></body></html>")
    browser.get(page.as_uri())
    boxes = browser.execute_script(
        "return Array.from(document.querySelectorAll('.cardstack > .card')).map(e => {"
        " const r = e.getBoundingClientRect(); return [e.dataset.item, r.left, r.top, r.right, r.bottom]; })")
    assert len(boxes) == len(frame["cards"]) > 0
    checked = 0
    for box, card in zip(boxes, frame["cards"]):
        assert int(box[0]) == card["item"]
        if card["quad"] is None:
            continue
        xs = [p[0] for p in card["quad"]]
        ys = [p[1] for p in card["quad"]]
        expected = [min(xs), min(ys), max(xs), max(ys)]
        assert all(abs(a - b) <= 1.5 for a, b in zip(box[1:], expected)), (card["item"], box, expected)
        checked += 1
    assert checked > 0


# Proof that the SwiftUI part is compiled too (against uikit_shapes/SwiftUI.swift).


def test_exported_uikit_and_icarousel_adapters_type_check(tmp_path):
    """The adapters under `#if canImport(UIKit)` and `#if canImport(SwiftUI)` type-check
    against the shapes of the UIKit, iCarousel and SwiftUI API they use
    (Tests/integration/uikit_shapes: declarations as the SDK and iCarousel.h import into
    Swift), since the SDK itself does not exist on Linux."""
    _, modulemap = build_objects()
    swiftc = emit_shapes(tmp_path)
    for preset in ("switcher7", "flip", "zoom_flow", "coverflow", "rotary", "switcher9"):
        text = cli("export", "--format", "swift", "--config", str(REPO / "Config" / "presets" / f"{preset}.toml")).stdout
        # Proof that the adapter is really compiled: a line that only type-checks with it.
        probe = ("let probe: Bool = TunedCollectionViewLayout.scrollsVertically"
                 if "TunedCollectionViewLayout" in text else "let probe: iCarouselType = TunedCarouselDelegate.carouselType")
        source = tmp_path / f"{preset}.swift"
        source.write_text(text + "\n#if canImport(UIKit)\nimport iCarousel\n" + probe + "\n#endif\n" + SWIFTUI_PROBE)
        result = subprocess.run(
            [swiftc, "-typecheck", "-parse-as-library", "-I", str(tmp_path), "-I", str(BIN / "Modules"),
             "-Xcc", f"-fmodule-map-file={modulemap}", str(source)],
            capture_output=True, text=True, cwd=tmp_path, timeout=300)
        assert result.returncode == 0, (preset, result.stderr)
        assert "error" not in result.stderr


@pytest.mark.parametrize("config", ["cardstack.toml", "presets/coverflow.toml", "presets/rotary.toml"])
def test_exported_css_lengths_and_opacities_carry_no_float_noise(config):
    """Lengths, opacities and the header's offset to a millionth (issue 45 saw
    `0.09999999999999998` and `-95.50000000000006px`); only matrix3d keeps every digit."""
    path = REPO / "Config" / config
    noise = re.compile(r"-?\d+\.\d{7,}")
    for offset in (-95.50000000000006, 15.000000000000002, 44.0, 130.1):
        css = cli("export", "--format", "css", "--config", str(path), f"--offset={offset!r}").stdout
        loose = [line for line in css.splitlines() if "matrix3d(" not in line and noise.search(line)]
        assert loose == [], (config, offset, loose[:5])
        assert str(path.parent) not in css
