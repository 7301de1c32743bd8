"""The fixtures every integration test may ask for, and the markers that select a slice.

Helpers (the daemon, the client, `wait_for`) live in plain modules beside this file:
`harness.py`, `webtools.py`, `rendertools.py`, `motiontools.py`, `exporttools.py`,
`viewertools.py`. Tests import those, never each other. docs/testing.md says how to run a
folder or a marker.
"""
import os
import pathlib
import signal

import pytest

from harness import Daemon
from viewertools import ViewerRig
from webtools import Bridge, find_chromium, start_browser

HERE = pathlib.Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """`page` marks every test that drives the page in Chromium, `package` every test in
    package/; tests marked `root` skip, saying so, when the suite runs as a normal user."""
    skip = pytest.mark.skip(reason="needs root (marked root): scripts/integration.sh runs it as root")
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.page)
        if HERE / "package" in pathlib.Path(item.fspath).parents:
            item.add_marker(pytest.mark.package)
        if os.geteuid() != 0 and item.get_closest_marker("root"):
            item.add_marker(skip)


@pytest.fixture
def make_daemon(tmp_path):
    """Starts real daemons in the test's temp dir (`make_daemon(config_text, args=…)`), each
    with its own socket; all are killed when the test ends."""
    daemons = []

    def make(*args, **kwargs):
        d = Daemon(tmp_path / f"d{len(daemons)}", *args, **kwargs)
        daemons.append(d)
        return d

    yield make
    for d in daemons:
        d.stop(signal.SIGKILL)


@pytest.fixture
def daemon(make_daemon):
    """One daemon on the default parameter file."""
    return make_daemon()


@pytest.fixture
def bridges():
    """Starts `cardstack web` bridges (`bridges([socket], …)`), all stopped when the test ends."""
    started = []

    def start(sockets, **kwargs):
        b = Bridge(sockets, **kwargs)
        started.append(b)
        return b

    yield start
    for b in started:
        b.stop()


@pytest.fixture
def browser():
    """A fresh headless Chromium (selenium) for one test; the test skips, saying why, where
    Chromium is not installed."""
    if find_chromium() is None:
        pytest.skip("chromium and chromedriver are not installed (make test-deps)")
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture
def rig(tmp_path):
    """The real daemon and `cardstack view` in a tmux pane (viewertools.ViewerRig)."""
    rig = ViewerRig(tmp_path)
    try:
        rig.start_daemon()
        rig.open_pane()
        yield rig
    finally:
        rig.close()
