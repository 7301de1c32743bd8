"""The .deb on a bare Debian: a minimal root (`mmdebstrap --variant=minbase`, this machine's
release and apt sources), made once and kept in /var/cache/cardstack-test, with nothing
else. The package goes in with apt (so exactly its declared dependencies come along); then
`ldd` of every packaged binary finds every library, each from a package the package depends
on (directly or through them); the daemon starts as the package's user, `cardstack get state`
answers, and a save reloads.

Runs in an overlay over the kept root, so the root stays as made. Needs root, mmdebstrap,
the release build and the Debian archive; skipped, saying so, without them.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

from harness import REPO, Holder, root_only, root_problem, wait_for

RELEASE = REPO / ".build" / "release"
CACHE = pathlib.Path(os.environ.get("CARDSTACK_TEST_CACHE", "/var/cache/cardstack-test"))


def release_codename():
    for line in pathlib.Path("/etc/os-release").read_text().splitlines():
        if line.startswith("VERSION_CODENAME="):
            return line.split("=", 1)[1].strip('"')
    return None


def problem():
    found = root_problem("mmdebstrap, chroot and mounts", tools=("mmdebstrap", "unshare", "nsenter", "chroot", "dpkg-shlibdeps"),
                         install="apt-get install mmdebstrap dpkg-dev",
                         built=(RELEASE / "cardstackd", "needs the release build: make release"))
    if found is None and release_codename() is None:
        return "not a Debian with VERSION_CODENAME in /etc/os-release"
    return found


pytestmark = root_only(problem())


def apt_sources():
    """This machine's apt sources, for mmdebstrap (the same archive the machine uses)."""
    files = [pathlib.Path("/etc/apt/sources.list")] + sorted(pathlib.Path("/etc/apt/sources.list.d").glob("*"))
    return [str(f) for f in files if f.suffix in (".list", ".sources") and f.is_file() and f.read_text().strip()]


def bare_root():
    """The minimal root, made on first use and kept."""
    codename = release_codename()
    root = CACHE / f"{codename}-minbase"
    if not root.is_dir():
        CACHE.mkdir(parents=True, exist_ok=True)
        partial = CACHE / f"{codename}-minbase.partial"
        shutil.rmtree(partial, ignore_errors=True)
        r = subprocess.run(["mmdebstrap", "--variant=minbase", "--quiet", codename, str(partial), *apt_sources()],
                           capture_output=True, text=True, timeout=1800)
        if r.returncode != 0:
            pytest.skip(f"cannot make a minimal Debian root here (no archive?): {r.stderr.strip()[-500:]}")
        partial.rename(root)
    return root


def test_the_deb_installs_on_bare_debian_and_runs(tmp_path):
    r = subprocess.run(["make", "--no-print-directory", "deb", f"OUT={tmp_path}"], cwd=REPO, capture_output=True,
                       text=True, timeout=1200)
    assert r.returncode == 0, r.stdout + r.stderr
    deb = next(tmp_path.glob("cardstack_*.deb"))
    depends = subprocess.run(["dpkg-deb", "--field", str(deb), "Depends"], capture_output=True, text=True,
                             check=True).stdout
    lower = bare_root()
    merged = tmp_path / "merged"
    root, _ = Holder.overlay(tmp_path, lower, then=f"""
        mount -t tmpfs tmpfs {merged}/run
        mount -t tmpfs tmpfs {merged}/tmp
        cp /etc/resolv.conf {merged}/etc/resolv.conf
        cp {deb} {merged}/tmp/cardstack.deb
    """)
    daemon = None
    try:
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C"}
        root.run(["apt-get", "update", "-q"], env=env, timeout=600)
        root.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "/tmp/cardstack.deb"], env=env,
                 timeout=1200)
        # Every library each packaged binary loads is there, from a package it depends on.
        closure = set(root.run(["apt-cache", "depends", "--recurse", "--installed", "--no-recommends",
                                "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances",
                                "cardstack"], env=env).stdout.split())
        binaries = [p for p in root.run(["dpkg", "-L", "cardstack"]).stdout.split() if p.startswith("/usr/bin/")]
        assert sorted(binaries) == ["/usr/bin/cardstack", "/usr/bin/cardstackd"], binaries
        for binary in binaries:
            ldd = root.run(["ldd", binary]).stdout
            assert "not found" not in ldd, ldd
            for line in ldd.splitlines():
                path = line.split("=>")[1].split()[0] if "=>" in line else line.split()[0]
                if not path.startswith("/"):
                    continue  # the vDSO
                owner = root.run(["dpkg", "-S", root.run(["readlink", "-f", path]).stdout.strip()], check=False)
                if owner.returncode != 0:
                    owner = root.run(["dpkg", "-S", path])
                package = owner.stdout.split(":")[0]
                assert package in closure, (binary, path, package, depends)
        # The daemon and the CLI as the package's user (the socket's directory is that user's
        # alone, which a client trusts), on the package's file.
        as_service = ["setpriv", "--reuid=cardstack", "--regid=cardstack", "--init-groups"]
        root.run(["install", "-d", "-o", "cardstack", "-g", "cardstack", "-m", "0700", "/tmp/cs"])
        daemon = subprocess.Popen(root.argv([*as_service, "cardstackd", "--config", "/etc/cardstack/cardstack.toml",
                                             "--socket", "/tmp/cs/cardstackd.sock"]),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        tried = []

        def state():
            assert daemon.poll() is None, daemon.stdout.read()
            r = root.run([*as_service, "cardstack", "get", "state", "--socket", "/tmp/cs/cardstackd.sock"],
                         check=False, env=env)
            tried.append(r.stderr)
            return json.loads(r.stdout) if r.returncode == 0 else None

        try:
            assert wait_for(state, timeout=30, what="the daemon on bare Debian")["revision"] == 1
        except AssertionError:
            raise AssertionError(f"cardstack get state said: {tried[-1:]}") from None
        root.run(["sed", "-i", "s/^spacing = 30.0/spacing = 41.0/", "/etc/cardstack/cardstack.toml"])
        wait_for(lambda: state()["revision"] == 2, timeout=30, what="the save to reload")
        params = json.loads(root.run([*as_service, "cardstack", "get", "params", "--socket",
                                      "/tmp/cs/cardstackd.sock"], env=env).stdout)
        assert params["params"]["layout"]["spacing"] == 41, params
    finally:
        if daemon is not None and daemon.poll() is None:
            daemon.kill()
        root.close()
