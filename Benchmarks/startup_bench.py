#!/usr/bin/env python3
"""Start-up of the CLI as a whole process: `cardstack get state` against `socat` sending the
same line (`{"cmd":"get_state"}`) to the same daemon, interleaved, wall time per process.
Scripts call the CLI in loops, so the target is at most 2× socat's wall time.

  python3 Benchmarks/startup_bench.py --bin .build/release [--runs 200]
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
from harness import Client, wait_for  # noqa: E402


def timed(argv, stdin=None):
    start = time.perf_counter()
    r = subprocess.run(argv, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    assert r.returncode == 0 and b'"revision"' in r.stdout, (argv, r.stdout, r.stderr)
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    if shutil.which("socat") is None:
        sys.exit("startup_bench: socat is not installed (apt-get install socat)")
    bins = pathlib.Path(args.bin)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-startup-"))
    try:
        config = tmp / "cardstack.toml"
        shutil.copy(HERE.parent / "Config" / "cardstack.toml", config)
        sock = tmp / "run" / "cardstackd.sock"
        daemon = subprocess.Popen([str(bins / "cardstackd"), "--config", str(config), "--socket", str(sock)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def up():
            try:
                Client(sock, timeout=1).close()
                return True
            except OSError:
                return False

        wait_for(up, timeout=30, what="the daemon")
        cli = [str(bins / "cardstack"), "get", "state", "--socket", str(sock)]
        socat = ["socat", "-", f"UNIX-CONNECT:{sock}"]
        line = b'{"cmd":"get_state"}\n'
        for _ in range(10):  # warm the page cache for both
            timed(cli), timed(socat, line)
        ours, floor = [], []
        for _ in range(args.runs):
            ours.append(timed(cli))
            floor.append(timed(socat, line))
        daemon.terminate()
        daemon.wait(timeout=10)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    size = sum((bins / name).stat().st_size for name in ("cardstack", "cardstackd"))
    m_ours, m_floor = statistics.median(ours), statistics.median(floor)
    print(f"start-up: cardstack get state   median {m_ours * 1e3:6.2f} ms  p90 {sorted(ours)[int(0.9 * len(ours))] * 1e3:6.2f} ms  (n={len(ours)})")
    print(f"          socat, the same line  median {m_floor * 1e3:6.2f} ms  p90 {sorted(floor)[int(0.9 * len(floor))] * 1e3:6.2f} ms")
    print(f"          ratio {m_ours / m_floor:.2f}× (target ≤ 2×); binaries {size / 1e6:.1f} MB as built in {bins}")


if __name__ == "__main__":
    main()
