"""The designer's loop in the real viewer (tmux): tune with `set`, press `w` to save into the
file (only that line changes), `u` and `U` to undo and redo."""
import subprocess

from viewertools import BIN, REPO, poll_until


def test_w_saves_u_undoes_shift_u_redoes(rig):  # noqa: F811
    original = rig.params.read_bytes()
    rig.run_viewer()
    subprocess.run([str(BIN / "cardstack"), "set", "spacing=40", "--socket", str(rig.sock)],
                   check=True, capture_output=True, timeout=10)
    rig.wait_screen(lambda s: "spacing 40" in s, what="the set value in the panel")
    rig.keys("w")
    rig.wait_screen(lambda s: "saved layout.spacing" in s, what="the save notice")
    assert rig.params.read_bytes() == original.replace(b"\nspacing = 30.0\n", b"\nspacing = 40.0\n")
    # The daemon loads what it saved (through inotify): an undo before that load would give
    # way to the file.
    poll_until(lambda: rig.state("params")["source"] == "file", what="the daemon to load what it saved")
    rig.keys("u")
    rig.wait_screen(lambda s: "stack · spacing 30 ·" in s, what="the undone spacing")
    rig.keys("U")
    rig.wait_screen(lambda s: "stack · spacing 40 ·" in s, what="the redone spacing")
    assert (REPO / "Config" / "cardstack.toml").read_bytes() == original


def test_a_warning_shows_in_the_status_line_with_the_key_to_change(rig):  # noqa: F811
    """What the daemon notices but does not refuse (scale_step = 0.08 deepens the stack past
    the 11 cards of the deck, so one would show twice) is in the status line."""
    rig.run_viewer()
    rig.wait_screen(lambda s: "stack · spacing 30 ·" in s, what="the viewer")
    assert "the front card flips" not in rig.screen()
    subprocess.run([str(BIN / "cardstack"), "set", "layout.scale_step=0.08", "--socket", str(rig.sock)],
                   check=True, capture_output=True, timeout=10)
    # The status line keeps its end when the pane is narrow: the warning's last words.
    rig.wait_screen(lambda s: "while the front card flips" in s, what="the warning in the status line")
    subprocess.run([str(BIN / "cardstack"), "set", "layout.scale_step=0.1", "--socket", str(rig.sock)],
                   check=True, capture_output=True, timeout=10)
    rig.wait_screen(lambda s: "the front card flips" not in s, what="the warning to go once the value is fixed")


def test_r_turns_reduce_motion_on_and_off(rig):  # noqa: F811
    """`r` sends set_params with animation.reduce_motion turned the other way; the status line
    says `reduce motion` while it is on (docs/viewer.md)."""
    rig.run_viewer()
    rig.wait_screen(lambda s: "stack · spacing 30 ·" in s, what="the viewer")
    assert "reduce motion" not in rig.screen()
    rig.keys("r")
    rig.wait_screen(lambda s: "reduce motion" in s, what="reduce motion in the status line")
    assert rig.state("params")["params"]["animation"]["reduce_motion"] is True
    rig.keys("r")
    rig.wait_screen(lambda s: "reduce motion" not in s, what="reduce motion off again")
    assert rig.state("params")["params"]["animation"]["reduce_motion"] is False
