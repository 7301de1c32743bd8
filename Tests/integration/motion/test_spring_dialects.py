"""Springs in every dialect (issue 34, docs/parameters.md "Springs in every dialect"): iOS 17's
`{ duration, bounce }`, SwiftUI's `{ damping_ratio, response }` and names, UIKit's
`{ mass, stiffness, damping }`, in the file, `set` and `set_params`; one spring inside (the
same damping ratio and response to 1e-9, read back with `get_params`); `save` writes the
dialect it was given; the exported Swift's iOS 17 and iOS 13 branches type-check.
"""
import math
import subprocess

import pytest

from harness import BIN
from exporttools import SWIFTUI_PROBE, build_objects, emit_shapes

PI = math.pi

# (the spring as set_params takes it, its damping ratio, its response, its dialect)
DIALECTS = [
    ({"duration": 0.5, "bounce": 0.2}, 0.8, 0.5, "duration_bounce"),
    ({"duration": 0.3, "bounce": -0.5}, 2.0, 0.3, "duration_bounce"),
    ({"damping_ratio": 0.6, "response": 0.45}, 0.6, 0.45, "damping_ratio"),
    ({"mass": 1, "stiffness": 100, "damping": 10}, 0.5, 2 * PI / 10, "mass_stiffness_damping"),
    ({"mass": 3, "stiffness": 250, "damping": 30}, 30 / (2 * math.sqrt(750)), 2 * PI * math.sqrt(3 / 250),
     "mass_stiffness_damping"),
    ("smooth", 1.0, 0.5, "smooth"),
    ("snappy", 0.85, 0.5, "snappy"),
    ("bouncy", 0.7, 0.5, "bouncy"),
]

BASE = "[animation]\nduration = 0.3\n"


@pytest.mark.parametrize("spring,zeta,response,dialect", DIALECTS, ids=[d[3] + str(i) for i, d in enumerate(DIALECTS)])
def test_each_dialect_is_the_same_spring(make_daemon, spring, zeta, response, dialect):
    daemon = make_daemon(BASE)
    c = daemon.client()
    got = c.ok("set_params", params={"animation": {"spring": spring}})["params"]["animation"]["spring"]
    assert abs(got["damping_ratio"] - zeta) <= 1e-9 and abs(got["response"] - response) <= 1e-9, got
    assert got["dialect"] == dialect
    # Every reading of it, as the SPEC converts: duration/bounce, mass/stiffness/damping.
    assert abs(got["duration"] - response) <= 1e-9
    bounce = 1 - zeta if zeta <= 1 else 1 / zeta - 1
    assert abs(got["bounce"] - bounce) <= 1e-9
    w = math.sqrt(got["stiffness"] / got["mass"])
    assert abs(2 * PI / w - response) <= 1e-9
    assert abs(got["damping"] / (2 * math.sqrt(got["stiffness"] * got["mass"])) - zeta) <= 1e-9
    # The same spring written as damping_ratio/response: the same numbers the motion uses.
    same = c.ok("set_params", params={"animation": {"spring": {"damping_ratio": zeta, "response": response}}})
    plain = same["params"]["animation"]["spring"]
    assert abs(plain["damping_ratio"] - got["damping_ratio"]) <= 1e-9 and abs(plain["response"] - got["response"]) <= 1e-9


def test_set_takes_a_name_and_a_table_in_ios_17s_words(make_daemon):
    daemon = make_daemon(BASE)
    c = daemon.client()
    daemon.cli("set", "animation.spring=snappy")
    spring = c.ok("get_params")["params"]["animation"]["spring"]
    assert spring["dialect"] == "snappy" and spring["bounce"] == 0.15 and abs(spring["damping_ratio"] - 0.85) <= 1e-12
    daemon.cli("set", "animation.spring={duration=0.5,bounce=0.2}")
    spring = c.ok("get_params")["params"]["animation"]["spring"]
    assert (spring["dialect"], spring["duration"], spring["bounce"]) == ("duration_bounce", 0.5, 0.2)
    bad = daemon.cli("set", "spring={ damping_ratio = 0.5, bounce = 0.2 }", check=False)
    assert bad.returncode != 0 and "written one way" in bad.stderr
    bad = daemon.cli("set", "spring=springy", check=False)
    assert bad.returncode != 0 and '"snappy"' in bad.stderr


