"""What a new user meets first: `make run`, typing commands as they come to mind, files that
are not where they should be, and the socket path. The real binaries and the real daemon."""
import json
import os
import subprocess

import pytest

from harness import BIN, DEFAULT_CONFIG, REPO, Daemon, wait_for


def cardstack(*args, env=None, timeout=10):
    return subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))


def settled(daemon):
    return wait_for(lambda: (s := json.loads(daemon.cli("get", "state").stdout)) and not s["animating"] and s,
                    timeout=10, what="the stack to settle")


def test_negative_numbers_work_as_typed(daemon):
    daemon.cli("scroll", "45")
    assert json.loads(daemon.cli("scroll", "-15").stdout) == {"offset": 30}
    assert json.loads(daemon.cli("scroll", "--to", "-30").stdout) == {"offset": 300}  # wraps: 11 cards of 30
    assert json.loads(daemon.cli("scroll", "-1e1").stdout) == {"offset": 290}
    target = json.loads(daemon.cli("fling", "-2000").stdout)["target"]
    assert target % 30 == 0 and 0 <= target < 330  # onto a card, wrapped into the deck
    assert settled(daemon)["offset"] == target


def test_signed_number_mistakes_are_explained(daemon):
    r = daemon.cli("scroll", "-x", check=False)
    assert r.returncode == 64 and "-x: unknown option or not a number" in r.stderr, r.stderr
    r = daemon.cli("fling", check=False)
    assert r.returncode == 64 and "give a velocity in points per second" in r.stderr, r.stderr
    r = daemon.cli("scroll", "1", "2", check=False)
    assert r.returncode == 64 and "expected one amount, got 1 2" in r.stderr, r.stderr
    r = daemon.cli("scroll", "-15", "--to", "3", check=False)
    assert r.returncode == 64 and "give either an amount" in r.stderr, r.stderr


def test_set_suggests_the_nearest_key(daemon):
    r = daemon.cli("set", "spacng=40", check=False)
    assert r.returncode == 64
    assert "unknown key spacng (did you mean layout.spacing?)" in r.stderr, r.stderr
    assert "viewport.width" not in r.stderr  # no dump of every key
    r = daemon.cli("set", "zzzzzzzz=1", check=False)
    assert r.returncode == 64 and "unknown key zzzzzzzz (`cardstack get params` shows every key)" in r.stderr, r.stderr
    # A full name with a typo reaches the daemon, which suggests as it does for files.
    r = daemon.cli("set", "layout.spacng=40", check=False)
    assert r.returncode == 1 and "did you mean spacing?" in r.stderr, r.stderr


def test_a_mistyped_command_is_named(daemon):
    r = cardstack("veiw")
    assert r.returncode == 64
    assert r.stderr.startswith("cardstack: unknown command 'veiw' (did you mean view?); the commands are view, get,"), r.stderr
    r = cardstack("xyzzy", "1")
    assert r.returncode == 64 and "unknown command 'xyzzy';" in r.stderr, r.stderr
    assert cardstack("help", "scroll").returncode == 0
    assert cardstack("--version").returncode == 0


@pytest.mark.parametrize("env, expected", [
    ({"CARDSTACK_SOCKET": "/tmp/x/y.sock", "XDG_RUNTIME_DIR": "/run/user/7"}, "/tmp/x/y.sock"),
    ({"XDG_RUNTIME_DIR": "/run/user/7"}, "/run/user/7/cardstack/cardstackd.sock"),
    ({}, f"/tmp/cardstack-{os.getuid()}/cardstackd.sock"),
])
def test_socket_prints_the_path_in_use(env, expected):
    clean = {k: v for k, v in os.environ.items() if k not in ("CARDSTACK_SOCKET", "XDG_RUNTIME_DIR")}
    r = subprocess.run([str(BIN / "cardstack"), "socket"], capture_output=True, text=True, env=dict(clean, **env))
    assert r.returncode == 0 and r.stdout == expected + "\n"
    r = subprocess.run([str(BIN / "cardstack"), "socket", "--socket", "/a.sock"], capture_output=True, text=True, env=clean)
    assert r.stdout == "/a.sock\n"


