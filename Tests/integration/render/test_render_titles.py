"""Titles and back faces in `cardstack render --config` (issue 45): `titles = [""]` hides every
card's number (docs/render.md, "Titles: hiding a card's number"), and the default stack's front
card, falling past 90° during `next`, shows its back without its title, never the title
mirrored (docs/render.md, "Back faces")."""
import shutil
import subprocess

import pytest

from harness import BIN, REPO
from rendertools import BACKGROUND, decode

PIL = pytest.importorskip("PIL.Image", reason="Pillow is not installed (make test-deps)")
pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

WHITE = (255, 255, 255)
# The default stack's cards rest with their bottom edges on y = 434 (one pixel a point); only a
# card turned past 90° reaches below it. A few rows of margin for antialiasing.
BELOW = 438


def colors(image):
    return {c for _, c in image.getcolors(1 << 24)}


def rendered(tmp_path, name, titles):
    config = tmp_path / f"{name}.toml"
    text = (REPO / "Config" / "cardstack.toml").read_text()
    assert "\ntitles = []\n" in text
    config.write_text(text.replace("\ntitles = []\n", f"\ntitles = {titles}\n"))
    out = tmp_path / f"{name}.png"  # APNG: lossless, every frame as drawn
    result = subprocess.run([str(BIN / "cardstack"), "render", "--config", str(config), "--out", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return [image for image, _ in decode(out)]


def test_empty_titles_draw_no_number_and_a_turned_card_shows_its_back_without_its_title(tmp_path):
    numbered = rendered(tmp_path, "numbered", "[]")
    untitled = rendered(tmp_path, "untitled", '[""]')
    assert len(numbered) == len(untitled) > 10
    # At rest the front card's number "1" is solid white ink; with titles = [""] no pixel of
    # any frame is the titles' white.
    assert WHITE in colors(numbered[0])
    assert all(WHITE not in colors(frame) for frame in untitled)
    # Below the resting stack only the turned card's back shows: it is drawn (not the
    # stage), and it is the same with and without titles (no mirrored number on it).
    backs = 0
    for k, (a, b) in enumerate(zip(numbered, untitled)):
        box = (0, BELOW, a.width, a.height)
        below_a, below_b = a.crop(box), b.crop(box)
        assert below_a.tobytes() == below_b.tobytes(), f"frame {k}: the turned card shows its title"
        if colors(below_a) != {BACKGROUND}:
            backs += 1
    assert backs >= 1, "no frame of the next transition shows the falling card's back"
