"""The socket protocol (docs/protocol.md) against the real daemon, with Python sockets and socat."""
import json
import os
import pathlib
import socket
import subprocess
import tempfile
import threading
import time

import pytest

from harness import cpu_ticks, read_through_reply, small_buffer_socket, wait_for


def test_hello_comes_first(daemon):
    c = daemon.client()
    assert c.hello == {"event": "hello", "protocol": 1, "server": "cardstackd", "version": "0.1.0", "revision": 1}


def test_socat_one_shot(daemon):
    out = subprocess.run(
        ["socat", "-", f"UNIX-CONNECT:{daemon.socket}"], input='{"id":7,"cmd":"ping"}\n',
        capture_output=True, text=True, timeout=10,
    ).stdout.splitlines()
    assert json.loads(out[0])["event"] == "hello"
    assert json.loads(out[1]) == {"id": 7, "ok": True, "result": {}}


def test_every_command(daemon):
    c = daemon.client()
    assert c.ok("ping") == {}
    params = c.ok("get_params")
    assert params["revision"] == 1 and params["source"] == "file" and params["error"] is None
    assert params["path"] == str(daemon.config)
    assert params["params"]["layout"] == {
        "style": "stack", "cards": 11, "wrap": True, "spacing": 30, "scale_step": 0.1,
        "m34": -0.0005, "flip_range": [1, 1.1],
    }
    frame = c.ok("get_frame")
    assert frame["offset"] == 0 and frame["front"] == 0 and len(frame["cards"]) == 10
    state = c.ok("get_state")
    assert set(state) == {"offset", "front", "animating", "clients", "revision", "frames_sent", "uptime_s", "cards", "watch"}
    assert c.ok("subscribe", events=["frame"]) == {"events": ["frame"]}
    first = c.event("frame")
    assert first["frame"]["offset"] == 0
    assert c.ok("scroll", by=15) == {"offset": 15}
    f = c.event("frame")
    assert f["seq"] == first["seq"] + 1 and f["frame"]["cards"][-1]["alpha"] == pytest.approx(0.5)
    assert c.ok("scroll_to", offset=-30) == {"offset": 300}
    assert c.event("frame")["frame"]["front"] == 10
    assert c.ok("unsubscribe", events=["frame"]) == {"events": []}
    assert c.ok("next") == {"target": 0}  # from 300 one card on wraps to 0
    assert c.ok("prev", count=2) == {"target": 270}
    assert c.ok("snap") == {"target": 270}
    # A fling starts from where the stack is now (the prev animation has barely begun).
    assert c.ok("fling", velocity=1000)["target"] % 30 == 0
    assert c.ok("scroll_to", offset=45, animated=True) == {"offset": 45}
    result = c.ok("set_params", params={"layout": {"spacing": 40}})
    assert result["source"] == "set" and result["params"]["layout"]["spacing"] == 40


def test_request_ids_are_echoed_and_replies_keep_order(daemon):
    c = daemon.client()
    c.send_line(b'{"id":"a","cmd":"ping"}\n{"id":2,"cmd":"get_state"}\n{"cmd":"ping"}\n{"id":-5,"cmd":"nope"}\n')
    replies = [c.read() for _ in range(4)]
    assert [r["id"] for r in replies] == ["a", 2, None, -5]
    assert [r["ok"] for r in replies] == [True, True, True, False]


@pytest.mark.parametrize("line,code", [
    (b"not json", "parse_error"),
    (b"[1,2]", "parse_error"),
    (b'{"id":1}', "invalid_argument"),
    (b'{"id":1,"cmd":"dance"}', "unknown_command"),
    (b'{"id":1,"cmd":"scroll"}', "invalid_argument"),
    (b'{"id":1,"cmd":"scroll","by":"far"}', "invalid_argument"),
    (b'{"id":1,"cmd":"next","count":0}', "invalid_argument"),
    (b'{"id":1,"cmd":"subscribe","events":["everything"]}', "invalid_argument"),
    (b'{"id":1,"cmd":"set_params","params":{"layout":{"spacing":-3}}}', "invalid_argument"),
    (b'{"id":1,"cmd":"set_params","params":{"layot":{}}}', "invalid_argument"),
    (b'{"id":{"x":1},"cmd":"ping"}', "invalid_argument"),
])
def test_bad_lines_get_an_error_and_the_connection_stays(daemon, line, code):
    c = daemon.client()
    c.send_line(line + b"\n")
    reply = c.read()
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert reply["error"]["message"]
    assert c.ok("ping") == {}


def test_error_messages_say_what_to_fix(daemon):
    c = daemon.client()
    reply = c.request("set_params", params={"layout": {"spacin": 3}})
    assert reply["error"]["message"] == "set_params: unknown key layout.spacin (did you mean spacing?)"
    reply = c.request("dance")
    assert "known commands: ping" in reply["error"]["message"]
    # The refused set changed nothing.
    assert c.ok("get_params")["revision"] == 1


