"""What the exports put into an app's source (issue 45, item 6; docs/exporting.md, "What goes
into an app"): no directory of this machine, no float noise, and image files an app can name.
"""
import json
import re
import shutil

import pytest

from exporttools import cli
from harness import REPO, wait_for

PRESETS = [REPO / "Config" / "cardstack.toml", *sorted((REPO / "Config" / "presets").glob("*.toml"))]
LOOKS = sorted((REPO / "examples" / "looks").glob("*.toml"))
NUMBER = re.compile(r"\d+(?:\.\d+)?")
# Float noise: eight or more 9s, or eight or more 0s followed by a non-zero digit, among a
# number's significant digits (`0.09999999999999998`, `-95.50000000000006`,
# `99.99999999999999`); a leading run of zeros (`0.000000005`) is the number's size.
NOISE = re.compile(r"9{8,}|0{8,}[1-9]")


def significant(number):
    return number.replace(".", "").lstrip("0").rstrip("0") if "." in number else number.lstrip("0").rstrip("0")


def noisy_numbers(text):
    """The numbers of `text` with a run of float noise among their significant digits."""
    return [m.group() for m in NUMBER.finditer(text) if NOISE.search(m.group().replace(".", "").lstrip("0"))]


KEYFRAME = re.compile(r"^  [0-9.]+% \{.*$|matrix3d\([^)]*\)", re.M)


def keyframes_apart(css):
    """`css` without its keyframe lines and matrix3d() values, and those. There a run of 9s
    can be the value itself: a card at 89.9995° has cos = `0.9999999999619`, a spring not
    quite at rest `0.9999999991`; what is checked of them is that no digit past the 13th
    the rounding keeps is written."""
    return KEYFRAME.sub("", css), "\n".join(KEYFRAME.findall(css))


def long_numbers(text):
    """The numbers of `text` with more than the 13 significant digits the rounding keeps."""
    return [m.group() for m in NUMBER.finditer(text) if len(significant(m.group())) > 13]


def exports(config, offsets=(0, -95.5, 130.1, 45)):
    """Every format of `config`: css (with and without `--animate`) and tokens at each
    offset, swift and json once."""
    texts = {"swift": cli("export", "--format", "swift", "--config", str(config)).stdout,
             "json": cli("export", "--format", "json", "--config", str(config)).stdout}
    for offset in offsets:
        for fmt, extra in (("css", ()), ("css", ("--animate", "next")), ("tokens", ())):
            args = ("export", "--format", fmt, "--config", str(config), f"--offset={offset}", *extra)
            texts[f"{fmt} {' '.join(extra)} at {offset}"] = cli(*args).stdout
    return texts


@pytest.mark.parametrize("config", PRESETS + LOOKS, ids=lambda p: p.stem)
def test_no_export_of_any_preset_carries_float_noise(config):
    """Numbers computed for the CSS and the tokens are rounded to 13 significant digits (CSS
    lengths and opacities to 10⁻⁶): no number of any format of any preset or example look has
    a run of eight 9s or 0s of float noise (outside the CSS keyframes, where a spring's tail
    may, and in matrix3d(), where a cosine is 0.9999999999619), and the CSS and the tokens
    hold none longer than 13 significant digits."""
    for what, text in exports(config).items():
        rounded = what.startswith("css") or what.startswith("tokens")
        rest, keyframes = keyframes_apart(text) if what.startswith("css") else (text, "")
        assert noisy_numbers(rest) == [], (config.name, what, noisy_numbers(rest)[:5])
        if rounded:
            assert long_numbers(text) == [], (config.name, what, long_numbers(text)[:5])
        assert long_numbers(keyframes) == [], (config.name, what, long_numbers(keyframes)[:5])


def test_the_noise_check_sees_the_noise_the_issue_saw():
    """The check itself: the issue's numbers are noise; a keyframe line is set apart."""
    issue = "opacity: 0.09999999999999998; left: -95.50000000000006px; 99.99999999999999"
    assert len(noisy_numbers(issue)) == 3 and len(long_numbers(issue)) == 3
    assert noisy_numbers("0.000000005; 1.5; 246.7401100272") == []
    assert long_numbers("0.09999999999999998 0.1 246.7401100272") == ["0.09999999999999998"]
    rest, keyframes = keyframes_apart("a {\n  0% { opacity: 0.9999999991; }\n}\nb { transform: matrix3d(0.9999999999619); }")
    assert noisy_numbers(rest) == [] and keyframes == "  0% { opacity: 0.9999999991; }\nmatrix3d(0.9999999999619)"


