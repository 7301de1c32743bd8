"""The exported `TunedMoveAnimator` draws the frame it is about to show: run against a
simulated display link (uikit_shapes' `CADisplayLink`, subclassed, whose `timestamp` and
`targetTimestamp` are one refresh apart), every offset it sets is the daemon's own frame at
the link's `targetTimestamp`, to 1e-9, not the one at `timestamp`; and it asks the link for
60 to 120 Hz, preferably 120 (docs/exporting.md, "120 Hz on iPhone").

The exported Swift and the shapes are compiled as test_export_motion.py compiles exports
(`swiftc` against the build's CardLayout objects); the shapes are linked too, so the
animator runs here.
"""
import json
import math
import shutil
import subprocess

from harness import BIN, MOTION, REPO, subscribed
from exporttools import SHAPES, build_objects, compile_module
from motiontools import move_frames

MAIN = """
import UIKit
import QuartzCore
import Exported

final class SimulatedLink: CADisplayLink {
    var shown: CFTimeInterval = 0
    var next: CFTimeInterval = 0
    override var timestamp: CFTimeInterval { shown }
    override var targetTimestamp: CFTimeInterval { next }
}

@MainActor func play() {
    let times: [Double] = [%(times)s]
    let view = UICollectionView()
    view.contentOffset = CGPoint(x: %(start)r, y: 0)
    let animator = %(make)s
    animator.trace = []
    let link = SimulatedLink()
    animator.run(on: link)
    let range = link.preferredFrameRateRange
    var offsets: [Double] = []
    for i in 1..<times.count {
        link.shown = times[i - 1]
        link.next = times[i]
        animator.advance(link)
        offsets.append(Double(view.contentOffset.x))
    }
    print("{\\"range\\":[\\(range.minimum),\\(range.maximum),\\(range.preferred ?? -1)],\\"offsets\\":[\\(offsets.map { "\\($0)" }.joined(separator: ","))],\\"trace\\":[\\((animator.trace ?? []).joined(separator: ","))]}")
}

MainActor.assumeIsolated { play() }
"""

CASES = {  # parameter file, [animation], the move, how the animator is made
    "spring": ("cardstack.toml", {"spring": {"damping_ratio": 0.5, "response": 0.4}}, ("next", {}),
               "TunedMoveAnimator(view: view, to: %(to)r, vertical: false)"),
    "decelerate": ("presets/switcher7.toml", {"curve": "decelerate", "duration": 0.4}, ("next", {}),
                   "TunedMoveAnimator(view: view, to: %(to)r, vertical: false)"),
    "fling": ("cardstack.toml", {"curve": "decelerate"}, ("fling", {"velocity": 900.0}),
              "TunedMoveAnimator(view: view, flingVelocity: 900.0, vertical: false)"),
}


def test_the_exported_animator_draws_the_daemons_frame_at_target_timestamp(make_daemon, tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the Swift toolchain that builds this package) is not on PATH"
    objects, modulemap = build_objects()
    shapes = []
    for module in ("UIKit", "iCarousel", "QuartzCore", "SwiftUI"):
        compile_module(swiftc, module, (SHAPES / f"{module}.swift").read_text(), tmp_path, [])
        shapes.append(tmp_path / f"{module}.o")
    # A debug build, as an app's: the animator's trace is there.
    common = ["-D", "DEBUG", "-I", str(BIN / "Modules"), "-Xcc", f"-fmodule-map-file={modulemap}", "-I", str(tmp_path)]
    checked = 0
    for name, (config, animation, (cmd, args), make) in CASES.items():
        daemon = make_daemon((REPO / "Config" / config).read_text())
        c = subscribed(daemon, MOTION, first_frame=True)
        c.ok("set_params", params={"animation": animation})
        c.ok("ping")
        _, frames = move_frames(c, cmd, **args)
        layout = c.ok("get_params")["params"]["layout"]
        text = daemon.cli("export", "--format", "swift").stdout
        daemon.stop()
        assert "targetTimestamp" in text and "CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)" in text
        assert "link.timestamp - " not in text  # no frame is computed from when the last one showed
        work = tmp_path / name
        work.mkdir()
        compile_module(swiftc, "Exported", text, work, common)
        motion = frames[0]["motion"]
        start = frames[0]["frame"]["offset"]
        assert motion["from"] == start and len(frames) >= 4, (name, frames[:2])
        main = work / "main.swift"
        main.write_text(MAIN % {"times": ", ".join(repr(f["time"]) for f in frames), "start": start,
                                "make": make % {"to": motion["to"]}})
        program = work / "animator"
        subprocess.run(
            [swiftc, *common, "-I", str(work), str(main), str(work / "Exported.o"), *map(str, shapes),
             *map(str, objects), "-lm", "-o", str(program)],
            check=True, cwd=work, timeout=300)
        out = json.loads(subprocess.run([str(program)], capture_output=True, text=True, check=True,
                                        timeout=60).stdout)
        assert out["range"] == [60, 120, 120], out["range"]
        mine = out["offsets"]
        assert len(mine) == len(frames) - 1
        period = layout["cards"] * layout["spacing"]

        def gap(a, b):
            return abs(math.remainder(a - b, period)) if layout["wrap"] else abs(a - b)

        late = 0
        for i, offset in enumerate(mine, start=1):
            theirs = frames[i]["frame"]["offset"]
            assert gap(offset, theirs) <= 1e-9, (name, i, frames[i]["time"], offset, theirs)
            late += gap(offset, frames[i - 1]["frame"]["offset"]) > 1e-3
            checked += 1
        # The debug trace: each frame drawn, its time from the move's start (the first
        # callback's `timestamp`), how long it stays, its offset.
        # (The times reach the program as Swift literals, the last bit not always the same.)
        times = [f["time"] for f in frames]
        traced = out["trace"]
        assert len(traced) == len(times) - 1, name
        for f, t, before in zip(traced, times[1:], times):
            assert abs(f["time"] - (t - times[0])) <= 1e-12 and abs(f["duration"] - (t - before)) <= 1e-12, (name, f)
        assert [f["offset"] for f in traced] == mine, name
        # Read at `timestamp`, each offset would be the frame before: most of a move's are not.
        assert late >= (len(frames) - 1) // 2, (name, late, len(frames))
    assert checked > 30
