"""`cardstack web` as a normal user: the page, the WebSocket, the follower's `/events` and
`/request` all work for a uid that is not root, and opening the browser never puts the
token on a command line another user can read (`/proc/PID/cmdline`).

When the suite runs as root the daemon and the bridge run as uid 65534 through `setpriv`,
in a directory tree that uid owns; run as a user, they run as that user."""
import http.client
import json
import os
import pathlib
import shutil
import socket
import stat
import tempfile

import pytest

from harness import Daemon, wait_for
from webtools import Bridge, WebSocket

NOBODY = 65534

pytestmark = pytest.mark.skipif(os.geteuid() == 0 and shutil.which("setpriv") is None,
                                reason="as root the bridge runs as uid 65534 through setpriv")


class User:
    """A uid that is not root, a directory tree of its own, and commands run as it."""

    def __init__(self, tmp_path):
        self.root = os.geteuid() == 0
        if self.root:
            self.uid = NOBODY
            self.prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
            self.top = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-user-"))
            os.chmod(self.top, 0o755)
        else:
            self.uid = os.geteuid()
            self.prefix = []
            self.top = tmp_path / "user"
            self.top.mkdir()
        self.own(self.top)
        self.runtime = self.dir("runtime", 0o700)
        self.daemons = []
        self.bridges = []

    def own(self, path):
        if self.root:
            os.chown(path, self.uid, self.uid)

    def dir(self, name, mode=0o755):
        path = self.top / name
        path.mkdir(mode=mode)
        os.chmod(path, mode)
        self.own(path)
        return path

    def daemon(self):
        d = Daemon(self.top / "d", start=False)
        for path in [d.dir, d.config.parent, d.config]:
            self.own(path)
        d.socket.parent.mkdir(mode=0o700)
        self.own(d.socket.parent)
        plain = d.command
        d.command = lambda: [*self.prefix, *plain()]
        self.daemons.append(d)
        return d.start()

    def environment(self, **extra):
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env.update(XDG_RUNTIME_DIR=str(self.runtime), HOME=str(self.top), **extra)
        return env

    def bridge(self, daemon, env=None, no_open=True):
        b = Bridge([daemon.socket], prefix=self.prefix, env=env or self.environment(), no_open=no_open)
        self.bridges.append(b)
        return b

    def close(self):
        for b in self.bridges:
            b.stop()
        for d in self.daemons:
            d.stop()
        if self.root:
            shutil.rmtree(self.top, ignore_errors=True)


@pytest.fixture
def user(tmp_path):
    u = User(tmp_path)
    yield u
    u.close()


def uid_of(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("Uid:"):
            return int(line.split()[1])
    raise AssertionError(f"no Uid for {pid}")


def call(bridge, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data.decode(errors="replace")


def test_the_page_the_websocket_and_the_follower_work_for_a_normal_user(user):
    daemon = user.daemon()
    bridge = user.bridge(daemon)
    assert uid_of(bridge.proc.pid) == user.uid != 0
    t = bridge.token
    status, page = call(bridge, "GET", f"/?token={t}")
    assert status == 200 and "<html" in page.lower(), (status, page[:200])
    ws = WebSocket(bridge.port, f"/ws?token={t}", origin=f"http://127.0.0.1:{bridge.port}")
    assert ws.status == 101, ws.head
    ws.send_text(json.dumps({"id": "u", "cmd": "ping"}))
    assert ws.read_json(lambda m: m.get("id") == "u")["ok"] is True
    ws.close()
    status, body = call(bridge, "POST", f"/request?token={t}", b'{"id":1,"cmd":"ping"}',
                        {"Content-Type": "application/json"})
    assert (status, body) == (200, '{"id":1,"ok":true,"result":{}}')
    s = socket.create_connection(("127.0.0.1", bridge.port), timeout=10)
    s.sendall(f"GET /events?token={t} HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\n\r\n".encode())
    data = b""
    while b'"id":"live-state"' not in data:
        chunk = s.recv(65536)
        assert chunk, data
        data += chunk
    assert data.startswith(b"HTTP/1.1 200") and b"text/event-stream" in data
    s.close()


# A browser stand-in for xdg-open (found on PATH, as xdg-open is): it writes down what it
# was given and waits for the test to have read every command line, then does what a
# browser does with a file: follows its redirect.
OPENER = """#!/bin/sh
printf '%s\\n' "$@" > "$STANDIN/argv"
while [ ! -e "$STANDIN/go" ]; do sleep 0.01; done
exec python3 "$STANDIN/browse.py" "$1" > "$STANDIN/browsed" 2>&1
"""

BROWSE = """import re, sys, urllib.parse, urllib.request
given = sys.argv[1]
path = urllib.parse.urlparse(given).path if given.startswith("file:") else given
html = open(path).read()
url = re.search(r'url=([^"\\'>]+)', html).group(1).replace("&amp;", "&")
with urllib.request.urlopen(url, timeout=10) as response:
    body = response.read().decode()
print(response.status, "page" if "<html" in body.lower() else "other", response.url)
"""


def command_lines():
    """Every process's command line, as any user may read it."""
    lines = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                lines[int(entry)] = pathlib.Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                pass
    return lines


def test_opening_the_browser_puts_the_token_on_no_command_line(user):
    daemon = user.daemon()
    standin = user.dir("standin")
    (standin / "xdg-open").write_text(OPENER)
    (standin / "browse.py").write_text(BROWSE)
    os.chmod(standin / "xdg-open", 0o755)
    env = user.environment(DISPLAY=":99", STANDIN=str(standin), PATH=f"{standin}:{os.environ['PATH']}")
    bridge = user.bridge(daemon, env=env, no_open=False)
    # The URL with the token is on the bridge's own standard output (the user's terminal).
    assert f"?token={bridge.token}" in bridge.url
    # The file appears before printf has written it: wait for its whole first line.
    wait_for(lambda: (standin / "argv").exists() and "\n" in (standin / "argv").read_text(), timeout=10,
             what="the browser stand-in to be started")
    token = bridge.token.encode()
    readable = {pid: line for pid, line in command_lines().items() if token in line}
    assert not readable, readable
    given = (standin / "argv").read_text().split("\n")[0]
    assert bridge.token not in given
    # What the browser was given is a file only the user can read, in a directory of theirs.
    path = pathlib.Path(given[len("file://"):] if given.startswith("file://") else given)
    info = path.stat()
    assert info.st_uid == user.uid and stat.S_IMODE(info.st_mode) == 0o600, oct(info.st_mode)
    parent = path.parent.stat()
    assert parent.st_uid == user.uid and stat.S_IMODE(parent.st_mode) & 0o077 == 0, oct(parent.st_mode)
    # With it, the browser reaches the page; and then the file is gone.
    (standin / "go").touch()
    wait_for(lambda: (standin / "browsed").exists() and (standin / "browsed").read_text().strip(), timeout=20,
             what="the stand-in to follow the file")
    browsed = (standin / "browsed").read_text()
    assert browsed.startswith("200 page"), browsed
    assert f"token={bridge.token}" in browsed, browsed
    wait_for(lambda: not path.exists(), timeout=10, what="the file to be removed after its first use")
