"""How long `cardstack fit` takes on a 2 s clip of the default stack, as `cardstack render`
makes it (issue 45: at most 10 s with the release build). Prints the wall and CPU seconds of
each of three runs and the fitted spring (docs/performance.md, "Fitting a clip")."""
import argparse
import json
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=str(REPO / ".build" / "release"))
    args = parser.parse_args()
    cardstack = pathlib.Path(args.bin) / "cardstack"
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        default = REPO / "Config" / "cardstack.toml"
        text = default.read_text().replace("\n[animation]\n",
                                           "\n[animation]\nspring = { duration = 0.42, bounce = 0.23 }\n", 1)
        (scratch / "hidden.toml").write_text(text)
        clip = scratch / "clip.mp4"
        # 2 s: the move and the rest after it (--hold).
        subprocess.run([str(cardstack), "render", "--config", str(scratch / "hidden.toml"), "--transition", "next",
                        "--hold", "1.12", "--out", str(clip)], check=True, capture_output=True)
        frames = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                                 "stream=nb_read_frames", "-of", "csv=p=0", str(clip)],
                                capture_output=True, text=True, check=True).stdout.strip()
        print(f"clip: {frames} frames at 60 fps, {int(frames) / 60:.2f} s")
        for run in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            out = subprocess.run([str(cardstack), "fit", str(clip), "--config", str(default), "--json"],
                                 capture_output=True, text=True, check=True).stdout
            wall = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            report = json.loads(out)
            animation = report["params"]["animation"]
            print(f"run {run + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU; {report['kind']} "
                  f"{json.dumps(animation, sort_keys=True)[:120]}, residual {report['residual']['mean']:.3f} pt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
