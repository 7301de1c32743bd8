#!/usr/bin/env python3
"""A sweep of parameter sets on the daemon's one clock (docs/protocol.md, section 4.1).

Asks cardstackd for a grid of variants (`set_variants`), plays one transition, and prints
each cell's front card position at every frame, then a small text plot of each cell's
offset over time. Python's standard library only.

Usage: variants.py [--socket PATH] [--transition next|prev|fling:V] KEY=V1,V2,... [KEY2=...]
e.g.   variants.py animation.spring.bounce=0,0.15,0.3 animation.spring.duration=0.4,0.6
"""
import argparse, json, os, socket, struct, sys


def socket_path(given):
    if given:
        return given
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return os.environ.get("CARDSTACK_SOCKET") or (
        f"{runtime}/cardstack/cardstackd.sock" if runtime else f"/tmp/cardstack-{os.getuid()}/cardstackd.sock")


def axis(text):
    key, _, values = text.partition("=")
    if not key or not values:
        raise argparse.ArgumentTypeError(f"{text}: expected KEY=V1,V2,... e.g. animation.spring.bounce=0,0.2")
    return key, [value_of(v) for v in values.split(",")]


def value_of(text):
    """A number, boolean or array as JSON; anything else (a curve's name) as a string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket")
    parser.add_argument("--transition", default="next")
    parser.add_argument("vary", nargs="+", type=axis)
    args = parser.parse_args()

    path = socket_path(args.socket)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    # Talk only to a daemon of our own uid or root (docs/protocol.md §1).
    _, uid, _ = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    if uid not in (os.getuid(), 0):
        sys.exit(f"{path}: the listener runs as uid {uid}, not as you or root; not sending anything")
    sock.settimeout(10)
    lines = sock.makefile("r", encoding="utf-8")

    def request(rid, cmd, **arguments):
        sock.sendall((json.dumps({"id": rid, "cmd": cmd, **arguments}) + "\n").encode())
        for line in lines:
            msg = json.loads(line)
            if msg.get("id") == rid and "ok" in msg:
                if not msg["ok"]:
                    sys.exit(f"{cmd}: {msg['error']['code']}: {msg['error']['message']}")
                return msg["result"]

    grid = request(1, "set_variants", vary=dict(args.vary))
    labels = [", ".join(f"{k}={v}" for k, v in flatten(cell["overlay"])) for cell in grid["cells"]]
    request(2, "subscribe", events=["frame"])
    kind, _, value = args.transition.partition(":")
    moves = {"next": {}, "prev": {}, "fling": {"velocity": float(value or 0)}}
    if kind not in moves:
        sys.exit(f"--transition {args.transition}: expected next, prev or fling:V")
    request(3, kind, **moves[kind])

    # Every frame event carries every cell's newest frame. The daemon sends frames while
    # any cell moves and none at rest: the sweep is over once every cell has moved and a
    # second passes without a frame.
    tracks = [[] for _ in grid["cells"]]
    sock.settimeout(1.0)
    if not follow(lines, tracks, labels):
        print("no frame for a second and not every cell moved", file=sys.stderr)
    sock.close()  # the grid goes with the connection
    plot(tracks, labels)


def follow(lines, tracks, labels):
    """Prints every cell's new frames until a second passes without one; whether every cell moved."""
    started = [False] * len(tracks)
    while True:
        try:
            line = lines.readline()
        except socket.timeout:
            return all(started)
        if not line:
            return all(started)
        msg = json.loads(line)
        if msg.get("event") != "frame" or "variants" not in msg:
            continue
        for cell in msg["variants"]:
            i = cell["cell"]
            if tracks[i] and tracks[i][-1][0] == cell["seq"]:
                continue
            front = next((c for c in cell["frame"]["cards"] if c["item"] == cell["frame"]["front"]), None)
            position = front["position"] if front else [float("nan")] * 2
            tracks[i].append((cell["seq"], cell["time"], cell["frame"]["offset"], position))
            print(f"cell {i} ({labels[i]}): t={cell['time']:.4f} offset={cell['frame']['offset']:.2f} "
                  f"front card at ({position[0]:.1f}, {position[1]:.1f})")
            started[i] = started[i] or "motion" in cell


def flatten(tree, prefix=""):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def plot(tracks, labels, width=60, height=12):
    """Each cell's offset over time as rows of text: one small chart per cell."""
    points = [(t, x) for track in tracks for _, t, x, _ in track]
    if not points:
        return
    t0, t1 = min(t for t, _ in points), max(t for t, _ in points)
    lo, hi = min(x for _, x in points), max(x for _, x in points)
    for track, label in zip(tracks, labels):
        rows = [[" "] * width for _ in range(height)]
        for _, t, x, _ in track:
            col = int((t - t0) / ((t1 - t0) or 1) * (width - 1))
            row = height - 1 - int((x - lo) / ((hi - lo) or 1) * (height - 1))
            rows[row][col] = "*"
        print(f"\n{label}: offset {lo:.1f}..{hi:.1f} over {t1 - t0:.3f} s")
        print("\n".join("|" + "".join(r) for r in rows))


if __name__ == "__main__":
    main()
