"""`cardstack render --vary` and `plot --vary`: a grid of variants of one transition, each
cell computed by the daemon's session code, checked against single renders and plots of the
same parameter sets (docs/render.md, "Variants")."""
import json
import shutil
import subprocess

import pytest

from harness import BIN
from rendertools import decode

PIL = pytest.importorskip("PIL.Image", reason="Pillow is not installed (make test-deps)")
pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

BASE = """[layout]
style = "stack"
cards = 8
spacing = {spacing}

[card]
titles = ["A", "B", "C", "D", "E", "F", "G", "H"]

[viewport]
width = 200.0
height = 300.0

[animation]
fps = 50
spring = {{ duration = 0.4, bounce = {bounce} }}
"""
SPACINGS = ["20", "40"]
BOUNCES = ["0", "0.15", "0.3"]
VARY = ["--vary", "spacing=" + ",".join(SPACINGS), "--vary", "animation.spring.bounce=" + ",".join(BOUNCES)]
# The sheet's layout (docs/render.md): 8 px margins, a 22 px label strip above each stage.
MARGIN, LABEL, STAGE = 8, 22, (200, 300)


def cardstack(*args, check=True):
    result = subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True, timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def cells():
    """The six sets, the first key across each row: (row, column, spacing, bounce)."""
    return [(r, c, s, b) for r, b in enumerate(BOUNCES) for c, s in enumerate(SPACINGS)]


def stage_box(row, column):
    x = MARGIN + column * (STAGE[0] + MARGIN)
    y = MARGIN + row * (LABEL + STAGE[1] + MARGIN) + LABEL
    return (x, y, x + STAGE[0], y + STAGE[1])


@pytest.fixture
def base(tmp_path):
    path = tmp_path / "base.toml"
    path.write_text(BASE.format(spacing="30.0", bounce="0.1"))
    return path


def single_config(tmp_path, spacing, bounce):
    path = tmp_path / f"cell-{spacing}-{bounce}.toml"
    path.write_text(BASE.format(spacing=float(spacing), bounce=bounce))
    return path


def read(path):
    """Every frame as an RGB picture (MP4 through ffmpeg, one picture per coded frame)."""
    if path.suffix != ".mp4":
        return decode(path)
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", str(path)], capture_output=True, text=True, check=True)
    width, height = map(int, probe.stdout.split(","))
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    size = width * height * 3
    return [(PIL.frombytes("RGB", (width, height), raw[i:i + size]), None) for i in range(0, len(raw), size)]


def differences(a, b):
    """Per-channel absolute differences of two RGB pictures of one size, sorted."""
    return sorted(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes()))


# Within the encoder's tolerance (docs/render.md, "How exact"): per channel, the 99th
# percentile of the differences and their mean over a cell's stage, in every frame. Measured
# on this grid: GIF 3 and 0.31 (each file has its own 256-colour palette), MP4 13 and 1.09
# (x264 compresses the whole sheet, not the cell alone); APNG is lossless: equal bytes.
@pytest.mark.parametrize("extension, p99, mean", [("png", 0, 0), ("gif", 8, 1), ("mp4", 16, 2)])
def test_six_labelled_cells_equal_six_single_renders(base, tmp_path, extension, p99, mean):
    sheet = tmp_path / f"sheet.{extension}"
    result = cardstack("render", "--config", base, *VARY, "--out", sheet)
    assert "of 6 variants" in result.stderr
    frames = read(sheet)
    width, height = frames[0][0].size
    assert (width, height) == (MARGIN + 2 * (STAGE[0] + MARGIN), MARGIN + 3 * (LABEL + STAGE[1] + MARGIN))
    labels = []
    for row, column, spacing, bounce in cells():
        single = tmp_path / f"single-{spacing}-{bounce}.{extension}"
        cardstack("render", "--config", single_config(tmp_path, spacing, bounce), "--out", single)
        alone = read(single)
        assert alone[0][0].size == STAGE
        # The longest move sets the sheet's length; a shorter one holds its last frame.
        assert len(alone) <= len(frames)
        box = stage_box(row, column)
        for k, (picture, _) in enumerate(frames):
            cell = picture.crop(box)
            expected = alone[min(k, len(alone) - 1)][0]
            if extension == "png":
                assert cell.tobytes() == expected.tobytes(), (spacing, bounce, k)
            else:
                d = differences(cell, expected)
                assert d[int(len(d) * 0.99)] <= p99 and sum(d) / len(d) <= mean, (spacing, bounce, k, d[-1])
        # The label strip above the stage holds ink, and each cell's differs from the others'.
        strip = frames[0][0].crop((box[0], box[1] - LABEL, box[2], box[1]))
        assert min(strip.tobytes()) < 64, (spacing, bounce)
        labels.append(strip.tobytes())
    assert len(set(labels)) == 6


