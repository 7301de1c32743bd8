"""A quiet client's `ping` while 100 others pipeline `export swift` and `get_schema` and read
every reply (issue 44 §10: 1.2–1.6 s on a quiet machine, release build). `get_schema` and the
exports are kept written per parameters in force, and a client's turn ends once its replies
reach 64 KiB (docs/protocol.md §3), so a round over every busy client stays short.

The bound is in running time, as `test_stalls.py` counts it: each ping's round trip less the
time the daemon's threads and the pinging thread stood ready to run with no CPU free (the
readers here, and whatever else runs on the machine, take the CPUs; that is load, not the
daemon's delay).
"""
import multiprocessing
import os
import pathlib
import selectors
import socket
import threading
import time

from harness import wait_for

import pytest

pytestmark = pytest.mark.slow

READERS = 100
PROCESSES = 4
PAIRS = 20
FLOOD = b'{"cmd":"export","format":"swift"}\n{"cmd":"get_schema"}\n' * PAIRS
PROMPT = 0.1


def waited(tasks):
    """Seconds the given /proc task directories stood ready to run without a CPU, summed."""
    total = 0
    for task in tasks:
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total / 1e9


def readers(path, count, ready, go, counts):
    """A process of its own (so the pinging thread never waits for these on Python's lock):
    `count` connections, each pipelining FLOOD at `go` and reading every reply."""
    socks = []
    for _ in range(count):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(120)
        s.connect(str(path))
        s.recv(4096)  # hello
        socks.append(s)
    ready.put(count)
    go.wait(120)
    for s in socks:
        s.sendall(FLOOD)
    lines = {s: 0 for s in socks}
    with selectors.DefaultSelector() as sel:
        for s in socks:
            sel.register(s, selectors.EVENT_READ)
        deadline = time.monotonic() + 120
        while sel.get_map() and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=1):
                chunk = key.fileobj.recv(1 << 20)
                lines[key.fileobj] += chunk.count(b"\n")
                if not chunk or lines[key.fileobj] >= 2 * PAIRS:
                    sel.unregister(key.fileobj)
    counts.put(sorted(lines.values()))
    for s in socks:
        s.close()


def test_a_quiet_clients_ping_is_answered_within_100_ms_while_100_clients_pipeline_exports(daemon):
    quiet = daemon.client()
    assert quiet.ok("export", format="swift")["text"]  # written once before the flood
    ready, go, counts = multiprocessing.Queue(), multiprocessing.Event(), multiprocessing.Queue()
    procs = [multiprocessing.Process(target=readers, args=(daemon.socket, READERS // PROCESSES, ready, go, counts))
             for _ in range(PROCESSES)]
    for p in procs:
        p.start()
    assert sum(ready.get(timeout=60) for _ in procs) == READERS
    own = pathlib.Path(f"/proc/{os.getpid()}/task/{threading.get_native_id()}")
    tasks = lambda: [own, *pathlib.Path(f"/proc/{daemon.proc.pid}/task").iterdir()]
    pings = []
    go.set()
    while any(p.is_alive() for p in procs) or len(pings) < 5:
        watched = tasks()
        before = waited(watched)
        t0 = time.monotonic()
        assert quiet.ok("ping") == {}
        elapsed = time.monotonic() - t0
        pings.append(elapsed - min(waited(watched) - before, elapsed))
        if len(pings) > 10_000:
            break
    got = sorted(n for _ in procs for n in counts.get(timeout=60))
    for p in procs:
        p.join(60)
    assert got == [2 * PAIRS] * READERS, "every reader had every reply"
    print(f"pings in running time, worst {max(pings) * 1e3:.1f} ms of {len(pings)}")
    assert max(pings) < PROMPT, f"a ping took {max(pings):.3f} s of running time"
    wait_for(lambda: quiet.ok("get_state")["clients"] == 1, timeout=30, what="the readers gone")
