"""Nobody else can stand in for your daemon (docs/protocol.md §1, "Who may stand in for the
daemon"): the socket's directory must be yours alone or root's, and a client talks only to a
listener of its own uid or root. Real uids through setpriv: the victim is a uid made up for
the test, the squatter is `nobody`. Needs root (CI runs the suite as root)."""
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap

import pytest

from harness import BIN, DEFAULT_CONFIG, wait_for

pytestmark = [pytest.mark.root, pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs setpriv to act as other uids")]

NOBODY = 65534
VICTIM = 60000 + os.getpid() % 5000

# The impostor: binds as root (so it can reach any directory), then listens as `nobody`
# (SO_PEERCRED reports the uid of the listen), greets every client as a daemon would and
# reports every byte it is sent, one line per connection, in the order it accepted them.
IMPOSTOR = textwrap.dedent("""
    import os, socket, sys
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(sys.argv[1])
    os.chmod(sys.argv[1], 0o777)
    os.setresgid(65534, 65534, 65534)
    os.setgroups([])
    os.setresuid(65534, 65534, 65534)
    s.listen(8)
    print("listening", flush=True)
    while True:
        c, _ = s.accept()
        try:
            c.sendall(b'{"event":"hello","version":"0.1.0","protocol":1,"revision":1}\\n')
        except OSError:
            pass  # a client that hung up at once
        data = b""
        while True:
            try:
                chunk = c.recv(65536)
            except OSError:
                break  # reset by a client that left the hello unread
            if not chunk:
                break
            data += chunk
        print("connection", len(data), data.decode(errors="replace"), flush=True)
        c.close()
""")


def as_uid(uid, argv, env=None, timeout=20):
    """`argv` run as `uid` (group the same number, no supplementary groups)."""
    return subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", *argv],
                          env=env or {"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def shared():
    """A directory every uid may read: the binaries (copied when theirs is private) and a
    parameter file."""
    top = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-trust-"))
    top.chmod(0o755)
    bins = BIN
    if as_uid(NOBODY, ["test", "-x", str(BIN / "cardstack")]).returncode != 0:
        bins = top / "bin"
        bins.mkdir(mode=0o755)
        for name in ("cardstack", "cardstackd"):
            shutil.copy2(BIN / name, bins / name)
    config = top / "cardstack.toml"
    shutil.copy(DEFAULT_CONFIG, config)
    config.chmod(0o644)
    yield top, bins, config
    shutil.rmtree(top, ignore_errors=True)


class Impostor:
    def __init__(self, path):
        self.path = path
        self.proc = subprocess.Popen([sys.executable, "-c", IMPOSTOR, str(path)], stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "listening"

    def stop(self):
        """What it was sent, one line per connection, the test's own last one (a marker
        sent as root once every client has exited, so all before it are reported) left out."""
        marker = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        marker.connect(str(self.path))
        marker.settimeout(10)
        assert marker.recv(4096).startswith(b'{"event":"hello"')
        marker.sendall(b"end of test")
        marker.close()
        lines = []
        while not lines or lines[-1] != "connection 11 end of test":
            line = self.proc.stdout.readline()
            assert line, "the impostor stopped"
            lines.append(line.strip())
        self.proc.kill()
        self.proc.wait(timeout=5)
        return lines[:-1]


def test_a_squatted_fallback_directory_is_refused_and_the_impostor_reached_by_nobody(shared):
    top, bins, config = shared
    squatted = pathlib.Path(f"/tmp/cardstack-{VICTIM}")
    shutil.rmtree(squatted, ignore_errors=True)
    try:
        # Another user gets there first, open to all, and listens where the daemon would.
        assert as_uid(NOBODY, ["sh", "-c", f"umask 0 && mkdir -m 0777 {squatted}"]).returncode == 0
        assert squatted.stat().st_uid == NOBODY and squatted.stat().st_mode & 0o777 == 0o777
        impostor = Impostor(squatted / "cardstackd.sock")
        env = {"PATH": "/usr/bin:/bin"}  # no XDG_RUNTIME_DIR: the fallback directory

        why = as_uid(VICTIM, [str(bins / "cardstack"), "socket", "--why"], env)
        assert why.returncode == 0, why.stderr
        assert f"{squatted}/cardstackd.sock (the default for uid {VICTIM})" in why.stdout
        assert f"refused: the socket directory {squatted} belongs to uid {NOBODY}" in why.stdout

        for argv in (["set", "layout.spacing=42"], ["get", "state"], ["next"]):
            r = as_uid(VICTIM, [str(bins / "cardstack"), *argv], env)
            assert r.returncode == 1, (argv, r.stdout)
            assert f"the socket directory {squatted} belongs to uid {NOBODY}, not to you (uid {VICTIM}) or root" in r.stderr
            assert f"rm -r {squatted}" in r.stderr

        # The daemon will not listen there either, and says what to remove.
        d = as_uid(VICTIM, [str(bins / "cardstackd"), "--config", str(config)], env)
        assert d.returncode == 1
        assert f"the socket directory {squatted} belongs to uid {NOBODY}" in d.stderr, d.stderr
        assert f"rm -r {squatted}" in d.stderr

        assert impostor.stop() == []  # no impostor reached
    finally:
        shutil.rmtree(squatted, ignore_errors=True)


def test_a_client_sends_nothing_to_a_listener_of_another_uid(shared):
    top, bins, config = shared
    private = top / "victim"
    private.mkdir(mode=0o700)
    os.chown(private, VICTIM, VICTIM)
    path = private / "cardstackd.sock"
    impostor = Impostor(path)
    r = as_uid(VICTIM, [str(bins / "cardstack"), "set", "layout.spacing=42", "--socket", str(path)])
    assert r.returncode == 1
    assert f"listening on {path}: it runs as uid {NOBODY}, not as you (uid {VICTIM}) or root" in r.stderr, r.stderr
    assert "nothing was sent" in r.stderr
    # The impostor saw the connection, and not one byte.
    assert impostor.stop() == ["connection 0"]


def test_the_owner_s_own_daemon_is_trusted(shared):
    top, bins, config = shared
    private = top / "victim"
    private.mkdir(mode=0o700)
    os.chown(private, VICTIM, VICTIM)
    path = private / "cardstackd.sock"
    d = subprocess.Popen(["setpriv", f"--reuid={VICTIM}", f"--regid={VICTIM}", "--clear-groups",
                          str(bins / "cardstackd"), "--config", str(config), "--socket", str(path)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() or d.poll() is not None, what="the victim's daemon")
        assert d.poll() is None, d.stderr.read()
        r = as_uid(VICTIM, [str(bins / "cardstack"), "get", "state", "--socket", str(path)])
        assert r.returncode == 0, r.stderr
        # Even root talks only to root's own daemons (as that user, it may: setpriv, runuser).
        r = subprocess.run([str(bins / "cardstack"), "get", "state", "--socket", str(path)], capture_output=True, text=True)
        assert r.returncode == 1 and f"belongs to uid {VICTIM}, not to you (uid 0) or root" in r.stderr, r.stderr
    finally:
        d.terminate()
        assert d.wait(timeout=10) == 0


@pytest.mark.parametrize("mode", [0o755, 0o770, 0o707])
def test_a_directory_of_ones_own_open_to_others_is_refused(shared, mode):
    top, bins, config = shared
    open_dir = top / "open"
    open_dir.mkdir()
    open_dir.chmod(mode)
    os.chown(open_dir, VICTIM, VICTIM)
    path = open_dir / "cardstackd.sock"
    octal = "0" + format(mode, "o")
    d = as_uid(VICTIM, [str(bins / "cardstackd"), "--config", str(config), "--socket", str(path)])
    assert d.returncode == 1
    assert f"the socket directory {open_dir} is open to group or others (mode {octal})" in d.stderr, d.stderr
    assert f"chmod 700 {open_dir}" in d.stderr
    r = as_uid(VICTIM, [str(bins / "cardstack"), "get", "state", "--socket", str(path)])
    assert r.returncode == 1 and f"the socket directory {open_dir} is open to group or others" in r.stderr


def test_a_root_directory_others_may_write_is_refused_even_for_root(shared):
    top, bins, config = shared
    sticky = top / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    path = sticky / "cardstackd.sock"
    d = subprocess.run([str(bins / "cardstackd"), "--config", str(config), "--socket", str(path)],
                       capture_output=True, text=True, timeout=20)
    assert d.returncode == 1
    assert f"the socket directory {sticky} (root's, mode 01777) is writable by group or others" in d.stderr, d.stderr


def test_the_web_bridge_relays_nothing_to_an_impostor(tmp_path):
    from webtools import Bridge, WebSocket

    private = tmp_path / "run"
    private.mkdir(mode=0o700)
    squatted = tmp_path / "squatted"
    squatted.mkdir()
    squatted.chmod(0o777)
    os.chown(squatted, NOBODY, NOBODY)
    impostor = Impostor(private / "cardstackd.sock")
    for path, says in ((private / "cardstackd.sock", f"it runs as uid {NOBODY}, not as you (uid 0) or root"),
                       (squatted / "cardstackd.sock", f"the socket directory {squatted} belongs to uid {NOBODY}")):
        bridge = Bridge([path])
        try:
            ws = WebSocket(bridge.port, f"/ws?token={bridge.token}", origin=f"http://127.0.0.1:{bridge.port}")
            ws.send_text('{"id":1,"cmd":"set_params","params":{"layout":{"spacing":42}}}')
            message = ws.read_json(lambda m: m.get("event") == "bridge")
            assert message["state"] == "unavailable" and says in message["message"], message
            ws.close()
        finally:
            bridge.stop()
    assert impostor.stop() == ["connection 0"]


def test_the_follower_endpoints_relay_nothing_to_an_impostor(tmp_path):
    """/request and /events (the live follower's) refuse an untrusted daemon as /ws does."""
    import http.client

    from webtools import Bridge

    private = tmp_path / "run"
    private.mkdir(mode=0o700)
    impostor = Impostor(private / "cardstackd.sock")
    says = f"it runs as uid {NOBODY}, not as you (uid 0) or root"
    bridge = Bridge([private / "cardstackd.sock"])
    try:
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
        body = b'{"id":1,"cmd":"set_params","params":{"layout":{"spacing":42}}}'
        conn.request("POST", f"/request?token={bridge.token}", body,
                     {"Host": f"127.0.0.1:{bridge.port}", "Content-Type": "application/json"})
        response = conn.getresponse()
        text = response.read().decode()
        assert response.status == 502 and says in text, (response.status, text)
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
        conn.request("GET", f"/events?token={bridge.token}", headers={"Host": f"127.0.0.1:{bridge.port}"})
        response = conn.getresponse()
        assert response.status == 200
        data = b""
        while b'"unavailable"' not in data:
            chunk = response.fp.read1(65536)
            assert chunk, data
            data += chunk
        assert says in data.decode(), data
        conn.close()
    finally:
        bridge.stop()
    assert impostor.stop() == ["connection 0", "connection 0"]