def test_a_70kB_line_ends_the_connection_with_line_too_long(daemon):
    c = daemon.client()
    other = daemon.client()
    c.send_line(b'{"cmd":"ping","pad":"' + b"x" * 70_000 + b'"}\n')
    reply = c.read()
    assert reply["error"]["code"] == "line_too_long"
    assert c.read()["event"] == "bye"
    with pytest.raises((ConnectionError, OSError)):
        c.read(timeout=2)
    # Nobody else noticed, and the daemon's memory did not grow with the line.
    assert other.ok("ping") == {}


def test_a_line_just_under_the_limit_is_fine(daemon):
    c = daemon.client()
    line = b'{"cmd":"ping","pad":"' + b"x" * (65536 - 24) + b'"}'
    assert len(line) <= 65536
    c.send_line(line + b"\n")
    assert c.read()["ok"] is True


def test_subscribers_get_the_current_frame_at_once_and_two_clients_see_the_same_frames(daemon):
    a, b, driver = daemon.client(), daemon.client(), daemon.client()
    for c in (a, b):
        c.ok("subscribe", events=["frame"])
    fa, fb = a.event("frame"), b.event("frame")
    assert fa == fb
    for _ in range(5):
        driver.ok("scroll", by=7)
        assert a.event("frame") == b.event("frame")


def test_params_events_and_set_params_stays_until_the_file_changes(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "state"])
    c.ok("set_params", params={"layout": {"spacing": 50, "style": "stack"}, "animation": {"fps": 120}})
    e = c.event("params")
    assert e["source"] == "set" and e["params"]["layout"]["spacing"] == 50 and e["revision"] == 2
    text = daemon.config.read_text().replace("scale_step = 0.1", "scale_step = 0.2")
    daemon.config.write_text(text)
    e = c.event("params", where=lambda e: e["revision"] == 3)
    assert e["source"] == "file"
    assert e["params"]["layout"]["spacing"] == 30  # the file replaces client overrides
    assert e["params"]["layout"]["scale_step"] == 0.2


def test_fling_ends_exactly_on_a_snap_point(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["frame", "state"])
    c.event("frame")
    target = c.ok("fling", velocity=2345)["target"]
    assert target % 30 == 0
    c.event("state", where=lambda e: e["animating"] is True)
    done = c.event("state", timeout=5, where=lambda e: e["animating"] is False)
    assert done["offset"] == target
    assert c.ok("get_frame")["offset"] == target


def test_next_and_prev_land_on_cards(daemon):
    c = daemon.client()
    c.ok("scroll", by=10)
    # Subscribed first: the state at rest comes when the move ends, however soon that is.
    c.ok("subscribe", events=["state"])
    assert c.ok("next", count=3)["target"] == 90
    c.event("state", timeout=10, where=lambda e: not e["animating"] and e["offset"] == 90)
    assert c.ok("get_state")["front"] == 3


def test_a_client_that_never_reads_does_not_slow_the_others(daemon):
    lazy = small_buffer_socket(daemon.socket)
    lazy.sendall(b'{"cmd":"subscribe"}\n')
    watcher = daemon.client()
    watcher.ok("subscribe", events=["frame"])
    first = watcher.event("frame")["seq"]
    seqs = []
    reader = threading.Thread(target=lambda: seqs.extend(watcher.event("frame", timeout=30)["seq"] for _ in range(3000)))
    reader.start()
    driver = daemon.client()
    rss_before = rss(daemon.proc.pid)
    started = time.monotonic()
    for _ in range(3000):
        driver.ok("scroll", by=1)
    elapsed = time.monotonic() - started
    reader.join(30)
    # The watcher keeps up and misses nothing; the lazy client costs nothing.
    assert seqs == list(range(first + 1, first + 3001))
    assert driver.ok("get_state")["offset"] == 3000 % 330
    assert rss(daemon.proc.pid) - rss_before < 20_000, "daemon memory grew by more than 20 MB"
    # Idle again at once: no busy loop on the blocked client.
    cpu = cpu_ticks(daemon.proc.pid)
    time.sleep(1)
    assert cpu_ticks(daemon.proc.pid) - cpu <= 1
    lazy.close()
    print(f"3000 scrolls beside a client that never reads: {elapsed:.2f}s")


