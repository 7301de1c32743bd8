"""The designer's loop in the real viewer (tmux): tune with `set`, press `w` to save into the
file (only that line changes), `u` and `U` to undo and redo."""
import subprocess

from test_viewer import BIN, REPO, rig  # noqa: F401  (the tmux rig fixture)


def test_w_saves_u_undoes_shift_u_redoes(rig):  # noqa: F811
    original = rig.params.read_bytes()
    rig.run_viewer()
    subprocess.run([str(BIN / "cardstack"), "set", "spacing=40", "--socket", str(rig.sock)],
                   check=True, capture_output=True, timeout=10)
    rig.wait_screen(lambda s: "spacing 40" in s, what="the set value in the panel")
    rig.keys("w")
    rig.wait_screen(lambda s: "saved layout.spacing" in s, what="the save notice")
    assert rig.params.read_bytes() == original.replace(b"\nspacing = 30.0\n", b"\nspacing = 40.0\n")
    rig.keys("u")
    rig.wait_screen(lambda s: "stack · spacing 30 ·" in s, what="the undone spacing")
    rig.keys("U")
    rig.wait_screen(lambda s: "stack · spacing 40 ·" in s, what="the redone spacing")
    assert (REPO / "Config" / "cardstack.toml").read_bytes() == original