@pytest.mark.parametrize("value,line", [
    ("{duration=0.5,bounce=0.2}", "spring = { duration = 0.5, bounce = 0.2 }"),
    ("snappy", 'spring = "snappy"'),
    ("{mass=2,stiffness=300,damping=12.5}", "spring = { mass = 2.0, stiffness = 300.0, damping = 12.5 }"),
    ("{damping_ratio=0.7,response=0.35}", "spring = { damping_ratio = 0.7, response = 0.35 }"),
])
def test_save_writes_the_dialect_it_was_given(make_daemon, value, line):
    daemon = make_daemon(BASE)
    daemon.cli("set", f"animation.spring={value}")
    daemon.cli("save")
    assert daemon.config.read_bytes() == (BASE + line + "\n").encode()


def test_a_file_keeps_its_dialect_when_save_writes_another_key(make_daemon):
    text = "[animation]\n# iOS 17's words\nspring = { duration = 0.45, bounce = 0.25 } # tuned\nslowdown = 1\n"
    daemon = make_daemon(text)
    c = daemon.client()
    spring = c.ok("get_params")["params"]["animation"]["spring"]
    assert (spring["dialect"], spring["duration"], spring["bounce"], spring["damping_ratio"]) == (
        "duration_bounce", 0.45, 0.25, 0.75)
    daemon.cli("set", "slowdown=2")
    daemon.cli("save")
    assert daemon.config.read_text() == text.replace("slowdown = 1", "slowdown = 2")


def test_exported_swift_for_every_dialect_type_checks_in_both_branches(make_daemon, tmp_path):
    """The iOS 17 branch (`.spring(duration:bounce:)`, `UISpringTimingParameters(duration:
    bounce:initialVelocity:)`, `CASpringAnimation(perceptualDuration:bounce:)`) and the iOS 13
    one both compile against the UIKit and SwiftUI shapes (Tests/integration/uikit_shapes),
    with the parameters written in each dialect (`Spring(duration:bounce:)`, `Spring.snappy`,
    ... of CardLayout)."""
    _, modulemap = build_objects()
    swiftc = emit_shapes(tmp_path)
    for i, (spring, _, _, dialect) in enumerate(DIALECTS[::2] + DIALECTS[7:]):
        daemon = make_daemon(BASE)
        daemon.client().ok("set_params", params={"animation": {"spring": spring}})
        text = daemon.cli("export", "--format", "swift").stdout
        daemon.stop()
        assert "if #available(iOS 17, *)" in text and "duration: springDuration, bounce: CGFloat(bounce)" in text
        assert "mass: CGFloat(mass), stiffness: CGFloat(stiffness), damping: CGFloat(damping)" in text
        probe = ("let probe: Double = TunedLayout.bounce + TunedLayout.springDuration + TunedLayout.stiffness\n"
                 "@MainActor func probeAnimate() { TunedLayout.animate(from: 0, to: 30, animations: {}) }")
        source = tmp_path / f"spring{i}.swift"
        source.write_text(text + "\n#if canImport(UIKit)\nimport UIKit\n" + probe + "\n#endif\n" + SWIFTUI_PROBE)
        assert ".spring(duration: springDuration, bounce: bounce)" in text
        assert "UIView.animate(\n                springDuration: springDuration, bounce: CGFloat(bounce)" in text
        result = subprocess.run(
            [swiftc, "-typecheck", "-parse-as-library", "-I", str(tmp_path), "-I", str(BIN / "Modules"),
             "-Xcc", f"-fmodule-map-file={modulemap}", str(source)],
            capture_output=True, text=True, cwd=tmp_path, timeout=300)
        assert result.returncode == 0, (dialect, result.stderr)
        assert "error" not in result.stderr
