"""The throw figures and picture in the docs are the models' own (issue 46): `layout-benchmark
--throws` prints the table docs/performance.md ("Throws under each scroll model") quotes, and
`make docs-pictures` (scripts/throw_pictures.py) redraws docs/throw-edges.png from its
samples pixel for pixel."""
import re
import subprocess

from PIL import Image, ImageChops

from harness import BIN, REPO


def test_the_throw_table_in_the_docs_is_the_benchmarks():
    out = subprocess.run([str(BIN / "layout-benchmark"), "--throws"], capture_output=True, text=True, check=True,
                         timeout=120).stdout
    rows = re.findall(r"^(scroll_view|icarousel)\s+(across|into the edge)\s+(-?\d+)\s+(-?[\d.]+) %\s+([\d.]+) %"
                      r"\s+([\d.]+) pt\s+([\d.]+) s\s+([\d.]+)\s+(ok|misses a 2 % goal)$", out, re.M)
    assert len(rows) == 12, out
    assert len(re.findall(r"^flip .*no move: the model ignores the velocity$", out, re.M)) == 6, out
    doc = (REPO / "docs" / "performance.md").read_text()
    for model, throw, v, first, last, past, end, target, goals in rows:
        speed = f"{int(v):,}".replace("-", "−")
        first_text = f"{float(first):.2f}".replace("-", "−") + " %"
        line = f"| {model} | {throw} | {speed} | "
        assert any(l.startswith(line) and first_text in l and f"{last} %" in l and f"{end} s" in l
                   for l in doc.splitlines()), (line, first_text, last, end)
        # The goals: within 2 % at the first interval and at most 2 % at the last, but for
        # iCarousel's own braking into the clamp (docs/performance.md says why).
        misses = model == "icarousel" and throw == "into the edge" and abs(int(v)) >= 2000
        assert (goals == "ok") == (not misses), (model, throw, v, goals)
        assert float(last) <= 2


def test_make_docs_pictures_redraws_the_committed_picture(tmp_path):
    out = tmp_path / "throw-edges.png"
    subprocess.run(["python3", str(REPO / "scripts" / "throw_pictures.py"), "--bin", str(BIN), "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    drawn, committed = Image.open(out).convert("RGB"), Image.open(REPO / "docs" / "throw-edges.png").convert("RGB")
    assert drawn.size == committed.size
    assert ImageChops.difference(drawn, committed).getbbox() is None, "run `make docs-pictures` and commit the picture"
