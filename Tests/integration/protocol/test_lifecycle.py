"""Starting, stopping and socket safety of the real daemon."""
import os
import resource
import select
import signal
import socket
import stat
import subprocess
import time

import pytest

from harness import BIN, cpu_ticks, small_buffer_socket, unread_bytes, wait_for


def test_socket_and_directory_modes(daemon):
    assert stat.S_IMODE(os.stat(daemon.socket.parent).st_mode) == 0o700
    assert stat.S_IMODE(os.lstat(daemon.socket).st_mode) == 0o600


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stop_says_bye_to_every_client_and_exits_0(daemon, sig):
    clients = [daemon.client() for _ in range(3)]
    clients[0].ok("subscribe")
    clients[0].ok("fling", velocity=5000)  # stopping in the middle of an animation
    assert daemon.stop(sig) == 0
    for c in clients:
        while True:
            message = c.read()
            if message.get("event") == "bye":
                assert message["reason"] == "the daemon is stopping"
                break
    assert not daemon.socket.exists()
    assert "stopped" in daemon.log_text()
    # The parameter watcher and the SIGHUP thread ended before the daemon exited.
    assert f"stopped watching {daemon.config}" in daemon.log_text()


def test_a_second_daemon_on_a_live_socket_refuses_to_start(make_daemon, daemon):
    c = daemon.client()
    r = subprocess.run(daemon.command(), capture_output=True, text=True, timeout=20)
    assert r.returncode == 1
    assert f"another cardstackd is already listening on {daemon.socket}" in r.stderr
    assert c.ok("ping") == {}  # the first one still serves
    assert daemon.socket.exists()


def test_a_stale_socket_is_replaced(make_daemon):
    d = make_daemon(start=False)
    d.socket.parent.mkdir(mode=0o700, parents=True)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(d.socket))
    stale.close()  # the file stays, nobody listens: a crashed daemon's leftover
    d.start()
    assert d.client().ok("ping") == {}


def test_a_file_in_the_way_is_not_deleted(make_daemon):
    d = make_daemon(start=False)
    d.socket.parent.mkdir(mode=0o700, parents=True)
    d.socket.write_text("precious")
    r = subprocess.run(d.command(), capture_output=True, text=True, timeout=20)
    assert r.returncode == 1 and "is not a socket" in r.stderr
    assert d.socket.read_text() == "precious"


def test_sigkill_leaves_a_socket_the_next_daemon_takes_over(make_daemon):
    d = make_daemon()
    d.stop(signal.SIGKILL)
    assert d.socket.exists()
    d.start()
    assert d.client().ok("ping") == {}


def test_help_explains(tmp_path):
    out = subprocess.run([str(BIN / "cardstackd"), "--help"], capture_output=True, text=True).stdout
    for words in ("--config", "--socket", "SIGHUP", "XDG_RUNTIME_DIR", "config_error"):
        assert words in out
    out = subprocess.run([str(BIN / "cardstack"), "--help"], capture_output=True, text=True).stdout
    for words in ("get", "set", "scroll", "fling", "watch", "snapshot", "frame"):
        assert words in out


def test_cli_without_a_daemon_says_where_it_looked(tmp_path):
    r = subprocess.run([str(BIN / "cardstack"), "get", "state"], capture_output=True, text=True,
                       env=dict(os.environ, CARDSTACK_SOCKET=str(tmp_path / "none.sock")), timeout=20)
    assert r.returncode == 1
    assert f"no cardstackd is listening on {tmp_path / 'none.sock'} (from $CARDSTACK_SOCKET)" in r.stderr


def line_reader(process):
    """A function giving the next line `process` prints, within a timeout in seconds: a test
    fails, it does not hang."""
    buffer = b""

    def next_line(timeout):
        nonlocal buffer
        deadline = time.monotonic() + timeout
        while b"\n" not in buffer:
            ready, _, _ = select.select([process.stdout], [], [], max(deadline - time.monotonic(), 0))
            assert ready, f"no line in {timeout} s"
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            assert chunk, "the process ended"
            buffer += chunk
        line, buffer = buffer.split(b"\n", 1)
        return line.decode()
    return next_line


def test_cli_round_trip(daemon, tmp_path):
    assert '"offset":15' in daemon.cli("scroll", "15").stdout
    r = daemon.cli("set", "spacing=-1", check=False)
    assert r.returncode == 1 and "layout.spacing must be > 0, got -1" in r.stderr
    assert '"spacing":40' in daemon.cli("set", "spacing=40").stdout
    svg = tmp_path / "frame.svg"
    daemon.cli("snapshot", "--svg", str(svg))
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<polygon") == 11
    watch = subprocess.Popen([str(BIN / "cardstack"), "watch", "--events", "params,frame", "--socket",
                              str(daemon.socket)], stdout=subprocess.PIPE)
    read_line = line_reader(watch)
    try:
        # The frame in force comes right after the watcher's subscribe: from then on it
        # gets every params event.
        assert '"event":"frame"' in read_line(10)
        daemon.cli("set", "scale_step=0.2")
        line = read_line(10)
        while '"event":"frame"' in line:
            line = read_line(10)
        assert '"event":"params"' in line and '"scale_step":0.2' in line
    finally:
        watch.send_signal(signal.SIGINT)
        assert watch.wait(5) == 0


