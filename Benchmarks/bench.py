#!/usr/bin/env python3
"""cardstackd's performance figures, each measured side by side with its floor in one run.

  make bench        (builds release binaries, then runs this)
  python3 Benchmarks/bench.py --bin .build/release [--saves 300] [--subscribers 1000] [--only saves ...]

Prints p50/p90/p99 of: save -> `params` event (config on tmpfs) against a C++ program that
waits on inotify, re-reads the file, parses it with the daemon's own toml++ build (the parser
object SwiftPM compiled for it) and writes it as a JSON line to a Unix socket
(Benchmarks/floor/save_floor.cpp), with each server on CPU 0 and the client on
CPU 1 (the target), then with the scheduler placing them; `set_params` -> the next `frame` event and
`get_frame`, each against a `ping` on the same connection; `ping` round trip against mpv's
JSON IPC `get_property` (when mpv is installed); daemon CPU with 10 idle subscribers for
10 s; a steady client's `ping` while 1000 clients connect and leave at every stage; and a
240 fps fling fanned out to N subscribers against a C server writing the same bytes to
every client. Each ratio is printed next to its target. `liveness` (Benchmarks/stall_bench.py):
a client's `ping` p50/p99/worst while the heaviest in-range animation runs, release and debug.
`fairness` (Benchmarks/fairness_bench.py): a client's `ping` while 800 clients pipeline
20 x (`export` + `get_schema`) and close, and while four processes connect and close.
`variants` (Benchmarks/variants_bench.py): a client's `ping` while another's 4 x 4 grid
moves at 240 fps; the grid's daemon CPU at 60 fps against sixteen single stages'; the
page's share of the grid's frames applied.
"""
import argparse
import json
import multiprocessing
import random
import struct
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "integration"))
from harness import Client, cpu_ticks, wait_for  # noqa: E402

CONFIG = (HERE.parent / "Config" / "cardstack.toml").read_text()


def percentiles(samples):
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]
    return pick(0.5), pick(0.9), pick(0.99)


def fmt(label, samples, unit="µs", scale=1e6):
    p50, p90, p99 = (x * scale for x in percentiles(samples))
    return f"{label:<34} p50 {p50:8.1f}  p90 {p90:8.1f}  p99 {p99:8.1f} {unit}  (n={len(samples)})"


def compile_floor(tmp, bin_dir):
    out = {}
    for name in ("fanout_floor", "fanout_reader"):
        exe = tmp / name
        subprocess.run(["cc", "-O2", "-o", str(exe), str(HERE / "floor" / f"{name}.c")], check=True)
        out[name] = exe
    # The save floor links the parser object SwiftPM built for the daemon (toml++ from Debian's
    # libtomlplusplus-dev with the daemon's defines, compiler and flags), so the two sides parse
    # with the same code; the floor's own few lines go through the toolchain's clang++.
    parser = bin_dir / "CTOMLReader.build" / "TOMLReader.cpp.o"
    if not parser.exists():
        sys.exit(f"bench.py: {parser} is missing: build the daemon first (swift build -c release)")
    out["save_floor"] = tmp / "save_floor"
    subprocess.run([shutil.which("clang++") or "c++", "-O2", "-std=c++17",
                    "-I", str(HERE.parent / "Sources" / "CTOMLReader" / "include"),
                    "-o", str(out["save_floor"]), str(HERE / "floor" / "save_floor.cpp"), str(parser), "-lpthread"],
                   check=True)
    return out


def ratio_line(label, ours, theirs, target_p50=None, target_p99=None, held=None):
    """The p50 and p99 ratios with their targets; `held` names a row of docs/performance.md's
    "Ratios make bench holds": its figure and round are printed beside the p50, and a p50
    more than 20 % above it says so."""
    r50 = percentiles(ours)[0] / percentiles(theirs)[0]
    r99 = percentiles(ours)[2] / percentiles(theirs)[2]
    want = ""
    if target_p50:
        want = f"  (target p50 <= {target_p50}x" + (f", p99 <= {target_p99}x" if target_p99 else "") + ")"
    return f"{label:<34} ratio p50 {r50:.2f}x  p99 {r99:.2f}x{want}" + held_note(held, r50)


def held_figures(path=HERE.parent / "docs" / "performance.md"):
    """{name: (p50 ratio, round)} from the table under "## Ratios make bench holds": rows
    `| `name` | … | 1.23x | round N, date |`, the ratio the third cell, the round the fourth."""
    held, inside = {}, False
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            inside = line.startswith("## Ratios make bench holds")
        elif inside and line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            try:
                held[cells[0].strip("`")] = (float(cells[2].rstrip("x×")), cells[3].split(" (")[0])
            except (IndexError, ValueError):
                continue
    return held


