"""A seeded, bounded fuzz of protocol lines and parameter files against the real daemon.

Set CARDSTACK_FUZZ_SEED to replay another run; a failure names the seed and the input.
After every input the daemon must answer, never with `internal`, and its frames must be
finite numbers.
"""
import json
import os
import random

from harness import DEFAULT_CONFIG, Client, finite

import pytest

pytestmark = pytest.mark.slow  # a flood or a long seeded run: `-m "not slow"` leaves it out

SEED = int(os.environ.get("CARDSTACK_FUZZ_SEED", "20261123"))
COMMANDS = ["ping", "get_params", "set_params", "get_frame", "get_state", "subscribe", "unsubscribe",
            "scroll", "scroll_to", "fling", "snap", "next", "prev", "move", "remove", "insert", "nope"]
KEYS = {"layout": ["style", "cards", "wrap", "spacing", "scale_step", "m34", "flip_range"],
        "card": ["width", "height", "anchor", "titles"], "viewport": ["width", "height"],
        "animation": ["fps", "deceleration", "snap"],
        "carousel": ["item_spacing", "arc", "radius", "angle", "tilt", "count", "visible_items", "fade_min",
                     "fade_max", "fade_range", "fade_min_alpha", "show_backfaces", "vertical", "viewpoint"]}
STYLES = ["stack", "flip", "coverflow", "coverflow2", "linear", "rotary", "inverted_rotary", "cylinder",
          "inverted_cylinder", "wheel", "inverted_wheel", "time_machine", "inverted_time_machine",
          "switcher9", "switcher7", "zoom_flow"]
NUMBERS = [0, -0.0, 1, -1, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-19, 1e-9, 0.5, 1 - 1e-12, 2, 11, 30,
           240, 1000, 1024, 1e6, 1e9, 2**31, 2**53 + 1, 2**63 - 1, -2**63, 1.7976931348623157e308,
           -1.7976931348623157e308, 6.283185307179586]


