"""The user units under a real systemd user manager, end to end.

systemd need not be PID 1: in a private mount namespace with a tmpfs on /run that holds
/run/systemd/system (so tools believe systemd is running) and /run/user/0, `systemd --user`
starts and `systemctl --user` talks to it over /run/user/0/systemd/private. The namespace is
held by a `sleep` started under `unshare`; every command runs in it through `nsenter`, so this
file drives each step and checks it as it goes. The units are the ones `make install` lays out
under a temporary PREFIX (so they name the installed binaries), linked into the manager's unit
path. At the end the manager is stopped and every process left in the namespace is killed,
whatever happened.
"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import time

import pytest

from harness import REPO, root_only, root_problem, wait_for

SYSTEMD = pathlib.Path("/lib/systemd/systemd")
RUNTIME = "/run/user/0"


def unshare_problem():
    """Why this machine cannot run the test, or None."""
    return root_problem("it mounts a tmpfs on /run in a private mount namespace", tools=("unshare", "nsenter", "systemctl"),
                        built=(SYSTEMD, f"{SYSTEMD} is not installed (apt-get install systemd)"), mount="/run")


pytestmark = root_only(unshare_problem())


def mount_namespace(pid):
    try:
        return os.readlink(f"/proc/{pid}/ns/mnt")
    except OSError:
        return None


class UserManager:
    """`systemd --user` in a mount namespace of its own."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.config_home = tmp / "config"
        self.config_home.mkdir()
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"),
            "XDG_RUNTIME_DIR": RUNTIME,
            "XDG_CONFIG_HOME": str(self.config_home),
            "HOME": str(tmp),
            "SYSTEMD_PAGER": "",
            "SYSTEMD_COLORS": "0",
        }
        self.holder = subprocess.Popen(
            ["unshare", "--mount", "--propagation", "private", "sh", "-c",
             "mount -t tmpfs -o mode=0755 tmpfs /run && mkdir -p /run/systemd/system " + RUNTIME
             + " && chmod 0700 " + RUNTIME + " && echo ready && exec sleep 100000"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.manager = None
        self.namespace = None
        line = self.holder.stdout.readline().strip()
        assert line == "ready", f"could not set up the namespace: {line} {self.holder.stderr.read() if self.holder.poll() is not None else ''}"
        self.namespace = mount_namespace(self.holder.pid)
        self.log = open(tmp / "manager.log", "wb")
        self.manager = subprocess.Popen(
            ["nsenter", "-t", str(self.holder.pid), "-m", "--", str(SYSTEMD), "--user"],
            env=self.env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_for(lambda: self.run(["test", "-S", f"{RUNTIME}/systemd/private"], check=False).returncode == 0
                 or self.manager.poll() is not None, timeout=30, interval=0.1, what="the user manager's socket")
        assert self.manager.poll() is None, "systemd --user exited:\n" + self.log_text()

    def run(self, argv, check=True, timeout=60, env=None):
        """`argv` inside the namespace with the manager's environment."""
        r = subprocess.run(["nsenter", "-t", str(self.holder.pid), "-m", "--", *argv], env=dict(self.env, **(env or {})),
                           capture_output=True, text=True, timeout=timeout)
        if check:
            assert r.returncode == 0, f"{' '.join(argv)} exited {r.returncode}:\n{r.stdout}{r.stderr}\n{self.diagnostics()}"
        return r

    def systemctl(self, *args, check=True):
        return self.run(["systemctl", "--user", "--no-pager", *args], check=check)

    def show(self, unit, *props):
        out = self.systemctl("show", unit, *[f"--property={p}" for p in props]).stdout
        return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)

    def log_text(self):
        return (self.tmp / "manager.log").read_text(errors="replace")

    def diagnostics(self):
        status = subprocess.run(["nsenter", "-t", str(self.holder.pid), "-m", "--", "systemctl", "--user", "--no-pager",
                                 "status", "cardstackd.socket", "cardstackd.service"],
                                env=self.env, capture_output=True, text=True, timeout=30)
        return f"--- systemctl status\n{status.stdout}{status.stderr}--- manager log (tail)\n{self.log_text()[-3000:]}"

    def close(self):
        """Stops the manager (and with it the units), then kills whatever is left in the namespace."""
        if self.manager is not None and self.manager.poll() is None:
            self.manager.send_signal(signal.SIGTERM)  # a user manager exits on SIGTERM, stopping its units
            try:
                self.manager.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.manager.kill()
                self.manager.wait(timeout=5)
        if self.namespace is not None:
            for entry in pathlib.Path("/proc").iterdir():
                if entry.name.isdigit() and int(entry.name) != self.holder.pid and mount_namespace(entry.name) == self.namespace:
                    try:
                        os.kill(int(entry.name), signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        if self.holder.poll() is None:
            self.holder.kill()
        self.holder.wait(timeout=5)
        if hasattr(self, "log"):
            self.log.close()


@pytest.fixture
def manager(tmp_path):
    m = None
    try:
        m = UserManager(tmp_path)
        yield m
    finally:
        if m is not None:
            m.close()


def install(tmp_path):
    """`make install` into a temporary PREFIX: the units name the binaries laid out there."""
    prefix = tmp_path / "prefix"
    r = subprocess.run(["make", "--no-print-directory", "install", f"PREFIX={prefix}", f"SYSCONFDIR={tmp_path / 'etc'}",
                        "BUILD=debug"], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    units = prefix / "lib/systemd/user"
    assert f"ExecStart={prefix}/bin/cardstackd " in (units / "cardstackd.service").read_text()
    return prefix, units


def test_user_units_under_a_real_user_manager(tmp_path, manager):
    prefix, units = install(tmp_path)
    # The user service reads $XDG_CONFIG_HOME/cardstack/cardstack.toml.
    config = manager.config_home / "cardstack" / "cardstack.toml"
    config.parent.mkdir(parents=True)
    shutil.copy(prefix / "share/cardstack/cardstack.toml", config)
    manager.systemctl("set-environment", f"XDG_CONFIG_HOME={manager.config_home}")
    manager.systemctl("link", str(units / "cardstackd.service"), str(units / "cardstackd.socket"))
    manager.systemctl("enable", "--now", "cardstackd.socket")

    assert manager.show("cardstackd.socket", "ActiveState")["ActiveState"] == "active"
    assert manager.show("cardstackd.service", "ActiveState")["ActiveState"] == "inactive"
    cli = str(prefix / "bin/cardstack")
    # The client finds the socket as systemd made it ($XDG_RUNTIME_DIR/cardstack/cardstackd.sock).
    assert manager.run([cli, "socket"]).stdout.strip() == f"{RUNTIME}/cardstack/cardstackd.sock"
    # Nothing started the service yet; the first request does.
    assert manager.show("cardstackd.service", "ActiveState")["ActiveState"] == "inactive"
    state = json.loads(manager.run([cli, "get", "state", "--timeout", "30"]).stdout)
    assert state["revision"] == 1

    def status_with(text):
        props = manager.show("cardstackd.service", "ActiveState", "StatusText")
        return props if props["ActiveState"] == "active" and text in props["StatusText"] else None

    props = wait_for(lambda: status_with("revision 1"), timeout=30, interval=0.1, what="active with revision 1")
    assert props["StatusText"].startswith("revision 1 · "), props
    first = manager.show("cardstackd.service", "MainPID", "NRestarts")

    # A save raises the revision...
    config.write_text(config.read_text().replace("spacing = 30.0", "spacing = 40.0"))
    wait_for(lambda: status_with("revision 2"), timeout=30, interval=0.1, what="revision 2 after a save")
    # ...and so does systemctl reload (SIGHUP through ExecReload).
    manager.systemctl("reload", "cardstackd.service")
    wait_for(lambda: status_with("revision 3"), timeout=30, interval=0.1, what="revision 3 after systemctl reload")
    assert json.loads(manager.run([cli, "get", "params"]).stdout)["params"]["layout"]["spacing"] == 40

    # Past WatchdogSec=10s the watchdog has been fed: still the same process, no restart.
    time.sleep(15)
    later = manager.show("cardstackd.service", "ActiveState", "SubState", "MainPID", "NRestarts", "Result")
    assert later["ActiveState"] == "active" and later["SubState"] == "running", later
    assert later["MainPID"] == first["MainPID"] and later["NRestarts"] == "0" == first["NRestarts"], (first, later)
    assert later["Result"] == "success", later

    manager.systemctl("stop", "cardstackd.service")
    done = manager.show("cardstackd.service", "ActiveState", "Result", "ExecMainCode", "ExecMainStatus")
    assert done["ActiveState"] == "inactive", done
    assert done["Result"] == "success", done
    assert done["ExecMainStatus"] == "0" and done["ExecMainCode"] == "1", done  # CLD_EXITED, status 0
    manager.systemctl("stop", "cardstackd.socket")