def held_note(name, r50):
    if name is None:
        return ""
    figure = held_figures().get(name)
    if figure is None:
        return f"; no figure for `{name}` in docs/performance.md"
    ratio, measured = figure
    note = f"; docs/performance.md: {ratio:.2f}x ({measured})"
    if r50 > ratio * 1.2:
        note += f"\n{'':<34} WORSE: p50 {r50:.2f}x is {100 * (r50 / ratio - 1):.0f} % above docs/performance.md's {ratio:.2f}x"
    return note


def on_cpu(cpu):
    """Pins a command to one core (the fan-out's server and reader each get their own, so
    neither side's scheduling luck decides the comparison)."""
    return ["taskset", "-c", str(cpu)] if shutil.which("taskset") and os.cpu_count() >= 2 else []


def start_daemon(bin_dir, config, sock, cpu=None):
    pin = on_cpu(cpu) if cpu is not None else []
    proc = subprocess.Popen(pin + [str(bin_dir / "cardstackd"), "--config", str(config), "--socket", str(sock),
                             "--log-level", "warning"], stderr=subprocess.DEVNULL)

    def up():
        try:
            Client(sock, timeout=1).close()
            return True
        except OSError:
            return False

    wait_for(up, timeout=20, what="cardstackd")
    return proc


def bench_saves(bin_dir, floor, n, pinned):
    """Saves alternate between cardstackd and the floor. `pinned`: each server on CPU 0 and
    this client on CPU 1 (as the fan-out places them), so that where the scheduler happens to
    wake each thread is the same for both; otherwise the scheduler places everything."""
    shm = pathlib.Path(tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    ddir, fdir = shm / "daemon", shm / "floor"
    ddir.mkdir()
    fdir.mkdir()
    (ddir / "cardstack.toml").write_text(CONFIG)
    (fdir / "cardstack.toml").write_text(CONFIG)
    pinned = pinned and bool(on_cpu(0))
    daemon = start_daemon(bin_dir, ddir / "cardstack.toml", shm / "d.sock", cpu=0 if pinned else None)
    floor_proc = subprocess.Popen((on_cpu(0) if pinned else []) + [str(floor["save_floor"]), str(fdir), "cardstack.toml",
                                                                   str(shm / "f.sock")])
    cpus = os.sched_getaffinity(0)
    if pinned:
        os.sched_setaffinity(0, {1})
    wait_for(lambda: (shm / "f.sock").exists(), what="the floor")
    fsock = socket.socket(socket.AF_UNIX)
    fsock.connect(str(shm / "f.sock"))
    c = Client(shm / "d.sock")
    c.ok("subscribe", events=["params"])
    raw = c.sock  # read raw lines, as the floor's reader does: no JSON parsing in the timing
    raw.settimeout(10)
    ours, theirs = [], []
    for i in range(n):
        text = CONFIG.replace("spacing = 30.0", f"spacing = {31 + i % 50}.5")
        for target, sink in ((ddir, ours), (fdir, theirs)):
            tmp = target / ".cardstack.toml.new"
            tmp.write_text(text)
            t0 = time.perf_counter()
            os.rename(tmp, target / "cardstack.toml")
            if target is ddir:
                got = c.buffer
                while b'"event":"params"' not in got or not got.endswith(b"\n"):
                    got += raw.recv(1 << 16)
                c.buffer = b""
            else:
                got = b""
                while not got.endswith(b"\n"):
                    got += fsock.recv(1 << 16)
            sink.append(time.perf_counter() - t0)
        time.sleep(0.002)
    os.sched_setaffinity(0, cpus)
    daemon.terminate()
    floor_proc.kill()
    daemon.wait()
    shutil.rmtree(shm, ignore_errors=True)
    return ours, theirs


def bench_ping(bin_dir, n):
    tmp = pathlib.Path(tempfile.mkdtemp())
    (tmp / "c.toml").write_text(CONFIG)
    daemon = start_daemon(bin_dir, tmp / "c.toml", tmp / "d.sock")
    # Both peers are driven the same way: a preformatted request, one reply line, json.loads.
    ours_sock = socket.socket(socket.AF_UNIX)
    ours_sock.connect(str(tmp / "d.sock"))
    ours_file = ours_sock.makefile("rb")
    ours_file.readline()  # hello
    mpv = None
    m = None
    if shutil.which("mpv"):
        mpv = subprocess.Popen(["mpv", "--idle", "--no-video", "--no-config", "--really-quiet",
                                f"--input-ipc-server={tmp / 'mpv.sock'}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        wait_for(lambda: (tmp / "mpv.sock").exists(), timeout=20, what="mpv's socket")
        m = socket.socket(socket.AF_UNIX)
        m.connect(str(tmp / "mpv.sock"))
        mfile = m.makefile("rb")
    ours, theirs = [], []
    for i in range(n):
        t0 = time.perf_counter()
        ours_sock.sendall(b'{"id":%d,"cmd":"ping"}\n' % (i + 1))
        assert json.loads(ours_file.readline())["id"] == i + 1
        ours.append(time.perf_counter() - t0)
        if m:
            t0 = time.perf_counter()
            m.sendall(b'{"command":["get_property","volume"],"request_id":%d}\n' % (i + 1))
            while True:  # skip mpv's own events
                reply = json.loads(mfile.readline())
                if reply.get("request_id") == i + 1:
                    break
            theirs.append(time.perf_counter() - t0)
    cpu = None
    # Idle: 10 subscribers, nothing moving, for 10 s.
    idle = [Client(tmp / "d.sock") for _ in range(10)]
    for s in idle:
        s.ok("subscribe")
    time.sleep(0.5)
    before = cpu_ticks(daemon.pid)
    time.sleep(10)
    cpu = cpu_ticks(daemon.pid) - before
    daemon.terminate()
    daemon.wait()
    if mpv:
        mpv.kill()
    return ours, theirs, cpu


def churn_worker(path, clients, seconds, seed, counts):
    """Keeps `clients` connections open, replacing one at a time: each leaves at a stage
    of its own (before hello is read, after it, mid-request, subscribed mid-frame)."""
    rng = random.Random(seed)
    open_ = []
    done = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while len(open_) < clients:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(5)
            try:
                s.connect(str(path))
            except OSError:
                s.close()
                continue
            open_.append(s)
        s = open_.pop(rng.randrange(len(open_)))
        try:
            stage = rng.randrange(4)
            if stage == 0:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            elif stage == 1:
                s.recv(4096)
            elif stage == 2:
                s.sendall(b'{"id":1,"cmd":"get_fr')
            else:
                s.sendall(b'{"cmd":"subscribe","events":["frame"]}\n{"cmd":"get_frame"}\n')
                s.recv(100)
        except OSError:
            pass
        s.close()
        done += 1
    for s in open_:
        s.close()
    counts.put(done)


def bench_churn(bin_dir, clients=1000, seconds=10, workers=1):
    """A steady client's ping round trip while `clients` connections come and go."""
    tmp = pathlib.Path(tempfile.mkdtemp())
    (tmp / "c.toml").write_text(CONFIG)
    daemon = start_daemon(bin_dir, tmp / "c.toml", tmp / "d.sock")
    steady = Client(tmp / "d.sock")
    baseline = steady.ok("get_state")["clients"]
    counts = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=churn_worker, args=(tmp / "d.sock", clients // workers, seconds, n, counts))
             for n in range(workers)]
    for p in procs:
        p.start()
    time.sleep(1)  # let the churn build up
    pings, failed = [], 0
    deadline = time.monotonic() + seconds - 2
    while time.monotonic() < deadline:
        t0 = time.perf_counter()
        try:
            steady.request("ping", timeout=10)
            pings.append(time.perf_counter() - t0)
        except (TimeoutError, OSError):
            failed += 1
        time.sleep(0.01)
    churned = sum(counts.get(timeout=60) for _ in procs)
    for p in procs:
        p.join()
    wait_for(lambda: steady.ok("get_state")["clients"] == baseline, timeout=30, what="the churned clients to go")
    daemon.terminate()
    daemon.wait()
    return pings, failed, churned / seconds


def bench_sweep(bin_dir, n):
    """A script sweeping a parameter: `set_params` with one changed key, then the next `frame`
    event, on one subscribed connection; and a `ping` on the same connection after each, so
    both see the same machine."""
    tmp = pathlib.Path(tempfile.mkdtemp())
    (tmp / "c.toml").write_text(CONFIG)
    daemon = start_daemon(bin_dir, tmp / "c.toml", tmp / "d.sock")
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(str(tmp / "d.sock"))
    lines = sock.makefile("rb")
    lines.readline()  # hello
    sock.sendall(b'{"id":0,"cmd":"subscribe","events":["frame"]}\n')
    lines.readline()  # reply
    lines.readline()  # the current frame
    sweep, pings = [], []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        sock.sendall(b'{"id":%d,"cmd":"set_params","params":{"layout":{"spacing":%d.25}}}\n' % (i + 1, 20 + i % 40))
        while not lines.readline().startswith(b'{"event":"frame"'):
            pass
        sweep.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        sock.sendall(b'{"id":"p","cmd":"ping"}\n')
        while not lines.readline().startswith(b'{"id":"p"'):
            pass
        pings.append(time.perf_counter() - t0)
    rate = n / (time.perf_counter() - start)
    frames, frame_pings = [], []
    for i in range(n):
        t0 = time.perf_counter()
        sock.sendall(b'{"id":1,"cmd":"get_frame"}\n')
        lines.readline()  # as the save floor's reader: bytes, no JSON parsing in the timing
        frames.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        sock.sendall(b'{"id":2,"cmd":"ping"}\n')
        lines.readline()
        frame_pings.append(time.perf_counter() - t0)
    sock.close()
    daemon.terminate()
    daemon.wait()
    return sweep, pings, rate, frames, frame_pings


def bench_fanout(bin_dir, floor, subscribers, fps=240):
    tmp = pathlib.Path(tempfile.mkdtemp())
    (tmp / "c.toml").write_text(CONFIG)
    daemon = start_daemon(bin_dir, tmp / "c.toml", tmp / "d.sock", cpu=0)
    c = Client(tmp / "d.sock")
    c.ok("set_params", params={"animation": {"fps": fps}})
    # One extra subscriber that never reads.
    lazy = socket.socket(socket.AF_UNIX)
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    lazy.connect(str(tmp / "d.sock"))
    lazy.sendall(b'{"cmd":"subscribe","events":["frame"]}\n')
    reader = subprocess.Popen(on_cpu(1) + [str(floor["fanout_reader"]), str(tmp / "d.sock"), str(subscribers), "0.5"],
                              stdout=subprocess.PIPE, text=True)
    assert reader.stdout.readline().strip() == "connected"
    wait_for(lambda: c.ok("get_state")["clients"] >= subscribers + 2, timeout=30, what="subscribers")
    time.sleep(0.5)
    before = cpu_ticks(daemon.pid)
    c.ok("fling", velocity=100000)
    out = reader.stdout.readline().split()
    ours_cpu = (cpu_ticks(daemon.pid) - before) / os.sysconf("SC_CLK_TCK")
    reader.wait()
    daemon.terminate()
    daemon.wait()
    ours = dict(zip(("min", "median", "max", "gapped", "seconds", "bytes"), map(float, out)))
    # The floor writes lines of the mean size our subscribers received.
    frame_bytes = int(ours["bytes"])
    # The floor, same clients, same bytes, same rate, same duration.
    floor_server = subprocess.Popen(on_cpu(0) + [str(floor["fanout_floor"]), str(tmp / "f.sock"), str(subscribers), str(fps),
                                     f"{ours['seconds']:.3f}", str(frame_bytes)], stdout=subprocess.PIPE, text=True)
    wait_for(lambda: (tmp / "f.sock").exists(), what="the fan-out floor")
    reader = subprocess.run(on_cpu(1) + [str(floor["fanout_reader"]), str(tmp / "f.sock"), str(subscribers), "0.5"],
                            capture_output=True, text=True, timeout=120)
    theirs_cpu = float(floor_server.communicate(timeout=60)[0])
    out = reader.stdout.splitlines()[-1].split()
    theirs = dict(zip(("min", "median", "max", "gapped", "seconds", "bytes"), map(float, out)))
    lazy.close()
    return ours, ours_cpu, theirs, theirs_cpu, frame_bytes


PARTS = ("saves", "sweep", "ping", "churn", "fanout", "liveness", "fairness", "variants")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(HERE.parent / ".build" / "release"))
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--pings", type=int, default=1000)
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--churn", type=int, default=1000, help="clients connecting and leaving during the ping test")
    parser.add_argument("--fanouts", type=int, default=5, help="fan-out runs (this VM is noisy: the median counts)")
    parser.add_argument("--debug-bin", default=str(HERE.parent / ".build" / "debug"),
                        help="the debug build (what `make run` starts), for the liveness part")
    parser.add_argument("--only", action="append", choices=PARTS,
                        help="run only this part (repeat for several); all of them by default")
    args = parser.parse_args()
    parts = set(args.only or PARTS)
    bin_dir = pathlib.Path(args.bin)
    tmp = pathlib.Path(tempfile.mkdtemp())
    floor = compile_floor(tmp, bin_dir)

    if "saves" in parts:
        for pinned in (True, False):
            ours, theirs = bench_saves(bin_dir, floor, args.saves, pinned)
            print("saves, " + ("each server on CPU 0, the client on CPU 1:" if pinned else
                               "placed by the scheduler (no target; for comparison):"))
            print(fmt("save -> params event (cardstackd)", ours))
            print(fmt("save -> JSON line (toml++ floor)", theirs))
            print(ratio_line("", ours, theirs, 1.3, 2, held="saves") if pinned else ratio_line("", ours, theirs))
    if "sweep" in parts:
        bench_sweep_and_frames(bin_dir, args)
    if "ping" in parts:
        bench_ping_and_idle(bin_dir, args)
    if "churn" in parts:
        pings, failed, rate = bench_churn(bin_dir, args.churn)
        print(fmt(f"ping during a {args.churn}-client churn", pings))
        print(f"{'':<34} {rate:.0f} connections/s came and went, {failed} pings failed; clients back to 1 after")
    if "fanout" in parts:
        bench_fanouts(bin_dir, floor, args)
    if "liveness" in parts:
        bench_liveness(bin_dir, args)
    if "fairness" in parts:
        import fairness_bench
        fairness_bench.run(bin_dir)
    if "variants" in parts:
        import variants_bench
        variants_bench.run(bin_dir)


def bench_sweep_and_frames(bin_dir, args):
    sweep, pings, rate, frames, frame_pings = bench_sweep(bin_dir, args.pings)
    print(fmt("set_params -> next frame event", sweep))
    print(fmt("ping, same connection", pings))
    print(ratio_line("", sweep, pings, 2, held="sweep") + f"\n{'':<34} {rate:.0f} parameter sets/s")
    print(fmt("get_frame round trip (11 cards)", frames))
    print(fmt("ping, same connection", frame_pings))
    print(ratio_line("", frames, frame_pings, 2, held="get_frame"))


def bench_ping_and_idle(bin_dir, args):
    ours, theirs, idle = bench_ping(bin_dir, args.pings)
    print(fmt("ping round trip (cardstackd)", ours))
    if theirs:
        print(fmt("get_property round trip (mpv)", theirs))
        print(f"{'':<34} ratio p50 {percentiles(ours)[0] / percentiles(theirs)[0]:.2f}x")
    else:
        print("mpv is not installed (apt-get install mpv): no ping comparison")
    print(f"{'idle, 10 subscribers, 10 s':<34} {idle} CPU ticks")


def bench_liveness(bin_dir, args):
    import stall_bench
    targets = {"release": 10, "debug": 100}
    for name, path in (("release", bin_dir), ("debug", pathlib.Path(args.debug_bin))):
        if not (path / "cardstackd").exists():
            print(f"no {name} build at {path}: no liveness figure for it")
            continue
        result = stall_bench.measure(path)
        print(stall_bench.report(f"heaviest animation, {name}", result) + f" (target p99 < {targets[name]} ms)")


def bench_fanouts(bin_dir, floor, args):
    n = args.subscribers
    ratios = []
    for run in range(args.fanouts):
        ours, ours_cpu, theirs, theirs_cpu, size = bench_fanout(bin_dir, floor, n)
        print(f"fan-out {run + 1}/{args.fanouts}, {n} subscribers, 240 fps fling, {size}-byte frames (mean), "
              "+ 1 subscriber that never reads:")
        for label, r, cpu in (("cardstackd", ours, ours_cpu), ("C floor", theirs, theirs_cpu)):
            fps = r["median"] / r["seconds"] if r["seconds"] else 0
            print(f"  {label:<12} frames per client min {r['min']:.0f} median {r['median']:.0f} over {r['seconds']:.2f} s"
                  f" ({fps:.0f} fps), clients with seq gaps {r['gapped']:.0f}, CPU {cpu:.2f} s")
        if theirs["median"]:
            ratios.append((ours["median"] / theirs["median"], ours_cpu / max(theirs_cpu, 1e-9)))
            print(f"  ratio: frames {ratios[-1][0]:.2f}x, CPU {ratios[-1][1]:.2f}x")
    if ratios:
        frames, cpu = (statistics.median(r[i] for r in ratios) for i in (0, 1))
        print(f"fan-out, median of {len(ratios)} runs: frames {frames:.2f}x, CPU {cpu:.2f}x")

if __name__ == "__main__":
    main()
