"""Each module imports only what its own entry in Package.swift lists (docs/architecture.md).

The compiler checks only that a module can reach what it imports: one reachable through
another target builds too, even with SwiftPM's `--explicit-target-dependency-import-check
error`. So this test reads both packages' targets (`swift package dump-package`) and every
`import` in their sources, and names each import a target does not list itself."""
import json
import pathlib
import re
import subprocess

import pytest

from harness import REPO

# What the toolchain and the system provide: no package lists these.
SYSTEM = {
    "Glibc", "Musl", "Darwin", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch",
    "Synchronization", "Observation", "Testing", "XCTest", "UIKit", "SwiftUI", "QuartzCore", "_Concurrency",
    "PackageDescription",
}
IMPORT = re.compile(r"^[ \t]*(?:@testable[ \t]+)?import[ \t]+(?:(?:struct|enum|class|func|protocol)[ \t]+)?(\w+)", re.M)
# Lines inside a multi-line string literal (the Swift an export writes) are not imports.
LITERAL = re.compile(r'"""(.*?)"""', re.S)


def targets(package, scratch):
    # A scratch path of the test's own: the checkout may not be writable by whoever runs it.
    out = subprocess.run(["swift", "package", "--package-path", str(package), "--scratch-path", str(scratch),
                          "dump-package"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    for target in json.loads(out.stdout)["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        listed = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    listed.add(dependency[kind][0])
        folder = "Tests" if target["type"] == "test" else "Sources"
        yield target["name"], package / (target.get("path") or f"{folder}/{target['name']}"), listed


@pytest.mark.parametrize("package", [REPO, REPO / "CardStackKit"], ids=["cardstack", "CardStackKit"])
def test_every_import_is_a_dependency_the_target_lists(package, tmp_path):
    wrong = []
    for name, folder, listed in targets(package, tmp_path / "scratch"):
        for source in sorted(pathlib.Path(folder).rglob("*.swift")):
            text = LITERAL.sub("", source.read_text())
            for module in IMPORT.findall(text):
                if module not in listed and module not in SYSTEM and module != name:
                    wrong.append(f"{source.relative_to(REPO)} imports {module}, which {name} does not list")
    assert not wrong, "\n".join(wrong)
