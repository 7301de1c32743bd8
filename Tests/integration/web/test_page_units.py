"""The page's pure modules have unit tests without a browser (Tests/page/*.test.mjs, node's own
test runner): `make test` runs them through `make test-page`, and a user without node is told
what to install (docs/testing.md)."""
import os
import shutil
import subprocess

from harness import REPO


def test_make_test_runs_the_page_unit_tests():
    out = subprocess.run(["make", "-n", "--no-print-directory", "test"], cwd=REPO, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert "node --test Tests/page/*.test.mjs" in out.stdout
    assert sorted(p.name for p in (REPO / "Tests" / "page").glob("*.test.mjs"))


def test_without_node_make_test_page_says_what_to_install(tmp_path):
    # A PATH with make alone (the recipe's shell is /bin/bash by its full path).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "make").symlink_to(shutil.which("make"))
    env = dict(os.environ, PATH=str(bin_dir))
    r = subprocess.run([str(bin_dir / "make"), "--no-print-directory", "test-page"], cwd=REPO, capture_output=True,
                       text=True, timeout=60, env=env)
    assert r.returncode != 0
    assert "no node on PATH" in r.stderr and "apt-get install nodejs" in r.stderr, r.stderr
