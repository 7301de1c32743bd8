"""Saves the way vim makes them (`mv f f~`, write f, `rm f~`), and files that are not files."""
import os
import signal
import subprocess
import time

from harness import PATIENT, RELOADS, next_reload, subscribed

GOOD = "[layout]\nspacing = {}\ncards = 12\n"


def vim_save(path, *parts, pause=0.0):
    """Backup by rename, write the new file (in parts, `pause` apart), remove the backup."""
    backup = path.with_name(path.name + "~")
    os.rename(path, backup)
    with open(path, "w") as f:
        for n, part in enumerate(parts):
            if n:
                time.sleep(pause)
            f.write(part)
            f.flush()
    os.unlink(backup)


def test_every_bad_vim_save_is_reported(make_daemon):
    daemon = make_daemon(env=PATIENT)  # the moment the file is gone must not outlast the window
    c = subscribed(daemon, RELOADS)
    for n in range(15):
        vim_save(daemon.config, GOOD.format(31.0 + n))
        e = next_reload(c)
        assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 31 + n, e
        vim_save(daemon.config, f"[layout]\nspacing = {n} {n}\n")
        e = next_reload(c)
        assert e["event"] == "config_error" and e["line"] == 2, (n, e)
        assert c.ok("get_params")["error"]["line"] == 2


def test_every_empty_vim_save_is_applied(make_daemon):
    daemon = make_daemon(env=PATIENT)  # the moment the file is gone must not outlast the window
    c = subscribed(daemon, RELOADS)
    for n in range(10):
        vim_save(daemon.config, GOOD.format(31.0 + n))
        e = next_reload(c)
        assert e["params"]["layout"]["spacing"] == 31 + n, e
        vim_save(daemon.config)
        e = next_reload(c)
        assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 30, (n, e)


def test_a_file_written_in_two_parts_is_never_half_in_force(make_daemon):
    daemon = make_daemon(env=PATIENT)  # the moment the file is gone must not outlast the window
    c = subscribed(daemon, RELOADS)
    for n in range(10):
        revision = c.ok("get_params")["revision"]
        text = GOOD.format(40.0 + n)
        # The first part alone is a valid file with other values.
        vim_save(daemon.config, text[:20], text[20:], pause=0.05)
        e = next_reload(c)
        assert e["event"] == "params", (n, e)
        assert (e["params"]["layout"]["spacing"], e["params"]["layout"]["cards"]) == (40 + n, 12), (n, e)
        assert e["revision"] == revision + 1, (n, e)


def test_a_fifo_at_start_is_refused_without_blocking(make_daemon):
    d = make_daemon(config_text=False, start=False)
    os.mkfifo(d.config)
    d.start()
    c = d.client()
    error = c.ok("get_params")["error"]
    assert "FIFO" in error["message"], error
    assert c.ok("ping") == {}
    assert d.stop() == 0


def test_a_fifo_renamed_over_the_file_blocks_nothing(daemon):
    c = subscribed(daemon, RELOADS)
    fifo = daemon.config.with_name("pipe")
    os.mkfifo(fifo)
    os.rename(fifo, daemon.config)
    e = next_reload(c)
    assert e["event"] == "config_error" and "FIFO" in e["message"], e
    # SIGHUP and later saves still work.
    daemon.proc.send_signal(signal.SIGHUP)
    assert "FIFO" in next_reload(c)["message"]
    tmp = daemon.config.with_name("new.toml")
    tmp.write_text(GOOD.format(55.0))
    os.rename(tmp, daemon.config)
    e = next_reload(c)
    assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 55, e
    assert daemon.stop() == 0


def test_frame_refuses_a_fifo(tmp_path):
    from harness import BIN
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(fifo)],
                            capture_output=True, text=True, timeout=20)
    assert result.returncode == 1 and "FIFO" in result.stderr, result


def test_a_fifo_made_in_place_is_refused(make_daemon):
    daemon = make_daemon(env=PATIENT)  # the file is gone for a moment twice: not a report of its own
    c = subscribed(daemon, RELOADS)
    daemon.config.unlink()
    os.mkfifo(daemon.config)
    e = next_reload(c)
    assert e["event"] == "config_error" and "FIFO" in e["message"], e
    daemon.config.unlink()
    daemon.config.write_text(GOOD.format(56.0))
    e = next_reload(c)
    assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 56, e
