"""The tmux rig the viewer tests drive: the real daemon and the real viewer in a real pane."""
import json
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


BIN = Path(os.environ.get("CARDSTACK_BIN_DIR", REPO / ".build" / "debug"))


PROMPT = "viewer-test$ "


PANEL = "stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1"


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

    def state(self, what="state"):
        out = subprocess.run(
            [str(BIN / "cardstack"), "get", what, "--socket", str(self.sock)],
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

