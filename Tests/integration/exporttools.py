"""Helpers for tests of the exports: the CLI, and the layout library's object files to link exported Swift against."""
import shutil
import subprocess

from harness import BIN, REPO


def cli(*args, check=True):
    result = subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=60)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def build_objects():
    """The object files of CardLayout and RealModule, and the C shim's module map."""
    objects = []
    for target in ("CardLayout", "RealModule"):
        found = sorted(p for p in (BIN / f"{target}.build").glob("*.o") if not p.name.endswith(".swiftmodule.o"))
        assert found, f"no object files of {target} in {BIN}; build with `swift build` first"
        objects += found
    objects += sorted((BIN / "_NumericsShims.build").glob("*.o"))
    maps = list((REPO / ".build" / "checkouts").glob("swift-numerics/Sources/_NumericsShims/include/module.modulemap"))
    maps += list(BIN.parent.parent.glob("checkouts/swift-numerics/Sources/_NumericsShims/include/module.modulemap"))
    assert maps, "swift-numerics' checkout is missing from .build/checkouts"
    return objects, maps[0]


def compile_module(swiftc, module, text, directory, flags):
    """Exported Swift `text` compiled as module `module` in `directory`: its object file and
    its .swiftmodule there, for a program to import and link."""
    source = directory / f"{module}.swift"
    source.write_text(text)
    subprocess.run(
        [swiftc, "-parse-as-library", "-emit-module", "-emit-object", "-module-name", module, *flags,
         "-I", str(directory), str(source), "-o", str(directory / f"{module}.o"),
         "-emit-module-path", str(directory / f"{module}.swiftmodule")],
        check=True, cwd=directory, timeout=300)


SWIFTUI_PROBE = "\n#if canImport(SwiftUI)\nlet probeUI: Animation = TunedLayout.animation\n#endif\n"


SHAPES = REPO / "Tests" / "integration" / "uikit_shapes"


def emit_shapes(directory):
    """swiftc, after the modules of the SDK's shapes (uikit_shapes: UIKit, iCarousel,
    QuartzCore, SwiftUI, as the SDK imports them into Swift) are emitted into `directory`, so
    exported Swift can be type-checked against them on Linux."""
    swiftc = shutil.which("swiftc")
    assert swiftc
    for module in ("UIKit", "iCarousel", "QuartzCore", "SwiftUI"):
        subprocess.run(
            [swiftc, "-parse-as-library", "-emit-module", "-module-name", module, "-I", str(directory),
             str(SHAPES / f"{module}.swift"), "-emit-module-path", str(directory / f"{module}.swiftmodule")],
            check=True, cwd=directory, timeout=300)
    return swiftc
