"""`make test` for a normal user on Debian 12 (docs/testing.md): `make test-deps` installs
the tests' Python packages only into a venv it makes in .build/venv, from Debian's python3,
never into the system Python (which Debian 12 refuses: PEP 668), and `make test` builds the
static release build only as root (the package tests that use it need root). Read from what
`make -n` would run, as the normal user the suite runs as."""
import os
import pathlib
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(os.geteuid() == 0,
                                reason="checks a normal user's make test; scripts/integration.sh runs it as one")


def dry_run(*targets):
    r = subprocess.run(["make", "-n", "--no-print-directory", *targets], cwd=REPO, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_test_deps_installs_python_packages_only_into_its_venv():
    out = dry_run("test-deps")
    assert "/usr/bin/python3 -m venv .build/venv" in out
    for word in ("pytest", "selenium", "Pillow", "taplo"):
        assert re.search(rf"\.build/venv/bin/pip install -q [^\n]*\b{word}\b", out), out
    assert "break-system-packages" not in out
    pips = re.findall(r"(\S*pip3?) install", out)
    assert pips and set(pips) == {".build/venv/bin/pip"}, out


def test_make_test_leaves_the_release_build_to_root_and_says_so():
    out = dry_run("test")
    release = [line for line in out.splitlines() if "-c release" in line]
    assert release, out
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith('if [ "$(id -u)" = 0 ]'))
    last = next(i for i in range(first, len(lines)) if lines[i].endswith("fi"))
    script = "\n".join(line.removesuffix("\\") for line in lines[first:last + 1])
    r = subprocess.run(["bash", "-c", script.replace("swift build", "echo would build")], capture_output=True, text=True,
                       timeout=30)
    assert r.returncode == 0 and "would build" not in r.stdout, r.stdout
    assert "no release build: the package tests need root" in r.stdout
