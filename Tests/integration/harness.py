"""The helpers every integration test shares: the real daemon, real sockets, real files.

Binaries come from $CARDSTACK_BIN_DIR (default: <repo>/.build/debug). Every test runs in
its own temporary directory with its own socket; every wait has a deadline.
"""
import json
import math
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("CARDSTACK_BIN_DIR", REPO / ".build" / "debug"))
DEFAULT_CONFIG = REPO / "Config" / "cardstack.toml"


# The daemon believes a read that finds the file empty, gone, unreadable or bad only when
# nothing newer comes within 100 ms: a save is often half done at that moment. A test whose
# writer must finish a save inside that window gives the daemon ten times that window, so a
# busy machine does not stretch the save past it (and what settles is reported 1 s later).
PATIENT = {"CARDSTACKD_SETTLE_MS": "1000"}


def cpu_ticks(pid):
    """User plus system CPU ticks a process has used."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def gone(pid):
    """Whether process `pid` has ended (a zombie waiting for its reaper has)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def small_buffer_socket(path, receive_buffer=4096):
    """A raw connection with a tiny receive buffer, to be a client that reads late or never."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.connect(str(path))
    return s


def unread_bytes(sock):
    """Bytes waiting in a socket that its reader has not read (FIONREAD)."""
    import fcntl
    import struct
    import termios
    return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]


def read_through_reply(sock, timeout=10):
    """Reads a raw connection one byte at a time up to the end of the first reply line (the
    hello and any events before it are read too, nothing after it): then the daemon has
    taken in the request, and whatever follows is still unread."""
    sock.settimeout(timeout)
    line = b""
    while True:
        byte = sock.recv(1)
        if not byte:
            raise ConnectionError("the daemon closed the connection")
        line += byte
        if byte == b"\n":
            if b'"ok":' in line:
                return json.loads(line)
            line = b""


def wait_for(predicate, timeout=5.0, interval=0.01, what="condition"):
    """Polls `predicate` until it returns a truthy value or the deadline passes."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class Client:
    """A plain Python socket speaking the JSON-lines protocol."""

    def __init__(self, path, timeout=5.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(path))
        self.buffer = b""
        self.events = []
        self.next_id = 1
        self.hello = self.read()

    def send_line(self, data: bytes):
        self.sock.sendall(data)

    def send(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def read(self, timeout=5.0):
        """The next line as JSON (raises on timeout or close)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no line from the daemon")
            self.sock.settimeout(left)
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("the daemon closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def request(self, cmd, timeout=5.0, **args):
        """Sends a command with a fresh id and returns its reply; events are kept."""
        rid = self.next_id
        self.next_id += 1
        self.send({"id": rid, "cmd": cmd, **args})
        while True:
            message = self.read(timeout)
            if "event" in message:
                self.events.append(message)
                continue
            assert message["id"] == rid, message
            return message

    def ok(self, cmd, **args):
        reply = self.request(cmd, **args)
        assert reply["ok"], reply
        return reply["result"]

    def frames_until_rest(self):
        """Reads events until the daemon says a motion started and then that it is at rest
        (a `state` at rest from before, such as a client joining or a new revision, does not
        count); returns the frame events read, the ones kept before included."""
        events = list(self.events)
        self.events.clear()

        def rested():
            moving = [i for i, e in enumerate(events) if e.get("event") == "state" and e["animating"]]
            return moving and any(e.get("event") == "state" and not e["animating"] for e in events[moving[0]:])

        while not rested():
            events.append(self.read(timeout=10))
        return [e for e in events if e.get("event") == "frame"]

    def event(self, name, timeout=5.0, where=lambda e: True):
        """The next event called `name` (or any of a tuple of names) matching `where`
        (earlier ones are dropped)."""
        names = (name,) if isinstance(name, str) else tuple(name)
        deadline = time.monotonic() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e["event"] in names and where(e):
                    del self.events[: i + 1]
                    return e
            self.events.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {' or '.join(names)} event")
            message = self.read(left)
            if "event" in message:
                self.events.append(message)

    def close(self):
        self.sock.close()


def finite(value):
    """Whether every number in a decoded JSON value is finite."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(finite(v) for v in value)
    if isinstance(value, dict):
        return all(finite(v) for v in value.values())
    return True


# Event sets a test subscribes to: every event (`subscribe`'s own default, docs/protocol.md
# §4), a move's frames and the state saying it is over, and what a reload of the file sends.
EVERY_EVENT = ("frame", "params", "config_error", "state")
MOTION = ("frame", "state")
RELOADS = ("params", "config_error")


def subscribed(daemon, events=EVERY_EVENT, first_frame=False):
    """A new client of `daemon` subscribed to `events`; with `first_frame`, the frame the
    daemon sends right after `subscribe` is already read (so the next one is a new frame)."""
    c = daemon.client()
    c.ok("subscribe", events=list(events))
    if first_frame:
        c.event("frame")
    return c


def next_reload(c, timeout=10):
    """The next params or config_error event."""
    return c.event(RELOADS, timeout=timeout)


class Daemon:
    """A real cardstackd on a temporary config and socket."""

    def __init__(self, tmp, config_text=None, config_name="cardstack.toml", args=(), env=None, start=True):
        self.dir = pathlib.Path(tmp)
        self.config = self.dir / "conf" / config_name
        self.config.parent.mkdir(parents=True, exist_ok=True)
        if config_text is None:
            shutil.copy(DEFAULT_CONFIG, self.config)
        elif config_text is not False:
            self.config.write_text(config_text)
        self.socket = self.dir / "run" / "cardstackd.sock"
        self.log = self.dir / "daemon.log"
        self.args = list(args)
        self.env = dict(os.environ, **(env or {}))
        self.proc = None
        if start:
            self.start()

    def command(self):
        return [str(BIN / "cardstackd"), "--config", str(self.config), "--socket", str(self.socket), *self.args]

    def start(self, wait=True):
        self.logfile = open(self.log, "ab")
        self.proc = subprocess.Popen(self.command(), stdout=self.logfile, stderr=subprocess.STDOUT, env=self.env)
        if wait:
            wait_for(self.ready, what="the daemon's socket")
        return self

    def ready(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"cardstackd exited {self.proc.returncode}: {self.log.read_text()}")
        try:
            Client(self.socket, timeout=1).close()
            return True
        except OSError:
            return False

    def client(self):
        return Client(self.socket)

    def cli(self, *args, check=True, timeout=10):
        """Runs the `cardstack` CLI against this daemon."""
        result = subprocess.run(
            [str(BIN / "cardstack"), *args, "--socket", str(self.socket)],
            capture_output=True, text=True, timeout=timeout,
        )
        if check:
            assert result.returncode == 0, result.stderr
        return result

    def log_text(self):
        return self.log.read_text()

    def stop(self, sig=signal.SIGTERM, timeout=5):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode if self.proc else None


class NotifyListener:
    """A datagram socket standing in for systemd's NOTIFY_SOCKET."""

    def __init__(self, address):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(address)
        self.sock.settimeout(0.1)
        self.messages = []

    def poll(self):
        try:
            while True:
                self.messages.append(self.sock.recv(4096).decode())
        except (TimeoutError, BlockingIOError, socket.timeout):
            pass
        return self.messages

    def expect(self, predicate, timeout=5, what="a notification"):
        def found():
            for i, m in enumerate(self.poll()):
                if predicate(m):
                    del self.messages[: i + 1]
                    return m
            return None

        return wait_for(found, timeout=timeout, what=what)



def root_problem(why, tools=(), install="", built=None, mount=None):
    """Why this machine cannot run a test that needs root, or None: not root (`why` says what
    for), `built` (a path, the hint) missing, one of `tools` not installed, or no private mount
    namespace with a tmpfs on `mount`."""
    if os.geteuid() != 0:
        return f"needs root: {why}"
    if built is not None and not built[0].exists():
        return built[1]
    for tool in tools:
        if shutil.which(tool) is None:
            return f"{tool} is not installed" + (f" ({install})" if install else "")
    if mount is not None:
        r = subprocess.run(["unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "tmpfs", mount],
                           capture_output=True, text=True, timeout=30)
        if r.returncode != 0:
            return f"no private mount namespace with a tmpfs on {mount} here: {r.stderr.strip()}"
    return None


def root_only(problem):
    """A module's marks when it needs root: `root`, and a skip saying why when `problem` (from
    `root_problem`) is not None."""
    return [pytest.mark.root, pytest.mark.skipif(problem is not None, reason=str(problem))]


class Holder:
    """A mount namespace set up by `script`, held by a sleeping process; commands run in it
    (and, with `root`, chrooted where the holder is) through nsenter."""

    def __init__(self, script, chroot=None):
        tail = f"exec chroot {chroot} sleep 100000" if chroot else "exec sleep 100000"
        self.proc = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "sh", "-ec",
                                      script + "\necho ready\n" + tail],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        assert line == "ready", self.proc.stderr.read()
        self.chroot = chroot is not None
        if chroot is not None:
            # "ready" comes before the chroot: wait for it, or a command could enter the old root.
            wait_for(lambda: os.readlink(f"/proc/{self.proc.pid}/root") == os.path.realpath(chroot), timeout=30,
                     what="the holder to enter its chroot")

    @classmethod
    def overlay(cls, tmp_path, lower="/", then=""):
        """A holder chrooted into an overlay of `lower` at tmp_path/merged, with /proc and /dev,
        whose writes land in a tmpfs only its namespace sees; `then` is the rest of the script
        (more mounts and copies under tmp_path/merged). Returns the holder and the upper layer."""
        upper, merged = tmp_path / "upper", tmp_path / "merged"
        upper.mkdir()
        merged.mkdir()
        script = f"""
            mount -t tmpfs tmpfs {upper}
            mkdir {upper}/u {upper}/w
            mount -t overlay overlay -o lowerdir={lower},upperdir={upper}/u,workdir={upper}/w {merged}
            mount -t proc proc {merged}/proc
            mount --rbind /dev {merged}/dev
        """
        return cls(script + then, chroot=merged), upper / "u"

    def argv(self, argv):
        return ["nsenter", "-t", str(self.proc.pid), "-m", *(["-r", "-w"] if self.chroot else []), "--", *argv]

    def run(self, argv, check=True, env=None, timeout=120):
        r = subprocess.run(self.argv(argv), capture_output=True, text=True, timeout=timeout,
                           env=env or {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
        if check:
            assert r.returncode == 0, f"{' '.join(argv)} exited {r.returncode}:\n{r.stdout}{r.stderr}"
        return r

    def close(self):
        ns = os.readlink(f"/proc/{self.proc.pid}/ns/mnt")
        for entry in pathlib.Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) != self.proc.pid:
                try:
                    if os.readlink(f"/proc/{entry.name}/ns/mnt") == ns:
                        os.kill(int(entry.name), signal.SIGKILL)
                except (OSError, ProcessLookupError):
                    pass
        self.proc.kill()
        self.proc.wait(timeout=5)
