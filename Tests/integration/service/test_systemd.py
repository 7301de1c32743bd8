"""systemd integration without systemd as PID 1: sd_notify to our own datagram socket,
socket activation through systemd-socket-activate, the units through systemd-analyze, and
`make install` into a DESTDIR."""
import os
import signal
import subprocess

import pytest

from harness import BIN, REPO, Client, Daemon, NotifyListener, wait_for


def fields(message):
    return dict(line.split("=", 1) for line in message.splitlines())


@pytest.mark.parametrize("abstract", [False, True])
def test_notify_ready_reload_status_watchdog_stopping(tmp_path, abstract):
    address = f"\0cardstack-test-{os.getpid()}" if abstract else str(tmp_path / "notify.sock")
    listener = NotifyListener(address)
    env = {"NOTIFY_SOCKET": "@" + address[1:] if abstract else address, "WATCHDOG_USEC": "400000"}
    d = Daemon(tmp_path / "d", env=env)
    ready = fields(listener.expect(lambda m: "READY=1" in m, what="READY=1"))
    assert ready["STATUS"].startswith("revision 1 · ")
    listener.expect(lambda m: m == "WATCHDOG=1", what="WATCHDOG=1")

    d.proc.send_signal(signal.SIGHUP)
    reloading = fields(listener.expect(lambda m: "RELOADING=1" in m, what="RELOADING=1 on SIGHUP"))
    assert int(reloading["MONOTONIC_USEC"]) > 0
    assert "revision 2" in fields(listener.expect(lambda m: "READY=1" in m))["STATUS"]

    d.config.write_text(d.config.read_text().replace("spacing = 30.0", "spacing = 33.0"))
    listener.expect(lambda m: "RELOADING=1" in m, what="RELOADING=1 on a save")
    assert "revision 3" in fields(listener.expect(lambda m: "READY=1" in m))["STATUS"]

    d.config.write_text("[layout]\nspacing = -1\n")
    status = listener.expect(lambda m: "config error" in m, what="a STATUS with the error")
    assert "line 2, column 11: layout.spacing must be > 0, got -1" in status

    c = d.client()
    listener.expect(lambda m: "1 client" in m, what="the client count")
    c.close()
    assert d.stop() == 0
    listener.expect(lambda m: m == "STOPPING=1", what="STOPPING=1")


def test_nothing_is_sent_without_notify_socket(daemon):
    assert daemon.client().ok("ping") == {}  # and no crash from the missing variable


def test_socket_activation(tmp_path):
    listener = NotifyListener(str(tmp_path / "notify.sock"))
    d = Daemon(tmp_path / "d", start=False)
    sock = tmp_path / "activated.sock"
    proc = subprocess.Popen(
        ["systemd-socket-activate", "-l", str(sock), "--fdname=cardstackd", "-E", "NOTIFY_SOCKET",
         str(BIN / "cardstackd"), "--config", str(d.config), "--socket", str(tmp_path / "unused.sock")],
        env=dict(os.environ, NOTIFY_SOCKET=str(tmp_path / "notify.sock")),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        # The file appears at bind(), before listen(): until then a connection is refused.
        def connected():
            try:
                return Client(sock, timeout=20)
            except (FileNotFoundError, ConnectionRefusedError):
                return None

        # The first connection starts the daemon, which adopts the listening socket.
        c = wait_for(connected, timeout=20, what="the activation socket to listen")
        assert c.hello["event"] == "hello"
        assert c.ok("ping") == {}
        listener.expect(lambda m: "READY=1" in m, what="READY=1")
        assert not (tmp_path / "unused.sock").exists()
        proc.send_signal(signal.SIGTERM)
        assert c.read()["event"] == "bye"
        assert proc.wait(5) == 0
        assert sock.exists()  # not ours to remove
        # The log names the socket it was given, not the --socket it ignored.
        log = proc.stdout.read().decode()
        assert f"listening on {sock}, the socket systemd passed (fd 3)" in log, log
        ours = "\n".join(line for line in log.splitlines() if line.startswith("cardstackd:"))
        assert "socket passed by systemd" in ours and "unused.sock" not in ours, log
    finally:
        proc.kill()


def units_with_binary(tmp_path):
    out = tmp_path / "units"
    (out / "user").mkdir(parents=True)
    for unit in ["cardstackd.service", "cardstackd.socket", "user/cardstackd.service", "user/cardstackd.socket"]:
        text = (REPO / "systemd" / unit).read_text().replace("/usr/local/bin/cardstackd", str(BIN / "cardstackd"))
        (out / unit).write_text(text)
    return out


def test_units_verify_without_warnings(tmp_path):
    units = units_with_binary(tmp_path)
    r = subprocess.run(["systemd-analyze", "verify", "--man=no", "./cardstackd.socket", "./cardstackd.service"],
                       cwd=units, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr.strip() == "" and r.stdout.strip() == "", r.stderr
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    r = subprocess.run(["systemd-analyze", "--user", "verify", "--man=no", "./cardstackd.socket", "./cardstackd.service"],
                       cwd=units / "user", capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)))
    assert r.returncode == 0 and r.stderr.strip() == "", r.stderr


