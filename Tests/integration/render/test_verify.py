"""`cardstack verify` and `cardstack diff` on a golden recorded from a real daemon over its
socket: `next`, `prev`, a fling and a spring; the same golden with one number changed in its
header; `--report`; and files that are not usable recordings (exit 2, what and where)."""
import json
import shutil
import signal
import subprocess

import pytest

from harness import BIN, REPO, Daemon, wait_for

SPRING = {"damping_ratio": 0.6, "response": 0.4}


def verify(*args):
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True, timeout=120)


def rest(client):
    """Waits until nothing moves; the state."""
    return wait_for(lambda: (s := client.ok("get_state"))["animating"] is False and s, timeout=20, what="rest")


@pytest.fixture(scope="module")
def golden(tmp_path_factory):
    """A recording of next, prev, fling 2000 and (with a spring) next, as JSON lines."""
    tmp = tmp_path_factory.mktemp("golden")
    daemon = Daemon(tmp / "daemon")
    path = tmp / "golden.jsonl"
    recorder = subprocess.Popen([str(BIN / "cardstack"), "record", str(path), "--socket", str(daemon.socket)],
                                stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), timeout=20, what="the first frame")
        c = daemon.client()
        for cmd, args in (("next", {}), ("prev", {}), ("fling", {"velocity": 2000})):
            c.ok(cmd, **args)
            rest(c)
        c.ok("set_params", params={"animation": {"spring": SPRING}})
        c.ok("next")
        final = rest(c)["offset"]

        def landed():
            frames = [json.loads(line) for line in path.read_text().splitlines() if '"event":"frame"' in line]
            last = frames[-1]
            return last["revision"] == 2 and "motion" in last and last["frame"]["offset"] == final

        wait_for(landed, timeout=20, what="the spring's last frame in the recording")
        recorder.send_signal(signal.SIGINT)
        assert recorder.wait(timeout=10) == 0
        c.close()
    finally:
        if recorder.poll() is None:
            recorder.kill()
        daemon.stop(signal.SIGKILL)
    return path


