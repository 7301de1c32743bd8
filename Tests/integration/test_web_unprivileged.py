"""`cardstack web` serves a user who is not root: the daemon and the bridge as uid 65534
(through setpriv when the suite runs as root, as they are otherwise), the page and its
script fetched over HTTP.

The bridge once set TCP_NODELAY at the socket level, where its number is SO_DEBUG: only root
may set that, so for everyone else each connection was closed as it was accepted.
"""
import http.client
import os
import pathlib
import shutil
import subprocess
import tempfile
import urllib.parse

import pytest

from conftest import BIN, DEFAULT_CONFIG, wait_for


def as_user(argv):
    if os.geteuid() != 0:
        return argv
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv is not installed (util-linux)")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *argv]


@pytest.fixture
def work(tmp_path):
    """A directory the user can reach: pytest's own is root's alone when the suite runs as root."""
    if os.geteuid() != 0:
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(prefix="cardstack-nobody-", dir="/tmp") as path:
        os.chown(path, 65534, 65534)
        yield pathlib.Path(path)


def test_the_page_is_served_to_an_unprivileged_user(work):
    (work / "cardstack.toml").write_text(DEFAULT_CONFIG.read_text())
    if os.geteuid() == 0:
        os.chown(work / "cardstack.toml", 65534, 65534)
    env = {"PATH": os.environ["PATH"], "XDG_RUNTIME_DIR": str(work / "run"), "HOME": str(work)}
    procs = []
    try:
        daemon = subprocess.Popen(as_user([str(BIN / "cardstackd"), "--config", str(work / "cardstack.toml")]),
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(daemon)
        wait_for(lambda: (work / "run/cardstack/cardstackd.sock").exists() or daemon.poll() is not None,
                 timeout=30, what="the daemon's socket")
        assert daemon.poll() is None
        bridge = subprocess.Popen(as_user([str(BIN / "cardstack"), "web", "--no-open", "--listen", "127.0.0.1:0"]),
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        procs.append(bridge)
        url = urllib.parse.urlparse(bridge.stdout.readline().strip())
        assert url.port, "cardstack web printed no URL"
        token = urllib.parse.parse_qs(url.query)["token"][0]
        for path in ("/", "/page.js"):
            conn = http.client.HTTPConnection("127.0.0.1", url.port, timeout=10)
            conn.request("GET", f"{path}?token={token}")
            response = conn.getresponse()
            assert response.status == 200 and response.read(), path
            conn.close()
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(timeout=10)
