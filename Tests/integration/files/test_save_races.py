"""`save` racing editors: no edit is ever lost (docs/saving.md).

Each round the daemon has loaded the file and holds a value to save; `save` is sent and an
editor writes its own version of the file 0-3 ms later, by rename or in place. The editor's
write is the last one, or the one `save` found in its way: either way the file must end
holding the editor's text, and `save` must answer `written` or `conflict` (or, when the daemon
loaded the editor's file before it read the request, that there is nothing to write).
Seeded; CARDSTACK_SAVE_RACE_ROUNDS raises the 100 rounds per style.
"""
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import time

import pytest

from harness import Daemon, wait_for

pytestmark = pytest.mark.slow  # a flood or a long seeded run: `-m "not slow"` leaves it out

ROUNDS = int(os.environ.get("CARDSTACK_SAVE_RACE_ROUNDS", "100"))
BASE = "# round {n}\n[layout]\nspacing = {spacing}\ncards = 11\n"


def loaded(c, cards, spacing=None):
    def check():
        p = c.ok("get_params")["params"]["layout"]
        return p["cards"] == cards and (spacing is None or p["spacing"] == spacing)
    wait_for(check, timeout=10, what=f"the daemon to load cards = {cards}")


def rename_write(path, text):
    temporary = path.with_name(path.name + ".editor")
    temporary.write_text(text)
    os.rename(temporary, path)


def in_place_write(path, text):
    with open(path, "w") as f:  # O_TRUNC, then the bytes: what ed, nano and `>` do
        f.write(text[:10])
        f.flush()
        f.write(text[10:])


def race(daemon, write, seed):
    rng = random.Random(seed)
    c = daemon.client()
    counts = {"written": 0, "conflict": 0, "nothing": 0, "lost": 0}
    for n in range(ROUNDS):
        spacing = 30.0 + (n % 7)
        daemon.config.write_text(BASE.format(n=n, spacing=spacing))
        loaded(c, 11, spacing)
        c.ok("set_params", params={"layout": {"spacing": 50.0}})
        edit = BASE.format(n=n, spacing=spacing).replace("cards = 11", f"cards = 12 # editor {n}")
        delay = rng.uniform(0, 0.003)
        rid = 10_000 + n
        c.send({"id": rid, "cmd": "save"})
        time.sleep(delay)
        write(daemon.config, edit)
        reply = c.read()
        while "event" in reply:
            reply = c.read()
        assert reply["id"] == rid, reply
        if reply["ok"] and not reply["result"]["written"]:
            # The daemon loaded the editor's file before it read the request: the values in
            # force are the file's, so there is nothing to write.
            assert reply["result"]["changed"] == [], reply
            counts["nothing"] += 1
        elif reply["ok"]:
            counts["written"] += 1
        else:
            assert reply["error"]["code"] == "conflict", reply
            counts["conflict"] += 1
        if daemon.config.read_text() != edit:
            counts["lost"] += 1  # counted, not stopped at: the next round starts afresh
            continue
        loaded(c, 12)
    leftovers = [p.name for p in daemon.config.parent.iterdir() if p.name != daemon.config.name]
    return counts, leftovers


@pytest.mark.parametrize("style", ["rename", "in_place"])
def test_no_editor_save_is_lost_to_a_racing_save(daemon, style):
    write = rename_write if style == "rename" else in_place_write
    counts, leftovers = race(daemon, write, seed=30 + len(style))
    print(f"{style}: {ROUNDS} rounds, {counts}")
    assert counts["lost"] == 0, counts
    assert counts["written"] + counts["conflict"] + counts["nothing"] == ROUNDS
    assert leftovers == [], leftovers


def test_save_without_an_editor_writes_its_content(daemon):
    c = daemon.client()
    c.ok("set_params", params={"layout": {"spacing": 51.0}})
    assert c.ok("save")["written"] is True
    assert "spacing = 51.0" in daemon.config.read_text()


