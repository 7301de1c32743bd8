"""Installed like a real tool (docs/install.md), with the release build `make release` made:

- `make install` into a staging root, then the installed binaries run with the Swift
  toolchain's directory hidden (a private mount namespace, an empty tmpfs over it): the
  daemon starts, says hello, reloads a save, answers `cardstack get state` and exits 0;
- `make deb`, then the package installed with dpkg into a fresh root: an overlay whose lower
  layer is this machine's root, read-only, with the toolchain and the source tree hidden,
  so every file the package and its scripts leave is in the upper layer. There, `dpkg -L`
  lists what it should, the user service runs under a real `systemd --user` (as in
  test_systemd_user.py), and after `dpkg --purge` nothing of it is left.

Needs root (mounts) and the release build; skipped, saying so, without them. Whether the
package's Depends cover what the binaries load where nothing else is installed is
test_deb_bare.py's: a minimal Debian root, made once and kept.
"""
import json
import os
import pathlib
import shutil
import signal
import subprocess


from harness import DEFAULT_CONFIG, REPO, Client, Holder, next_reload, root_only, root_problem, wait_for

RELEASE = REPO / ".build" / "release"
SWIFT = shutil.which("swift")
TOOLCHAIN = pathlib.Path(os.path.realpath(SWIFT)).parents[2] if SWIFT else None  # /opt/swift for /opt/swift/usr/bin/swift


def problem():
    return root_problem("private mount namespaces", tools=("unshare", "nsenter", "dpkg-deb", "chroot"),
                        built=(RELEASE / "cardstackd", "needs the release build: make release"), mount="/mnt")


pytestmark = root_only(problem())


