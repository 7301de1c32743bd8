"""An app that follows docs/exporting.md adds CardStackKit alone: a package outside this
repository that depends on it by path resolves and builds with swift-numerics as its only
other package, none of the daemon's server dependencies (swift-nio, swift-log,
swift-service-lifecycle, swift-argument-parser) fetched, and its program computes the frame
`cardstack frame` computes.

No network: swift-numerics' URL is mirrored (`swift package config set-mirror`) to the
clone this repository's own build already holds in .build/checkouts.
"""
import json
import shutil
import subprocess

from harness import BIN, REPO

SERVER_PACKAGES = ("swift-nio", "swift-log", "swift-service-lifecycle", "swift-argument-parser")
NUMERICS = "https://github.com/apple/swift-numerics.git"

PACKAGE = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TunedApp",
    dependencies: [.package(path: %(kit)s)],
    targets: [.executableTarget(name: "TunedApp", dependencies: [.product(name: "CardLayout", package: "CardStackKit")])]
)
"""

MAIN = """
import CardLayout

let frame = Layout.frame(Parameters(), offset: 45)
print(frame.cards.map { "\\($0.item) \\($0.transform.entries.map { "\\($0)" }.joined(separator: " "))" }.joined(separator: "\\n"))
"""


def swift(*args, cwd):
    result = subprocess.run(["swift", *args], capture_output=True, text=True, cwd=cwd, timeout=900)
    assert result.returncode == 0, (args, result.stdout[-3000:], result.stderr[-3000:])
    return result.stdout


def test_an_app_package_depends_on_cardlayout_alone(tmp_path):
    assert shutil.which("swift"), "the Swift toolchain is not on PATH"
    clones = [p for p in (REPO / ".build" / "checkouts" / "swift-numerics", BIN.parent.parent / "checkouts" / "swift-numerics")
              if (p / ".git").exists()]
    assert clones, "no swift-numerics clone in .build/checkouts: build the package first"
    app = tmp_path / "TunedApp"
    (app / "Sources" / "TunedApp").mkdir(parents=True)
    (app / "Package.swift").write_text(PACKAGE % {"kit": json.dumps(str(REPO / "CardStackKit"))})
    (app / "Sources" / "TunedApp" / "main.swift").write_text(MAIN)
    swift("package", "config", "set-mirror", "--original", NUMERICS, "--mirror", str(clones[0]), cwd=app)
    scratch = tmp_path / "scratch"
    swift("package", "--scratch-path", str(scratch), "resolve", cwd=app)
    graph = json.loads(swift("package", "--scratch-path", str(scratch), "show-dependencies", "--format", "json", cwd=app))

    def names(node):
        for dep in node.get("dependencies", []):
            yield dep["identity"] if "identity" in dep else dep["name"]
            yield from names(dep)

    found = set(names(graph))
    assert found == {"cardstackkit", "swift-numerics"}, found
    pins = json.loads((app / "Package.resolved").read_text())["pins"]
    assert [p["identity"] for p in pins] == ["swift-numerics"], pins
    fetched = {p.name for p in (scratch / "checkouts").iterdir()} if (scratch / "checkouts").exists() else set()
    assert not fetched & set(SERVER_PACKAGES) and fetched <= {"swift-numerics"}, fetched
    swift("build", "--scratch-path", str(scratch), "--product", "TunedApp", cwd=app)
    out = subprocess.run([str(scratch / "debug" / "TunedApp")], capture_output=True, text=True, check=True, timeout=60).stdout
    frame = json.loads(subprocess.run([str(BIN / "cardstack"), "frame", "--offset", "45"], capture_output=True, text=True,
                                      check=True, timeout=60).stdout)
    lines = [line.split() for line in out.splitlines()]
    assert [int(l[0]) for l in lines] == [c["item"] for c in frame["cards"]]
    assert [[float(x) for x in l[1:]] for l in lines] == [[float(x) for x in c["transform"]] for c in frame["cards"]]
