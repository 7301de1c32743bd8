#!/usr/bin/env python3
"""The phone's link (issue 47), two figures:

  python3 Benchmarks/phone_bench.py --bin .build/release [--moves 20] [--trips 60]
  (make bench runs it)

1. Bytes a second from `cardstack web` to a follower while cards move: the frame stream
   (`/events?frames=1`: every frame the daemon computes) against the move alone
   (`/events?frames=moves`: `params`, `state` and the one frame carrying `motion` at each
   move's start, which is all a follower computing the move itself needs). Both streams are
   read at once over real HTTP during the same `next` moves. Goal: the move alone at least
   20x less.
2. The follower's estimate of the daemon's clock, NTP-style: each `get_state` round trip
   through the bridge (`POST /request`) gives offset = uptime_s - the local time halfway
   through it; the estimate is the offset of the shortest of the last 8 trips and its
   uncertainty half that trip. Its error is taken against a reference from 200 round trips
   on the daemon's Unix socket (microseconds each). Over loopback, and through a delaying TCP
   proxy (here, on loopback only: `tc netem` needs privileges) that holds every chunk
   30 ms +- 10 ms (uniform) each way, in order, as netem on `lo` would.
"""
import argparse
import http.client
import json
import os
import pathlib
import queue
import random
import selectors
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
import harness  # noqa: E402
from harness import Client  # noqa: E402

CONFIG = (HERE.parent / "Config" / "cardstack.toml").read_text()
WINDOW = 8                  # round trips the estimate looks back over
DELAY, JITTER = 0.030, 0.010  # the proxy's hold each way, seconds
PROXY_CONNECTIONS = 4       # the proxy takes at most this many, then stops listening
PROXY_SECONDS = 120         # and gives up after this long


def events_stream(port, token, frames):
    """An open `/events?frames=…` stream (HTTP/1.0: the body is the raw SSE, no chunking)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    path = f"/events?token={token}&daemon=0&frames={frames}"
    s.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    s.setblocking(False)
    return s


def measure_bytes(bridge, daemon, moves):
    streams = {"frames": events_stream(bridge.port, bridge.token, "1"),
               "move": events_stream(bridge.port, bridge.token, "moves")}
    sel = selectors.DefaultSelector()
    for name, s in streams.items():
        sel.register(s, selectors.EVENT_READ, name)
    buffers = {name: b"" for name in streams}
    counted = {name: 0 for name in streams}
    def pump(until, deadline):
        """Reads both streams; counts bytes; returns when `until(lines)` is true for both."""
        done = set()
        while len(done) < 2:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the streams did not both reach rest: {done}")
            for key, _ in sel.select(0.5):
                name = key.data
                try:
                    chunk = key.fileobj.recv(1 << 16)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise RuntimeError(f"the {name} stream ended")
                counted[name] += len(chunk)
                buffers[name] += chunk
                while b"\n\n" in buffers[name]:
                    event, buffers[name] = buffers[name].split(b"\n\n", 1)
                    if not event.startswith(b"data: "):
                        continue
                    line = json.loads(event[6:])
                    if until(line, name):
                        done.add(name)

    client = daemon.client()
    # The replies first (subscribe, params, state), then quiet.
    pump(lambda line, name: line.get("id") == "live-state", time.monotonic() + 20)
    seconds = 0.0
    for name in counted:
        counted[name] = 0
    for i in range(moves):
        moving = set()

        def at_rest(line, name=None):
            """A `state` saying the move runs, then one at rest (per stream)."""
            if line.get("event") != "state":
                return False
            if line.get("animating"):
                moving.add(name)
            return name in moving and line.get("animating") is False

        t0 = time.perf_counter()
        client.ok("next" if i % 2 == 0 else "prev", count=1)
        pump(at_rest, time.monotonic() + 20)
        seconds += time.perf_counter() - t0
    client.close()
    for s in streams.values():
        s.close()
    return counted["frames"] / seconds, counted["move"] / seconds, seconds


class DelayingProxy:
    """A TCP proxy on loopback to `port`: each chunk read is written on after DELAY +- JITTER
    (uniform), never before the chunk ahead of it. At most PROXY_CONNECTIONS connections and
    PROXY_SECONDS seconds."""

    def __init__(self, port):
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.deadline = time.monotonic() + PROXY_SECONDS
        self.sockets = [self.listener]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        for _ in range(PROXY_CONNECTIONS):
            try:
                a, _ = self.listener.accept()
            except OSError:
                return
            b = socket.create_connection(("127.0.0.1", self.target))
            self.sockets += [a, b]
            for src, dst in ((a, b), (b, a)):
                held = queue.Queue(maxsize=1024)
                threading.Thread(target=self.read, args=(src, held), daemon=True).start()
                threading.Thread(target=self.write, args=(dst, held), daemon=True).start()

    def read(self, src, held):
        due = 0.0
        while time.monotonic() < self.deadline:
            try:
                chunk = src.recv(1 << 16)
            except OSError:
                chunk = b""
            due = max(due, time.monotonic() + random.uniform(DELAY - JITTER, DELAY + JITTER))
            held.put((due, chunk))
            if not chunk:
                return

    def write(self, dst, held):
        while True:
            due, chunk = held.get()
            time.sleep(max(0.0, due - time.monotonic()))
            try:
                dst.sendall(chunk) if chunk else dst.shutdown(socket.SHUT_WR)
            except OSError:
                return
            if not chunk:
                return

    def close(self):
        for s in self.sockets:
            s.close()


def reference_offset(daemon, trips=200):
    """uptime_s - local time over the Unix socket: the shortest of `trips` round trips."""
    c = daemon.client()
    best = None
    for _ in range(trips):
        t0 = time.monotonic()
        up = c.ok("get_state")["uptime_s"]
        t1 = time.monotonic()
        if best is None or t1 - t0 < best[1]:
            best = (up - (t0 + t1) / 2, t1 - t0)
    c.close()
    return best


def clock_errors(port, bridge, trips, reference):
    """Each estimate from the WINDOW-th trip on: (its error against `reference`, its
    uncertainty), seconds. `port`: the bridge's or the proxy's."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{bridge.port}"}
    samples, out = [], []
    for _ in range(trips):
        t0 = time.monotonic()
        conn.request("POST", f"/request?token={bridge.token}&daemon=0", body=b'{"cmd":"get_state"}', headers=headers)
        up = json.loads(conn.getresponse().read())["result"]["uptime_s"]
        t1 = time.monotonic()
        samples = (samples + [(up - (t0 + t1) / 2, t1 - t0)])[-WINDOW:]
        if len(samples) == WINDOW:
            offset, rtt = min(samples, key=lambda s: s[1])
            out.append((offset - reference, rtt / 2))
    conn.close()
    return out


