"""Connections that come and go at every stage leave nothing behind in the daemon."""
import os
import pathlib
import socket
import struct

from harness import wait_for

import pytest

pytestmark = pytest.mark.slow  # a flood or a long seeded run: `-m "not slow"` leaves it out


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def connect(path, reset=False):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect(str(path))
    if reset:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    return s


def read_line(s):
    data = b""
    while not data.endswith(b"\n"):
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def churn(path, count):
    """`count` connections, closed at one of four stages in turn."""
    for n in range(count):
        stage = n % 4
        s = connect(path, reset=stage == 0)
        if stage == 0:
            pass  # gone before the daemon writes hello
        elif stage == 1:
            read_line(s)  # after hello
        elif stage == 2:
            read_line(s)
            s.sendall(b'{"id":1,"cmd":"get_fra')  # in the middle of a request
        else:
            s.sendall(b'{"cmd":"subscribe","events":["frame"]}\n{"cmd":"get_frame"}\n')
            s.recv(100)  # in the middle of a reply or frame
        s.close()


def test_connections_closed_at_every_stage_are_all_removed(daemon):
    observer = daemon.client()
    pid = daemon.proc.pid
    clients = observer.ok("get_state")["clients"]
    # Warm up, so the allocator's pools exist before the baseline.
    churn(daemon.socket, 1000)
    wait_for(lambda: observer.ok("get_state")["clients"] == clients, timeout=30, what="the warm-up's clients to go")
    fds, rss = descriptors(pid), rss_kib(pid)

    observer.ok("fling", velocity=3000)
    churn(daemon.socket, 10_000)

    wait_for(lambda: observer.ok("get_state")["clients"] == clients, timeout=30,
             what=f"clients back to {clients}")
    wait_for(lambda: descriptors(pid) <= fds, timeout=30, what=f"descriptors back to {fds}")
    print(f"RSS {rss} -> {rss_kib(pid)} KiB, descriptors {fds} -> {descriptors(pid)}")
    assert rss_kib(pid) - rss < 6 * 1024, (rss, rss_kib(pid))
    assert observer.ok("ping") == {}
