"""The docs say what the viewer draws as the code does (issue 45, item 6: docs/render.md once
said the terminal viewer draws no look while docs/parameters.md said it does; it does, as
test_look_images.py's viewer test shows)."""
import re
import subprocess

from harness import BIN, REPO

DOCS = {name: (REPO / "docs" / name).read_text() for name in ("render.md", "parameters.md", "viewer.md")}
DENIALS = re.compile(r"viewer[^.]{0,80}\b(draws no look|does not draw the look|without the look|ignores the look)",
                     re.IGNORECASE)


def test_every_doc_that_describes_the_viewer_says_it_draws_the_look():
    assert "The terminal viewer (`cardstack view`) draws the look" in DOCS["render.md"]
    assert "The terminal viewer (`cardstack view`) draws the look" in DOCS["parameters.md"]
    assert "viewer draws it too" in DOCS["viewer.md"]
    for name, text in DOCS.items():
        assert not DENIALS.search(" ".join(text.split())), (name, DENIALS.search(" ".join(text.split())))


def test_the_viewer_says_it_draws_the_look_too():
    """The viewer's own help says what the docs say (its pixels are test_look_images.py's)."""
    result = subprocess.run([str(BIN / "cardstack"), "view", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "the images, colours and back of `[card]`'s look" in " ".join(result.stdout.split())