def test_a_write_to_the_file_held_open_across_a_save_is_put_back(daemon):
    """A program that opened the file before the save and writes after it answered writes to
    the file the save replaced: the daemon notices (it keeps that file open 2 s) and puts the
    edit back in place as the newest, and the watch loads it."""
    c = daemon.client()
    c.ok("subscribe", events=["params"])
    c.ok("set_params", params={"layout": {"spacing": 47.0}})
    before = daemon.config.read_text()
    with open(daemon.config, "a") as held:
        assert c.ok("save")["written"] is True
        assert "spacing = 47.0" in daemon.config.read_text()
        held.write("# written late\n")
    wait_for(lambda: daemon.config.read_text() == before + "# written late\n", timeout=10,
             what="the late edit back in place")
    c.event("params", timeout=10, where=lambda e: e["source"] == "file" and e["params"]["layout"]["spacing"] == 30)
    assert "put back in place as the newest edit" in daemon.log_text()
    assert sorted(p.name for p in daemon.config.parent.iterdir()) == ["cardstack.toml"]


def test_a_late_write_after_another_edit_is_kept_beside_the_file(daemon):
    c = daemon.client()
    c.ok("set_params", params={"layout": {"spacing": 48.0}})
    before = daemon.config.read_text()
    edit = before.replace("cards = 11", "cards = 12")
    with open(daemon.config, "a") as held:
        assert c.ok("save")["written"] is True
        rename_write(daemon.config, edit)  # the newest edit by name: it stays
        held.write("# written late\n")
    late = daemon.config.with_name("cardstack.toml.cardstack-late")
    wait_for(late.exists, timeout=10, what="the late edit kept beside the file")
    assert late.read_text() == before + "# written late\n"
    assert daemon.config.read_text() == edit
    wait_for(lambda: "kept in" in daemon.log_text(), what="the log line")


def test_a_hard_linked_file_is_written_in_place(daemon):
    other = daemon.config.with_name("other-name.toml")
    os.link(daemon.config, other)
    inode = daemon.config.stat().st_ino
    c = daemon.client()
    c.ok("set_params", params={"layout": {"spacing": 52.0}})
    assert c.ok("save")["written"] is True
    assert daemon.config.stat().st_ino == inode and daemon.config.stat().st_nlink == 2
    assert "spacing = 52.0" in other.read_text()
    assert sorted(p.name for p in daemon.config.parent.iterdir()) == ["cardstack.toml", "other-name.toml"]
    # Under the same check: an edit the daemon has not loaded is a conflict, and stays.
    c.ok("set_params", params={"layout": {"spacing": 53.0}})
    edited = daemon.config.read_text().replace("cards = 11", "cards = 11 # mine\nbroken = ")
    with open(other, "w") as f:
        f.write(edited)
    reply = c.request("save")
    assert not reply["ok"] and reply["error"]["code"] == "conflict", reply
    assert daemon.config.read_text() == edited


def test_a_hard_linked_file_racing_an_in_place_editor_loses_nothing(daemon):
    os.link(daemon.config, daemon.config.with_name("other-name.toml"))
    rng = random.Random(31)
    c = daemon.client()
    for n in range(20):
        daemon.config.write_text(BASE.format(n=n, spacing=30.0 + n % 3))
        loaded(c, 11, 30.0 + n % 3)
        c.ok("set_params", params={"layout": {"spacing": 50.0}})
        edit = BASE.format(n=n, spacing=30.0 + n % 3).replace("cards = 11", "cards = 12")
        c.send({"id": n + 1000, "cmd": "save"})
        time.sleep(rng.uniform(0, 0.003))
        in_place_write(daemon.config, edit)
        reply = c.read()
        while "event" in reply:
            reply = c.read()
        assert reply.get("ok") or reply["error"]["code"] == "conflict", reply
        assert daemon.config.read_text() == edit, n
        loaded(c, 12)


