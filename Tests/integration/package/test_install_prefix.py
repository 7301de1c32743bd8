"""`make install` as root goes where PREFIX says (docs/install.md, "Where an install goes").

Each install runs chrooted into an overlay of this machine's root (a private mount namespace;
the lower layer read-only), so every file it writes lands in the overlay's upper layer and
the test lists them all: a PREFIX install writes only under PREFIX, a home install under
PREFIX and the user's own ~/.config, and only PREFIX=/usr/local (no DESTDIR) is a system
install with /etc/cardstack and the `cardstack` account. Needs root; skipped without it.
"""
import os
import pathlib
import subprocess


from harness import REPO, Holder, root_only, root_problem

BUILT = REPO / ".build" / "debug"


def problem():
    return root_problem("it checks what a root install writes, in a private mount namespace",
                        tools=("unshare", "nsenter", "chroot", "make"),
                        built=(BUILT / "cardstackd", "needs the debug build: swift build"), mount="/mnt")


pytestmark = root_only(problem())

# What any command leaves in an overlay's upper layer without writing it: directories copied up
# on the way to a file (judged by their contents), the mount points of the namespace.
MOUNTS = ("tmp/", "run/", "proc/", "sys/", "dev/")


def written(holder, upper):
    """The files (and empty directories the machine does not have) in the upper layer, which
    only the holder's namespace sees: listed there."""
    listing = subprocess.run(
        ["nsenter", "-t", str(holder.proc.pid), "-m", "--", "find", str(upper), "-mindepth", "1",
         "(", "-type", "d", "-empty", "-printf", "D %P\\n", ")", "-o", "(", "!", "-type", "d", "-printf", "F %P\\n", ")"],
        capture_output=True, text=True, timeout=60, check=True).stdout
    found = []
    for line in listing.splitlines():
        kind, rel = line.split(" ", 1)
        if kind == "D" and (rel + "/" in MOUNTS or (pathlib.Path("/") / rel).is_dir()):
            continue
        found.append(rel)
    return sorted(found)


def install_in_overlay(tmp_path, *args, home="/root"):
    """Runs `make install ARGS` as root, chrooted into an overlay of /; returns what it wrote
    (paths relative to /) and make's output."""
    root, upper = Holder.overlay(tmp_path, then=f"mount -t tmpfs tmpfs {tmp_path / 'merged'}/run")
    try:
        env = {"PATH": os.environ["PATH"], "HOME": home, "USER": "root"}
        r = root.run(["make", "-C", str(REPO), "--no-print-directory", "install", "BUILD=debug", *args], env=env,
                     timeout=600)
        return written(root, upper), r.stdout + r.stderr
    finally:
        root.close()


def test_a_prefix_install_as_root_writes_only_under_prefix(tmp_path):
    prefix = tmp_path / "prefix"
    files, out = install_in_overlay(tmp_path, f"PREFIX={prefix}")
    outside = [f for f in files if not ("/" + f).startswith(str(prefix) + "/")]
    assert outside == [], (outside, out)
    rel = lambda p: str(prefix / p)[1:]  # noqa: E731
    for path in ("bin/cardstackd", "bin/cardstack", "etc/cardstack/cardstack.toml", "share/cardstack/presets/stack.toml",
                 "lib/systemd/system/cardstackd.service", "lib/systemd/user/cardstackd.service"):
        assert rel(path) in files, (path, files)
    assert f"installed under {prefix}" in out and "no system user or group" in out, out


def test_a_home_install_as_root_writes_under_prefix_and_the_users_config(tmp_path):
    files, out = install_in_overlay(tmp_path, "PREFIX=/root/.local")
    allowed = ("root/.local/", "root/.config/cardstack/", "root/.config/systemd/user/")
    outside = [f for f in files if not f.startswith(allowed)]
    assert outside == [], (outside, out)
    assert "root/.config/cardstack/cardstack.toml" in files and "root/.config/systemd/user/cardstackd.socket" in files
    assert not any(f.startswith("root/.local/lib/systemd/system/") for f in files), files
    assert "installed for root: systemctl --user daemon-reload" in out, out


def test_only_usr_local_is_a_system_install(tmp_path):
    files, out = install_in_overlay(tmp_path, "PREFIX=/usr/local")
    assert "etc/cardstack/cardstack.toml" in files and "usr/local/bin/cardstackd" in files, files
    # The account is made (or, where the machine has it already, kept) and given the file.
    assert "system service: sudo systemctl daemon-reload" in out, out