def test_the_readmes_socat_example_works_without_xdg_runtime_dir(daemon):
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    env["CARDSTACK_SOCKET"] = str(daemon.socket)
    r = subprocess.run(["sh", "-c", """echo '{"id":1,"cmd":"get_state"}' | socat - UNIX-CONNECT:"$(%s socket)" """ % (BIN / "cardstack")],
                       capture_output=True, text=True, env=env, timeout=10)
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert lines[0]["event"] == "hello" and lines[1]["result"]["cards"] == 11, r.stdout + r.stderr
    assert "cardstack socket" in subprocess.run([str(BIN / "cardstackd"), "--help"], capture_output=True, text=True).stdout


def test_a_directory_is_no_parameter_file(tmp_path):
    r = subprocess.run([str(BIN / "cardstackd"), "--config", str(tmp_path), "--socket", str(tmp_path / "s.sock")],
                       capture_output=True, text=True, timeout=10)
    assert r.returncode == 1
    assert f"{tmp_path} is a directory; --config names the parameter file itself" in r.stderr, r.stderr
    assert not (tmp_path / "s.sock").exists()
    r = cardstack("frame", "--config", str(tmp_path))
    assert r.returncode == 1 and f"{tmp_path} is a directory, not a parameter file" in r.stderr, r.stderr


