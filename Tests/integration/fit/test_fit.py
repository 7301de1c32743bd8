"""`cardstack fit`: references made here with cardstack's own renderer from hidden
parameters — cards with pictures on a background of another colour, encoded as lossy MP4,
scaled and moved inside a larger frame — fitted back (docs/fit.md)."""
import json
import shutil
import subprocess

import pytest

from harness import BIN, REPO

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

PHOTOS = REPO / "examples" / "looks" / "photos" / "*.png"
# The linear carousel: each card slides a card's width per step, far enough to time well.
LINEAR = f"""[layout]
style = "linear"
cards = 20
wrap = false
spacing = 200.0

[card]
width = 200.0
height = 200.0
anchor = [0.5, 0.5]
images = ["{PHOTOS}"]
corner_radius = 12.0
"""
FPS = 60
# The clip sits at (36, 28) in a 340 x 400 frame, scaled to 240 px across, and starts with
# DELAY seconds of the first frame held.
PAD, WIDTH, DELAY = (36, 28), 240, 0.1


def cardstack(*args, timeout=900):
    # A deadline for a hung command, not a speed figure: a badly fitting clip, read as every
    # other style too, takes minutes in the debug build on a machine whose cores are busy.
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def make_clip(tmp_path, config, name="clip.mp4", scale=True):
    """The `next` transition of `config` rendered by cardstack, then scaled, padded, delayed
    and encoded at x264's -crf 28."""
    (tmp_path / "hidden.toml").write_text(config)
    raw = tmp_path / "raw.mp4"
    result = cardstack("render", "--config", tmp_path / "hidden.toml", "--transition", "next", "--out", raw,
                       "--background", "#203040", "--hold", "0.2")
    assert result.returncode == 0, result.stderr
    clip = tmp_path / name
    filters = (f"scale={WIDTH}:-2,pad=340:460:{PAD[0]}:{PAD[1]}:color=#e0e0e0,"
               f"tpad=start_duration={DELAY}:start_mode=clone") if scale else "null"
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", str(raw), "-vf", filters, "-c:v", "libx264",
                    "-crf", "28", "-pix_fmt", "yuv420p", str(clip)], check=True, timeout=120)
    return clip


