"""Saves inotify cannot see: a FUSE mount (bindfs) over a directory, written underneath.

The daemon watches the file through the mount; the test writes the backing directory, as a
Mac writes a VM's virtiofs share, so inotify on the mount sees nothing. With `--watch auto`
the daemon finds the FUSE file system (statfs) and also looks at the file every 100 ms.
Mounting needs root and /dev/fuse: skipped, saying so, without them. The choice of mode and
`--watch poll` on a local file are checked as any user.
"""
import os
import shutil
import subprocess
import time

import pytest

from harness import DEFAULT_CONFIG, cpu_ticks, wait_for

BASE = DEFAULT_CONFIG.read_text()


def with_spacing(value):
    return BASE.replace("spacing = 30.0", f"spacing = {value}")


def fuse_problem():
    if os.geteuid() != 0:
        return "mounting bindfs needs root"
    if not os.path.exists("/dev/fuse"):
        return "no /dev/fuse here"
    if shutil.which("bindfs") is None:
        return "bindfs is not installed (Debian package bindfs; make test-deps)"
    return None


@pytest.fixture
def mounted(tmp_path):
    """A bindfs mount of a backing directory holding the default file: (backing, mount)."""
    problem = fuse_problem()
    if problem:
        pytest.skip(problem)
    backing, mount = tmp_path / "backing", tmp_path / "mount"
    backing.mkdir()
    mount.mkdir()
    (backing / "cardstack.toml").write_text(BASE)
    result = subprocess.run(["bindfs", str(backing), str(mount)], capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        pytest.skip(f"bindfs cannot mount here: {result.stderr.strip()}")
    yield backing, mount
    subprocess.run(["fusermount", "-u", "-z", str(mount)], capture_output=True, timeout=30)


def daemon_on(make_daemon, path, *args):
    d = make_daemon(config_text=False, start=False, args=args)
    d.config = path
    return d.start()


def thread_ticks(pid, name):
    """CPU ticks of the daemon's thread called `name`."""
    for task in os.listdir(f"/proc/{pid}/task"):
        if open(f"/proc/{pid}/task/{task}/comm").read().strip() == name:
            fields = open(f"/proc/{pid}/task/{task}/stat").read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
    raise AssertionError(f"no thread {name} in {pid}")


def written_underneath(path, text):
    """Writes `text` to the backing file in place, as a share's other side does."""
    with open(path, "w") as f:
        f.write(text)


@pytest.mark.root
def test_a_save_underneath_a_fuse_mount_reaches_the_daemon(make_daemon, mounted):
    backing, mount = mounted
    d = daemon_on(make_daemon, mount / "cardstack.toml")
    # The same file with inotify alone: it never hears of the saves below.
    blind = daemon_on(make_daemon, mount / "cardstack.toml", "--watch", "inotify")
    c = d.client()
    watch = c.ok("get_state")["watch"]
    assert watch["mode"] == "poll", watch
    assert watch["interval_ms"] <= 100, watch
    assert watch["reason"].startswith(f"fuse file system (from {backing}) at {mount}: inotify does not see"), watch
    assert "a look every 100 ms (fuse file system" in d.log_text()
    blind_watch = blind.client().ok("get_state")["watch"]
    assert blind_watch["mode"] == "inotify" and "saves made elsewhere will not be seen" in blind_watch["reason"]

    c.ok("subscribe", events=["params", "config_error"])
    for value, save in [(41.0, "in place"), (42.0, "rename"), (43.0, "in place")]:
        started = time.monotonic()
        if save == "rename":
            (backing / "new.toml").write_text(with_spacing(value))
            os.rename(backing / "new.toml", backing / "cardstack.toml")
        else:
            written_underneath(backing / "cardstack.toml", with_spacing(value))
        e = c.event("params", timeout=10)
        print(f"save {save}: params after {(time.monotonic() - started) * 1000:.0f} ms")
        assert e["params"]["layout"]["spacing"] == value, e
    # The daemon with inotify alone still has the first values: nothing told it.
    assert blind.client().ok("get_params")["params"]["layout"]["spacing"] == 30
    assert blind.client().ok("get_state")["revision"] == 1


@pytest.mark.root
def test_polling_a_still_file_costs_nothing_measurable(make_daemon, mounted):
    _, mount = mounted
    d = daemon_on(make_daemon, mount / "cardstack.toml")
    wait_for(lambda: "a look every" in d.log_text(), what="the poller to start")
    pid = d.proc.pid
    poller, process = thread_ticks(pid, "cstack-poll"), cpu_ticks(pid)
    time.sleep(10)  # a span observed: a busy machine makes it longer, never the ticks more
    poller_used, process_used = thread_ticks(pid, "cstack-poll") - poller, cpu_ticks(pid) - process
    print(f"10 s still: poller {poller_used} ticks, daemon {process_used} ticks")
    # 100 looks (open, fstat, a 4 kB read, close): at most 5 ticks (50 ms) = 0.5 % of a core.
    assert poller_used <= 5 and process_used <= 5, (poller_used, process_used)


def test_a_local_file_is_left_to_inotify(daemon):
    watch = daemon.client().ok("get_state")["watch"]
    assert watch["mode"] == "inotify" and "interval_ms" not in watch, watch
    assert watch["reason"].endswith("inotify sees every save"), watch
    tasks = [open(f"/proc/{daemon.proc.pid}/task/{t}/comm").read().strip() for t in os.listdir(f"/proc/{daemon.proc.pid}/task")]
    assert "cstack-poll" not in tasks


def test_watch_poll_on_a_local_file(make_daemon):
    d = make_daemon(args=["--watch", "poll"])
    c = d.client()
    assert c.ok("get_state")["watch"] == {"mode": "poll", "reason": "--watch poll", "interval_ms": 100}
    c.ok("subscribe", events=["params", "config_error"])
    d.config.write_text(with_spacing(47.0))
    assert c.event("params", timeout=10)["params"]["layout"]["spacing"] == 47
    # Gone and back: the reader decides, as with inotify.
    d.config.unlink()
    assert c.event("config_error", timeout=10)
    d.config.write_text(with_spacing(48.0))
    assert c.event("params", timeout=10)["params"]["layout"]["spacing"] == 48


def test_watch_rejects_other_modes(make_daemon):
    d = make_daemon(args=["--watch", "sometimes"], start=False)
    result = subprocess.run(d.command(), capture_output=True, text=True, timeout=10)
    assert result.returncode != 0
    assert "--watch must be auto, inotify or poll, got sometimes" in result.stderr
