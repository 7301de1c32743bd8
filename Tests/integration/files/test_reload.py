"""Live reload through libinotifytools, with the tools people really save files with."""
import os
import signal
import subprocess
import time

import pytest

from harness import BIN, DEFAULT_CONFIG, PATIENT, RELOADS, subscribed, wait_for

BASE = DEFAULT_CONFIG.read_text()


def with_spacing(value):
    return BASE.replace("spacing = 30.0", f"spacing = {value}")


def expect_spacing(c, value, timeout=10):
    e = c.event("params", timeout=timeout)
    assert e["params"]["layout"]["spacing"] == value, e
    return e


def run(*cmd, **kwargs):
    subprocess.run(cmd, check=True, timeout=20, capture_output=True, **kwargs)


def test_vim_saves_by_rename(daemon):
    c = subscribed(daemon, RELOADS)
    # vim's default on Linux: write a new file, backup and rename around it.
    run("vim", "-es", "-u", "NONE", "-c", "set backup writebackup backupcopy=no",
        "-c", "%s/^spacing = 30.0/spacing = 41.0/", "-c", "wq", str(daemon.config))
    expect_spacing(c, 41)
    run("vim", "-es", "-u", "NONE", "-c", "set backupcopy=yes",
        "-c", "%s/^spacing = 41.0/spacing = 42.0/", "-c", "wq", str(daemon.config))
    expect_spacing(c, 42)


def test_sed_in_place(daemon):
    c = subscribed(daemon, RELOADS)
    run("sed", "-i", "s/^spacing = 30.0/spacing = 43.0/", str(daemon.config))
    expect_spacing(c, 43)


def test_ed(daemon):
    c = subscribed(daemon, RELOADS)
    subprocess.run(["ed", "-s", str(daemon.config)], input=",s/^spacing = 30.0/spacing = 44.0/\nw\nq\n",
                   text=True, check=True, timeout=20)
    expect_spacing(c, 44)


def test_cp_over_the_file(daemon, tmp_path):
    c = subscribed(daemon, RELOADS)
    new = tmp_path / "new.toml"
    new.write_text(with_spacing(45.0))
    run("cp", str(new), str(daemon.config))
    expect_spacing(c, 45)


def test_atomic_rename_from_a_temp_file(daemon):
    c = subscribed(daemon, RELOADS)
    tmp = daemon.config.with_name(".cardstack.toml.tmp")
    tmp.write_text(with_spacing(46.0))
    os.rename(tmp, daemon.config)
    expect_spacing(c, 46)


def test_truncate_then_write_in_two_steps(make_daemon):
    daemon = make_daemon(env=PATIENT)  # the empty moment must not outlast the daemon's window
    c = subscribed(daemon, RELOADS)
    revision = c.ok("get_params")["revision"]
    # `: > file` closes an empty file first; then the content arrives in a second write.
    subprocess.run(f": > '{daemon.config}'; sleep 0.02; cat >> '{daemon.config}'", shell=True,
                   input=with_spacing(47.0), text=True, check=True, timeout=20)
    e = expect_spacing(c, 47)
    assert e["revision"] == revision + 1  # the empty moment never became a revision


def test_truncate_and_write_in_place(daemon):
    c = subscribed(daemon, RELOADS)
    with open(daemon.config, "r+") as f:
        f.truncate(0)
        f.write(with_spacing(48.0))
    expect_spacing(c, 48)


def test_delete_then_recreate(daemon):
    c = subscribed(daemon, RELOADS)
    daemon.config.unlink()
    wait_for(lambda: "was removed" in daemon.log_text(), what="the removal in the log")
    assert c.ok("get_params")["params"]["layout"]["spacing"] == 30  # kept
    daemon.config.write_text(with_spacing(49.0))
    expect_spacing(c, 49)


def test_a_half_written_file_never_becomes_a_revision(daemon):
    c = subscribed(daemon, RELOADS)
    text = with_spacing(50.0).replace("cards = 11", "cards = 12")
    half = len(text) // 2
    with open(daemon.config, "w") as f:
        f.write(text[:half])
        f.flush()
        time.sleep(0.3)  # a slow writer: the daemon must not read the half
        f.write(text[half:])
    # The first reload event is the whole file: no error for the half and no revision of it.
    e = c.event(("params", "config_error"), timeout=10)
    assert e["event"] == "params", e
    assert (e["params"]["layout"]["spacing"], e["params"]["layout"]["cards"]) == (50, 12)
    assert e["revision"] == 2


def test_identical_content_gives_no_revision(daemon):
    c = subscribed(daemon, RELOADS)
    run("cp", str(DEFAULT_CONFIG), str(daemon.config))
    run("sed", "-i", "s/^spacing = 30.0/spacing = 51.0/", str(daemon.config))
    e = expect_spacing(c, 51)
    assert e["revision"] == 2


def test_configmap_style_symlink_swap(make_daemon, tmp_path):
    d = make_daemon(config_text=False, start=False)
    conf = d.config.parent
    (conf / "..v1").mkdir()
    (conf / "..v1" / "cardstack.toml").write_text(with_spacing(52.0))
    os.symlink("..v1", conf / "..data")
    os.symlink("..data/cardstack.toml", d.config)
    d.start()
    c = subscribed(d, RELOADS)
    assert c.ok("get_params")["params"]["layout"]["spacing"] == 52
    (conf / "..v2").mkdir()
    (conf / "..v2" / "cardstack.toml").write_text(with_spacing(53.0))
    os.symlink("..v2", conf / "..data_tmp")
    os.rename(conf / "..data_tmp", conf / "..data")
    subprocess.run(["rm", "-rf", str(conf / "..v1")], check=True)
    expect_spacing(c, 53)
    # And again: the watch follows the new target.
    (conf / "..v3").mkdir()
    (conf / "..v3" / "cardstack.toml").write_text(with_spacing(54.0))
    os.symlink("..v3", conf / "..data_tmp")
    os.rename(conf / "..data_tmp", conf / "..data")
    expect_spacing(c, 54)