def fit(*args):
    result = cardstack("fit", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_spring_move_is_fitted_back(tmp_path):
    hidden = LINEAR + f"\n[animation]\nfps = {FPS}\nspring = {{ damping_ratio = 0.6, response = 0.45 }}\n"
    clip = make_clip(tmp_path, hidden)
    (tmp_path / "pose.toml").write_text(LINEAR)
    report = fit(clip, "--config", tmp_path / "pose.toml", "--kind", "spring")
    spring = report["params"]["animation"]["spring"]
    assert abs(spring["response"] / 0.45 - 1) < 0.03, report
    assert abs(spring["damping_ratio"] - 0.6) < 0.03, report
    # Every reading of the spring, as get_params gives them.
    assert set(spring) >= {"damping_ratio", "response", "dialect", "duration", "bounce", "mass", "stiffness",
                           "damping"}
    assert abs(report["start"] - DELAY) < 1 / FPS, report
    assert report["residual"]["mean"] < 1, report
    assert report["frames"] >= 20
    # The stage as found in the frame: its corner and clip pixels per point.
    assert abs(report["stage"]["x"] - PAD[0]) < 1.5 and abs(report["stage"]["y"] - PAD[1]) < 1.5, report


def progress(curve, u):
    """A CSS cubic-bezier's progress at time fraction u (bisection on x)."""
    x1, y1, x2, y2 = curve

    def bez(a, b, s):
        return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if bez(x1, x2, mid) < u:
            lo = mid
        else:
            hi = mid
    return bez(y1, y2, (lo + hi) / 2)


def test_a_bezier_move_is_fitted_back(tmp_path):
    hidden_curve, duration = [0.3, 0.1, 0.2, 1.0], 0.4
    hidden = LINEAR + f"\n[animation]\nfps = {FPS}\ncurve = {hidden_curve}\nduration = {duration}\n"
    clip = make_clip(tmp_path, hidden)
    (tmp_path / "pose.toml").write_text(LINEAR)
    report = fit(clip, "--config", tmp_path / "pose.toml", "--kind", "curve")
    animation = report["params"]["animation"]
    assert abs(animation["duration"] - duration) < 1 / FPS, report
    assert abs(report["start"] - DELAY) < 1 / FPS, report
    curve = animation["curve"]
    assert isinstance(curve, list), report
    # The curve over the move: the card's travel (one spacing, 200 pt) within a point.
    for k in range(101):
        t = k / 100 * duration
        fitted = progress(curve, min(max((t + DELAY - report["start"]) / animation["duration"], 0), 1))
        assert abs(fitted - progress(hidden_curve, t / duration)) * 200 < 1, (t, report)
    assert report["residual"]["mean"] < 1, report


def test_a_still_of_the_stack_gives_its_pose(tmp_path):
    hidden = "[layout]\nspacing = 36.0\nscale_step = 0.08\nm34 = -0.0006\n"
    (tmp_path / "hidden.toml").write_text(hidden)
    # Mid-flip (a card turned is what shows m34): the corners of the four front cards.
    frame = json.loads(cardstack("frame", "--config", tmp_path / "hidden.toml", "--offset", "14").stdout)
    cards = sorted(frame["cards"], key=lambda c: -c["z"])[:4]
    (tmp_path / "corners.json").write_text(json.dumps([c["quad"] for c in cards]))
    report = fit("--corners", tmp_path / "corners.json", "--style", "stack")
    layout = report["params"]["layout"]
    assert abs(layout["spacing"] - 36) < 1, report
    assert abs(layout["scale_step"] - 0.08) < 0.01, report
    assert abs(layout["m34"] / -0.0006 - 1) < 0.05, report
    assert report["residual"]["mean"] < 1 and report["kind"] == "pose"
    # The same corners as CSV, one card a line.
    (tmp_path / "corners.csv").write_text(
        "\n".join(",".join(str(v) for p in c["quad"] for v in p) for c in cards) + "\n")
    again = fit("--corners", tmp_path / "corners.csv", "--style", "stack")
    assert abs(again["params"]["layout"]["spacing"] - 36) < 1


def test_a_rotary_clip_read_as_a_stack_fits_far_worse(tmp_path):
    rotary = (REPO / "Config" / "presets" / "rotary.toml").read_text()
    rotary = rotary.replace("[card]\n", f'[card]\nimages = ["{PHOTOS}"]\n', 1)
    rotary += f"\n[animation]\nfps = {FPS}\nspring = {{ damping_ratio = 0.9, response = 0.9 }}\n"
    assert "[animation]" in rotary and rotary.count("[animation]") == 1
    clip = make_clip(tmp_path, rotary)
    right = fit(clip, "--style", "rotary", "--kind", "spring")
    # The point the rotary fit tracked, marked in clip pixels for the stack's reading.
    stage, start = right["stage"], right["path"][0]
    mark = f"{stage['x'] + start[1] * stage['scale']:.2f},{stage['y'] + start[2] * stage['scale']:.2f}"
    wrong = fit(clip, "--style", "stack", "--kind", "spring", "--mark", mark)
    assert right["residual"]["mean"] < 1, right
    assert wrong["residual"]["mean"] > 5 * right["residual"]["mean"], (right, wrong)
    # The large residual is said, and another style named as fitting better.
    assert wrong["others"] and wrong["better_style"] not in (None, "stack"), wrong


def test_pictures_where_no_point_stays_in_sight_are_read_by_the_outlines(tmp_path):
    # The iOS 7 switcher's cards slide under one another: no point of theirs stays in sight
    # through the move, so their outlines are read, pictures or not (docs/fit.md, "Flat cards").
    text = (REPO / "Config" / "presets" / "switcher7.toml").read_text()
    assert "\n[card]\n" in text
    text = text.replace("\n[card]\n", f'\n[card]\nimages = ["{PHOTOS}"]\n', 1)
    (tmp_path / "look.toml").write_text(text)
    spring = "spring = { damping_ratio = 0.7, response = 0.4 }"
    assert text.count("\n[animation]\n") == 1
    (tmp_path / "hidden.toml").write_text(text.replace("\n[animation]\n", f"\n[animation]\n{spring}\n"))
    clip = tmp_path / "clip.mp4"
    made = cardstack("render", "--config", tmp_path / "hidden.toml", "--transition", "next", "--out", clip)
    assert made.returncode == 0, made.stderr
    report = fit(clip, "--config", tmp_path / "look.toml", "--kind", "spring")
    spring = report["params"]["animation"]["spring"]
    assert report["tracking"] == "outline", report
    assert abs(spring["response"] / 0.4 - 1) < 0.03 and abs(spring["damping_ratio"] - 0.7) < 0.03, report
    assert report["residual"]["mean"] < 1 and "warnings" not in report, report


def test_unusable_references_are_clear_errors(tmp_path):
    corrupt = tmp_path / "corrupt.mp4"
    corrupt.write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 8)
    result = cardstack("fit", corrupt, "--style", "stack")
    assert result.returncode == 1 and "corrupt.mp4" in result.stderr and "not a video" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "Fatal" not in result.stderr

    picture = REPO / "examples" / "looks" / "photos" / "photo1.png"
    still = tmp_path / "still.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-loop", "1", "-i", str(picture), "-t", "0.5",
                    "-r", "30", "-vf", "pad=200:120:40:15:color=#e0e0e0", "-c:v", "libx264", "-crf", "28",
                    "-pix_fmt", "yuv420p", str(still)], check=True, timeout=60)
    result = cardstack("fit", still, "--style", "stack")
    assert result.returncode == 1 and "still.mp4" in result.stderr and "does not move" in result.stderr, \
        result.stderr

    one = tmp_path / "one.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", str(still), "-frames:v", "1", "-c:v",
                    "libx264", "-pix_fmt", "yuv420p", str(one)], check=True, timeout=60)
    result = cardstack("fit", one, "--style", "stack")
    assert result.returncode == 1 and "one.mp4" in result.stderr and "1 frame" in result.stderr, result.stderr

    bad = tmp_path / "corners.csv"
    bad.write_text("1,2,3\n")
    result = cardstack("fit", "--corners", bad)
    assert result.returncode == 1 and "corners.csv" in result.stderr and "line 1" in result.stderr, result.stderr


def test_apply_puts_the_fit_in_force_one_undo_away(daemon, tmp_path):
    hidden = "[layout]\nspacing = 36.0\nscale_step = 0.08\n"
    (tmp_path / "hidden.toml").write_text(hidden)
    frame = json.loads(cardstack("frame", "--config", tmp_path / "hidden.toml").stdout)
    cards = sorted(frame["cards"], key=lambda c: -c["z"])[:3]
    (tmp_path / "corners.json").write_text(json.dumps([c["quad"] for c in cards]))
    before = json.loads(daemon.cli("get", "params").stdout)["params"]
    result = cardstack("fit", "--corners", tmp_path / "corners.json", "--style", "stack", "--apply",
                       "--socket", daemon.socket)
    assert result.returncode == 0, result.stderr
    assert "residual: mean" in result.stdout and "applied" in result.stdout
    after = json.loads(daemon.cli("get", "params").stdout)["params"]
    assert abs(after["layout"]["spacing"] - 36) < 1 and abs(after["layout"]["scale_step"] - 0.08) < 0.01
    daemon.cli("undo")
    undone = json.loads(daemon.cli("get", "params").stdout)["params"]
    assert undone["layout"] == before["layout"] and undone["card"] == before["card"]
