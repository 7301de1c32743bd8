#!/usr/bin/env python3
"""A grid of variants (`set_variants`, docs/protocol.md §4.1) under load.

  python3 Benchmarks/variants_bench.py --bin .build/release [--only ping|cpu|page]
  (also `python3 Benchmarks/bench.py --only variants`, part of `make bench`)

- ping: one client's 4 × 4 grid at animation.fps = 240, moving all the time (`next`/`prev`
  every 0.35 s) and read in full, while another client sends `ping` every 5 ms for 10 s:
  p50 / p99 / worst (the hardening round's figure: p99 under 10 ms in release).
- cpu: the daemon's CPU for that grid at 60 fps against sixteen daemons each showing one of
  its sets to one subscriber, the same moves for the same time: the grid's CPU and the sum.
- page: the page's grid (headless Chromium through `cardstack web`) at 60 fps: the frame
  events with `variants` it received and the ones it applied (drew), the median of five runs
  uncapped (as web_bench.py runs Chromium), of three on a 60 Hz display and of three uncapped
  with web_bench.py's look on every card (images, corners, shadow, border). Skips without
  chromium.
"""
import argparse
import os
import pathlib
import socket
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
import harness  # noqa: E402
from harness import Client, cpu_ticks, wait_for  # noqa: E402

CONFIG = (HERE.parent / "Config" / "cardstack.toml").read_text()
# Four bounces × four durations of a spring: sixteen sets that move differently.
VARY = {"animation.spring.bounce": [0, 0.1, 0.2, 0.3], "animation.spring.duration": [0.3, 0.4, 0.5, 0.6]}
PARTS = ("ping", "cpu", "page")


def config(fps):
    text = CONFIG.replace("fps = 60", f"fps = {fps}")
    assert f"fps = {fps}" in text
    return text + "\n"


def overlays():
    """The sixteen sets' overlays, as `set_variants` lays them out (the first key across)."""
    (k1, v1), (k2, v2) = VARY.items()
    return [{"animation": {"spring": {k1.split(".")[-1]: a, k2.split(".")[-1]: b}}} for b in v2 for a in v1]


def drain(path, stop, counts, grid):
    """A client that reads every line; with `grid`, it asks for the grid first."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(str(path))
    request = b'{"id":1,"cmd":"subscribe","events":["frame"]}\n'
    if grid:
        import json
        request += (json.dumps({"id": 2, "cmd": "set_variants", "vary": VARY}) + "\n").encode()
    s.sendall(request)
    s.settimeout(0.2)
    buffered = b""
    while not stop.is_set():
        try:
            chunk = s.recv(1 << 20)
        except socket.timeout:
            continue
        if not chunk:
            break
        buffered += chunk
        lines = buffered.split(b"\n")
        buffered = lines.pop()
        counts["lines"] += len(lines)
        counts["bytes"] += sum(map(len, lines))
    s.close()


def mover(path, stop, period=0.35):
    c = Client(path, timeout=30)
    step = 0
    while not stop.is_set():
        c.request("next" if step % 2 == 0 else "prev")
        step += 1
        stop.wait(period)
    c.close()


def pinger(path, stop, samples):
    c = Client(path, timeout=30)
    while not stop.is_set():
        t0 = time.perf_counter()
        c.request("ping")
        samples.append(time.perf_counter() - t0)
        time.sleep(0.005)
    c.close()


def summary(samples):
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))] * 1e3
    return f"p50 {pick(0.5):.2f} / p99 {pick(0.99):.2f} / worst {s[-1] * 1e3:.2f} ms (n={len(s)})"


def ping_under_grid(bin_dir, seconds=10.0):
    harness.BIN = bin_dir
    with tempfile.TemporaryDirectory() as tmp:
        daemon = harness.Daemon(pathlib.Path(tmp) / "d", config(240))
        try:
            stop, counts = threading.Event(), {"lines": 0, "bytes": 0}
            reader = threading.Thread(target=drain, args=(daemon.socket, stop, counts, True))
            reader.start()
            wait_for(lambda: counts["lines"] >= 3, what="the grid's first frames")
            move = threading.Thread(target=mover, args=(daemon.socket, stop))
            move.start()
            samples, ping_stop = [], threading.Event()
            ping = threading.Thread(target=pinger, args=(daemon.socket, ping_stop, samples))
            lines0, t0, ticks0 = counts["lines"], time.monotonic(), cpu_ticks(daemon.proc.pid)
            ping.start()
            time.sleep(seconds)
            ping_stop.set()
            ping.join()
            elapsed = time.monotonic() - t0
            lines, ticks = counts["lines"] - lines0, cpu_ticks(daemon.proc.pid) - ticks0
            stop.set()
            move.join()
            reader.join()
        finally:
            daemon.stop()
    cpu = ticks / os.sysconf("SC_CLK_TCK")
    return (f"{bin_dir}: ping while a 4 x 4 grid moves at 240 fps: {summary(samples)}; the grid's client read "
            f"{lines / elapsed:.0f} lines/s ({counts['bytes'] / max(counts['lines'], 1) / 1024:.1f} KiB each); "
            f"daemon CPU {100 * cpu / elapsed:.0f} %")


def daemon_cpu(bin_dir, overlay, grid, seconds):
    """The daemon's CPU seconds over `seconds` of moves at 60 fps, one subscriber reading."""
    harness.BIN = bin_dir
    with tempfile.TemporaryDirectory() as tmp:
        daemon = harness.Daemon(pathlib.Path(tmp) / "d", config(60))
        try:
            if overlay:
                daemon.client().ok("set_params", params=overlay)
            stop, counts = threading.Event(), {"lines": 0, "bytes": 0}
            reader = threading.Thread(target=drain, args=(daemon.socket, stop, counts, grid))
            reader.start()
            wait_for(lambda: counts["lines"] >= (3 if grid else 1), what="the first frames")
            ticks0 = cpu_ticks(daemon.proc.pid)
            move = threading.Thread(target=mover, args=(daemon.socket, stop))
            move.start()
            time.sleep(seconds)
            ticks = cpu_ticks(daemon.proc.pid) - ticks0
            stop.set()
            move.join()
            reader.join()
        finally:
            daemon.stop()
    return ticks / os.sysconf("SC_CLK_TCK"), counts["lines"]