def test_stop_is_prompt_even_with_a_client_that_never_reads(daemon):
    lazy = small_buffer_socket(daemon.socket, receive_buffer=2048)
    lazy.sendall(b'{"cmd":"subscribe"}\n' + b'{"cmd":"get_frame"}\n' * 200)
    c = daemon.client()
    c.ok("set_params", params={"animation": {"fps": 240}})
    c.ok("fling", velocity=50000)
    # The daemon has written a good part of what the lazy client asked for, and it reads none.
    wait_for(lambda: unread_bytes(lazy) >= 32 * 1024, timeout=10, what="the lazy client's socket to fill")
    # stop() kills after 5 s and then reports the kill, so 0 means it ended by itself.
    assert daemon.stop() == 0


def test_out_of_descriptors_it_keeps_serving_and_accepts_again_later(daemon):
    pid = daemon.proc.pid
    # The watcher starts beside the listening socket: count the descriptors once it has.
    wait_for(lambda: "for changes" in daemon.log_text(), what="the watcher to start")
    used = len(os.listdir(f"/proc/{pid}/fd"))
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (used + 5, used + 5))
    first = daemon.client()
    extra = []
    for _ in range(20):  # more than the daemon can take
        s = socket.socket(socket.AF_UNIX)
        s.connect(str(daemon.socket))
        extra.append(s)
    wait_for(lambda: "cannot accept a client" in daemon.log_text(), what="the accept error in the log")
    assert first.ok("ping") == {}
    # Waiting for descriptors costs next to nothing (a retry every 100 ms) and is logged
    # once, not at every retry.
    before, logged = cpu_ticks(pid), daemon.log_text().count("cannot accept a client")
    time.sleep(1)
    assert cpu_ticks(pid) - before <= 5
    # Ten retries passed. A descriptor the runtime frees meanwhile lets one more client in,
    # and running out again is a new episode, logged once after "accepting clients again":
    # so every error line but the first follows a line saying the daemon accepts again.
    log = daemon.log_text()
    assert log.count("cannot accept a client") == log.count("accepting clients again") + 1, log
    assert log.count("cannot accept a client") <= logged + 1, log
    for s in extra:
        s.close()
    first.close()
    wait_for(lambda: "accepting clients again" in daemon.log_text(), what="accepting again")
    later = daemon.client()
    assert later.ok("ping") == {}



def test_idle_means_no_thread_wakes_up(daemon):
    # No timers and no polling: with subscribers connected and nothing moving, no thread of
    # the daemon runs at all (libdispatch's once-a-second pool monitor included).
    clients = [daemon.client() for _ in range(10)]
    for c in clients:
        c.ok("subscribe")
    for c in clients:
        c.event("frame")  # the current frame, sent right after the reply

    def switches():
        counts = {}
        for tid in os.listdir(f"/proc/{daemon.proc.pid}/task"):
            try:
                status = open(f"/proc/{daemon.proc.pid}/task/{tid}/status").read()
            except FileNotFoundError:
                continue
            counts[tid] = sum(int(line.split()[1]) for line in status.splitlines() if "ctxt_switches" in line)
        return counts

    # Settled: the work of the subscriptions (and of starting up) is done once no thread
    # switches for half a second; then three seconds must pass with none.
    def settled():
        first = switches()
        time.sleep(0.5)
        return switches() == first
    wait_for(settled, timeout=30, interval=0, what="the daemon to settle after the subscriptions")
    before = switches()
    time.sleep(3)  # the span observed, not a wait for something
    after = switches()
    woke = {tid: after[tid] - before[tid] for tid in before.keys() & after.keys() if after[tid] != before[tid]}
    assert woke == {}, f"threads woke while idle: {woke}"


def test_the_daemons_threads_carry_their_names(daemon):
    """The accept, SIGHUP and inotify threads are named within Linux's 15 bytes, so `top -H`,
    gdb and /proc show them (a longer name never reaches the kernel)."""
    def names():
        found = []
        for tid in os.listdir(f"/proc/{daemon.proc.pid}/task"):
            try:
                found.append(open(f"/proc/{daemon.proc.pid}/task/{tid}/comm").read().strip())
            except FileNotFoundError:
                continue
        return found
    wanted = ["cstack-accept", "cstack-inotify", "cstack-sighup"]
    wait_for(lambda: all(n in names() for n in wanted), timeout=10, what=f"threads named {wanted}")
    assert sorted(n for n in names() if n in wanted) == wanted
