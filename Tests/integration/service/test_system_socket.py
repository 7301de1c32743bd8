"""The system service's socket as its units lay it out (docs/install.md, "The system
service"): /run/cardstack (root's, 0755), the socket root:GROUP 0660, the daemon started with
--allow-gid GROUP. In a private mount namespace with its own /run, so the real path is used
without touching the machine's. Members of the group reach it, from the fallback rule when
no user daemon runs; others are refused, by the file's mode or by the daemon (`forbidden`).
Real uids through setpriv; needs root (CI runs the suite as root)."""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

import pytest

from harness import BIN, DEFAULT_CONFIG, root_only, root_problem, wait_for


def problem():
    return root_problem("it acts as other uids and mounts a private /run", tools=("setpriv", "unshare", "nsenter"), mount="/run")


pytestmark = root_only(problem())

GROUP = 61000 + os.getpid() % 2000   # the `cardstack` group, by number
MEMBER = 63000 + os.getpid() % 1000  # its primary group is its own; GROUP is a supplementary one
OTHER = MEMBER + 1000
SOCKET = "/run/cardstack/cardstackd.sock"


class Namespace:
    """A mount namespace with a fresh tmpfs on /run, held by a sleeping process."""

    def __init__(self):
        self.holder = subprocess.Popen(
            ["unshare", "--mount", "--propagation", "private", "sh", "-c",
             "mount -t tmpfs -o mode=0755 tmpfs /run && mkdir -m 0755 /run/cardstack && echo ready && exec sleep 100000"],
            stdout=subprocess.PIPE, text=True)
        assert self.holder.stdout.readline().strip() == "ready"

    def run(self, argv, uid=None, groups=(), timeout=20, env=None):
        who = [] if uid is None else ["setpriv", f"--reuid={uid}", f"--regid={uid}",
                                      f"--groups={','.join(map(str, groups))}" if groups else "--clear-groups"]
        return subprocess.run(["nsenter", "-t", str(self.holder.pid), "-m", "--", *who, *argv],
                              env=env or {"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=timeout)

    def popen(self, argv, log):
        return subprocess.Popen(["nsenter", "-t", str(self.holder.pid), "-m", "--", *argv],
                                stdout=log, stderr=subprocess.STDOUT)

    def close(self):
        self.holder.kill()
        self.holder.wait(timeout=5)


@pytest.fixture
def system(tmp_path):
    top = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-system-"))
    top.chmod(0o755)
    bins = BIN
    ns = Namespace()
    if ns.run(["test", "-x", str(BIN / "cardstack")], uid=OTHER).returncode != 0:
        bins = top / "bin"
        bins.mkdir(mode=0o755)
        for name in ("cardstack", "cardstackd"):
            shutil.copy2(BIN / name, bins / name)
    config = top / "cardstack.toml"
    shutil.copy(DEFAULT_CONFIG, config)
    config.chmod(0o644)
    log = open(tmp_path / "daemon.log", "wb")
    daemon = ns.popen([str(bins / "cardstackd"), "--config", str(config), "--socket", SOCKET,
                       "--socket-mode", "0660", "--allow-gid", str(GROUP)], log)

    def up():
        assert daemon.poll() is None, (tmp_path / "daemon.log").read_text()
        return ns.run(["test", "-S", SOCKET]).returncode == 0

    wait_for(up, what="the system socket")
    # What the socket unit's SocketGroup= does.
    assert ns.run(["chgrp", str(GROUP), SOCKET]).returncode == 0
    yield ns, bins
    stop(daemon, ns, log, top)


def stop(daemon, ns, log, top):
    """SIGTERM, as systemd stops the service: the daemon exits 0. Then the namespace and the
    files go, however that went."""
    daemon.send_signal(signal.SIGTERM)
    try:
        assert daemon.wait(timeout=10) == 0
    finally:
        if daemon.poll() is None:
            daemon.kill()
        ns.close()
        log.close()
        shutil.rmtree(top, ignore_errors=True)


def test_a_member_finds_and_reaches_the_system_socket(system):
    ns, bins = system
    why = ns.run([str(bins / "cardstack"), "socket", "--why"], uid=MEMBER, groups=[GROUP])
    assert why.stdout.strip() == (f"{SOCKET} (the system service's socket: no socket at "
                                  f"/tmp/cardstack-{MEMBER}/cardstackd.sock (the default for uid {MEMBER}))"), why
    r = ns.run([str(bins / "cardstack"), "get", "state"], uid=MEMBER, groups=[GROUP])
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["revision"] == 1
    # The same with $XDG_RUNTIME_DIR set and nothing there.
    env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": f"/run/user/{MEMBER}"}
    r = ns.run([str(bins / "cardstack"), "socket", "--why"], uid=MEMBER, groups=[GROUP], env=env)
    assert r.stdout.startswith(f"{SOCKET} (the system service's socket: no socket at /run/user/{MEMBER}/cardstack/")
    # An explicit choice is never overridden.
    env = {"PATH": "/usr/bin:/bin", "CARDSTACK_SOCKET": "/nowhere/s.sock"}
    r = ns.run([str(bins / "cardstack"), "socket"], uid=MEMBER, groups=[GROUP], env=env)
    assert r.stdout.strip() == "/nowhere/s.sock"


def test_a_user_daemon_comes_first(system, tmp_path):
    ns, bins = system
    own = f"/run/user/{MEMBER}"
    assert ns.run(["sh", "-c", f"mkdir -p -m 0700 {own} && chown {MEMBER}:{MEMBER} {own}"]).returncode == 0
    config = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-own-")) / "own.toml"
    config.parent.chmod(0o755)
    shutil.copy(DEFAULT_CONFIG, config)
    config.chmod(0o644)
    env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": own}
    user = subprocess.Popen(["nsenter", "-t", str(ns.holder.pid), "-m", "--", "setpriv", f"--reuid={MEMBER}",
                             f"--regid={MEMBER}", f"--groups={GROUP}", str(bins / "cardstackd"), "--config", str(config)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: ns.run(["test", "-S", f"{own}/cardstack/cardstackd.sock"]).returncode == 0 or user.poll() is not None,
                 what="the user daemon")
        why = ns.run([str(bins / "cardstack"), "socket", "--why"], uid=MEMBER, groups=[GROUP], env=env)
        assert why.stdout.strip() == f"{own}/cardstack/cardstackd.sock (from $XDG_RUNTIME_DIR)"
        params = json.loads(ns.run([str(bins / "cardstack"), "get", "params"], uid=MEMBER, groups=[GROUP], env=env).stdout)
        assert params["path"] == str(config)
    finally:
        user.terminate()
        user.wait(timeout=10)
        shutil.rmtree(config.parent, ignore_errors=True)


def test_others_are_refused_by_the_socket_and_by_the_daemon(system):
    ns, bins = system
    r = ns.run([str(bins / "cardstack"), "get", "state"], uid=OTHER)
    assert r.returncode == 1
    assert f"you may not connect to {SOCKET}" in r.stderr, r.stderr
    assert "cardstack group" in r.stderr
    # With the file opened to all, the daemon itself says no.
    assert ns.run(["chmod", "0666", SOCKET]).returncode == 0
    r = ns.run([str(bins / "cardstack"), "get", "state"], uid=OTHER)
    assert r.returncode == 1
    assert f"forbidden: uid {OTHER} may not use this daemon" in r.stderr, r.stderr
    # And a member still may, through its supplementary group.
    r = ns.run([str(bins / "cardstack"), "get", "state"], uid=MEMBER, groups=[GROUP])
    assert r.returncode == 0, r.stderr


SERVICE = 64500 + os.getpid() % 400  # the service's own user (User=cardstack in the unit)

ACTIVATE = """
import os, socket, sys
# What cardstackd.socket does as root: bind, SocketGroup=, SocketMode=0660, listen; then the
# service starts as its own user with the socket as fd 3 (LISTEN_FDS), under UMask=0007.
path, group, service, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
os.chown(path, 0, group)
os.chmod(path, 0o660)
s.listen(16)
os.dup2(s.fileno(), 3)
os.set_inheritable(3, True)
os.umask(0o007)
os.environ.update(LISTEN_FDS="1", LISTEN_PID=str(os.getpid()))
os.execvp("setpriv", ["setpriv", f"--reuid={service}", f"--regid={group}", "--clear-groups", *argv])
"""


def test_a_member_saves_into_the_system_services_file(tmp_path):
    """As the units and `make install` lay it out: the file in a directory of the group
    (root:cardstack 2775), the file the service user's and the group's to write (664), the
    service running as its own user with the socket systemd made. A member sets a value and
    saves: the file has it, and it is still the group's to edit."""
    top = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-service-"))
    top.chmod(0o755)
    etc = top / "etc-cardstack"
    etc.mkdir()
    os.chown(etc, 0, GROUP)
    etc.chmod(0o2775)
    config = etc / "cardstack.toml"
    shutil.copy(DEFAULT_CONFIG, config)
    os.chown(config, SERVICE, GROUP)
    config.chmod(0o664)
    bins = top / "bin"
    bins.mkdir(mode=0o755)
    for name in ("cardstack", "cardstackd"):
        shutil.copy2(BIN / name, bins / name)
    ns = Namespace()
    log = open(tmp_path / "daemon.log", "wb")
    daemon = ns.popen(["python3", "-c", ACTIVATE, SOCKET, str(GROUP), str(SERVICE), str(bins / "cardstackd"),
                       "--config", str(config), "--socket", SOCKET, "--allow-gid", str(GROUP)], log)
    try:
        member = {"uid": MEMBER, "groups": [GROUP]}
        wait_for(lambda: daemon.poll() is None and ns.run([str(bins / "cardstack"), "get", "state"], **member).returncode == 0,
                 timeout=20, what="the service to answer a member")
        r = ns.run([str(bins / "cardstack"), "set", "layout.spacing=42"], **member)
        assert r.returncode == 0, r.stderr
        r = ns.run([str(bins / "cardstack"), "save"], **member)
        assert r.returncode == 0, r.stdout + r.stderr
        assert b"\nspacing = 42.0\n" in config.read_bytes()
        info = config.stat()
        assert (info.st_uid, info.st_gid) == (SERVICE, GROUP) and info.st_mode & 0o060 == 0o060, oct(info.st_mode)
        assert json.loads(ns.run([str(bins / "cardstack"), "get", "params"], **member).stdout)["unsaved"] == []
    finally:
        stop(daemon, ns, log, top)
