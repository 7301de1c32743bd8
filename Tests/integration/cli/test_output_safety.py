"""What the CLI and the daemon print is safe and said (issue 33): a parameter file whose keys,
values, table names and own name hold ESC and newlines cannot drive the terminal or forge a
line in `check`, `frame`, `export` or the daemon's log; a write to a full disk is exit 1 with
the reason; `render --out a:b.gif` writes that file."""
import re
import shutil
import subprocess

import pytest

from harness import BIN, wait_for

FORGED = "all files are fine"
# Keys, a value and a table name, each with ESC sequences and a newline that would start a
# line of its own.
HOSTILE_TOML = f"""[layout]
"spac\\u001b[2Jing\\n{FORGED}" = 3.0
style = "st\\u001b]0;owned\\u0007ack\\n{FORGED}"

["lay\\u001b[31mout\\n{FORGED}"]
x = 1
"""
HOSTILE_NAME = f"p\x1b[2J\n{FORGED}\x9b31m.toml"


def unsafe(text):
    """Control characters other than the line ends, and C1 controls."""
    return re.findall(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", text)


def forged(text):
    return [line for line in text.splitlines() if line.strip().startswith(FORGED)]


def run(*args):
    return subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=30)


@pytest.fixture
def hostile(tmp_path):
    path = tmp_path / HOSTILE_NAME
    path.write_text(HOSTILE_TOML)
    return path


def test_check_frame_and_export_show_a_hostile_file_escaped(hostile, tmp_path):
    # Each line of the file alone too, so each key, value and table is the one reported.
    lines = HOSTILE_TOML.split("\n\n")
    singles = []
    for i, part in enumerate([lines[0].split("\n")[0] + "\n" + lines[0].split("\n")[1],
                              lines[0].split("\n")[0] + "\n" + lines[0].split("\n")[2], lines[1]]):
        single = tmp_path / f"{i}{HOSTILE_NAME}"
        single.write_text(part + "\n")
        singles.append(single)
    for path in [hostile, *singles]:
        for args in (["check", str(path)], ["frame", "--config", str(path)],
                     ["export", "--format", "swift", "--config", str(path)]):
            result = run(*args)
            assert result.returncode == 1, (args, result.stdout, result.stderr)
            out = result.stdout + result.stderr
            assert out.strip(), args
            assert unsafe(out) == [] and forged(out) == [], (args, out)
            assert "\\u{1B}" in out, (args, out)


def test_the_daemon_log_escapes_a_hostile_file(make_daemon, tmp_path):
    daemon = make_daemon(HOSTILE_TOML, config_name=HOSTILE_NAME)
    wait_for(lambda: "\\u{1B}" in daemon.log_text(), what="the config error in the log")
    daemon.stop()
    log = daemon.log.read_bytes().decode("utf-8", errors="replace")
    assert unsafe(log) == [] and forged(log) == [], log


@pytest.mark.parametrize("args", [
    ["schema", "--markdown"], ["schema", "--json-schema"], ["frame"], ["frame", "--pretty"], ["frame", "--svg", "-"],
    ["export", "--format", "swift", "--config", "CONFIG"], ["export", "--format", "css", "--config", "CONFIG"],
    ["export", "--format", "tokens", "--config", "CONFIG"], ["socket", "--why"],
])
def test_a_full_disk_on_standard_output_is_an_error(args, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text("[layout]\nspacing = 30.0\n")
    args = [str(config) if a == "CONFIG" else a for a in args]
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(BIN / "cardstack"), *args], stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=30)
    assert result.returncode == 1, (args, result.stderr)
    assert "cannot write to standard output: No space left on device" in result.stderr


def test_a_full_disk_from_the_daemons_commands_is_an_error(daemon):
    for args in (["get", "params"], ["history"], ["snapshot", "--svg", "-"], ["preset", "--list"]):
        with open("/dev/full", "w") as full:
            result = subprocess.run([str(BIN / "cardstack"), *args, "--socket", str(daemon.socket)], stdout=full,
                                    stderr=subprocess.PIPE, text=True, timeout=30)
        assert result.returncode == 1 and "No space left on device" in result.stderr, (args, result.stderr)


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")
@pytest.mark.parametrize("name", ["a:b.gif", "http:x.mp4", "c:d.png"])
def test_an_output_name_with_a_colon_is_written_as_named(tmp_path, name):
    frame = run("frame").stdout.strip()
    recording = tmp_path / "r.jsonl"
    recording.write_text("".join(f'{{"event":"frame","seq":{i},"revision":1,"time":{i / 10},"frame":{frame}}}\n'
                                 for i in range(3)))
    # Relative (ffmpeg read `a:` as a protocol) and absolute.
    result = subprocess.run([str(BIN / "cardstack"), "render", str(recording), "--out", name], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / name).stat().st_size > 0
    result = run("render", str(recording), "--out", str(tmp_path / ("x" + name)))
    assert result.returncode == 0 and (tmp_path / ("x" + name)).stat().st_size > 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "x" + name, "r.jsonl"])