def events(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def with_header(golden, tmp_path, change, name="changed.jsonl"):
    lines = golden.read_text().splitlines()
    header = json.loads(lines[0])
    change(header)
    out = tmp_path / name
    out.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    return out


def test_the_recording_says_which_motion_each_frame_belongs_to(golden):
    recorded = events(golden)
    assert recorded[0]["event"] == "params" and recorded[0]["protocol"] == 1
    moves = [f["motion"] for f in recorded if f["event"] == "frame" and "motion" in f]
    kinds = [m["kind"] for m in {json.dumps(m, sort_keys=True): m for m in moves}.values()]
    assert kinds == ["step", "step", "fling", "step"], kinds
    fling = next(m for m in moves if m["kind"] == "fling")
    assert fling["velocity"] == 2000 and fling["from"] == 0
    params = [e for e in recorded if e["event"] == "params"]
    assert [p["revision"] for p in params] == [1, 2] and params[1]["params"]["animation"]["spring"]


def test_a_golden_verifies_against_the_build_that_made_it(golden):
    result = verify("verify", golden)
    assert result.returncode == 0, result.stderr
    assert "within 0.01 pt" in result.stdout and "largest deviation 0 pt" in result.stdout, result.stdout
    assert verify("diff", golden, golden).returncode == 0


def first_frame_of_a_move_after_its_start(golden):
    frames = [e for e in events(golden) if e["event"] == "frame"]
    for number, f in enumerate(frames, 1):
        if "motion" in f and f["time"] > f["motion"]["start"]:
            return number


def test_a_duration_changed_in_the_header_fails_where_it_first_shows(golden, tmp_path):
    changed = with_header(golden, tmp_path, lambda h: h["params"]["animation"].update(duration=0.305))
    result = verify("verify", changed)
    assert result.returncode == 1, (result.stdout, result.stderr)
    expected = first_frame_of_a_move_after_its_start(golden)
    assert f"first at frame {expected} (line " in result.stderr, result.stderr
    assert ", card " in result.stderr and "pt off" in result.stderr and "largest at frame" in result.stderr


def test_a_pose_changed_in_the_header_fails_at_the_first_frame(golden, tmp_path):
    changed = with_header(golden, tmp_path, lambda h: h["params"]["layout"].update(scale_step=0.1005))
    result = verify("verify", changed)
    assert result.returncode == 1 and "first at frame 1 (line " in result.stderr, result.stderr
    # diff compares the frames as recorded: the same frames under another header are the same.
    assert verify("diff", golden, changed).returncode == 0


def test_report_writes_the_gif_and_the_plot(golden, tmp_path):
    changed = with_header(golden, tmp_path, lambda h: h["params"]["animation"].update(duration=0.35))
    report = tmp_path / "report"
    result = verify("verify", changed, "--report", report)
    assert result.returncode == 1, result.stderr
    gif = (report / "side-by-side.gif").read_bytes()
    assert gif[:6] in (b"GIF87a", b"GIF89a")
    width = int.from_bytes(gif[6:8], "little")
    assert width == 2 * int(json.loads(golden.read_text().splitlines()[0])["params"]["viewport"]["width"])
    svg = (report / "motion.svg").read_text()
    frames = sum(1 for e in events(golden) if e["event"] == "frame")
    assert svg.count('class="recorded"') == frames and 'class="computed"' in svg
    assert 'class="first-divergence"' in svg


def test_unusable_files_exit_2_saying_what_and_where(golden, tmp_path):
    lines = golden.read_text().splitlines()
    cases = {
        "empty.jsonl": ("", "empty.jsonl: the recording is empty"),
        "corrupt.jsonl": ("\n".join(lines[:3] + ["{\"event\": frame"] + lines[4:]) + "\n",
                          "corrupt.jsonl: line 4: not JSON"),
        "truncated.jsonl": (golden.read_text()[:-30], f"truncated.jsonl: line {len(lines)}: the recording is cut short"),
        "foreign.jsonl": ('{"level":"info","msg":"started"}\n', "foreign.jsonl: line 1: not a cardstack event"),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = verify("verify", path)
        assert result.returncode == 2 and message in result.stderr, (name, result.returncode, result.stderr)
    newer = with_header(golden, tmp_path, lambda h: h.update(protocol=2), name="newer.jsonl")
    result = verify("verify", newer)
    assert result.returncode == 2 and "newer.jsonl: line 1: recorded with protocol 2" in result.stderr, result.stderr
    result = verify("diff", golden, tmp_path / "missing.jsonl")
    assert result.returncode == 2 and "missing.jsonl" in result.stderr, result.stderr


def test_the_uikit_check_type_checks_against_uikits_shapes(tmp_path):
    """CardStackGolden's `checkLayout(_: UICollectionViewLayout, scroll:)` (under
    `canImport(UIKit)`) type-checks against the shapes of the UIKit API it uses
    (uikit_shapes/UIKit.swift, as in test_export.py), the SDK not existing on Linux."""
    swiftc = shutil.which("swiftc")
    assert swiftc
    shapes = REPO / "Tests" / "integration" / "uikit_shapes" / "UIKit.swift"
    subprocess.run([swiftc, "-parse-as-library", "-emit-module", "-module-name", "UIKit", str(shapes),
                    "-emit-module-path", str(tmp_path / "UIKit.swiftmodule")], check=True, cwd=tmp_path, timeout=300)
    source = (REPO / "CardStackKit" / "Sources" / "CardStackGolden" / "GoldenRecording+UIKit.swift").read_text()
    probe = tmp_path / "probe.swift"
    # Outside the module: its own names spelled in full.
    probe.write_text("import CardStackGolden\n" + source.replace("= defaultTolerance", "= GoldenRecording.defaultTolerance")
                     + "\n#if canImport(UIKit)\nlet probe: Bool = UICollectionViewLayout.self is AnyClass\n#endif\n")
    numerics = [p for p in (REPO / ".build" / "checkouts", BIN.parent.parent / "checkouts")
                if (p / "swift-numerics").exists()][0] / "swift-numerics/Sources/_NumericsShims/include/module.modulemap"
    result = subprocess.run([swiftc, "-typecheck", "-parse-as-library", "-I", str(tmp_path), "-I", str(BIN / "Modules"),
                             "-Xcc", f"-fmodule-map-file={numerics}", str(probe)],
                            capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