def cpu_grid_against_singles(bin_dir, seconds=6.0):
    grid, lines = daemon_cpu(bin_dir, None, True, seconds)
    singles = [daemon_cpu(bin_dir, o, False, seconds)[0] for o in overlays()]
    return (f"{bin_dir}: daemon CPU over {seconds:.0f} s of next/prev at 60 fps: the 4 x 4 grid {grid:.2f} s "
            f"({lines} frame lines); sixteen single stages {sum(singles):.2f} s in all "
            f"(each {min(singles):.2f}-{max(singles):.2f} s); grid / sum {grid / max(sum(singles), 1e-9):.2f}")


# As Benchmarks/web_bench.py: requestAnimationFrame not capped at a display's 60 Hz, one process.
UNCAPPED = ("--disable-frame-rate-limit", "--disable-gpu-vsync", "--single-process")


def page_applies(bin_dir, seconds=6.0, flags=UNCAPPED, look=False):
    harness.BIN = bin_dir
    import webtools
    webtools.BIN = bin_dir
    from webtools import Bridge, start_browser
    with tempfile.TemporaryDirectory() as tmp:
        text = config(60)
        if look:
            from web_bench import LOOK
            text = text.replace("[card]\n", LOOK.format(photos=HERE.parent / "examples" / "looks" / "photos"), 1)
        daemon = harness.Daemon(pathlib.Path(tmp) / "d", text)
        bridge = Bridge([daemon.socket])
        browser = None
        try:
            browser = start_browser(width=1400, height=900, extra=tuple(flags))
            browser.get(bridge.url)
            wait_for(lambda: browser.execute_script("return document.querySelector('.conn').dataset.state") == "connected",
                     timeout=15, what="the page to connect")
            browser.execute_script("window.cardstack.views[0].send('set_variants', arguments[0], 'variants')", {"vary": VARY})
            stats = "return Object.assign({}, window.cardstack.views[0].variants.stats)"
            wait_for(lambda: browser.execute_script(stats)["applied"] >= 1, timeout=15, what="the grid drawn")
            before = browser.execute_script(stats)
            stop = threading.Event()
            move = threading.Thread(target=mover, args=(daemon.socket, stop))
            move.start()
            time.sleep(seconds)
            stop.set()
            move.join()
            time.sleep(0.5)
            after = browser.execute_script(stats)
        finally:
            if browser:
                browser.quit()
            bridge.stop()
            daemon.stop()
    received = after["received"] - before["received"]
    applied = after["applied"] - before["applied"]
    return applied, received


def page_figure(bin_dir, runs, flags=UNCAPPED, look=False, seconds=6.0):
    """The median of `runs` runs of page_applies (the paint rate of a loaded machine moves
    from run to run), with every run's figure."""
    if webtools_missing():
        return "variants page: skipped (chromium and chromedriver are not installed; make test-deps)"
    shares = [page_applies(bin_dir, seconds, flags, look) for _ in range(runs)]
    percent = sorted(100 * a / max(r, 1) for a, r in shares)
    each = ", ".join(f"{100 * a / max(r, 1):.1f} % ({a} / {r})" for a, r in shares)
    shown = " ".join(flags) or "none: the default 60 Hz display"
    shown += "; the look with images, corners, shadow and border" if look else ""
    return (f"{bin_dir}: the page's 4 x 4 grid at 60 fps, {seconds:.0f} s of next/prev (Chromium flags: {shown}): "
            f"frame events applied (drawn) of those received, median of {runs} {percent[len(percent) // 2]:.1f} %: {each}")


def webtools_missing():
    import webtools
    return webtools.find_chromium() is None


def run(bin_dir, parts=PARTS):
    bin_dir = pathlib.Path(bin_dir).resolve()
    if "ping" in parts:
        print(ping_under_grid(bin_dir))
    if "cpu" in parts:
        print(cpu_grid_against_singles(bin_dir))
    if "page" in parts:
        print(page_figure(bin_dir, 5))
        print(page_figure(bin_dir, 3, flags=()))
        print(page_figure(bin_dir, 3, look=True))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(HERE.parent / ".build" / "release"))
    parser.add_argument("--only", action="append", choices=PARTS, help="run only this part (repeat for several)")
    args = parser.parse_args()
    run(args.bin, args.only or PARTS)


if __name__ == "__main__":
    main()
