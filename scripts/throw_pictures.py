#!/usr/bin/env python3
"""docs/throw-edges.png: a throw into the first edge under each scroll model, offset against
time (docs/layouts.md §8.1). `make docs-pictures` runs it; the curves come from
`layout-benchmark --throw-samples` (CardLayout's models, 240 samples a second), so the picture is the
models' own motion, not a copy of it.

    python3 scripts/throw_pictures.py --bin .build/debug [--out docs/throw-edges.png]

Needs Pillow (Debian's python3-pil) and the DejaVu font (fonts-dejavu-core).
"""
import argparse
import json
import pathlib
import subprocess
import sys

from PIL import Image, ImageDraw, ImageFont

REPO = pathlib.Path(__file__).resolve().parents[1]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
COLOURS = [(31, 119, 180), (214, 39, 40), (44, 160, 44)]
TITLES = {
    "scroll_view": "scroll_view (UIScrollView, zoom_flow deck): the decay, past the edge on the bounce spring, back",
    "icarousel": "icarousel (cover flow deck): constant deceleration to bounce_distance (1 item, 100 pt) past the edge, 0.4 s back",
    "flip": "flip (seed 003's pan): no edge to bounce; a pan released at 60 % and at 40 %",
}
WIDTH, PANEL, MARGIN = 960, 260, 70


def panel(draw, font, top, model, series):
    """One model's curves in the band starting at `top`: time across, offset up."""
    left, right = MARGIN, WIDTH - 20
    bottom = top + PANEL - 40
    t_max = max(p[0] for s in series for p in s["points"])
    ys = [p[1] for s in series for p in s["points"]]
    lo, hi = min(ys + ([0.0] if model != "flip" else [])), max(ys)
    if hi - lo < 1e-9:
        hi = lo + 1
    pad = (hi - lo) * 0.08
    span = (lo - pad, hi + pad)

    def at(t, y):
        return left + (right - left) * t / t_max, bottom - (bottom - top - 24) * (y - span[0]) / (span[1] - span[0])

    draw.text((left, top), TITLES[model], fill="black", font=font)
    draw.rectangle([left, top + 24, right, bottom], outline=(160, 160, 160))
    # The edge (offset 0) and the axes' numbers: the lowest and highest offsets, and
    # every quarter second.
    if model != "flip":
        edge = at(0, 0)[1]
        draw.line([left, edge, right, edge], fill=(120, 120, 120), width=1)
        draw.text((8, edge - 8), "edge 0", fill=(90, 90, 90), font=font)
    for y in (lo, hi):
        if model == "flip" or abs(y) > (hi - lo) * 0.1:
            draw.text((8, at(0, y)[1] - 8), f"{y:.0f} pt", fill=(90, 90, 90), font=font)
    k = 0
    while k * 0.25 <= t_max + 1e-9:
        x = at(k * 0.25, span[0])[0]
        draw.line([x, bottom, x, bottom + 4], fill="black")
        draw.text((x - 14, bottom + 6), f"{k * 0.25:.2f} s", fill=(90, 90, 90), font=font)
        k += 1
    for i, (colour, s) in enumerate(zip(COLOURS, series)):
        draw.line([at(t, y) for t, y in s["points"]], fill=colour, width=2)
        draw.text((right - 230, bottom - 20 - 16 * (len(series) - 1 - i)), s["label"], fill=colour, font=font)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(REPO / ".build" / "debug"), help="where layout-benchmark is")
    parser.add_argument("--out", default=str(REPO / "docs" / "throw-edges.png"))
    args = parser.parse_args()
    program = pathlib.Path(args.bin) / "layout-benchmark"
    if not program.exists():
        sys.exit(f"{program} is missing: build it with `swift build --product layout-benchmark` first")
    series = json.loads(subprocess.run([str(program), "--throw-samples"], capture_output=True, text=True, check=True,
                                       timeout=120).stdout)
    models = list(dict.fromkeys(s["model"] for s in series))
    image = Image.new("RGB", (WIDTH, PANEL * len(models) + 10), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 13)
    for i, model in enumerate(models):
        panel(draw, font, 10 + i * PANEL, model, [s for s in series if s["model"] == model])
    image.save(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