class TracedDaemon(Daemon):
    """cardstackd under strace, its every fsync held for 500 ms before it runs."""

    def command(self):
        return ["strace", "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=500000",
                *super().command()]

    def daemon_pid(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(str(self.socket))
        pid, _, _ = struct.unpack("3i", s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
        s.close()
        return pid

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.proc and self.proc.poll() is None:
            # strace leaves its tracee running when it is killed: stop the daemon itself.
            try:
                os.kill(self.daemon_pid(), sig)
            except OSError:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode if self.proc else None


@pytest.fixture
def traced(tmp_path):
    d = TracedDaemon(tmp_path / "traced")
    yield d
    d.stop(signal.SIGKILL)


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed (make test-deps installs it)")
def test_an_append_during_a_slow_fsync_is_not_lost(traced):
    c = traced.client()
    c.ok("subscribe", events=["params"])
    for spacing, at in [(60.0, 0.2), (61.0, 0.2), (62.0, 0.7)]:
        c.ok("set_params", params={"layout": {"spacing": spacing}})
        before = traced.config.read_text()
        c.send({"id": "slow", "cmd": "save"})
        time.sleep(at)
        with open(traced.config, "a") as f:
            f.write(f"# appended at {at}\n")
        reply = c.read(timeout=20)
        while "event" in reply:
            reply = c.read(timeout=20)
        text = traced.config.read_text()
        assert text.endswith(f"# appended at {at}\n"), (at, reply, text)
        if at < 0.5:
            # The temporary file's fsync takes 500 ms: the append reached the file before
            # the exchange, so save found it and left the file alone.
            assert not reply["ok"] and reply["error"]["code"] == "conflict", reply
            assert text == before + f"# appended at {at}\n"
        elif reply["ok"]:
            assert f"spacing = {spacing}" in text, text
        else:
            assert reply["error"]["code"] == "conflict" and f"spacing = {spacing}" not in text
        # The appended file is new to the daemon whichever way it went: it loads it.
        c.event("params", timeout=20, where=lambda e: e["source"] == "file")
    assert sorted(p.name for p in traced.config.parent.iterdir()) == ["cardstack.toml"]
    assert traced.stop() == 0


class SlowedDaemon(TracedDaemon):
    """cardstackd under strace, its every call of `syscall` held for 500 ms before it runs."""

    syscall = "fallocate"

    def command(self):
        return ["strace", "-f", "-o", "/dev/null", "-e", f"trace={self.syscall}",
                "-e", f"inject={self.syscall}:delay_enter=500000", *Daemon.command(self)]


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed (make test-deps installs it)")
@pytest.mark.parametrize("syscall", ["fallocate", "ftruncate"])
def test_an_editor_writing_during_a_slow_in_place_save_is_not_overwritten(tmp_path, syscall):
    """The in-place save (a hard-linked file) held up between its check and the end of its
    write: an editor that saves meanwhile waits for it (the save's lease) and its text is what
    the file holds at the end, whatever `save` answered."""
    d = SlowedDaemon(tmp_path / "slowed", start=False)
    d.syscall = syscall
    d.start()
    try:
        os.link(d.config, d.config.with_name("other-name.toml"))
        c = d.client()
        for n, at in enumerate([0.1, 0.25, 0.4]):
            c.ok("set_params", params={"layout": {"spacing": 70.0 + n}})
            edit = d.config.read_text().replace("cards = 11", f"cards = 11 # editor {n}")
            c.send({"id": "slow", "cmd": "save"})
            time.sleep(at)
            in_place_write(d.config, edit)
            reply = c.read(timeout=20)
            while "event" in reply:
                reply = c.read(timeout=20)
            assert reply["ok"] or reply["error"]["code"] == "conflict", reply
            assert d.config.read_text() == edit, (syscall, at, reply)
        assert d.stop() == 0
    finally:
        d.stop(signal.SIGKILL)