def clock_line(label, errors):
    e = sorted(abs(x) for x, _ in errors)
    u = sorted(u for _, u in errors)
    within = sum(abs(x) <= u for x, u in errors)
    return (f"  {label:<34} error p50 {statistics.median(e) * 1e3:7.3f} ms, max {e[-1] * 1e3:7.3f} ms; "
            f"uncertainty p50 {statistics.median(u) * 1e3:7.3f} ms; error within it {within}/{len(errors)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--trips", type=int, default=60)
    args = parser.parse_args()
    harness.BIN = pathlib.Path(args.bin).resolve()
    import webtools
    webtools.BIN = harness.BIN
    from webtools import Bridge

    shm = pathlib.Path(tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    daemon = harness.Daemon(shm / "d", CONFIG)
    bridge = Bridge([daemon.socket])
    proxy = None
    try:
        frames, move, seconds = measure_bytes(bridge, daemon, args.moves)
        print(f"the phone's link, {args.moves} moves ({seconds:.2f} s of motion), bridge -> follower:")
        print(f"  frame stream (/events?frames=1)     {frames:10.0f} B/s")
        print(f"  move alone (/events?frames=moves)   {move:10.0f} B/s")
        print(f"  frame stream / move alone: {frames / move:.1f}x (goal: at least 20x)")
        reference, rtt = reference_offset(daemon)
        print(f"clock estimate (offset of the shortest of the last {WINDOW} get_state trips), {args.trips} trips; "
              f"reference over the Unix socket within {rtt / 2 * 1e6:.0f} µs:")
        print(clock_line("loopback (bridge /request)", clock_errors(bridge.port, bridge, args.trips, reference)))
        proxy = DelayingProxy(bridge.port)
        delayed = clock_errors(proxy.port, bridge, args.trips, reference)
        print(clock_line(f"+{DELAY * 1e3:.0f} ± {JITTER * 1e3:.0f} ms each way (proxy)", delayed))
    finally:
        if proxy:
            proxy.close()
        bridge.stop()
        daemon.stop()
        shutil.rmtree(shm, ignore_errors=True)


if __name__ == "__main__":
    main()
