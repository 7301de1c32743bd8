"""End-to-end tests of `cardstack view`: the real daemon, the real viewer, in a real tmux pane.

Binaries come from $CARDSTACK_BIN_DIR (default: <repo>/.build/debug). Everything (parameter
file, daemon socket, tmux server socket) lives in a per-test temp dir. Waits are polls with
deadlines, never bare sleeps.

Run: CARDSTACK_BIN_DIR=.build-viewer/debug python3 -m pytest -q Tests/integration/test_viewer.py

The helpers live here rather than in conftest.py so that this file stands on its own.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("CARDSTACK_BIN_DIR", REPO / ".build" / "debug"))
PROMPT = "viewer-test$ "
PANEL = "stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def poll_until(predicate, timeout=10.0, interval=0.05, what="condition"):
    """Calls `predicate` until it returns something truthy; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}; last value: {last!r}")


class ViewerRig:
    """A daemon on a temp parameter file, and a 100x40 tmux pane with a shell to run the viewer in."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.params = tmp / "params.toml"
        shutil.copy(REPO / "Config" / "cardstack.toml", self.params)
        self.sock = tmp / "d.sock"
        self.tmux_sock = tmp / "tmux.sock"
        self.daemon = None
        self.env = dict(os.environ, PS1=PROMPT, CARDSTACK_SOCKET=str(self.sock), TERM="xterm-256color")
        self.env.pop("NO_COLOR", None)

    # daemon

    def start_daemon(self):
        log = open(self.tmp / "daemon.log", "ab")
        self.daemon = subprocess.Popen(
            [str(BIN / "cardstackd"), "--config", str(self.params), "--socket", str(self.sock)],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        poll_until(self._daemon_answers, what="the daemon's socket")

    def _daemon_answers(self):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(1)
                s.connect(str(self.sock))
                return b"hello" in s.recv(4096)
        except OSError:
            return False

    def stop_daemon(self):
        if self.daemon and self.daemon.poll() is None:
            self.daemon.terminate()
            self.daemon.wait(timeout=10)
        self.daemon = None

    def state(self):
        out = subprocess.run(
            [str(BIN / "cardstack"), "get", "state", "--socket", str(self.sock)],
            capture_output=True, text=True, timeout=10, check=True)
        return json.loads(out.stdout)

    # tmux

    def tmux(self, *args, check=True):
        return subprocess.run(
            ["tmux", "-S", str(self.tmux_sock), *args], capture_output=True, text=True, env=self.env,
            timeout=10, check=check)

    def open_pane(self):
        self.tmux("new-session", "-d", "-x", "100", "-y", "40", "-s", "view",
                  f"env PS1='{PROMPT}' bash --norc --noprofile -i")
        poll_until(lambda: PROMPT.strip() in self.screen(), what="the shell prompt")

    def run_viewer(self, extra=""):
        command = f"{BIN / 'cardstack'} view --socket {self.sock} {extra}; echo exit=$?"
        self.tmux("send-keys", "-t", "view", command, "Enter")
        return self.wait_screen(lambda s: PANEL in s and "▀" in s, what="the viewer's first frame")

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "view", *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "view").stdout

    def wait_screen(self, predicate, what, timeout=10.0):
        """The pane's text once `predicate(text)` holds."""
        return poll_until(lambda: (lambda s: s if predicate(s) else None)(self.screen()), timeout=timeout, what=what)

    def pane(self, fmt):
        return self.tmux("display-message", "-p", "-t", "view", fmt).stdout.strip()

    def close(self):
        self.tmux("kill-server", check=False)
        self.stop_daemon()


def banner_text(text, rows=3):
    """The top rows read back as one line (a long banner wraps at spaces)."""
    return " ".join(line.strip() for line in text.splitlines()[:rows])


def card_area(text):
    """The rows between the title/banner row and the two status lines."""
    return "\n".join(text.splitlines()[1:-2])


@pytest.fixture
def rig(tmp_path):
    rig = ViewerRig(tmp_path)
    try:
        rig.start_daemon()
        rig.open_pane()
        yield rig
    finally:
        rig.close()


