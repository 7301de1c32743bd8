#!/usr/bin/env python3
"""Draws the sample images the look examples use (examples/looks/*.toml): small PNGs the
project makes itself, no third-party pictures. Python's standard library only (zlib).

    python3 examples/looks/make-images.py     # writes examples/looks/photos/ and screens/

The same bytes every run: nothing random, nothing dated."""
import math
import pathlib
import struct
import zlib

HERE = pathlib.Path(__file__).resolve().parent


def png(path, width, height, pixel):
    """Writes an RGB PNG whose pixel (x, y) is pixel(x, y) -> (r, g, b)."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


# "Photos" for the flip deck (4:3, as its 400 x 300 cards): a sky over hills, a sun, in
# five palettes.
PALETTES = [((255, 183, 77), (255, 112, 67), (76, 110, 61)), ((129, 212, 250), (41, 121, 255), (56, 142, 60)),
            ((206, 147, 216), (94, 53, 177), (38, 50, 56)), ((255, 241, 118), (255, 167, 38), (141, 110, 99)),
            ((128, 222, 234), (0, 151, 167), (27, 94, 32))]


def photo(top, bottom, ground, k):
    def pixel(x, y):
        hill = 60 + 8 * math.sin(x / 13 + k) + 5 * math.sin(x / 5.0 + 2 * k)
        if y > hill:
            return mix(ground, (0, 0, 0), (y - hill) / 60)
        if (x - 30 - 12 * k) ** 2 + (y - 25) ** 2 < 100:
            return (255, 250, 230)
        return mix(top, bottom, y / 90)
    return pixel


# "Screenshots" for the switchers (a phone's 9:16): a bar, a title block and list rows in
# each app's colour.
APPS = [(0, 122, 255), (52, 199, 89), (255, 149, 0), (255, 45, 85), (88, 86, 214), (90, 200, 250)]


def screen(accent):
    def pixel(x, y):
        if y < 14:
            return accent
        if 20 <= y < 34 and 6 <= x < 60:
            return (60, 60, 67)
        row = (y - 40) // 18
        if y >= 40 and (y - 40) % 18 < 14 and 6 <= x < 84:
            if x < 20:
                return mix(accent, (255, 255, 255), 0.3 + 0.1 * (row % 3))
            return (229, 229, 234) if x > 30 + 7 * (row % 5) else (199, 199, 204)
        return (255, 255, 255)
    return pixel


if __name__ == "__main__":
    for k, (top, bottom, ground) in enumerate(PALETTES):
        png(HERE / "photos" / f"photo{k + 1}.png", 120, 90, photo(top, bottom, ground, k))
    for k, accent in enumerate(APPS):
        png(HERE / "screens" / f"app{k + 1}.png", 90, 160, screen(accent))
