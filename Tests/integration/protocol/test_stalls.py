"""No request and no parameter set in range stalls the daemon for everyone (issue 30 §3).

The heaviest in-range frames (1024 cards on screen, every title at its byte limit, 240 fps,
a spring that rings for a minute) cost more than their interval in the debug build; the
daemon drops ticks instead of queueing them and answers requests between ticks. The
deadlines here are liveness bounds (a second, less the time the daemon or the test stood
ready to run with no CPU free: the suite also runs beside busy loops), not speed figures:
those are in `bench.py --only liveness` (docs/performance.md).
"""
import json
import os
import pathlib
import socket
import sys
import threading
import time

from harness import REPO, wait_for

sys.path.insert(0, str(REPO / "Benchmarks"))
from stall_bench import LONGEST_TITLE, heaviest_config  # noqa: E402

import pytest

pytestmark = pytest.mark.slow  # a flood or a long seeded run: `-m "not slow"` leaves it out

MIB = 1 << 20
# A second: what "promptly" means for a client behind another's request or animation.
LIVENESS = 1.0


class Subscriber(threading.Thread):
    """A client that takes frame events as fast as it can, counting them."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(str(path))
        self.sock.sendall(b'{"id":1,"cmd":"subscribe","events":["frame"]}\n')
        self.sock.settimeout(0.2)
        self.lines = 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            try:
                chunk = self.sock.recv(1 << 22)
            except socket.timeout:
                continue
            except OSError:
                break
            if not chunk:
                break
            self.lines += chunk.count(b"\n")

    def stop(self):
        self.stopping.set()
        self.join(5)
        self.sock.close()


def waited(pid):
    """Seconds the threads of process `pid` have spent ready to run but without a CPU (the
    second field of each thread's schedstat), summed."""
    total = 0
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass  # a thread that ended
    return total / 1e9


def timed(daemon, client, cmd, **args):
    """`cmd`'s reply and how long it took, less the time the daemon or this test stood ready
    to run with no CPU free: the machine's load, not the daemon's, which is what the
    liveness bound is about (the suite runs beside busy loops)."""
    before = waited(daemon.proc.pid) + waited(os.getpid())
    t0 = time.monotonic()
    reply = client.request(cmd, timeout=60, **args)
    elapsed = time.monotonic() - t0
    queued = waited(daemon.proc.pid) + waited(os.getpid()) - before
    took = elapsed - min(queued, elapsed)
    assert took < LIVENESS, f"{cmd} took {took:.3f} s of running time ({elapsed:.3f} s in all)"
    return reply, took


def answered_promptly_while_animating(d, commands=("ping", "get_frame", "get_state"), rounds=8):
    """Starts the heaviest animation with a subscriber reading, then checks that another
    client's requests are each answered within the liveness bound while it runs."""
    mover = d.client()
    mover.sock.settimeout(30)
    mover.request("get_frame", timeout=30)  # the daemon is up and has laid the deck out
    subscriber = Subscriber(d.socket)
    subscriber.start()
    try:
        assert mover.ok("next")["target"] > 0
        wait_for(lambda: subscriber.lines >= 3, timeout=30, what="frames of the animation")
        other = d.client()
        for _ in range(rounds):
            for cmd in commands:
                reply, _ = timed(d, other, cmd)
                assert reply["ok"], reply
        # Still moving: the requests above were answered during the animation, not after.
        assert other.ok("get_state")["animating"]
        seen = subscriber.lines
        wait_for(lambda: subscriber.lines > seen, timeout=30, what="frames going on")
    finally:
        subscriber.stop()


def test_a_ping_is_answered_within_a_second_under_the_heaviest_animation(make_daemon):
    d = make_daemon(config_text=heaviest_config("rotary"))
    assert d.client().ok("get_params")["error"] is None
    answered_promptly_while_animating(d)


def test_a_million_cards_half_a_point_apart_stall_nobody(make_daemon):
    d = make_daemon(config_text=heaviest_config("switcher7"))
    c = d.client()
    params = c.ok("get_params")
    assert params["error"] is None and params["params"]["layout"]["cards"] == 1_000_000
    answered_promptly_while_animating(d)


def test_an_in_range_parameter_set_put_in_force_during_an_animation_stalls_nobody(make_daemon):
    d = make_daemon()
    c = d.client()
    c.ok("fling", velocity=3000)
    c.ok("set_params", params={
        "layout": {"style": "rotary", "cards": 1_000_000},
        "animation": {"fps": 240, "spring": {"damping_ratio": 0.01, "response": 10}},
        "carousel": {"item_spacing": 1.0, "visible_items": 1024},
        "card": {"titles": [LONGEST_TITLE]},
    })
    assert len(c.ok("get_frame")["cards"]) == 1024
    answered_promptly_while_animating(d, commands=("get_frame", "ping"))


def test_a_title_over_its_byte_limit_is_refused_by_set_params(daemon):
    c = daemon.client()
    # One character (a letter and 32,000 combining accents): 64 kB on a request line.
    heavy = "a" + "\u0301" * 32_000
    line = json.dumps({"id": 1, "cmd": "set_params", "params": {"card": {"titles": ["ok", heavy]}}},
                      ensure_ascii=False).encode() + b"\n"
    assert 64_000 < len(line) <= 65_536
    c.send_line(line)
    reply = c.read()
    assert reply["id"] == 1
    assert not reply["ok"]
    error = reply["error"]
    assert error["code"] == "invalid_argument"
    assert "card.titles[1]" in error["message"]
    assert "64001 bytes" in error["message"] and "at most 256 bytes" in error["message"]
    # Nothing changed, and the daemon answers.
    assert c.ok("get_params")["params"]["card"]["titles"] == []
    assert c.ok("ping") == {}


def test_a_title_at_its_byte_limit_is_taken_and_one_byte_more_is_not(daemon):
    c = daemon.client()
    at_limit = "é" * 128  # 128 characters, 256 bytes
    assert c.ok("set_params", params={"card": {"titles": [at_limit]}})["params"]["card"]["titles"] == [at_limit]
    # Escapes count as they are sent: 127 quotes are 254 bytes, a tab two more, one more 258.
    assert c.request("set_params", params={"card": {"titles": ['"' * 127 + "\t"]}})["ok"]
    error = c.request("set_params", params={"card": {"titles": ['"' * 127 + "\t!"]}})["error"]
    assert error["code"] == "invalid_argument" and "257 bytes" in error["message"], error
    error = c.request("insert", at=0, title="\u0001" * 43)["error"]
    assert error["code"] == "invalid_argument" and "258 bytes" in error["message"], error


def test_a_title_over_its_byte_limit_in_the_file_is_reported_at_its_place(make_daemon):
    # A megabyte would be refused as a file; 100 kB of accents on one character is enough.
    heavy = "a" + "\u0301" * 50_000
    d = make_daemon(config_text=f'[card]\ntitles = ["ok", "{heavy}"]\n')
    c = d.client()
    error = c.ok("get_params")["error"]
    assert (error["line"], error["column"]) == (2, 17), error
    assert error["key"] == "card.titles"
    assert "card.titles[1] is 100001 bytes" in error["message"] and "at most 256 bytes" in error["message"]


def at_limit_titles():
    """Titles at the byte limit, each escaped a different way in JSON (TOML spelling)."""
    return ['\\u0001' * 42 + "abcd",  # six bytes each as JSON
            '\\"' * 128,              # two bytes each
            LONGEST_TITLE,            # four bytes each in UTF-8
            "x" * 144 + "\\\\" * 56]  # 200 characters, two bytes for each backslash


def test_a_frame_of_1024_cards_with_every_title_at_its_limit_stays_under_a_mebibyte(make_daemon):
    titles = ", ".join(f'"{t}"' for t in at_limit_titles())
    for style in ("rotary", "cylinder", "coverflow", "wheel", "switcher7", "zoom_flow"):
        d = make_daemon(config_text=(
            f'[layout]\nstyle = "{style}"\ncards = 1000000\nspacing = 1e-9\nm34 = -0.000123456789\n'
            f'[carousel]\nvisible_items = 1024\n[card]\ntitles = [{titles}]\n'))
        c = d.client()
        assert c.ok("get_params")["error"] is None
        c.send({"id": "f", "cmd": "get_frame"})
        data = b""
        while b"\n" not in data:
            chunk = c.sock.recv(1 << 20)
            assert chunk, "the daemon closed the connection"
            data += chunk
        line = data.split(b"\n", 1)[0]
        frame = json.loads(line)["result"]
        assert len(frame["cards"]) == 1024, style
        assert len(line) < MIB, (style, len(line))
        d.stop()
