#!/usr/bin/env python3
"""A client's `ping` while the heaviest in-range animation runs (`bench.py --only liveness`).

  python3 Benchmarks/stall_bench.py --bin .build/release [--bin .build/debug] [--seconds 10]

The daemon runs the heaviest frames the parameters allow: 1024 cards on screen (`rotary`,
`carousel.visible_items = 1024`, a deck of 1,000,000), every title at its byte limit, at
`animation.fps = 240` under a spring that takes a minute to settle. One client subscribes
to frames and reads them as fast as it can; another sends `ping` every 5 ms and times each
round trip; a third sends `get_frame` every 100 ms. Prints the ping's p50, p99 and worst,
the worst `get_frame`, the frames the subscriber got per second (ticks that do not fit
are dropped, so this is what the build can draw), the daemon's CPU time per frame and the
machine's load average (on a loaded machine a frame takes longer in wall time, and a ping
waits for at most about one frame). A ping left unanswered for `--timeout`
seconds ends the run and is reported as such.
"""
import argparse
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
from harness import Client, cpu_ticks, wait_for  # noqa: E402

# 64 four-byte characters: 64 characters, 256 bytes, the most a title may take in a frame.
LONGEST_TITLE = "\U0001F0A1" * 64


def heaviest_config(style="rotary"):
    """The heaviest in-range parameter set: 1024 cards on screen, long titles, 240 fps, a
    spring that rings for a minute."""
    titles = ", ".join(f'"{LONGEST_TITLE}"' for _ in range(1024))
    # switcher7 lays out every card within reach of the viewport: half a point apart, 1024.
    spacing = "spacing = 0.5\n" if style == "switcher7" else ""
    return (f'[layout]\nstyle = "{style}"\ncards = 1000000\n{spacing}'
            f'[carousel]\nvisible_items = 1024\nitem_spacing = 1.0\n'
            f'[card]\ntitles = [{titles}]\n'
            f'[animation]\nfps = 240\nspring = {{ damping_ratio = 0.01, response = 10.0 }}\n')


def start(bin_dir, tmp, config_text):
    config = tmp / "heavy.toml"
    config.write_text(config_text)
    sock = tmp / "heavy.sock"
    proc = subprocess.Popen([str(bin_dir / "cardstackd"), "--config", str(config), "--socket", str(sock),
                             "--log-level", "warning"], stderr=subprocess.DEVNULL)

    def up():
        try:
            Client(sock, timeout=1).close()
            return True
        except OSError:
            return False

    wait_for(up, timeout=30, what="cardstackd")
    return proc, sock


def subscriber(sock, stop, counts):
    """Reads frame events as fast as it can and counts them."""
    s = socket.socket(socket.AF_UNIX)
    s.connect(str(sock))
    s.sendall(b'{"id":1,"cmd":"subscribe","events":["frame"]}\n')
    s.settimeout(0.5)
    lines = 0
    while not stop.is_set():
        try:
            chunk = s.recv(1 << 22)
        except socket.timeout:
            continue
        if not chunk:
            break
        lines += chunk.count(b"\n")
        counts["lines"] = lines
    s.close()


def frame_getter(sock, stop, worst, timeout):
    s = socket.socket(socket.AF_UNIX)
    s.connect(str(sock))
    f = s.makefile("rb")
    f.readline()  # hello
    s.settimeout(timeout)
    i = 0
    while not stop.is_set():
        i += 1
        t0 = time.perf_counter()
        s.sendall(b'{"id":%d,"cmd":"get_frame"}\n' % i)
        try:
            f.readline()
        except socket.timeout:
            worst["get_frame"] = float("inf")
            break
        worst["get_frame"] = max(worst.get("get_frame", 0), time.perf_counter() - t0)
        stop.wait(0.1)
    s.close()