def test_the_missing_file_hint_names_the_installed_default(tmp_path):
    prefix = tmp_path / "prefix"
    r = subprocess.run(["make", "--no-print-directory", "install", f"PREFIX={prefix}", f"SYSCONFDIR={tmp_path / 'etc'}",
                        "BUILD=debug"], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    installed = prefix / "share/cardstack/cardstack.toml"
    assert installed.read_text() == DEFAULT_CONFIG.read_text()
    wanted = tmp_path / "conf" / "cardstack.toml"
    r = subprocess.run([str(prefix / "bin/cardstackd"), "--config", str(wanted), "--socket", str(tmp_path / "s.sock")],
                       capture_output=True, text=True, timeout=10)
    assert r.returncode == 1
    hint = f"no parameter file at {wanted}. Start from the default: mkdir -p {wanted.parent} && cp {installed} {wanted}"
    assert hint in r.stderr, r.stderr
    # Following the hint works.
    subprocess.run(["sh", "-c", hint.split("Start from the default: ")[1]], check=True)
    d = Daemon(tmp_path / "d", config_text=False, start=False)
    d.config = wanted
    d.start()
    assert d.client().ok("get_params")["path"] == str(wanted)
    assert d.stop() == 0


def test_without_any_file_the_daemon_names_where_it_looked(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CONFIG_HOME",)}
    env["HOME"] = str(tmp_path)
    if os.path.exists("/etc/cardstack/cardstack.toml"):
        pytest.skip("this machine has /etc/cardstack/cardstack.toml, which the daemon would load")
    r = subprocess.run([str(BIN / "cardstackd"), "--socket", str(tmp_path / "s.sock")], capture_output=True, text=True,
                       timeout=10, env=env)
    assert r.returncode == 1
    assert f"looked in {tmp_path}/.config/cardstack/cardstack.toml, /etc/cardstack/cardstack.toml." in r.stderr, r.stderr
    assert "cp " in r.stderr and f"{tmp_path}/.config/cardstack/cardstack.toml" in r.stderr.split("cp ")[1]


def test_a_deleted_file_is_reported_and_its_return_clears_it(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    text = daemon.config.read_text()
    daemon.config.unlink()
    e = c.event("config_error")
    assert e == {"event": "config_error", "path": str(daemon.config), "line": None, "column": None, "key": None,
                 "message": "the file was deleted or moved away; the parameters in force stay until it is back"}
    info = c.ok("get_params")
    assert info["error"]["message"].startswith("the file was deleted") and info["revision"] == 1
    daemon.config.write_text(text)  # back as it was: same revision, no error
    p = c.event("params")
    assert p["revision"] == 1 and p["error"] is None
    assert c.ok("get_params")["error"] is None


def test_get_params_lists_the_values_from_set(daemon):
    c = daemon.client()
    assert c.ok("get_params")["overridden"] == []
    daemon.cli("set", "spacing=40", "card.width=120")
    info = c.ok("get_params")
    assert info["source"] == "set" and info["overridden"] == ["layout.spacing", "card.width"]
    daemon.config.write_text(daemon.config.read_text().replace("spacing = 30.0", "spacing = 31.0"))
    wait_for(lambda: c.ok("get_params")["overridden"] == [], what="a save to drop the overrides")


def test_make_run_refuses_a_socket_another_daemon_holds(daemon):
    # HOME too: make run makes its copy of the default file there.
    env = dict(os.environ, CARDSTACK_SOCKET=str(daemon.socket), HOME=str(daemon.dir), XDG_CONFIG_HOME=str(daemon.dir / "xdg"))
    r = subprocess.run(["make", "--no-print-directory", "run"], cwd=REPO, capture_output=True, text=True, env=env,
                       timeout=900, stdin=subprocess.DEVNULL)
    assert r.returncode != 0
    assert f"make run: another cardstackd already listens on {daemon.socket} (parameters from {daemon.config})." in r.stderr, r.stderr
    assert "CARDSTACK_SOCKET=" in r.stderr
    # The other daemon is untouched.
    assert daemon.proc.poll() is None and daemon.client().ok("ping") == {}


def test_a_bad_file_deleted_and_restored_is_still_reported(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    bad = daemon.config.read_text().replace("spacing = 30.0", "spacing = -3.0")
    daemon.config.write_text(bad)
    first = c.event("config_error")
    assert first["message"] == "layout.spacing must be > 0, got -3.0"
    daemon.config.unlink()
    assert c.event("config_error")["message"].startswith("the file was deleted")
    daemon.config.write_text(bad)  # the same bad content again: its error, not a clean bill
    assert c.event("config_error") == first
    assert c.ok("get_params")["error"] == {k: v for k, v in first.items() if k != "event"}


def test_get_says_the_same_on_its_quick_path_as_through_the_parser(daemon, tmp_path):
    """`cardstack get …` with only the plain options is read without the argument parser (for
    start-up time); `--socket=PATH`, and anything else, goes through the parser. Both answer
    alike, and a mistake is the parser's to explain."""
    sock = str(daemon.socket)
    for what in ("params", "frame", "state"):
        quick = cardstack("get", what, "--socket", sock, "--timeout", "3")
        parsed = cardstack("get", what, f"--socket={sock}", "--timeout=3")
        assert quick.returncode == parsed.returncode == 0
        if what != "state":  # uptime and frames_sent move between the two
            assert quick.stdout == parsed.stdout
        assert json.loads(quick.stdout).keys() == json.loads(parsed.stdout).keys()
    pretty = cardstack("get", "params", "-s", sock, "--pretty").stdout
    assert pretty and pretty == cardstack("get", "params", f"--socket={sock}", "--pretty").stdout
    missing = str(tmp_path / "none.sock")
    quick, parsed = cardstack("get", "state", "--socket", missing), cardstack("get", "state", f"--socket={missing}")
    assert quick.returncode == parsed.returncode == 1 and quick.stderr == parsed.stderr and missing in quick.stderr
    for wrong in (["get", "state", "--timeout", "-1", "--socket", sock], ["get", "stat", "--socket", sock],
                  ["get", "state", "--socket"]):
        r = cardstack(*wrong)
        assert r.returncode != 0 and ("Error" in r.stderr or "Usage" in r.stderr), (wrong, r.stderr)