def make(*args, timeout=900):
    r = subprocess.run(["make", "--no-print-directory", *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_installed_binaries_run_with_the_toolchain_hidden(tmp_path):
    root = tmp_path / "root"
    make("install", f"DESTDIR={root}", "PREFIX=/usr", f"SYSCONFDIR={tmp_path / 'etc'}", "BUILD=release")
    bins = root / "usr" / "bin"
    for name in ("cardstackd", "cardstack"):
        dynamic = subprocess.run(["readelf", "-d", str(bins / name)], capture_output=True, text=True).stdout
        assert str(TOOLCHAIN) not in dynamic, dynamic  # no RUNPATH into the toolchain
        assert ".symtab" not in subprocess.run(["readelf", "-S", str(bins / name)], capture_output=True, text=True).stdout
    config = tmp_path / "conf" / "cardstack.toml"
    config.parent.mkdir()
    shutil.copy(DEFAULT_CONFIG, config)
    sock = tmp_path / "run" / "cardstackd.sock"
    ns = Holder(f"mount -t tmpfs tmpfs {TOOLCHAIN}")
    try:
        assert ns.run(["ls", "-A", str(TOOLCHAIN)]).stdout == ""  # hidden
        missing = ns.run(["ldd", str(bins / "cardstackd"), str(bins / "cardstack")]).stdout
        assert "not found" not in missing, missing
        daemon = subprocess.Popen(ns.argv([str(bins / "cardstackd"), "--config", str(config), "--socket", str(sock)]),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        def up():
            assert daemon.poll() is None, daemon.stdout.read()
            try:
                return Client(sock, timeout=1)
            except OSError:
                return None

        client = wait_for(up, timeout=20, what="the daemon without its toolchain")
        assert client.hello["event"] == "hello" and client.hello["revision"] == 1
        client.ok("subscribe", events=["params", "config_error"])
        config.write_text(config.read_text().replace("spacing = 30.0", "spacing = 41.0"))
        reloaded = next_reload(client)
        assert reloaded["event"] == "params" and reloaded["params"]["layout"]["spacing"] == 41
        state = json.loads(ns.run([str(bins / "cardstack"), "get", "state", "--socket", str(sock)]).stdout)
        assert state["revision"] == 2
        client.close()
        daemon.send_signal(signal.SIGTERM)
        assert daemon.wait(timeout=10) == 0
    finally:
        ns.close()


EXPECTED = [
    "/usr/bin/cardstackd", "/usr/bin/cardstack",
    "/usr/lib/systemd/system/cardstackd.service", "/usr/lib/systemd/system/cardstackd.socket",
    "/usr/lib/systemd/user/cardstackd.service", "/usr/lib/systemd/user/cardstackd.socket",
    "/etc/cardstack/cardstack.toml", "/usr/share/cardstack/cardstack.toml",
    "/usr/share/cardstack/presets/stack.toml", "/usr/share/cardstack/presets/zoom_flow.toml",
    "/usr/share/doc/cardstack/README.md", "/usr/share/doc/cardstack/install.md", "/usr/share/doc/cardstack/protocol.md",
    "/usr/share/doc/cardstack/copyright", "/usr/share/doc/cardstack/changelog.Debian.gz",
]

# What dpkg and the account tools keep of any package's life: its database, its logs, and
# the account files' backups (`/etc/passwd-`). The account files themselves are compared
# with the machine's.
BOOKKEEPING = ("var/lib/dpkg/", "var/log/", "var/cache/", "var/backups/", "etc/passwd-", "etc/group-", "etc/shadow-",
               "etc/gshadow-", "etc/subuid-", "etc/subgid-", "etc/.pwd.lock", "var/lib/systemd/deb-systemd-helper-",
               "root/", "etc/ld.so.cache")


def test_the_deb_installs_runs_and_purges_clean(tmp_path):
    out = make("deb", f"OUT={tmp_path}")
    debs = list(tmp_path.glob("cardstack_*.deb"))
    assert len(debs) == 1, out
    info = subprocess.run(["dpkg-deb", "--field", str(debs[0]), "Depends"], capture_output=True, text=True).stdout
    assert "libinotifytools0" in info and "swift" not in info.lower(), info
    merged = tmp_path / "merged"
    root, upper = Holder.overlay(tmp_path, then=f"""
        mount -t tmpfs tmpfs {merged}{TOOLCHAIN}
        mount -t tmpfs tmpfs {merged}{REPO}
        mount --rbind /sys {merged}/sys
        mount -t tmpfs -o mode=0755 tmpfs {merged}/run
        mkdir -p {merged}/run/systemd/system {merged}/run/user/0
        chmod 0700 {merged}/run/user/0
        mount -t tmpfs tmpfs {merged}/tmp
        cp {debs[0]} {merged}/tmp/cardstack.deb
    """)
    manager = None
    try:
        assert root.run(["ls", "-A", str(TOOLCHAIN)]).stdout == ""
        # The account files as they were before the package: after the purge they must be so
        # again, less the account `cardstack` (this machine may have had one of its own).
        accounts = ("etc/passwd", "etc/group", "etc/shadow", "etc/gshadow", "etc/subuid", "etc/subgid")
        before = {rel: root.run(["cat", f"/{rel}"], check=False).stdout for rel in accounts}
        root.run(["dpkg", "-i", "/tmp/cardstack.deb"])
        listed = root.run(["dpkg", "-L", "cardstack"]).stdout.split()
        for path in EXPECTED:
            assert path in listed, (path, listed)
        assert root.run(["dpkg-query", "-W", "-f=${Conffiles}", "cardstack"]).stdout.strip().startswith("/etc/cardstack/cardstack.toml ")
        assert root.run(["getent", "group", "cardstack"]).stdout.startswith("cardstack:")
        assert root.run(["stat", "-c", "%U:%G %a", "/etc/cardstack", "/etc/cardstack/cardstack.toml"]).stdout.split("\n")[:2] == [
            "root:cardstack 2775", "cardstack:cardstack 664"]
        # Enabled, not started (nothing runs: no manager was asked to).
        assert root.run(["test", "-L", "/etc/systemd/system/sockets.target.wants/cardstackd.socket"], check=False).returncode == 0
        # The user service from the package, under a real user manager, on the package's file.
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "XDG_RUNTIME_DIR": "/run/user/0", "HOME": "/root",
               "SYSTEMD_PAGER": "", "SYSTEMD_COLORS": "0"}
        manager = subprocess.Popen(root.argv(["/lib/systemd/systemd", "--user"]), env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        wait_for(lambda: root.run(["test", "-S", "/run/user/0/systemd/private"], check=False).returncode == 0
                 or manager.poll() is not None, timeout=30, interval=0.1, what="the user manager")
        assert manager.poll() is None
        root.run(["systemctl", "--user", "start", "cardstackd.socket"], env=env)
        state = json.loads(root.run(["cardstack", "get", "state", "--timeout", "30"], env=env).stdout)
        assert state["revision"] == 1
        shown = root.run(["systemctl", "--user", "show", "cardstackd.service", "--property=ActiveState"], env=env).stdout
        assert shown.strip() == "ActiveState=active"
        root.run(["systemctl", "--user", "stop", "cardstackd.service", "cardstackd.socket"], env=env)
        manager.send_signal(signal.SIGTERM)
        manager.wait(timeout=15)

        root.run(["dpkg", "--purge", "cardstack"])
        assert root.run(["dpkg", "-L", "cardstack"], check=False).returncode != 0
        assert root.run(["getent", "group", "cardstack"], check=False).returncode != 0
        # The upper layer is a tmpfs only the holder's namespace sees: copy it out to judge it.
        copy = tmp_path / "upper-copy"
        copy.mkdir()
        packed = subprocess.run(["nsenter", "-t", str(root.proc.pid), "-m", "--", "tar", "-C", str(upper),
                                 "-cf", "-", "."], capture_output=True, timeout=120, check=True).stdout
        subprocess.run(["tar", "-C", str(copy), "-xf", "-"], input=packed, capture_output=True, timeout=120, check=True)
        left = []
        for path in sorted(copy.rglob("*")):
            rel = str(path.relative_to(copy)) + ("/" if path.is_dir() and not path.is_symlink() else "")
            if path.is_dir() and not path.is_symlink() and any(path.iterdir()):
                continue  # a directory on the way to something: judged by its contents
            if rel.startswith(BOOKKEEPING) or rel in ("tmp/", "run/", "proc/", "sys/", "dev/"):
                continue
            # The purge removes the account `cardstack` (even one the machine had before).
            if rel in accounts and path.read_text() == "".join(
                    line for line in before[rel].splitlines(keepends=True) if not line.startswith("cardstack:")):
                continue
            if path.is_dir() and not path.is_symlink():
                if (pathlib.Path("/") / rel).is_dir():
                    continue  # an empty copy-up of a directory the machine has
            left.append(rel)
        assert left == [], left
    finally:
        if manager is not None and manager.poll() is None:
            manager.kill()
        root.close()
