#!/usr/bin/env python3
"""An app's live link: save -> the new parameters at a CardStackLive follower through
`cardstack web` (Server-Sent Events), against save -> the `params` event on the Unix socket,
both taken from the same saves in the same run.

  python3 Benchmarks/live_bench.py --bin .build/release --follower PATH [--saves 200]
  (make bench builds examples/live-follow in release and runs this)

Each save renames a new file (spacing changed) over the daemon's file on tmpfs; the clock
starts at the rename. The Unix client is subscribed to `params` and reads raw lines; the
follower is examples/live-follow, whose line for the new revision (cards computed by
CardLayout) ends its sample. Both are read in one select loop, so neither waits for the
other. Prints p50/p90/p99 of each and the ratio (aim: at most 1.5x).
"""
import argparse
import json
import os
import pathlib
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
import harness  # noqa: E402
from harness import Client, wait_for  # noqa: E402

CONFIG = (HERE.parent / "Config" / "cardstack.toml").read_text()


def percentiles(samples):
    s = sorted(samples)
    return {p: s[min(len(s) - 1, int(len(s) * p / 100))] for p in (50, 90, 99)}


def fmt(label, samples):
    p = percentiles(samples)
    return f"  {label:<44} p50 {p[50] * 1e6:8.0f} µs   p90 {p[90] * 1e6:8.0f} µs   p99 {p[99] * 1e6:8.0f} µs"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--follower", required=True, help="the live-follow binary (examples/live-follow)")
    parser.add_argument("--saves", type=int, default=200)
    args = parser.parse_args()
    harness.BIN = pathlib.Path(args.bin).resolve()
    import webtools
    webtools.BIN = harness.BIN
    from webtools import Bridge

    shm = pathlib.Path(tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    daemon = harness.Daemon(shm / "d", CONFIG)
    bridge = Bridge([daemon.socket])
    follower = subprocess.Popen([args.follower, bridge.url], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        c = Client(daemon.socket)
        c.ok("subscribe", events=["params"])
        unix = c.sock
        unix.setblocking(False)
        out = follower.stdout.fileno()
        os.set_blocking(out, False)
        sel = selectors.DefaultSelector()
        sel.register(unix, selectors.EVENT_READ, "unix")
        sel.register(out, selectors.EVENT_READ, "follower")
        buffers = {"unix": c.buffer, "follower": b""}

        def wait_both(revision, deadline):
            """Seconds until each side has the revision, measured from now's caller."""
            done = {}
            while len(done) < 2:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"revision {revision}: {done}")
                for key, _ in sel.select(max(0.0, deadline - time.monotonic())):
                    name = key.data
                    try:
                        chunk = unix.recv(1 << 16) if name == "unix" else os.read(out, 1 << 20)
                    except BlockingIOError:
                        continue
                    now = time.perf_counter()
                    buffers[name] += chunk
                    while b"\n" in buffers[name]:
                        line, buffers[name] = buffers[name].split(b"\n", 1)
                        if name not in done and json.loads(line).get("revision") == revision:
                            done[name] = now
            return done

        # The follower's first line: it is following.
        wait_both_first = time.monotonic() + 20
        while b"\n" not in buffers["follower"]:
            if time.monotonic() > wait_both_first:
                raise TimeoutError("live-follow printed nothing")
            sel.select(1)
            try:
                buffers["follower"] += os.read(out, 1 << 20)
            except BlockingIOError:
                pass
        buffers["follower"] = b""
        revision = daemon.client().ok("get_params")["revision"]
        config = daemon.config
        ours, socket_side = [], []
        for i in range(args.saves):
            text = CONFIG.replace("spacing = 30.0", f"spacing = {31 + i % 50}.5")
            tmp = config.parent / ".cardstack.toml.new"
            tmp.write_text(text)
            t0 = time.perf_counter()
            os.rename(tmp, config)
            revision += 1
            done = wait_both(revision, time.monotonic() + 10)
            socket_side.append(done["unix"] - t0)
            ours.append(done["follower"] - t0)
            time.sleep(0.005)
        print(f"live link, {args.saves} saves (debug builds measure nothing useful: use release):")
        print(fmt("save -> params event (Unix socket)", socket_side))
        print(fmt("save -> parameters at the follower (bridge)", ours))
        ratio = statistics.median(ours) / statistics.median(socket_side)
        p99 = percentiles(ours)[99] / percentiles(socket_side)[99]
        print(f"  follower / socket: p50 {ratio:.2f}x, p99 {p99:.2f}x (aim: at most 1.5x)")
    finally:
        follower.kill()
        bridge.stop()
        daemon.stop()
        shutil.rmtree(shm, ignore_errors=True)


if __name__ == "__main__":
    main()
