#!/usr/bin/env python3
"""Throws through the daemon (issue 46; docs/performance.md, "Throws under each scroll model").

  python3 Benchmarks/throw_bench.py --bin .build/release

For each scroll model on its preset's deck with wrap off (`scroll_view`: zoom_flow, 20 cards
220 pt apart; `icarousel`: the cover flow, 100 items 100 pt apart; `flip`: the flip deck, 11
cards 150 pt apart), and each release velocity (300, 2,000, 6,000 pt/s): a finger that lets
go (`drag` `began` then `ended` with the velocity) from the first card moving on ("across") and
from one card in moving back ("into the edge"). The frames the daemon sends for the move are
read with their `time`: the first interval's speed against the release velocity (goal: within
2 %), the last interval that still moves against the fastest (goal: at most 2 %), how far past
the edge it went and how long it took. Every wait has a deadline (the harness's).
"""
import argparse
import os
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
VELOCITIES = [300.0, 2000.0, 6000.0]
DECKS = {"scroll_view": "zoom_flow", "icarousel": "coverflow", "flip": "flip"}


def deck_text(preset):
    """The preset's file with wrap off: an edge to throw at."""
    text = (REPO / "Config" / "presets" / f"{preset}.toml").read_text()
    return text.replace("wrap = true", "wrap = false")


def measure(frames, velocity, last_card):
    times = [f["time"] for f in frames]
    offsets = [f["frame"]["offset"] for f in frames]
    speeds = [(b - a) / (t1 - t0) for a, b, t0, t1 in zip(offsets, offsets[1:], times, times[1:])]
    peak = max(abs(s) for s in speeds)
    last = next(abs(s) for s in reversed(speeds) if s != 0)
    past = max(max(-x, x - last_card, 0) for x in offsets)
    return {"first": speeds[0] / velocity - 1, "first_dt": times[1] - times[0], "last": last / peak, "past": past,
            "end": times[-1] - times[0], "frames": len(frames)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(REPO / ".build" / "release"))
    args = parser.parse_args()
    os.environ["CARDSTACK_BIN_DIR"] = str(pathlib.Path(args.bin).resolve())
    sys.path.insert(0, str(REPO / "Tests" / "integration"))
    from harness import MOTION, Daemon, subscribed  # noqa: E402 (after the bin directory is set)

    print("throws through the daemon: drag began, ended at v; the move's frames as sent, with their times")
    print(f"{'model':12}{'throw':16}{'v pt/s':8}{'first':10}{'1st dt':9}{'last/peak':11}{'past edge':11}"
          f"{'at rest':9}{'frames':8}goals")
    with tempfile.TemporaryDirectory() as tmp:
        for model, preset in DECKS.items():
            daemon = Daemon(pathlib.Path(tmp) / model, deck_text(preset))
            try:
                c = subscribed(daemon, MOTION, first_frame=True)
                layout = c.ok("get_params")["params"]["layout"]
                spacing, last_card = layout["spacing"], (layout["cards"] - 1) * layout["spacing"]
                for v in VELOCITIES:
                    for name, start, velocity in (("across", 0.0, v), ("into the edge", spacing, -v)):
                        c.ok("scroll_to", offset=start)
                        c.ok("ping")
                        c.events.clear()
                        c.ok("drag", phase="began")
                        target = c.ok("drag", phase="ended", velocity=velocity)["target"]
                        row = f"{model:12}{name:16}{int(velocity):<8}"
                        if target == start and model == "flip":
                            print(row + "no move: the model ignores the velocity")
                            continue
                        frames = [f for f in c.frames_until_rest() if "motion" in f]
                        r = measure(frames, velocity, last_card)
                        goals = "ok" if abs(r["first"]) <= 0.02 and r["last"] <= 0.02 else "misses a 2 % goal"
                        print(row + f"{r['first'] * 100:+.2f} %".ljust(10) + f"{r['first_dt'] * 1000:.1f} ms".ljust(9)
                              + f"{r['last'] * 100:.2f} %".ljust(11) + f"{r['past']:.1f} pt".ljust(11)
                              + f"{r['end']:.3f} s".ljust(9) + f"{r['frames']:<8}" + goals)
            finally:
                daemon.stop()


if __name__ == "__main__":
    main()