def test_a_five_by_five_grid_is_refused_with_the_limit(base, tmp_path):
    out = tmp_path / "sheet.gif"
    result = cardstack("render", "--config", base, "--vary", "spacing=10,20,30,40,50",
                       "--vary", "animation.spring.bounce=0..0.4/5", "--out", out, check=False)
    assert result.returncode == 1, result.stderr
    assert "5 × 5" in result.stderr and "4 × 4" in result.stderr, result.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == [base]
    result = cardstack("plot", "--config", base, "--vary", "spacing=1..17/17", "--out", tmp_path / "p.json",
                       check=False)
    assert result.returncode == 1 and "16 cells" in result.stderr, result.stderr


def test_a_range_and_named_curves_are_values(base, tmp_path):
    out = tmp_path / "curves.json"
    cardstack("plot", "--config", base, "--vary", "animation.spring=null", "--vary",
              "animation.curve=ease_in_out,decelerate", "--out", out)
    series = json.loads(out.read_text())["series"]
    assert [s["label"] for s in series] == ["animation.spring=null, animation.curve=ease_in_out",
                                            "animation.spring=null, animation.curve=decelerate"]
    assert series[0]["points"] != series[1]["points"]
    out = tmp_path / "range.json"
    cardstack("plot", "--config", base, "--vary", "spacing=20..40/3", "--out", out)
    series = json.loads(out.read_text())["series"]
    assert [s["values"] for s in series] == [{"layout.spacing": v} for v in (20, 30, 40)]
    # A next moves by one spacing.
    assert [round(s["points"][-1][1] - s["points"][0][1], 9) for s in series] == [20, 30, 40]


def test_plot_vary_has_one_series_per_set_each_the_single_plots(base, tmp_path):
    out = tmp_path / "overlay.json"
    cardstack("plot", "--config", base, *VARY, "--out", out)
    series = json.loads(out.read_text())["series"]
    assert len(series) == 6
    for item, (_, _, spacing, bounce) in zip(series, cells()):
        assert item["label"] == f"spacing={spacing}, animation.spring.bounce={bounce}"
        assert item["values"] == {"layout.spacing": json.loads(spacing), "animation.spring.bounce": json.loads(bounce)}
        single = tmp_path / f"single-{spacing}-{bounce}.json"
        cardstack("plot", "--config", single_config(tmp_path, spacing, bounce), "--out", single)
        expected = json.loads(single.read_text())
        for key, value in expected.items():
            assert item[key] == value, (spacing, bounce, key)
    svg = tmp_path / "overlay.svg"
    cardstack("plot", "--config", base, *VARY, "--out", svg)
    text = svg.read_text()
    assert text.count('class="series"') == 6
    assert "spacing=40, animation.spring.bounce=0.3" in text


def test_without_a_file_the_daemons_values_in_force_are_varied(make_daemon, base, tmp_path):
    daemon = make_daemon(base.read_text())
    daemon.cli("set", "spacing=35")
    from_daemon, from_file = tmp_path / "daemon.json", tmp_path / "file.json"
    edited = tmp_path / "edited.toml"
    edited.write_text(base.read_text().replace("spacing = 30.0", "spacing = 35.0"))
    cardstack("plot", "--config", edited, "--vary", "animation.spring.bounce=0,0.3", "--out", from_file)
    result = cardstack("plot", "--socket", daemon.socket, "--vary", "animation.spring.bounce=0,0.3", "--out", from_daemon)
    assert "warning" not in result.stderr, "the daemon's values read back as the same set"
    assert json.loads(from_daemon.read_text()) == json.loads(from_file.read_text())


def test_a_label_too_wide_for_its_stage_wraps_instead_of_being_cut(tmp_path):
    """On a 120-point stage `animation.spring.bounce=0.3, animation.spring.duration=0.4` does
    not fit even at 6 points: it is broken after its comma onto two lines in the 22-point
    strip (issue 45 saw labels cut at the stage's edge)."""
    base = tmp_path / "narrow.toml"
    base.write_text(BASE.format(spacing="30.0", bounce="0.1").replace("width = 200.0", "width = 120.0"))
    out = tmp_path / "narrow.png"
    cardstack("render", "--config", base, "--vary", "animation.spring.bounce=0,0.3", "--vary",
              "animation.spring.duration=0.4", "--out", out)
    sheet = decode(out)[0][0]
    for cell in range(2):
        x0 = MARGIN + cell * (120 + MARGIN)
        inked = [y for y in range(MARGIN, MARGIN + LABEL)
                 if any(sum(sheet.getpixel((x, y))) < 3 * 160 for x in range(x0, x0 + 120))]
        assert inked, cell
        bands = 1 + sum(1 for a, b in zip(inked, inked[1:]) if b > a + 1)
        assert bands == 2, (cell, inked)