def test_a_slow_reader_gets_whole_lines_in_order_and_the_newest_frame_last(daemon):
    # Frames go straight to the socket until it is full, then the rest of a frame goes
    # through NIO: a reader that lags and catches up must still see only whole lines,
    # every reply in order, rising seqs, and the newest frame at the end.
    slow = small_buffer_socket(daemon.socket)
    slow.sendall(b'{"id":0,"cmd":"subscribe","events":["frame"]}\n')
    driver = daemon.client()
    for i in range(1, 301):
        driver.ok("scroll", by=1)
        if i % 10 == 0:
            slow.sendall(b'{"id":%d,"cmd":"ping"}\n' % i)
    # Every scroll's frame was offered to `slow` before its reply: it lags by 300 frames.
    last = driver.ok("get_frame")
    messages = read_until(slow, lambda ms: frames_of(ms) and frames_of(ms)[-1]["frame"] == last
                          and sum("ok" in m for m in ms) == 31)
    frames = frames_of(messages)
    ids = [m["id"] for m in messages if "ok" in m]
    assert ids == list(range(0, 301, 10))
    seqs = [f["seq"] for f in frames]
    assert seqs == sorted(set(seqs))
    assert frames[-1]["frame"]["offset"] == 300 % 330
    slow.close()


def test_a_reader_that_lags_through_a_fling_gets_the_resting_frame_last(daemon):
    # During a fling a full socket just skips frames (the next tick offers a newer one);
    # the last frame must still arrive once the reader catches up.
    driver = daemon.client()
    driver.ok("set_params", params={"animation": {"fps": 240}})
    slow = small_buffer_socket(daemon.socket)
    slow.sendall(b'{"cmd":"subscribe","events":["frame","state"]}\n')
    read_through_reply(slow)  # subscribed; from here it reads nothing until the end
    target = driver.ok("fling", velocity=30000)["target"]
    for i in range(5):  # replies queue behind a full socket while frames are skipped
        time.sleep(0.05)
        slow.sendall(b'{"id":%d,"cmd":"ping"}\n' % i)
    wait_for(lambda: not driver.ok("get_state")["animating"], timeout=5, what="the fling to end")
    resting = driver.ok("get_frame")
    assert resting["offset"] == target
    def replies(ms):
        return [m["id"] for m in ms if "ok" in m and m["id"] is not None]

    messages = read_until(slow, lambda ms: frames_of(ms) and frames_of(ms)[-1]["frame"] == resting
                          and len(replies(ms)) == 5)
    frames = frames_of(messages)
    assert replies(messages) == list(range(5))
    seqs = [f["seq"] for f in frames]
    assert seqs == sorted(set(seqs))
    slow.close()


def test_subscribers_that_stop_reading_their_socket_are_dropped_mid_fan_out(daemon):
    # A peer that shuts down its reading side makes the next write fail at once, so those
    # clients close in the middle of a frame's fan-out; the others must still get it.
    gone = []
    for _ in range(20):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(str(daemon.socket))
        s.sendall(b'{"cmd":"subscribe","events":["frame"]}\n')
        read_through_reply(s)  # subscribed
        gone.append(s)
    watcher = daemon.client()
    watcher.ok("subscribe", events=["frame"])
    first = watcher.event("frame")["seq"]
    for s in gone:
        s.shutdown(socket.SHUT_RD)
    driver = daemon.client()
    for i in range(5):
        driver.ok("scroll", by=1)
    assert [watcher.event("frame")["seq"] for _ in range(5)] == list(range(first + 1, first + 6))
    wait_for(lambda: driver.ok("get_state")["clients"] == 2, what="the 20 clients to be dropped")
    for s in gone:
        s.close()


def test_a_client_too_far_behind_is_disconnected_with_a_reason(daemon):
    lazy = small_buffer_socket(daemon.socket)
    # Ask for big replies and never read them: over 1 MiB of replies pile up.
    burst = b'{"cmd":"get_frame"}\n' * 2000
    lazy.sendall(burst)
    c = daemon.client()
    wait_for(lambda: "too far behind" in daemon.log_text(), timeout=10, what="the disconnect")
    assert c.ok("ping") == {}
    data = b""
    lazy.settimeout(5)
    try:
        while True:
            chunk = lazy.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    assert b'"reason":"too far behind' in data


@pytest.mark.root
def test_forbidden_for_other_users(make_daemon, tmp_path):
    public = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-public-"))
    os.chmod(public, 0o755)
    d = make_daemon(args=["--socket-mode", "0666"], start=False)
    d.socket = public / "cardstackd.sock"
    d.start()
    probe = (
        "import socket,sys;s=socket.socket(socket.AF_UNIX);s.connect(sys.argv[1]);"
        "print(s.makefile().readline().strip())"
    )
    out = subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "python3", "-c", probe, str(d.socket)],
        capture_output=True, text=True, timeout=10,
    )
    reply = json.loads(out.stdout)
    assert reply["error"]["code"] == "forbidden", out
    assert "--allow-uid 65534" in reply["error"]["message"]


def read_until(sock, done, timeout=5):
    """Reads until `done(messages)` holds; every complete line must be whole JSON."""
    sock.settimeout(timeout)
    data = b""
    while True:
        data += sock.recv(1 << 16)
        messages = [json.loads(line) for line in data.split(b"\n")[:-1]]
        if done(messages):
            return messages


def frames_of(messages):
    return [m for m in messages if m.get("event") == "frame"]


def rss(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


