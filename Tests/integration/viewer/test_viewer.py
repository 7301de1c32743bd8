"""End-to-end tests of `cardstack view`: the real daemon, the real viewer, in a real tmux pane.

Binaries come from $CARDSTACK_BIN_DIR (default: <repo>/.build/debug). Everything (parameter
file, daemon socket, tmux server socket) lives in a per-test temp dir. Waits are polls with
deadlines, never bare sleeps.

Run: CARDSTACK_BIN_DIR=.build/debug python3 -m pytest -q Tests/integration/viewer

The rig (`viewertools.ViewerRig`) is the `rig` fixture of conftest.py.
"""
import os
import re
import shutil
import signal
import subprocess

import pytest

from viewertools import BIN, PANEL, PROMPT, banner_text, card_area, poll_until

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


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
    # The panel may be drawn a moment before the new frame's cards: wait for both.
    after = rig.wait_screen(lambda s: "spacing 45 · scale_step 0.2" in s and card_area(s) != card_area(before),
                            what="the new parameters and picture")
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
