#!/usr/bin/env python3
"""The look's images against the event loop (issue 44 §1): the longest a connected client's
`ping` waits, and the daemon's peak resident set, while another client sets `card.images`.

  python3 Benchmarks/images_bench.py --bin .build/release [--bin OTHER] [--files 10000] [--cap 150]

Two cases, each on a fresh daemon: 1,024 × "shots/*.png" over a folder of `--files` small
PNGs (a 14 kB `set_params`), and one glob over the whole file system, "/*/*/*/*". A steady
client sends `ping` every 5 ms from before the `set_params` until its reply has come and the
daemon's `params` event with the check's warnings (or 3 s after the reply, for a build that
checks before replying); `--cap` seconds end a case that has not settled by then.

Prints the worst and p99 ping, how long the `set_params` reply took, and VmHWM.
"""
import argparse
import json
import pathlib
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
from harness import Client, wait_for  # noqa: E402


def png(rgb):
    raw = b"".join(b"\0" + bytes(rgb) * 4 for _ in range(4))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def hwm_mib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def case(bin_dir, files, patterns, cap):
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-images-bench-"))
    shots = tmp / "shots"
    shots.mkdir()
    data = png((200, 20, 20))
    for k in range(files):
        (shots / f"{k:05d}.png").write_bytes(data)
    (tmp / "c.toml").write_text('[card]\nimages = ["shots/00000.png"]\n')
    daemon = subprocess.Popen([str(bin_dir / "cardstackd"), "--config", str(tmp / "c.toml"), "--socket",
                               str(tmp / "d.sock")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: (tmp / "d.sock").exists(), timeout=30, what="the daemon's socket")
        time.sleep(0.5)
        pinger, setter = Client(tmp / "d.sock", timeout=cap), Client(tmp / "d.sock", timeout=cap)
        setter.ok("subscribe", events=["params"])
        samples, stop, pending = [], threading.Event(), [None]

        def ping():
            while not stop.is_set():
                pending[0] = time.perf_counter()
                try:
                    pinger.request("ping", timeout=cap)
                except (OSError, TimeoutError):
                    return
                samples.append(time.perf_counter() - pending[0])
                pending[0] = None
                time.sleep(0.005)
        thread = threading.Thread(target=ping, daemon=True)
        thread.start()
        time.sleep(0.2)
        line = json.dumps({"id": "big", "cmd": "set_params", "params": {"card": {"images": patterns}}})
        t0 = time.perf_counter()
        setter.send_line(line.encode() + b"\n")
        replied, settled = None, False
        deadline = t0 + cap
        while time.perf_counter() < deadline and not settled:
            try:
                message = setter.read(timeout=max(0.01, min(0.2, deadline - time.perf_counter())))
            except (TimeoutError, socket.timeout):
                if replied is not None and time.perf_counter() - t0 - replied > 3:
                    settled = True
                continue
            if message.get("id") == "big":
                replied = time.perf_counter() - t0
            elif message.get("event") == "params" and any(w.startswith("card.images") for w in message["warnings"]):
                settled = replied is not None
        stop.set()
        if pending[0] is not None:  # a ping still unanswered counts as long as it has waited
            samples.append(time.perf_counter() - pending[0])
        peak = hwm_mib(daemon.pid)
        s = sorted(samples) or [float("nan")]
        return {"worst_ms": s[-1] * 1e3, "p99_ms": s[min(len(s) - 1, int(0.99 * len(s)))] * 1e3, "pings": len(s),
                "reply_s": replied, "settled": settled, "vmhwm_mib": peak, "line_bytes": len(line)}
    finally:
        daemon.kill()
        daemon.wait()
        subprocess.run(["rm", "-rf", str(tmp)])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", action="append", help="a build directory (repeat for several)")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--cap", type=float, default=150)
    args = parser.parse_args()
    for b in args.bin or [str(HERE.parent / ".build" / "release")]:
        bin_dir = pathlib.Path(b)
        for name, files, patterns in (("1024 x shots/*.png", args.files, ["shots/*.png"] * 1024),
                                      ("/*/*/*/*", 1, ["/*/*/*/*"])):
            r = case(bin_dir, files, patterns, args.cap)
            print(f"{bin_dir}: {name} over {files} files: ping worst {r['worst_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
                  f"(n={r['pings']}); set_params reply after {r['reply_s']} s; settled {r['settled']}; "
                  f"VmHWM {r['vmhwm_mib']:.0f} MiB; request {r['line_bytes']} bytes", flush=True)


if __name__ == "__main__":
    main()