def test_draws_cards_and_parameters(rig):
    text = rig.run_viewer()
    assert text.splitlines()[0].startswith("cardstack view")
    assert PANEL + " · cards 11" in text
    assert re.search(r"rev 1 · offset 0\.0 · front 0 · \d+ fps · skipped 0", text)
    assert "▀" in card_area(text), "the front card's outline"
    assert re.search(r"^ +1 *$", card_area(text), re.M), "the front card's title"
    assert rig.pane("#{alternate_on}") == "1"


def test_editing_the_file_changes_picture_and_panel(rig):
    before = rig.run_viewer()
    text = rig.params.read_text()
    text = text.replace("spacing = 30.0", "spacing = 45").replace("width = 300.0", "width = 150.0")
    rig.params.write_text(text)
    subprocess.run(["sed", "-i", "s/^scale_step = 0.1/scale_step = 0.2/", str(rig.params)], check=True)
    after = rig.wait_screen(lambda s: "spacing 45 · scale_step 0.2" in s, what="the new parameters")
    assert card_area(after) != card_area(before)
    assert re.search(r"rev [2-9]", after)


def test_config_error_banner_keeps_the_cards(rig):
    rig.run_viewer()
    rig.params.write_text(rig.params.read_text().replace("scale_step = 0.1", "scale_step = 7"))
    text = rig.wait_screen(lambda s: "config error:" in s, what="the banner")
    # A long banner wraps at spaces onto the rows below: read it back as one line.
    banner = " ".join(line.strip() for line in text.splitlines()[:3])
    assert re.match(rf"config error: {re.escape(str(rig.params))}:\d+:\d+: layout\.scale_step must be ", banner), banner
    assert "▀" in card_area(text)
    rig.params.write_text(rig.params.read_text().replace("scale_step = 7", "scale_step = 0.1"))
    poll_until(lambda: rig.screen().startswith("cardstack view"), what="the banner to clear")


def test_keys_scroll_the_daemon(rig):
    rig.run_viewer()
    rig.keys("j")
    poll_until(lambda: (st := rig.state())["offset"] == 30 and not st["animating"], what="offset 30")
    poll_until(lambda: "offset 30.0 · front 1" in rig.screen(), what="the panel to follow")
    rig.keys("k")
    poll_until(lambda: (st := rig.state())["offset"] == 0 and not st["animating"], what="offset 0")
    rig.keys("G")
    poll_until(lambda: (st := rig.state())["offset"] == 300 and not st["animating"], what="offset 300 (last card)")


def test_survives_a_daemon_restart(rig):
    rig.run_viewer()
    rig.keys("j")
    poll_until(lambda: "front 1" in rig.screen(), what="front 1")
    rig.stop_daemon()
    poll_until(lambda: "daemon gone: reconnecting…" in rig.screen(), what="the daemon-gone banner")
    rig.start_daemon()
    text = rig.wait_screen(lambda s: s.startswith("cardstack view") and "offset 0.0 · front 0" in s, what="the viewer to reconnect")
    assert "▀" in card_area(text)
    rig.keys("j")
    poll_until(lambda: rig.state()["offset"] == 30, what="keys to work after reconnecting")


def test_help_overlay_toggles(rig):
    rig.run_viewer()
    rig.keys("?")
    poll_until(lambda: "q, Ctrl-C  quit" in rig.screen(), what="the help overlay")
    rig.keys("?")
    poll_until(lambda: "q, Ctrl-C" not in rig.screen(), what="the overlay to close")


def test_q_exits_zero_and_restores_the_terminal(rig):
    rig.run_viewer()
    rig.keys("q")
    # The shell prints the next prompt a moment after "exit=0": wait for both.
    text = rig.wait_screen(lambda s: "exit=0" in s and s.rstrip().endswith(PROMPT.strip()), what="exit=0 and the prompt")
    assert rig.pane("#{alternate_on}") == "0"
    assert rig.pane("#{cursor_flag}") == "1"
    assert PANEL not in text
    # The shell got its terminal back in cooked mode: typing echoes and runs.
    rig.keys("echo cooked-$((40+2))", "Enter")
    poll_until(lambda: "cooked-42" in rig.screen(), what="the shell to work again")