def test_the_rounding_keeps_the_daemons_numbers():
    """What the rounding may change: a matrix3d entry by half a unit in its 13th digit (within
    10⁻⁹ here), its translation (entries 13–15, px) by half a millionth of a pixel."""
    for name, offset in (("coverflow", "130.1"), ("cylinder", "0"), ("rotary", "-95.5")):
        config = REPO / "Config" / "presets" / f"{name}.toml"
        frame = json.loads(cli("frame", "--config", str(config), "--offset", offset).stdout)
        css = cli("export", "--format", "css", "--config", str(config), f"--offset={offset}").stdout
        # The full variant's rules come first, one per card in the frame's order; the
        # reduced variant's follow (docs/exporting.md, "Reduce Motion").
        matrices = re.findall(r"transform: matrix3d\(([^)]*)\)", css)[:len(frame["cards"])]
        assert len(matrices) == len(frame["cards"])
        for card, entries in zip(frame["cards"], matrices, strict=True):
            values = [float(x) for x in entries.split(",")]
            bounds = [5e-7 if k in (12, 13, 14) else 1e-9 for k in range(16)]
            assert all(abs(a - b) <= bound for a, b, bound in zip(values, card["transform"], bounds, strict=True)), (
                name, card, values)


def hosted_config(tmp_path):
    """A parameter file with a look of two images matched by one glob, in a directory of
    its own: `b.png` written before `a.png`, so the order is the resolve's, not the disk's."""
    deck = tmp_path / "home" / "me" / "deck"
    shots = deck / "shots"
    shots.mkdir(parents=True)
    source = REPO / "examples" / "looks" / "photos"
    shutil.copy(source / "photo2.png", shots / "b.png")
    shutil.copy(source / "photo1.png", shots / "a.png")
    config = deck / "cardstack.toml"
    config.write_text('[card]\nimages = ["shots/*.png"]\ncorner_radius = 12\n')
    return config


def test_no_format_holds_a_directory_of_this_machine(tmp_path):
    """The file is given by its absolute path: every format names it by its name alone
    (docs/exporting.md), and the images relative to it."""
    config = hosted_config(tmp_path)
    assert config.is_absolute()
    for fmt in ("swift", "css", "json", "tokens"):
        text = cli("export", "--format", fmt, "--config", str(config)).stdout
        assert str(tmp_path) not in text and "/home/me" not in text, (fmt, text[:400])
        if fmt != "json":  # json holds the parameters alone
            assert "of cardstack.toml" in text, fmt


def test_tuned_look_images_are_the_files_the_glob_matched(tmp_path):
    """`TunedLook.images` is the files `shots/*.png` matched, sorted as the daemon resolves
    them and relative to the parameter file; `imagePatterns` keeps the glob. The CSS names
    the files too."""
    config = hosted_config(tmp_path)
    swift = cli("export", "--format", "swift", "--config", str(config)).stdout
    assert 'public static let images: [String] = ["shots/a.png", "shots/b.png"]' in swift
    assert 'public static let imagePatterns: [String] = ["shots/*.png"]' in swift
    css = cli("export", "--format", "css", "--config", str(config)).stdout
    assert "image k % n of shots/a.png, shots/b.png (relative to the parameter file)" in css


def test_a_pattern_that_matches_nothing_is_a_warning(tmp_path):
    config = tmp_path / "cardstack.toml"
    config.write_text('[card]\nimages = ["missing/*.png"]\n')
    result = cli("export", "--format", "swift", "--config", str(config))
    assert "public static let images: [String] = []" in result.stdout
    assert "card.images:" in result.stderr and "no file matches" in result.stderr


def test_the_daemons_export_names_the_files_too(make_daemon, tmp_path):
    """The daemon's `export` names the files its own check of the images resolved (on a
    thread of its own: the export waits, with a deadline, until that check is done)."""
    config = hosted_config(tmp_path)
    daemon = make_daemon(config.read_text(), start=False)
    shutil.copytree(config.parent / "shots", daemon.config.parent / "shots")
    daemon.start()
    expected = 'public static let images: [String] = ["shots/a.png", "shots/b.png"]'

    def exported():
        text = daemon.cli("export", "--format", "swift").stdout
        return text if expected in text else None

    swift = wait_for(exported, timeout=20, interval=0.1, what="the daemon's export naming the matched files")
    assert 'public static let imagePatterns: [String] = ["shots/*.png"]' in swift
    assert str(daemon.config.parent) not in swift and str(tmp_path) not in swift
