"""`LISTEN_FDS=1` whose fd 3 is not a listening Unix stream socket: cardstackd exits non-zero
at start with the reason, before it reports READY (systemd then shows the failure)."""
import os
import socket
import subprocess

import pytest

from harness import Client, Daemon, NotifyListener, wait_for


def start_with_fd3(tmp_path, fd3):
    """cardstackd with LISTEN_PID (its own pid) and LISTEN_FDS=1, fd 3 being `fd3` (None: closed)."""
    d = Daemon(tmp_path / "d", start=False)
    listener = NotifyListener(str(tmp_path / "notify.sock"))
    redirect = "3<&-" if fd3 is None else f"3<&{fd3}"
    script = f'LISTEN_PID=$$ LISTEN_FDS=1 exec "$@" {redirect}'
    proc = subprocess.run(
        ["bash", "-c", script, "bash", *d.command()],
        pass_fds=() if fd3 is None else (fd3,), capture_output=True, text=True, timeout=30,
        env=dict(os.environ, NOTIFY_SOCKET=str(tmp_path / "notify.sock")))
    return proc, listener.poll(), d


def check_refused(proc, notes, d, *words):
    assert proc.returncode != 0, proc.stderr
    for word in words:
        assert word in proc.stderr, proc.stderr
    assert "no longer accepting clients" not in proc.stderr
    assert not any("READY=1" in m for m in notes), notes
    assert not d.socket.exists()


def test_a_regular_file_as_fd3(tmp_path):
    path = tmp_path / "not-a-socket"
    path.write_text("x")
    fd = os.open(path, os.O_RDONLY)
    try:
        proc, notes, d = start_with_fd3(tmp_path, fd)
    finally:
        os.close(fd)
    check_refused(proc, notes, d, "LISTEN_FDS names fd 3", "not a socket", "ListenStream=")


def test_fd3_not_open(tmp_path):
    proc, notes, d = start_with_fd3(tmp_path, None)
    check_refused(proc, notes, d, "LISTEN_FDS names fd 3", "not open")


@pytest.mark.parametrize("kind", ["datagram", "unlistened", "connected", "tcp"])
def test_a_socket_that_cannot_serve(tmp_path, kind):
    if kind == "datagram":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(str(tmp_path / "dgram.sock"))
        words = ("not a stream socket",)
    elif kind == "unlistened":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(str(tmp_path / "bound.sock"))
        words = ("not listening",)
    elif kind == "connected":
        s, peer = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        words = ("not listening",)
    else:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.1", 0))
        s.listen()
        words = ("not a Unix socket",)
    try:
        proc, notes, d = start_with_fd3(tmp_path, s.fileno())
    finally:
        s.close()
    check_refused(proc, notes, d, "LISTEN_FDS names fd 3", *words)


def test_a_listening_unix_socket_still_serves(tmp_path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(tmp_path / "given.sock"))
    s.listen()
    d = Daemon(tmp_path / "d", start=False)
    proc = subprocess.Popen(
        ["bash", "-c", f'LISTEN_PID=$$ LISTEN_FDS=1 exec "$@" 3<&{s.fileno()}', "bash", *d.command()],
        pass_fds=(s.fileno(),), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    s.close()
    try:
        def up():
            try:
                return Client(tmp_path / "given.sock", timeout=2)
            except OSError:
                assert proc.poll() is None, proc.stdout.read()
                return None
        c = wait_for(up, timeout=20, what="the daemon on the given socket")
        assert c.ok("ping") == {}
    finally:
        proc.terminate()
        assert proc.wait(10) == 0
