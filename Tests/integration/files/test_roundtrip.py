"""Carrying tuned numbers back: `save` into the real file (byte for byte, through a symlink,
refusing a conflict or a ConfigMap), history with undo and redo, presets, and style
switches that give every key the file leaves out the new style's own default."""
import json
import os
import stat
import subprocess

from harness import BIN, DEFAULT_CONFIG, REPO


def resolved(text, tmp_path, name="probe.toml"):
    """What a file with `text` resolves to, as get_params' params (no daemon)."""
    path = tmp_path / name
    path.write_text(text)
    result = subprocess.run([str(BIN / "cardstack"), "export", "--format", "json", "--config", str(path)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def preset_params(name):
    result = subprocess.run(
        [str(BIN / "cardstack"), "export", "--format", "json", "--config", str(REPO / "Config" / "presets" / f"{name}.toml")],
        capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def saved(c, revision):
    """Waits for the daemon to load the file it just wrote (a new revision, source file)."""
    e = c.event("params", where=lambda e: e["revision"] > revision and e["source"] == "file")
    return e


def test_save_after_set_changes_only_the_touched_lines(daemon):
    before = daemon.config.read_bytes()
    c = daemon.client()
    c.ok("subscribe", events=["params"])
    c.ok("set_params", params={"layout": {"spacing": 40, "m34": -0.001, "wrap": False}, "carousel": {"tilt": 0.5}})
    revision = c.ok("get_params")["revision"]
    result = c.ok("save")
    assert result == {"path": str(daemon.config), "written": True,
                      "changed": ["layout.wrap", "layout.spacing", "layout.m34", "carousel.tilt"]}
    e = saved(c, revision)
    assert e["revision"] == revision + 1 and e["params"]["layout"]["spacing"] == 40
    after = daemon.config.read_bytes()
    # Byte for byte: the old lines with exactly the touched ones replaced, wrap under its
    # commented-out line, the missing [carousel] table at the end.
    old_lines = before.split(b"\n")
    expected = []
    for line in old_lines:
        if line == b"spacing = 30.0":
            expected.append(b"spacing = 40.0")
        elif line == b"m34 = -0.0005":
            expected.append(b"m34 = -0.001")
        elif line == b"# wrap = true":
            expected += [line, b"wrap = false"]
        else:
            expected.append(line)
    assert before.endswith(b"\n")
    assert after == b"\n".join(expected) + b"\n[carousel]\ntilt = 0.5\n"
    # Every comment line is still there, in order.
    comments = [l for l in old_lines if l.startswith(b"#")]
    assert [l for l in after.split(b"\n") if l.startswith(b"#")] == comments
    params = c.ok("get_params")
    assert params["source"] == "file" and params["revision"] == revision + 1
    # Nothing left to save: the file holds the values in force.
    assert c.ok("save") == {"path": str(daemon.config), "written": False, "changed": []}
    assert daemon.config.read_bytes() == after


def test_save_keeps_inline_comments_and_removes_a_key_back_to_its_default(make_daemon, tmp_path):
    text = ('# mine\n[layout]\nstyle = "coverflow"   # the look\nspacing = 100  # per item\n\n'
            '[carousel]\n# flatter\ntilt = 0.5\nfade_range = 2.0\n')
    d = make_daemon(config_text=text)
    c = d.client()
    c.ok("subscribe", events=["params"])
    c.ok("set_params", params={"layout": {"spacing": 120.5}})
    # A preset-like whole set: tilt back to the type's own default (no value).
    c.ok("set_params", params={"carousel": {"fade_range": 1.5}})
    result = c.ok("save")
    assert result["changed"] == ["layout.spacing", "carousel.fade_range"]
    assert d.config.read_text() == text.replace("spacing = 100  #", "spacing = 120.5  #").replace(
        "fade_range = 2.0", "fade_range = 1.5")
    saved(c, 1)
    c.ok("preset", name="coverflow")
    c.ok("save")
    out = d.config.read_text()
    # The preset leaves tilt to cover flow's default (0.9) and sets it itself: written in place;
    # the comments stay.
    assert out.startswith('# mine\n[layout]\nstyle = "coverflow"   # the look\n')
    assert "# flatter\ntilt = 0.9\n" in out and "spacing = 100.0  # per item" in out


def test_save_through_a_symlink_keeps_the_link_mode_and_content_elsewhere(make_daemon, tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "tuned.toml"
    real.write_bytes(DEFAULT_CONFIG.read_bytes())
    os.chmod(real, 0o640)
    owner = (4321, 4322) if os.geteuid() == 0 else (os.getuid(), os.getgid())  # root can give it away
    os.chown(real, *owner)
    d = make_daemon(config_text=False, start=False)
    os.symlink(real, d.config)
    d.start()
    c = d.client()
    c.ok("subscribe", events=["params"])
    c.ok("set_params", params={"layout": {"scale_step": 0.2}})
    result = c.ok("save")
    assert result["written"] and result["path"] == str(real)
    saved(c, 1)
    assert os.path.islink(d.config) and os.readlink(d.config) == str(real)
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640
    assert (os.stat(real).st_uid, os.stat(real).st_gid) == owner
    assert b"scale_step = 0.2\n" in real.read_bytes()
    assert real.read_bytes() == DEFAULT_CONFIG.read_bytes().replace(b"scale_step = 0.1\n", b"scale_step = 0.2\n")
    assert sorted(p.name for p in real_dir.iterdir()) == ["tuned.toml"]  # no temporary left


def test_save_refuses_a_file_changed_on_disk(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["config_error"])
    c.ok("set_params", params={"layout": {"spacing": 45}})
    # An outside edit the daemon has not loaded (it does not validate, so it stays unloaded).
    edited = daemon.config.read_bytes().replace(b"cards = 11", b"cards = 11 # mine\nbroken = ")
    daemon.config.write_bytes(edited)
    c.event("config_error")
    reply = c.request("save")
    assert not reply["ok"] and reply["error"]["code"] == "conflict"
    assert "changed on disk" in reply["error"]["message"] and "nothing was written" in reply["error"]["message"]
    assert daemon.config.read_bytes() == edited
    assert sorted(p.name for p in daemon.config.parent.iterdir()) == ["cardstack.toml"]
    result = daemon.cli("save", check=False)
    assert result.returncode == 1 and "conflict" in result.stderr
    assert c.ok("get_params")["params"]["layout"]["spacing"] == 45  # still in force


def test_save_refuses_a_kubernetes_configmap(make_daemon, tmp_path):
    d = make_daemon(config_text=False, start=False)
    conf = d.config.parent
    (conf / "..2026_11_23_00_00_00.1").mkdir()
    (conf / "..2026_11_23_00_00_00.1" / "cardstack.toml").write_bytes(DEFAULT_CONFIG.read_bytes())
    os.symlink("..2026_11_23_00_00_00.1", conf / "..data")
    os.symlink("..data/cardstack.toml", d.config)
    d.start()
    c = d.client()
    c.ok("set_params", params={"layout": {"spacing": 45}})
    reply = c.request("save")
    assert not reply["ok"] and reply["error"]["code"] == "invalid_argument"
    assert "managed elsewhere" in reply["error"]["message"] and "ConfigMap" in reply["error"]["message"]
    assert d.config.read_bytes() == DEFAULT_CONFIG.read_bytes()


def test_history_undo_redo_across_saves_and_set(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params"])

    def spacing():
        return c.ok("get_params")["params"]["layout"]["spacing"]

    c.ok("set_params", params={"layout": {"spacing": 40}})          # rev 2
    c.ok("save")
    saved(c, 2)                                                      # rev 3, file
    c.ok("set_params", params={"layout": {"spacing": 50}})          # rev 4
    h = c.ok("history")
    # The save's reload takes the row of the set it saved: no row that changes nothing.
    assert [(e["revision"], e["source"], e["changed"]) for e in h["entries"]] == [
        (1, "file", []), (3, "file", ["layout.spacing"]), (4, "set", ["layout.spacing"])]
    assert [e["current"] for e in h["entries"]] == [False, False, True]
    assert h["can_undo"] and not h["can_redo"]
    assert all(e["time"] > 1.7e9 for e in h["entries"])

    undone = c.ok("undo")                                            # rev 5: back to 40 (the save)
    assert undone["source"] == "undo" and undone["revision"] == 5 and undone["params"]["layout"]["spacing"] == 40
    e = c.event("params", where=lambda e: e["revision"] == 5)
    assert e["source"] == "undo"
    assert c.ok("undo")["params"]["layout"]["spacing"] == 30       # rev 6: the first file
    reply = c.request("undo")
    assert not reply["ok"] and reply["error"]["code"] == "invalid_argument" and "nothing to undo" in reply["error"]["message"]
    assert c.ok("redo")["params"]["layout"]["spacing"] == 40       # rev 7
    assert c.ok("redo")["params"]["layout"]["spacing"] == 50       # rev 8
    assert not c.request("redo")["ok"]
    assert c.ok("undo")["params"]["layout"]["spacing"] == 40       # rev 9
    h = c.ok("history")
    assert [(e["revision"], e["source"]) for e in h["entries"]][-5:] == [
        (5, "undo"), (6, "undo"), (7, "undo"), (8, "undo"), (9, "undo")]
    assert h["entries"][-1]["changed"] == ["layout.spacing"] and h["can_redo"]

    # A set after an undo starts a new branch: nothing to redo.
    c.ok("set_params", params={"layout": {"m34": -0.001}})          # rev 10
    assert spacing() == 40
    assert not c.ok("history")["can_redo"] and not c.request("redo")["ok"]
    assert c.ok("undo")["params"]["layout"]["m34"] == -0.0005      # back to 40 with the file's m34

    # An undone set saved: the file gets it, and the save starts a new branch too.
    c.ok("redo")
    c.ok("undo")
    c.ok("undo")                                                     # spacing 30 in force
    assert spacing() == 30
    revision = c.ok("get_params")["revision"]
    c.ok("save")
    saved(c, revision)
    assert b"spacing = 30.0\n" in daemon.config.read_bytes() and spacing() == 30
    assert not c.ok("history")["can_redo"]

    table = daemon.cli("history").stdout.splitlines()
    assert table[0].split() == ["rev", "source", "time", "changed"]
    assert any(l.startswith("*") for l in table) and table[-1].startswith("undo: no")
    assert any("layout.spacing" in l and " set " in l for l in table)


def test_history_keeps_the_last_100(daemon):
    c = daemon.client()
    # Each its own drag (a burst of plain sets from one connection would be one entry).
    for i in range(105):
        c.ok("set_params", params={"layout": {"spacing": 31 + i}}, gesture=f"drag-{i}")
    h = c.ok("history")
    assert len(h["entries"]) == 100 and h["entries"][-1]["revision"] == 106 and h["entries"][0]["revision"] == 7
    for _ in range(99):
        c.ok("undo")
    assert c.ok("get_params")["params"]["layout"]["spacing"] == 31 + 5
    assert not c.request("undo")["ok"]


def test_presets_leave_nothing_of_the_previous_style(make_daemon, tmp_path):
    xdg = tmp_path / "xdg"
    (xdg / "cardstack" / "presets").mkdir(parents=True)
    (xdg / "cardstack" / "presets" / "mine.toml").write_text('[layout]\nstyle = "rotary"\n')
    (xdg / "cardstack" / "presets" / "coverflow.toml").write_text('[layout]\nstyle = "coverflow"\ncards = 7\n')
    d = make_daemon(env={"XDG_CONFIG_HOME": str(xdg)})
    c = d.client()
    # Pin everything a style could leave behind.
    c.ok("set_params", params={
        "layout": {"flip_range": [1.0, 1.3], "m34": -0.001, "wrap": False, "scale_step": 0.2},
        "card": {"anchor": [0.2, 0.8], "titles": ["a", "b"]},
        "carousel": {"tilt": 0.3, "fade_range": 3},
    })
    result = c.ok("preset", name="switcher7")
    assert result["source"] == "preset" and result["params"] == preset_params("switcher7")
    assert c.ok("get_params")["params"] == preset_params("switcher7")
    assert c.ok("preset", name="stack")["params"] == preset_params("stack")
    # $XDG_CONFIG_HOME wins over the source tree's presets; a preset's missing keys take the
    # style's defaults (rotary: wrap on, anchor in the middle).
    assert c.ok("preset", name="coverflow")["params"] == resolved('[layout]\nstyle = "coverflow"\ncards = 7\n', tmp_path)
    mine = c.ok("preset", name="mine")["params"]
    assert mine == resolved('[layout]\nstyle = "rotary"\n', tmp_path)
    assert mine["layout"]["wrap"] is True and mine["card"]["anchor"] == [0.5, 0.5]
    listed = c.ok("preset", list=True)
    names = {p["name"]: p["path"] for p in listed["presets"]}
    assert names["mine"].startswith(str(xdg)) and names["coverflow"].startswith(str(xdg))
    assert names["zoom_flow"] == str(REPO / "Config" / "presets" / "zoom_flow.toml")
    assert listed["directories"][0] == str(xdg / "cardstack" / "presets")
    out = d.cli("preset", "--list").stdout
    assert "mine" in out and "switcher9" in out
    reply = c.request("preset", name="nope")
    assert not reply["ok"] and reply["error"]["code"] == "invalid_argument" and "known presets:" in reply["error"]["message"]
    assert not c.request("preset", name="../x")["ok"]
    # Saved, the file gives exactly the preset's parameters.
    c.ok("subscribe", events=["params"])
    c.ok("preset", name="switcher9")
    revision = c.ok("get_params")["revision"]
    c.ok("save")
    e = saved(c, revision)
    assert e["params"] == preset_params("switcher9")


def test_style_switches_give_the_new_style_its_defaults(daemon, tmp_path):
    c = daemon.client()
    c.ok("subscribe", events=["params"])
    for style in ("coverflow", "rotary", "switcher9", "flip", "stack"):
        got = c.ok("set_params", params={"layout": {"style": style}})["params"]
        assert got == resolved(f'[layout]\nstyle = "{style}"\n', tmp_path), style
    # A saved style change in the file does the same.
    text = daemon.config.read_text().replace('style = "stack"', 'style = "linear"')
    daemon.config.write_text(text)
    e = c.event("params", where=lambda e: e["params"]["layout"]["style"] == "linear")
    assert e["params"] == resolved('[layout]\nstyle = "linear"\n', tmp_path)
    assert e["params"]["layout"]["wrap"] is False and e["params"]["card"]["anchor"] == [0.5, 0.5]


def test_built_in_defaults_equal_the_shipped_file():
    for offset in ("0", "15", "-44.5", "1000"):
        def frame(*extra):
            result = subprocess.run([str(BIN / "cardstack"), "frame", f"--offset={offset}", *extra],
                                    capture_output=True, text=True, timeout=30)
            assert result.returncode == 0, result.stderr
            return json.loads(result.stdout)
        assert frame() == frame("--config", str(DEFAULT_CONFIG))
    exported = subprocess.run([str(BIN / "cardstack"), "export", "--format", "json", "--config", str(DEFAULT_CONFIG)],
                              capture_output=True, text=True, timeout=30).stdout
    assert "wrap" in exported and "\nwrap = " not in DEFAULT_CONFIG.read_text()
    assert "\nanchor = " not in DEFAULT_CONFIG.read_text()


def test_viewer_keys_save_undo_redo_are_bound():
    result = subprocess.run([str(BIN / "cardstack"), "view", "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0
    assert "write the values in force into the file (save)" in result.stdout
    assert "undo the last parameter change (undo)" in result.stdout
