"""Rough edges a new user met (issue 27), each with its test."""
import selectors
import subprocess
import sys
import time

from harness import REPO


def test_remove_says_a_negative_item_is_not_a_deck_position(daemon):
    r = daemon.cli("remove", "-1", check=False)
    assert r.returncode != 0
    assert "item must be ≥ 0, got -1" in r.stderr, r.stderr
    assert "Missing expected argument" not in r.stderr
    r = daemon.cli("remove", "x", check=False)
    assert r.returncode != 0 and "x: not a whole number" in r.stderr
    assert daemon.cli("remove", "1").returncode == 0
    assert daemon.client().ok("get_state")["cards"] == 10


def test_the_python_example_prints_a_placeless_error_without_none(daemon):
    proc = subprocess.Popen([sys.executable, "-u", str(REPO / "examples" / "client.py"), str(daemon.socket)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)

        def next_line(deadline):
            while time.monotonic() < deadline:
                if sel.select(deadline - time.monotonic()):
                    return proc.stdout.readline()
            raise AssertionError("no line from examples/client.py: " + (proc.stderr.read() if proc.poll() is not None else ""))

        # Subscribed once it prints something for a change; then the file goes.
        daemon.cli("next")
        assert next_line(time.monotonic() + 10).startswith("seq ")
        daemon.config.unlink()
        deadline = time.monotonic() + 10
        while True:
            line = next_line(deadline)
            if not line.startswith("seq "):
                break
        assert line.startswith(f"{daemon.config}: the file was deleted"), line
        assert "None" not in line
    finally:
        proc.kill()
        proc.wait()


def test_frame_pretty_keeps_a_transform_on_one_line():
    from harness import BIN, DEFAULT_CONFIG
    import json

    r = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(DEFAULT_CONFIG), "--pretty"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    frame = json.loads(r.stdout)  # still JSON, the same values
    plain = json.loads(subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(DEFAULT_CONFIG)],
                                      capture_output=True, text=True, timeout=30).stdout)
    assert frame == plain
    rows = [line for line in r.stdout.splitlines() if '"transform"' in line]
    assert len(rows) == len(frame["cards"]) > 0
    for row, card in zip(rows, frame["cards"]):
        assert row.strip().startswith('"transform" : [ ') and row.rstrip().rstrip(",").endswith(" ]"), row
        assert json.loads(row.split(":", 1)[1].strip().rstrip(",")) == card["transform"]
    # Arrays of objects keep one element per line.
    assert '"cards" : [\n' in r.stdout


def test_installing_what_is_missing_says_what_and_shows_apts_progress():
    """`make test-deps` (and `deps`) names the packages it installs before apt's minutes of
    downloading, and lets apt show its progress. SUDO=echo prints the apt-get commands
    instead of running them; a package that cannot be installed stands for a missing one."""
    missing = "cardstack-test-no-such-package"
    r = subprocess.run(["make", "--no-print-directory", "deps", f"BUILD_PACKAGES={missing}", "RUN_PACKAGES=", "SUDO=echo"],
                       cwd=REPO, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == f"make: installing Debian packages: {missing} (apt-get, with progress below)", lines
    assert "apt-get update -q" in lines[1] and f"apt-get install -y -q {missing}" in lines[2], lines
    assert lines[-1] == f"make: installed: {missing}"
    # Nothing missing: nothing said, nothing run.
    r = subprocess.run(["make", "--no-print-directory", "deps", "BUILD_PACKAGES=make", "RUN_PACKAGES=", "SUDO=echo"],
                       cwd=REPO, capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, ""), r.stdout + r.stderr