def measure(bin_dir, seconds=10.0, timeout=5.0, style="rotary"):
    """Runs one daemon of `bin_dir` under the heaviest animation; returns the figures."""
    tmp = pathlib.Path(tempfile.mkdtemp())
    daemon, sock = start(pathlib.Path(bin_dir), tmp, heaviest_config(style))
    stop = threading.Event()
    counts, worst = {"lines": 0}, {}
    try:
        mover = Client(sock, timeout=30)
        assert len(mover.ok("get_frame", timeout=30)["cards"]) == 1024
        threads = [threading.Thread(target=subscriber, args=(sock, stop, counts), daemon=True),
                   threading.Thread(target=frame_getter, args=(sock, stop, worst, timeout), daemon=True)]
        for t in threads:
            t.start()
        mover.send({"id": "go", "cmd": "next"})
        pinger = socket.socket(socket.AF_UNIX)
        pinger.connect(str(sock))
        replies = pinger.makefile("rb")
        replies.readline()  # hello
        pinger.settimeout(timeout)
        pings, unanswered = [], False
        frames_before = counts["lines"]
        cpu_before = cpu_ticks(daemon.pid)
        began = time.monotonic()
        i = 0
        while time.monotonic() - began < seconds:
            i += 1
            t0 = time.perf_counter()
            pinger.sendall(b'{"id":%d,"cmd":"ping"}\n' % i)
            try:
                replies.readline()
            except socket.timeout:
                unanswered = True
                break
            pings.append(time.perf_counter() - t0)
            time.sleep(0.005)
        elapsed = time.monotonic() - began
        frames = counts["lines"] - frames_before
        cpu = (cpu_ticks(daemon.pid) - cpu_before) / os.sysconf("SC_CLK_TCK")
        stop.set()
        for t in threads:
            t.join(timeout + 1)
        animating = None
        if not unanswered:
            animating = Client(sock, timeout=timeout).ok("get_state", timeout=timeout)["animating"]
        return {"pings": pings, "unanswered": unanswered, "timeout": timeout, "seconds": elapsed,
                "fps": frames / elapsed if elapsed else 0, "get_frame": worst.get("get_frame"),
                "cpu_per_frame": cpu / frames if frames else None, "load": os.getloadavg()[0],
                "animating": animating}
    finally:
        stop.set()
        daemon.kill()
        daemon.wait()


def report(label, r):
    pings = sorted(r["pings"])
    if not pings:
        return f"{label:<34} no ping answered within {r['timeout']:.0f} s"
    p50, p99 = pings[len(pings) // 2], pings[min(len(pings) - 1, int(0.99 * len(pings)))]
    line = (f"{label:<34} ping p50 {p50 * 1e3:7.2f}  p99 {p99 * 1e3:7.2f}  worst {pings[-1] * 1e3:7.2f} ms"
            f"  (n={len(pings)})")
    if r["unanswered"]:
        line += f", then a ping unanswered for {r['timeout']:.0f} s"
    if r["get_frame"] is not None:
        worst = "unanswered" if r["get_frame"] == float("inf") else f"{r['get_frame'] * 1e3:.1f} ms"
        line += f"; worst get_frame {worst}"
    line += f"; {r['fps']:.0f} frames/s to the subscriber"
    if r.get("cpu_per_frame") is not None:
        line += f", daemon CPU {r['cpu_per_frame'] * 1e3:.1f} ms a frame"
    line += f"; load average {r.get('load', 0):.1f}"
    if r["animating"] is False:
        line += " (the animation had ended: the figures are not under load)"
    return line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", action="append", help="a directory with cardstackd (repeat to compare builds)")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--timeout", type=float, default=5)
    parser.add_argument("--style", default="rotary")
    args = parser.parse_args()
    for bin_dir in args.bin or [str(HERE.parent / ".build" / "release")]:
        print(report(f"heaviest animation, {pathlib.Path(bin_dir).name}",
                     measure(bin_dir, args.seconds, args.timeout, args.style)), flush=True)


if __name__ == "__main__":
    main()