def test_a_label_longer_than_the_strip_holds_ends_in_an_ellipsis_within_its_three_lines(tmp_path):
    """A label that needs more than three 6-point lines on a 120-point stage (one column) keeps
    three, the last ending in "…", inside the 22-point strip: ink in three whole bands
    (docs/render.md, "Variants"; Tests/CardStackRenderTests/LabelLayoutTests.swift holds the
    layout to every length, the ellipsis included)."""
    base = tmp_path / "narrow.toml"
    base.write_text(BASE.format(spacing="30.0", bounce="0.1").replace("width = 200.0", "width = 120.0"))
    out = tmp_path / "long.png"
    curve = "[0.1111111111,0.2222222222,0.7777777777,0.8888888888]"
    cardstack("render", "--config", base, "--vary", f"animation.curve={curve}", "--vary",
              "animation.duration=0.2500000001,0.3500000001", "--to", "0.1", "--out", out)
    sheet = decode(out)[0][0]
    inked = [y for y in range(MARGIN, MARGIN + LABEL)
             if any(sum(sheet.getpixel((x, y))) < 3 * 160 for x in range(MARGIN, MARGIN + 120))]
    runs = [[inked[0]]]
    for a, b in zip(inked, inked[1:]):
        runs[-1].append(b) if b == a + 1 else runs.append([b])
    # Three lines, each whole: a band as tall as a line's digits (at least 4 rows), none cut
    # to a sliver by the strip's edge.
    assert len(runs) == 3 and all(len(run) >= 4 for run in runs), inked


REDUCED = """[layout]
style = "stack"
cards = 8

[viewport]
width = 200.0
height = 300.0

[animation]
fps = 50
reduce_motion = {on}

[reduced]
crossfade = 0

[reduced.animation]
duration = 0.6
curve = "linear"

[reduced.layout]
m34 = -0.002
"""


def test_render_and_plot_vary_show_the_full_and_the_reduced_motion_side_by_side(tmp_path):
    """`--vary animation.reduce_motion=false,true` (docs/render.md): two cells, each a single
    render of its set; two plotted series, the reduced one the reduced keys' 0.6 s linear move."""
    base = tmp_path / "base.toml"
    base.write_text(REDUCED.format(on="false"))
    vary = ["--vary", "animation.reduce_motion=false,true"]
    sheet = tmp_path / "sheet.png"
    result = cardstack("render", "--config", base, *vary, "--out", sheet)
    assert "of 2 variants" in result.stderr
    frames = read(sheet)
    for column, on in enumerate(["false", "true"]):
        single_config = tmp_path / f"single-{on}.toml"
        single_config.write_text(REDUCED.format(on=on))
        single = tmp_path / f"single-{on}.png"
        cardstack("render", "--config", single_config, "--out", single)
        alone = read(single)
        box = stage_box(0, column)
        for k, (picture, _) in enumerate(frames):
            assert picture.crop(box).tobytes() == alone[min(k, len(alone) - 1)][0].tobytes(), (on, k)
    # The reduced move is longer: its cell sets the sheet's length.
    assert len(read(tmp_path / "single-true.png")) == len(frames) > len(read(tmp_path / "single-false.png"))

    out = tmp_path / "plot.json"
    cardstack("plot", "--config", base, *vary, "--out", out)
    full, reduced = json.loads(out.read_text())["series"]
    assert full["values"] == {"animation.reduce_motion": False} and reduced["values"] == {"animation.reduce_motion": True}
    # Each plotted point of the reduced move is the linear 0.6 s move's (to the plot's printed digits).
    for t, offset in reduced["points"]:
        assert abs(offset - 30 * min(t / 0.6, 1)) <= 1e-5 * 30, (t, offset)
    assert reduced["points"][-1] == [reduced["points"][-1][0], 30.0] and reduced["points"][-1][0] >= 0.6 - 1e-6
    assert full["points"][-1][0] < 0.6, "the full move takes the file's 0.3 s"