def test_symlinked_file_whose_target_moves(make_daemon, tmp_path):
    d = make_daemon(config_text=False, start=False)
    a, b = tmp_path / "dots-a", tmp_path / "dots-b"
    a.mkdir()
    b.mkdir()
    (a / "real.toml").write_text(with_spacing(55.0))
    os.symlink(a / "real.toml", d.config)
    d.start()
    c = subscribed(d, RELOADS)
    # Edited where it really lives (by rename, in the target's directory).
    tmp = a / "real.toml.new"
    tmp.write_text(with_spacing(56.0))
    os.rename(tmp, a / "real.toml")
    expect_spacing(c, 56)
    # The link is pointed at another directory (ln -sf), then that file is edited.
    (b / "real.toml").write_text(with_spacing(57.0))
    run("ln", "-sfn", str(b / "real.toml"), str(d.config))
    expect_spacing(c, 57)
    run("sed", "-i", "s/^spacing = 57.0/spacing = 58.0/", str(b / "real.toml"))
    expect_spacing(c, 58)


def test_a_plain_file_replaced_by_a_symlink_is_followed(make_daemon, tmp_path):
    # Saves of a plain path skip planning the watches again; a symlink put in the file's
    # place must not: the target's directory is watched from then on.
    d = make_daemon(config_text=with_spacing(61.0))
    c = subscribed(d, RELOADS)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "real.toml").write_text(with_spacing(62.0))
    os.symlink(elsewhere / "real.toml", d.config.parent / "link.tmp")
    os.rename(d.config.parent / "link.tmp", d.config)
    expect_spacing(c, 62)
    tmp = elsewhere / "real.toml.new"
    tmp.write_text(with_spacing(63.0))
    os.rename(tmp, elsewhere / "real.toml")
    expect_spacing(c, 63)
    # And back to a plain file, saved by rename twice.
    for value in (64.0, 65.0):
        tmp = d.config.parent / "plain.tmp"
        tmp.write_text(with_spacing(value))
        os.rename(tmp, d.config)
        expect_spacing(c, value)


def test_a_bad_file_keeps_the_last_good_parameters(daemon):
    c = subscribed(daemon, RELOADS)
    daemon.config.write_text(BASE.replace("spacing = 30.0", "spacing = -3.0"))
    e = c.event("config_error")
    line = BASE.splitlines().index("spacing = 30.0") + 1
    assert e["path"] == str(daemon.config)
    assert (e["line"], e["column"], e["key"]) == (line, 11, "layout.spacing")
    assert e["message"] == "layout.spacing must be > 0, got -3.0"
    params = c.ok("get_params")
    assert params["params"]["layout"]["spacing"] == 30 and params["revision"] == 1
    assert params["error"]["line"] == line
    frame = c.ok("get_frame")
    # The front card's anchor (its bottom edge) at rest: viewport centre + half the default card.
    assert frame["cards"][-1]["position"][1] == pytest.approx(333.5 + 200 / 2)
    # A TOML syntax error too.
    daemon.config.write_text("[layout\n")
    e = c.event("config_error")
    assert e["line"] == 1 and "syntax" in e["message"]
    # The log says it once per bad save, and the fix clears the error.
    daemon.config.write_text(with_spacing(59.0))
    e = expect_spacing(c, 59)
    assert e["error"] is None
    assert c.ok("get_params")["error"] is None
    assert daemon.log_text().count("must be > 0, got -3.0") == 1


def test_sighup_reloads_and_drops_client_overrides(daemon):
    c = subscribed(daemon, RELOADS)
    c.ok("set_params", params={"layout": {"spacing": 60}})
    expect_spacing(c, 60)
    daemon.proc.send_signal(signal.SIGHUP)
    e = expect_spacing(c, 30)
    assert e["source"] == "file"


def test_a_missing_file_at_start_is_an_error(tmp_path):
    missing = tmp_path / "nope.toml"
    r = subprocess.run([str(BIN / "cardstackd"), "--config", str(missing), "--socket", str(tmp_path / "s.sock")],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 1
    assert f"no parameter file at {missing}" in r.stderr


def test_an_invalid_file_at_start_runs_on_defaults_until_fixed(make_daemon):
    d = make_daemon(config_text="[layout]\ncards = 0\n")
    c = subscribed(d, RELOADS)
    params = c.ok("get_params")
    assert params["source"] == "defaults" and params["params"]["layout"]["cards"] == 11
    assert params["error"]["message"] == "layout.cards must be an integer in 1...1000000, got 0"
    d.config.write_text("[layout]\ncards = 20\n")
    e = c.event("params")
    assert e["params"]["layout"]["cards"] == 20 and e["source"] == "file"


def test_the_daemon_ignores_other_files_in_the_directory(daemon):
    c = subscribed(daemon, RELOADS)
    for i in range(50):
        (daemon.config.parent / f"other{i}.toml").write_text("x")
    # The watcher takes the directory's changes in order: once a change to the file itself
    # arrives, the fifty before it have been seen, and none of them made a revision.
    daemon.config.write_text(with_spacing(53.0))
    e = c.event(("params", "config_error"), timeout=10)
    assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 53
    assert e["revision"] == 2
    assert not c.events
