#!/usr/bin/env python3
"""Fair turns: a connected client's `ping` while other clients flood the daemon.

  python3 Benchmarks/fairness_bench.py --bin .build/release [--bin .build/debug]
  (also `python3 Benchmarks/bench.py --only fairness`, part of `make bench`)

Three floods, each with a steady client sending `ping` every 5 ms and timing the round trip:

- pipelined: 800 connections each read `hello`, pipeline 20 x (`export` + `get_schema`)
  and close, 100 at a time; the daemon's descriptors are counted before and after.
- connect: four processes connect and close as fast as they can for 10 s.
- read: 100 connections each pipeline 20 x (`export swift` + `get_schema`) and read every
  reply (issue 44 §10), all at once.

Prints p50 / p99 / worst of the pings, how many, and what the flood did.
"""
import argparse
import multiprocessing
import os
import pathlib
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
from harness import Client, wait_for  # noqa: E402

CONFIG = (HERE.parent / "Config" / "cardstack.toml").read_text()
FLOOD = b'{"cmd":"export","format":"css"}\n{"cmd":"get_schema"}\n' * 20


def start_daemon(bin_dir, tmp):
    (tmp / "c.toml").write_text(CONFIG)
    daemon = subprocess.Popen([str(bin_dir / "cardstackd"), "--config", str(tmp / "c.toml"), "--socket",
                               str(tmp / "d.sock")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: (tmp / "d.sock").exists(), timeout=30, what="the daemon's socket")
    wait_for(lambda: _connects(tmp / "d.sock"), timeout=30, what="the daemon to answer")
    return daemon


def _connects(path):
    try:
        Client(path, timeout=1).close()
        return True
    except OSError:
        return False


def pinger(path, stop, samples):
    c = Client(path, timeout=120)
    while not stop.is_set():
        t0 = time.perf_counter()
        c.request("ping", timeout=120)
        samples.append(time.perf_counter() - t0)
        time.sleep(0.005)
    c.close()


def summary(samples):
    s = sorted(samples)
    if not s:
        return "no pings"
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))] * 1e3
    return f"p50 {pick(0.5):.2f} / p99 {pick(0.99):.2f} / worst {s[-1] * 1e3:.2f} ms (n={len(s)})"


def pipelined(bin_dir, connections=800):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4096)), hard))
    tmp = pathlib.Path(tempfile.mkdtemp())
    daemon = start_daemon(bin_dir, tmp)
    path = tmp / "d.sock"
    fds = lambda: len(os.listdir(f"/proc/{daemon.pid}/fd"))
    before = fds()
    stop, samples = threading.Event(), []
    ping = threading.Thread(target=pinger, args=(path, stop, samples))
    ping.start()
    time.sleep(0.2)
    t0 = time.perf_counter()
    for wave in range(0, connections, 100):
        socks = []
        for _ in range(100):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(60)
            s.connect(str(path))
            s.recv(4096)
            socks.append(s)
        for s in socks:
            s.sendall(FLOOD)
            s.close()
    sent = time.perf_counter() - t0
    time.sleep(1)
    stop.set()
    ping.join()
    wait_for(lambda: fds() <= before, timeout=120, interval=0.1, what="the descriptors back")
    after = fds()
    daemon.terminate()
    daemon.wait()
    return samples, sent, before, after


def connect_worker(path, seconds, counts):
    made = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(str(path))
            made += 1
        except OSError:
            pass
        s.close()
    counts.put(made)


def connect_flood(bin_dir, seconds=10, workers=4):
    tmp = pathlib.Path(tempfile.mkdtemp())
    daemon = start_daemon(bin_dir, tmp)
    path = tmp / "d.sock"
    counts = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=connect_worker, args=(path, seconds, counts)) for _ in range(workers)]
    stop, samples = threading.Event(), []
    ping = threading.Thread(target=pinger, args=(path, stop, samples))
    ping.start()
    for p in procs:
        p.start()
    made = sum(counts.get(timeout=seconds + 120) for _ in procs)
    for p in procs:
        p.join()
    stop.set()
    ping.join()
    daemon.terminate()
    daemon.wait()
    return samples, made / seconds


READ_FLOOD = b'{"cmd":"export","format":"swift"}\n{"cmd":"get_schema"}\n' * 20


def reader(path, ready, go, done):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(120)
    s.connect(str(path))
    s.recv(4096)
    ready.release()
    go.wait()
    s.sendall(READ_FLOOD)
    lines = 0
    while lines < 40:
        chunk = s.recv(1 << 20)
        if not chunk:
            break
        lines += chunk.count(b"\n")
    s.close()
    done.append(lines)


def pipelined_read(bin_dir, connections=100):
    """100 connections pipeline 20 x (`export swift` + `get_schema`) at once and read it all."""
    tmp = pathlib.Path(tempfile.mkdtemp())
    daemon = start_daemon(bin_dir, tmp)
    path = tmp / "d.sock"
    ready, go, done = threading.Semaphore(0), threading.Event(), []
    threads = [threading.Thread(target=reader, args=(path, ready, go, done)) for _ in range(connections)]
    for t in threads:
        t.start()
    for _ in threads:
        ready.acquire()
    stop, samples = threading.Event(), []
    ping = threading.Thread(target=pinger, args=(path, stop, samples))
    ping.start()
    time.sleep(0.2)
    t0 = time.perf_counter()
    go.set()
    for t in threads:
        t.join()
    took = time.perf_counter() - t0
    stop.set()
    ping.join()
    daemon.terminate()
    daemon.wait()
    return samples, took, sum(done)


def run(bin_dir):
    samples, sent, before, after = pipelined(bin_dir)
    print(f"{bin_dir}: ping under 800 x 20 x (export + get_schema) pipelined then closed: {summary(samples)}; "
          f"flood sent in {sent:.1f} s; descriptors {before} -> {after}")
    samples, rate = connect_flood(bin_dir)
    print(f"{bin_dir}: ping under a connect flood ({rate:.0f} connections/s): {summary(samples)}")
    run_read(bin_dir)


def run_read(bin_dir):
    samples, took, lines = pipelined_read(bin_dir)
    print(f"{bin_dir}: ping under 100 x 20 x (export swift + get_schema) pipelined and read: {summary(samples)}; "
          f"{lines} replies read in {took:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", action="append", help="a build directory (repeat for several)")
    parser.add_argument("--only-read", action="store_true", help="only the pipelined-and-read flood")
    args = parser.parse_args()
    for b in args.bin or [str(HERE.parent / ".build" / "release")]:
        (run_read if args.only_read else run)(pathlib.Path(b))


if __name__ == "__main__":
    main()