def test_sigterm_restores_the_terminal(rig):
    rig.run_viewer()
    shell = rig.pane("#{pane_pid}")
    viewer = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
    assert len(viewer) == 1
    os.kill(int(viewer[0]), signal.SIGTERM)
    poll_until(lambda: "exit=143" in rig.screen(), what="exit=143")
    assert rig.pane("#{alternate_on}") == "0"


@pytest.mark.parametrize("sig", [signal.SIGABRT, signal.SIGSEGV])
def test_a_crash_still_restores_the_terminal(rig, sig):
    rig.run_viewer()
    shell = rig.pane("#{pane_pid}")
    viewer = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
    assert len(viewer) == 1
    os.kill(int(viewer[0]), sig)
    poll_until(lambda: f"exit={128 + sig}" in rig.screen(), what=f"exit={128 + sig}")
    assert rig.pane("#{alternate_on}") == "0"
    assert rig.pane("#{cursor_flag}") == "1"


def test_ctrl_c_and_no_color(rig):
    rig.run_viewer("--no-color")
    colored = rig.tmux("capture-pane", "-e", "-p", "-t", "view").stdout
    assert "38;5;" not in colored and "48;5;" not in colored and "38;2;" not in colored
    rig.keys("C-c")
    poll_until(lambda: "exit=0" in rig.screen(), what="exit=0 after Ctrl-C")
    assert rig.pane("#{alternate_on}") == "0"


def test_waits_for_a_daemon_that_is_still_starting(rig):
    rig.stop_daemon()
    rig.tmux("send-keys", "-t", "view", f"{BIN / 'cardstack'} view --socket {rig.sock} --timeout 60; echo exit=$?", "Enter")
    # The viewer starts before its daemon; it must not give up at once.
    poll_until(lambda: rig.pane("#{pane_current_command}") == "cardstack", what="the viewer to run")
    rig.start_daemon()
    text = rig.wait_screen(lambda s: PANEL in s and "▀" in s, what="the viewer's first frame after the daemon started")
    assert "exit=" not in text


def test_the_panel_shows_the_file_set_values_and_the_edited_deck(rig):
    rig.run_viewer()
    # The path gives way from the left on a narrow panel; in full on a wide one.
    rig.wait_screen(lambda s: re.search(r"skipped 0 · …[^ ]*/params\.toml +\? help  q quit$", s, re.M), what="the file in force, shortened")
    rig.tmux("resize-window", "-t", "view", "-x", "220")
    rig.wait_screen(lambda s: f"skipped 0 · {rig.params}" in s, what="the file in force")
    subprocess.run([str(BIN / "cardstack"), "set", "spacing=40", "--socket", str(rig.sock)], check=True, capture_output=True)
    rig.wait_screen(lambda s: "spacing 40* · scale_step 0.1" in s and f"skipped 0 · {rig.params} + set *" in s,
                    what="the value from set, marked")
    subprocess.run([str(BIN / "cardstack"), "remove", "3", "--socket", str(rig.sock)], check=True, capture_output=True)
    rig.wait_screen(lambda s: re.search(r"· cards 10 *$", s, re.M), what="the deck's size after the edit")
    subprocess.run([str(BIN / "cardstack"), "set", "layout.style=coverflow", "--socket", str(rig.sock)], check=True,
                   capture_output=True)
    rig.wait_screen(lambda s: "coverflow* · card 300×200 · spacing 40* · m34 -1/2000 · item_spacing 0.25 · tilt 0.9" in s,
                    what="the carousel's options and card size")


def test_a_long_error_wraps_and_a_deleted_file_shows(rig):
    rig.run_viewer()
    text = rig.params.read_text()
    rig.params.write_text(text.replace("spacing = 30.0", "spacng = 30.0"))
    screen = rig.wait_screen(lambda s: "config error:" in s, what="the banner")
    assert "unknown key layout.spacng (did you mean spacing?)" in banner_text(screen), screen
    rig.params.unlink()
    screen = rig.wait_screen(lambda s: "the file was deleted or moved away" in banner_text(s), what="the deleted-file banner")
    assert f"config error: {rig.params}: the file was deleted" in banner_text(screen)
    rig.params.write_text(text)
    rig.wait_screen(lambda s: s.startswith("cardstack view"), what="the banner to clear")
