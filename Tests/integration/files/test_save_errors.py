"""What `save` answers when the user's environment refuses (`io_error`, docs/protocol.md), what
it keeps of a multi-line array, and ConfigMap-style saves of large files."""
import os
import pathlib
import pwd
import random
import shutil
import tempfile
import time

import pytest

from harness import Daemon


def refused(c, *words):
    reply = c.request("save")
    assert not reply["ok"] and reply["error"]["code"] == "io_error", reply
    for word in words:
        assert word in reply["error"]["message"], reply
    return reply["error"]["message"]


def test_a_read_only_file_is_an_io_error_and_stays(daemon):
    c = daemon.client()
    c.ok("set_params", params={"layout": {"spacing": 45}})
    before = daemon.config.read_bytes()
    os.chmod(daemon.config, 0o444)
    message = refused(c, "read-only", str(daemon.config), "chmod u+w", "nothing was written")
    assert "a bug" not in message
    assert daemon.config.read_bytes() == before and daemon.config.stat().st_mode & 0o777 == 0o444
    assert sorted(p.name for p in daemon.config.parent.iterdir()) == ["cardstack.toml"]
    result = daemon.cli("save", check=False)
    assert result.returncode == 1 and "io_error" in result.stderr and "read-only" in result.stderr, result.stderr


def test_a_deleted_file_is_an_io_error(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["config_error"])
    c.ok("set_params", params={"layout": {"spacing": 45}})
    os.unlink(daemon.config)
    c.event("config_error")
    refused(c, "is gone", "deleted or moved away", "nothing was written")
    assert not daemon.config.exists()


def test_a_directory_where_the_file_was_is_an_io_error(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["config_error"])
    c.ok("set_params", params={"layout": {"spacing": 45}})
    os.unlink(daemon.config)
    os.mkdir(daemon.config)
    c.event("config_error")
    refused(c, "is now a directory", "nothing was written")
    assert daemon.config.is_dir() and list(daemon.config.iterdir()) == []


def unprivileged_daemon():
    """A daemon running as `nobody` (the suite runs as root, who may write anywhere), in a
    directory tree `nobody` owns."""
    nobody = pwd.getpwnam("nobody")
    top = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-save-"))
    os.chmod(top, 0o755)
    d = Daemon(top / "d", start=False)
    for path in [d.dir, d.config.parent, d.config]:
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    d.socket.parent.mkdir(mode=0o700)
    os.chown(d.socket.parent, nobody.pw_uid, nobody.pw_gid)
    plain = d.command

    def command():
        return ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", *plain()]
    d.command = command
    d.top = top
    return d


@pytest.mark.root
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs setpriv to run as nobody")
def test_a_read_only_directory_is_an_io_error():
    d = unprivileged_daemon()
    try:
        d.start()
        c = d.client()
        c.ok("set_params", params={"layout": {"spacing": 45}})
        before = d.config.read_bytes()
        os.chmod(d.config.parent, 0o555)
        refused(c, "cannot create a temporary file in", str(d.config.parent), "write access to the file's directory")
        assert d.config.read_bytes() == before and os.listdir(d.config.parent) == ["cardstack.toml"]
        # And a file it may not write (owned by root, 0644) in a directory it may.
        os.chmod(d.config.parent, 0o755)
        os.chown(d.config, 0, 0)
        refused(c, "read-only for this daemon", "owner 0:0")
        assert d.config.read_bytes() == before
    finally:
        d.stop()
        shutil.rmtree(d.top, ignore_errors=True)


FLIP = "[layout]\nspacing = 30.0\nflip_range = [\n    1.0, # first\n    1.1 # second\n]\ncards = 11\n"


def test_save_keeps_the_comments_inside_a_multi_line_array(make_daemon):
    d = make_daemon(config_text=FLIP)
    c = d.client()
    c.ok("set_params", params={"layout": {"flip_range": [2.0, 2.5]}})
    assert c.ok("save")["changed"] == ["layout.flip_range"]
    assert d.config.read_text() == FLIP.replace("1.0, # first", "2.0, # first").replace("1.1 # second", "2.5 # second")


# A ConfigMap volume (Kubernetes' atomic writer): the file is `..data/NAME`, `..data` a link
# to a timestamped directory; an update writes a new directory, swaps the link by rename
# and removes the old directory at once.
def configmap_update(conf, name, text, n):
    new = conf / f"..2026_11_25_00_00_{n:02d}.{n}"
    new.mkdir()
    (new / name).write_text(text)
    old = os.readlink(conf / "..data") if (conf / "..data").is_symlink() else None
    os.symlink(new.name, conf / "..data_tmp")
    os.rename(conf / "..data_tmp", conf / "..data")
    if old:
        shutil.rmtree(conf / old)


PADDING = "".join(f"# padding line {i:04d} to take the file past the 16 kB parsed off the event loop\n" for i in range(260))


def test_large_configmap_saves_report_what_the_file_says(make_daemon):
    assert len(PADDING) > 16 * 1024
    d = make_daemon(config_text=False, start=False)
    conf = d.config.parent
    good = "[layout]\nspacing = {}\n" + PADDING
    bad = "[layout]\nspacing = -{}\n" + PADDING   # line 2 is wrong
    configmap_update(conf, d.config.name, good.format(30.0), 0)
    os.symlink(f"..data/{d.config.name}", d.config)
    d.start()
    c = d.client()
    c.ok("subscribe", events=["params", "config_error"])
    rng = random.Random(34)
    rounds = int(os.environ.get("CARDSTACK_CONFIGMAP_ROUNDS", "150"))
    for n in range(1, rounds + 1):
        value = 31.0 + n
        wrong = rng.random() < 0.5
        configmap_update(conf, d.config.name, (bad if wrong else good).format(value), n)
        if n % 3 == 0:
            # Wait for this save's report; every report on the way is what a file said.
            def this_one(e):
                if e["event"] == "config_error":
                    return "-" + str(value) in e["message"]
                return e["params"]["layout"]["spacing"] == value
            while True:
                e = c.event(("params", "config_error"), timeout=10)
                assert e["event"] != "config_error" or (e["line"] == 2 and "deleted" not in e["message"]), (n, e)
                if this_one(e):
                    break
            assert (e["event"] == "config_error") == wrong, (n, e)
        else:
            # The next save while the last is still being read.
            time.sleep(rng.uniform(0, 0.01))
    assert "deleted or moved away" not in d.log_text()
    assert "was removed" not in d.log_text()
