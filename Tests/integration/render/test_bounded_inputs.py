"""Inputs that hung a command or grew it without end (issue 44, finding 6): `verify /dev/zero`
reached 10.7 GB in 60 s, and a FIFO given to `verify`, `diff`, `render`, `plot`,
`view --replay` or `fit` blocked for ever in open(). Every file a command reads is opened
without blocking, refused unless a regular file and read with a cap (docs/render.md,
"Bounds"; docs/fit.md, "Bounds")."""
import os
import subprocess
import tempfile

import pytest

from harness import BIN, gone, wait_for
from rendertools import spring_next_recording

# Generous for a busy machine; a command that blocks in open() or reads /dev/zero never ends.
DEADLINE = 60


def run(*args):
    """`cardstack ARGS`: its result and its own peak RSS (KiB), from wait4() of that child alone
    (RUSAGE_CHILDREN would be the largest of every child pytest reaped before, a fit's too)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([str(BIN / "cardstack"), *map(str, args)], stdout=out, stderr=err,
                                 stdin=subprocess.DEVNULL)

        def reaped():
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            return (status, usage) if pid else None

        try:
            status, usage = wait_for(reaped, timeout=DEADLINE, what=f"cardstack {' '.join(map(str, args))} to end")
        except AssertionError:
            child.kill()
            os.wait4(child.pid, 0)
            child.returncode = -9
            raise
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        result = subprocess.CompletedProcess(child.args, child.returncode, out.read().decode(), err.read().decode())
    return result, usage.ru_maxrss


def test_verify_refuses_a_device_at_once_with_bounded_memory():
    result, peak = run("verify", "/dev/zero")
    assert result.returncode == 2, result
    assert "/dev/zero: it is a character device, not a regular file" in result.stderr, result.stderr
    # The command's own peak stays far below what reading /dev/zero took (gigabytes): the file
    # was never read.
    assert peak < 512 * 1024, peak


@pytest.mark.parametrize("command", [
    ["verify", "{fifo}"], ["verify", "--device", "{fifo}", "{fifo}"], ["diff", "{fifo}", "{fifo}"], ["render", "{fifo}", "--out", "{out}"],
    ["plot", "{fifo}", "--out", "{out}.svg"], ["view", "--replay", "{fifo}"],
    ["fit", "{clip}", "--style", "stack"], ["fit", "--corners", "{fifo}"],
])
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, command):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo, 0o600)
    clip = tmp_path / "clip.mp4"
    os.mkfifo(clip, 0o600)
    args = [a.format(fifo=fifo, clip=clip, out=tmp_path / "out.gif") for a in command]
    # No writer ever opens the FIFOs: a blocking open() would hang past the deadline.
    result, _ = run(*args)
    assert result.returncode in (1, 2), (args, result)
    assert "a FIFO (named pipe), not a regular file" in result.stderr, (args, result.stderr)
    assert not (tmp_path / "out.gif").exists()


def test_a_recording_over_the_cap_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate((256 << 20) + 1)  # sparse: no disk is used
    result, _ = run("verify", big)
    assert result.returncode == 2, result
    assert f"{big}: it is {(256 << 20) + 1} bytes; at most 256 MiB are read" in result.stderr, result.stderr


def test_a_killed_render_takes_its_ffmpeg_with_it(make_daemon, tmp_path):
    # The encoder runs behind setpriv --pdeathsig KILL: SIGKILL of `cardstack render` (no
    # cleanup of its own runs) still ends ffmpeg. A stand-in that never reads its frames
    # holds the render in its first write.
    path, _ = spring_next_recording(make_daemon, tmp_path)
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "ffmpeg").write_text(f"#!/bin/sh\necho $$ > {tmp_path}/ffmpeg.pid\nexec sleep 600\n")
    (fake / "ffmpeg").chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    render = subprocess.Popen([str(BIN / "cardstack"), "render", str(path), "--out", str(tmp_path / "out.mp4")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        pid_file = tmp_path / "ffmpeg.pid"
        wait_for(lambda: pid_file.exists() and pid_file.read_text().strip(), timeout=DEADLINE,
                 what="the render's ffmpeg to start")
        ffmpeg = int(pid_file.read_text())
        render.kill()
        render.wait(timeout=DEADLINE)
    finally:
        if render.poll() is None:
            render.kill()
            render.wait()
    wait_for(lambda: gone(ffmpeg), timeout=DEADLINE, what="ffmpeg to end with the killed render")
