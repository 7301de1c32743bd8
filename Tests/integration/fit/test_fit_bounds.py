"""`cardstack fit` on edge values and hostile clips (issue 44, findings 2 and 5): a picture of
16000 × 16000 (972 KiB as a PNG) took ffmpeg past 1 GB; `--stage=1e308,1e308,1e-300` and
`--mark=1e308,1e308` crashed; `--stage=0,0,100000` and `-100000,-100000,50` spun for ever; a
two-stream file decoded the other stream than the one probed. Each is refused with the option
and its range named, or read as the first stream (docs/fit.md, "Bounds")."""
import os
import shutil
import struct
import subprocess
import zlib

import pytest

from harness import BIN, gone, wait_for

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed")

# Generous for a busy machine: what is refused is refused before the clip is decoded.
DEADLINE = 120


def cardstack(*args):
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True,
                          timeout=DEADLINE, stdin=subprocess.DEVNULL)


def zero_png(path, side, depth=8):
    """A side × side RGB PNG of zeros, written row by row (about 1 MB for 16000 × 16000)."""
    row = b"\0" + bytes(side * 3 * depth // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", side, side, depth, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return path


def clip(tmp_path, name="clip.mp4", size="320x240"):
    path = tmp_path / name
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", f"testsrc2=size={size}:rate=30",
                    "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", str(path)], check=True, timeout=120)
    return path


@pytest.mark.parametrize("depth", [8, 16])
def test_a_picture_over_the_pixel_limit_is_refused_before_it_is_decoded(tmp_path, depth):
    big = zero_png(tmp_path / "big.png", 16000, depth)
    result = cardstack("fit", big, "--style", "stack")
    assert result.returncode == 1, result
    assert ("big.png: the picture is 16000 × 16000 pixels, over the 16777216 (4096 × 4096) cardstack fit decodes"
            in result.stderr), result.stderr


@pytest.mark.parametrize("stage, said", [
    ("1e308,1e308,1e-300", "--stage: the stage's scale is 1e-300 clip pixels per point; it must be in [0.01, 100]"),
    ("0,0,100000", "--stage: the stage's scale is 100000.0 clip pixels per point; it must be in [0.01, 100]"),
    ("-100000,-100000,50", "--stage: the stage's top-left corner (-100000.0, -100000.0) is too far outside the "
                           "320 × 240 clip: x must be in [-320, 320] and y in [-240, 240] clip pixels"),
])
def test_a_stage_out_of_range_is_refused_naming_the_option_and_range(tmp_path, stage, said):
    result = cardstack("fit", clip(tmp_path), f"--stage={stage}")
    assert result.returncode in (1, 64), result
    assert said in result.stderr, result.stderr
    assert "Fatal" not in result.stderr and "cannot be converted" not in result.stderr


def test_a_mark_outside_the_clip_and_other_numbers_out_of_range_are_refused(tmp_path):
    path = clip(tmp_path)
    result = cardstack("fit", path, "--mark=1e308,1e308")
    assert result.returncode == 1 and "--mark: the mark (1e+308, 1e+308) is outside the 320 × 240 clip" in \
        result.stderr, result.stderr
    for args, said in [(["--from=1e308"], "--from: the offset must be a number of points in [-1000000, 1000000]"),
                       (["--time-limit=0"], "--time-limit: the time limit must be a number of seconds in (0, 86400]"),
                       (["--fps=1e308"], "--fps must be a number of frames per second in (0, 1000]")]:
        result = cardstack("fit", path, *args)
        assert result.returncode == 64 and said in result.stderr, (args, result.stderr)


def test_a_fit_past_its_time_limit_stops_with_an_error_and_its_child_with_it(tmp_path):
    # ffprobe never answers (a stand-in that sleeps): only the time limit ends the fit, and
    # ffprobe, tied to it by setpriv --pdeathsig, ends with it.
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "ffprobe").write_text(f"#!/bin/sh\necho $$ > {tmp_path}/ffprobe.pid\nexec sleep 600\n")
    (fake / "ffprobe").chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    result = subprocess.run([str(BIN / "cardstack"), "fit", str(clip(tmp_path)), "--time-limit=2"],
                            capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL, env=env)
    assert result.returncode == 1, result
    assert "fit ran past its time limit of 2 s and was stopped" in result.stderr, result.stderr
    pid = int((tmp_path / "ffprobe.pid").read_text())
    wait_for(lambda: gone(pid), timeout=30, what="the fit's ffprobe to end with it")


def test_both_programs_read_the_first_video_stream(tmp_path):
    # Stream 0 moves (a test pattern); stream 1, larger, is a still. ffmpeg on its own picks
    # the larger stream; the fit must read the one ffprobe measured.
    moving = clip(tmp_path, "moving.mp4")
    still = tmp_path / "still.mp4"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=gray:size=1024x1024:rate=30",
                    "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", str(still)], check=True, timeout=120)
    both = tmp_path / "both.mkv"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(moving), "-i", str(still), "-map", "0:v",
                    "-map", "1:v", "-c", "copy", "-y", str(both)], check=True, timeout=120)
    result = cardstack("fit", both, "--style", "stack")
    # Stream 1 would not move; stream 0 moves but holds no stage.
    assert result.returncode == 1 and "does not move" not in result.stderr, result.stderr
    assert "cannot find the" in result.stderr and "stage in the clip's first frame" in result.stderr, result.stderr
