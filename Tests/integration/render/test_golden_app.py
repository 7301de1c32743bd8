"""examples/golden-app, an app package whose tests check its layout and motion against a
golden recorded by `cardstack record` (docs/tuning.md): its tests pass with the exported
TunedLayout.swift, and fail naming frame, card and deviation when one number in that file
is altered. Built in a temporary copy, offline: swift-numerics' URL is mirrored to the
clone this repository's own build holds (as test_app_package.py does)."""
import json
import re
import shutil
import subprocess

from harness import BIN, REPO

NUMERICS = "https://github.com/apple/swift-numerics.git"
EXAMPLE = REPO / "examples" / "golden-app"


def swift(*args, cwd, check=True):
    result = subprocess.run(["swift", *args], capture_output=True, text=True, cwd=cwd, timeout=1200)
    if check:
        assert result.returncode == 0, (args, result.stdout[-3000:], result.stderr[-3000:])
    return result


def test_the_example_app_keeps_its_tuned_motion(tmp_path):
    clones = [p for p in (REPO / ".build" / "checkouts" / "swift-numerics", BIN.parent.parent / "checkouts" / "swift-numerics")
              if (p / ".git").exists()]
    assert clones, "no swift-numerics clone in .build/checkouts: build the package first"
    app = tmp_path / "golden-app"
    shutil.copytree(EXAMPLE, app, ignore=shutil.ignore_patterns(".build", "Package.resolved"))
    manifest = app / "Package.swift"
    manifest.write_text(manifest.read_text().replace('"../../CardStackKit"', json.dumps(str(REPO / "CardStackKit"))))
    swift("package", "config", "set-mirror", "--original", NUMERICS, "--mirror", str(clones[0]), cwd=app)
    scratch = str(tmp_path / "scratch")

    # The golden is one this build verifies, and the app's tests pass on it.
    verified = subprocess.run([str(BIN / "cardstack"), "verify", str(app / "Tests/GoldenAppTests/Golden/next.jsonl")],
                              capture_output=True, text=True, timeout=60)
    assert verified.returncode == 0, verified.stderr
    passed = swift("test", "--scratch-path", scratch, cwd=app)
    assert "theLayoutIsTheTunedOne" in passed.stdout + passed.stderr

    # One number nudged in the exported file: the layout test fails, saying where.
    tuned = app / "Sources" / "GoldenApp" / "TunedLayout.swift"
    text = tuned.read_text()
    # Twice: TunedLayout's parameters, then TunedReducedLayout's (Reduce Motion keeps the step);
    # the first is the full variant's, which the golden's frames show.
    assert text.count("p.layout.scaleStep = 0.2\n") == 2
    assert text.index("p.layout.scaleStep = 0.2\n") < text.index("TunedReducedLayout")
    tuned.write_text(text.replace("p.layout.scaleStep = 0.2\n", "p.layout.scaleStep = 0.2005\n", 1))
    failed = swift("test", "--scratch-path", scratch, cwd=app, check=False)
    out = failed.stdout + failed.stderr
    assert failed.returncode != 0, out[-3000:]
    assert "next.jsonl against the app's layout: differs (not within 0.01 pt); first at frame 1 (line 2" in out, out[-3000:]
    assert ", card " in out and ("pt off" in out or "alpha" in out), out[-3000:]


def test_the_docs_golden_snippet_is_the_example_apps_test_word_for_word():
    """docs/tuning.md and CardStackKit/README.md show the test above runs (issue 45: a snippet
    that force-unwrapped a resource URL without its subdirectory crashed the test process)."""
    test = (EXAMPLE / "Tests" / "GoldenAppTests" / "GoldenAppTests.swift").read_text()
    for doc in (REPO / "docs" / "tuning.md", REPO / "CardStackKit" / "README.md"):
        blocks = re.findall(r"```swift\n(.*?)```\n", doc.read_text(), re.S)
        golden = [b for b in blocks if "GoldenRecording(" in b]
        assert golden == [test], (doc, golden)
        assert 'url(forResource: "next", withExtension: "jsonl")!' not in doc.read_text()