def test_the_system_unit_is_hardened(tmp_path):
    units = units_with_binary(tmp_path)
    r = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", "./cardstackd.service"],
                       cwd=units, capture_output=True, text=True, timeout=60)
    line = [l for l in r.stdout.splitlines() if "Overall exposure level" in l][0]
    score = float(line.split(":")[1].split()[0])
    assert score <= 1.0, line


def test_make_install_lays_out_the_tree(tmp_path):
    dest = tmp_path / "root"
    r = subprocess.run(["make", "--no-print-directory", "install", f"DESTDIR={dest}", "PREFIX=/usr/local", "BUILD=debug",
                        ], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    expected = [
        "usr/local/bin/cardstackd", "usr/local/bin/cardstack",
        "usr/local/lib/systemd/system/cardstackd.service", "usr/local/lib/systemd/system/cardstackd.socket",
        "usr/local/lib/systemd/user/cardstackd.service", "usr/local/lib/systemd/user/cardstackd.socket",
        "etc/cardstack/cardstack.toml", "usr/local/share/cardstack/presets/stack.toml",
        "usr/local/share/doc/cardstack/README.md",
    ]
    for path in expected:
        assert (dest / path).is_file(), path
    assert os.access(dest / "usr/local/bin/cardstackd", os.X_OK)
    service = (dest / "usr/local/lib/systemd/system/cardstackd.service").read_text()
    assert "ExecStart=/usr/local/bin/cardstackd --config /etc/cardstack/cardstack.toml" in service
    # An edited parameter file is never overwritten.
    conf = dest / "etc/cardstack/cardstack.toml"
    conf.write_text("# mine\n")
    r = subprocess.run(["make", "--no-print-directory", "install", f"DESTDIR={dest}", "BUILD=debug",
                        ], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and conf.read_text() == "# mine\n"
    # And a different PREFIX lands in the units.
    other = tmp_path / "opt"
    subprocess.run(["make", "--no-print-directory", "install", f"DESTDIR={other}", "PREFIX=/opt/cardstack", "BUILD=debug",
                    ], cwd=REPO, check=True, capture_output=True, timeout=600)
    user = (other / "opt/cardstack/lib/systemd/user/cardstackd.service").read_text()
    assert "ExecStart=/opt/cardstack/bin/cardstackd" in user


def test_make_deb_refuses_binaries_that_need_the_swift_toolchain(tmp_path):
    """The debug build loads libswiftCore.so and friends: no package of it, and a way out."""
    r = subprocess.run(["sh", "packaging/make-deb.sh"], cwd=REPO, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, BUILD="debug", VERSION="0.0.0", OUT=str(tmp_path)))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "needs the Swift toolchain's" in r.stderr and "libswiftCore.so" in r.stderr, r.stderr
    assert "make release (swift build -c release --static-swift-stdlib), then make deb again" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_logs_under_journald_carry_priorities_and_no_timestamps(tmp_path):
    d = Daemon(tmp_path / "d", env={"JOURNAL_STREAM": "8:12345"})
    d.config.write_text("[layout]\nspacing = -1\n")
    wait_for(lambda: "<3>" in d.log_text(), what="an error line")
    assert d.stop() == 0
    lines = d.log_text().splitlines()
    assert lines and all(line[:3] in ("<2>", "<3>", "<4>", "<5>", "<6>", "<7>") for line in lines), lines
    assert any(line.startswith("<6>listening on ") for line in lines)
    assert any(line.startswith("<3>") and "line 2, column 11" in line for line in lines)
    assert "\x1b[" not in d.log_text()
