"""The quick start leaves the source tree as it found it: `make run` in a real tmux pane on
a fresh $HOME makes its own copy of the default file (~/.config/cardstack/cardstack.toml),
a value set and saved with `w` in the viewer lands in that copy, `q` ends it all, and
`git status --porcelain` is what it was before (empty in a clean checkout)."""
import json
import os
import shutil
import subprocess

import pytest

from harness import BIN, REPO, wait_for

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("git") is None,
                                reason="needs tmux and git")


def git_status():
    return subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True, check=True).stdout


def test_make_run_then_w_then_q_leaves_the_tree_clean(tmp_path):
    before = git_status()
    tracked = (REPO / "Config" / "cardstack.toml").read_bytes()
    home = tmp_path / "home"
    home.mkdir()
    run = tmp_path / "run"
    run.mkdir(mode=0o700)
    sock = run / "cardstackd.sock"
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CONFIG_HOME", "TMUX", "CONFIG")}
    env.update(HOME=str(home), CARDSTACK_SOCKET=str(sock), TERM="xterm-256color")
    tmux = ["tmux", "-S", str(tmp_path / "tmux.sock")]

    def pane():
        return subprocess.run([*tmux, "capture-pane", "-p", "-t", "run"], capture_output=True, text=True, env=env).stdout

    subprocess.run([*tmux, "new-session", "-d", "-x", "100", "-y", "40", "-s", "run", "-c", str(REPO),
                    "sh -c 'make --no-print-directory run; echo make-exit=$?; sleep 600'"], check=True, env=env)
    try:
        def cli(*args):
            try:
                return subprocess.run([str(BIN / "cardstack"), *args, "--socket", str(sock)], capture_output=True,
                                      text=True)
            except OSError as e:  # ETXTBSY: make run is linking the binary right now
                return subprocess.CompletedProcess(args, 126, "", str(e))

        wait_for(lambda: cli("get", "state").returncode == 0 or "make-exit=" in pane(), timeout=900, interval=0.2,
                 what="make run's daemon")
        copy = home / ".config" / "cardstack" / "cardstack.toml"
        # The copy it made, its #:schema line naming the schema in the source tree.
        schema_line = f"#:schema {REPO}/Config/cardstack.schema.json".encode()
        assert copy.read_bytes() == tracked.replace(b"#:schema ./cardstack.schema.json", schema_line, 1)
        assert f'"{copy}"' in cli("get", "params").stdout  # the daemon serves the copy
        assert cli("set", "layout.spacing=42").returncode == 0
        # The viewer is up once it is a client of the daemon (get_state counts the asker too).
        def viewer_connected():
            r = cli("get", "state")
            return r.returncode == 0 and json.loads(r.stdout)["clients"] >= 2

        wait_for(viewer_connected, timeout=60, what="the viewer to connect")
        # Keys go in once the viewer has drawn: it reads the terminal from then on.
        wait_for(lambda: "spacing 42" in pane() and "▀" in pane(), timeout=60, what="the viewer's first frame")
        subprocess.run([*tmux, "send-keys", "-t", "run", "w"], check=True, env=env)
        wait_for(lambda: "spacing = 42.0" in copy.read_text(), timeout=10, what="the save into the copy")
        subprocess.run([*tmux, "send-keys", "-t", "run", "q"], check=True, env=env)
        wait_for(lambda: "make-exit=0" in pane(), timeout=30, what="make run to end after q")
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, env=env)
    assert (REPO / "Config" / "cardstack.toml").read_bytes() == tracked
    assert git_status() == before