def random_value(rng, depth=0):
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice(NUMBERS)
    if kind == 1:
        return rng.uniform(-1e4, 1e4)
    if kind == 2:
        return rng.randrange(-5, 3000)
    if kind == 3:
        return rng.choice(["", "x", "\ud800", "é" * rng.randrange(300), rng.choice(STYLES), "1e400", "NaN"])
    if kind == 4:
        return rng.choice([True, False, None])
    if kind == 5:
        return rng.choice(STYLES)
    if kind == 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7:
        return {rng.choice(["a", "by", "item", "velocity"]): random_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    return [rng.choice(NUMBERS), rng.choice(NUMBERS)]


def random_params(rng):
    params = {}
    for _ in range(rng.randrange(1, 4)):
        table = rng.choice(list(KEYS) + ["bogus"])
        keys = KEYS.get(table, ["x"])
        params.setdefault(table, {})[rng.choice(keys)] = random_value(rng)
    return params if rng.random() > 0.05 else random_value(rng)


def random_request(rng):
    cmd = rng.choice(COMMANDS)
    request = {"id": rng.choice([1, "a", None, 2**70, -1, [1], {"x": 1}]), "cmd": cmd}
    if cmd == "set_params":
        request["params"] = random_params(rng)
    for name in rng.sample(["by", "offset", "animated", "velocity", "count", "events", "from", "to", "item",
                            "at", "title"], rng.randrange(4)):
        request[name] = random_value(rng)
    if cmd in ("subscribe", "unsubscribe") and rng.random() < 0.5:
        request["events"] = rng.sample(["frame", "params", "state", "config_error", "bogus"], rng.randrange(4))
    return json.dumps(request).encode()


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        op = rng.randrange(5)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            del data[at:at + rng.randrange(1, 8)]
        elif op == 1:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
        elif op == 2 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 3:
            data[at:at] = rng.choice([b"\\u", b"\\ud800", b'"', b"{", b"[", b"\r", b"\x00", b"1e999", b"-", b"."])
        else:
            data[at:at] = rng.choice([b"[", b"{"]) * rng.randrange(1, 200)
    return bytes(data)


def random_line(rng):
    kind = rng.random()
    if kind < 0.6:
        return random_request(rng)
    if kind < 0.9:
        return mutate(rng, random_request(rng))
    if kind < 0.97:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    return b"[" * rng.randrange(60, 70000)


class Session:
    """A connection that reads past events and reconnects when the daemon ends it."""

    def __init__(self, daemon):
        self.daemon = daemon
        self.client = Client(daemon.socket)
        self.sentinel = 0

    def exchange(self, line):
        """Sends `line`, then a ping; every reply up to the ping's."""
        self.sentinel += 1
        marker = f"sentinel-{self.sentinel}"
        try:
            self.client.send_line(line + b"\n" + json.dumps({"id": marker, "cmd": "ping"}).encode() + b"\n")
            replies = []
            while True:
                message = self.client.read(timeout=10)
                if "event" in message:
                    if message["event"] == "frame":
                        assert finite(message["frame"]), message
                    continue
                if message.get("id") == marker:
                    return replies
                replies.append(message)
        except (ConnectionError, BrokenPipeError, ConnectionResetError):
            # line_too_long ends a connection: that is allowed, the daemon must live on.
            self.client.close()
            self.client = Client(self.daemon.socket)
            return []


def test_fuzzed_protocol_lines(daemon):
    rng = random.Random(SEED)
    session = Session(daemon)
    for n in range(4000):
        line = random_line(rng)
        replies = session.exchange(line)
        for reply in replies:
            assert reply["ok"] or reply["error"]["code"] != "internal", f"seed {SEED}, line {n}: {line[:300]!r} -> {reply}"
        if n % 200 == 0:
            frame = session.client.request("get_frame")
            assert frame["ok"] and finite(frame["result"]), f"seed {SEED}, after line {n}: {line[:300]!r}"
    c = daemon.client()
    assert c.ok("ping") == {}
    assert finite(c.ok("get_frame"))
    assert daemon.proc.poll() is None


def mutate_file(rng, text):
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randrange(1, 5)):
        op = rng.randrange(6)
        at = rng.randrange(len(lines) + 1)
        if op == 0 and lines:
            del lines[min(at, len(lines) - 1)]
        elif op == 1:
            table = rng.choice(list(KEYS))
            value = rng.choice([json.dumps(v) for v in NUMBERS] + ["inf", "-inf", "nan", "true", '"wheel"',
                                                                   "[1, 2]", "[]", "{a = 1}", "1979-05-27", '"""x'])
            head = f"[{table}]\n" if rng.random() < 0.5 else ""
            lines.insert(at, f"{head}{rng.choice(KEYS[table])} = {value}\n")
        elif op == 2:
            lines.insert(at, f'[layout]\nstyle = "{rng.choice(STYLES)}"\n')
        elif op == 3 and lines:
            line = bytearray(lines[min(at, len(lines) - 1)].encode())
            line[rng.randrange(len(line))] = rng.randrange(32, 127)
            lines[min(at, len(lines) - 1)] = line.decode("latin-1")
        elif op == 4:
            lines.insert(at, "a" + ".b" * rng.randrange(1, 100) + " = 1\n")
        else:
            lines.insert(at, rng.choice(["[", "[[layout]]\n", "]\n", "=\n", "\x00", "\ufeff", "\r\n", "\\u\n"]))
    return "".join(lines)


def test_fuzzed_parameter_files(daemon):
    rng = random.Random(SEED + 1)
    base = DEFAULT_CONFIG.read_text()
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    for n in range(300):
        text = mutate_file(rng, base) + f"\n# fuzz {n}\n"
        data = text.encode("utf-8", "surrogatepass") if rng.random() < 0.9 else text.encode("latin-1", "replace")
        tmp = daemon.config.with_name(".fuzz.tmp")
        tmp.write_bytes(data)
        os.rename(tmp, daemon.config)
        event = None
        while event is None:
            message = c.read(timeout=10)
            if message.get("event") in ("params", "config_error"):
                event = message
        assert c.ok("ping") == {}, f"seed {SEED + 1}, file {n}: {data[:500]!r}"
        fling = c.request("fling", velocity=rng.choice([-5000, 3000]))
        assert fling["ok"] or fling["error"]["code"] != "internal", f"seed {SEED + 1}, file {n}: {data[:500]!r}"
        frame = c.request("get_frame")
        assert frame["ok"] and finite(frame["result"]), f"seed {SEED + 1}, file {n}: {data[:500]!r} -> {frame}"
    assert daemon.proc.poll() is None
