"""Values that used to kill the daemon or poison its frames: refused with a place, or
working with finite frames, through a file and through set_params."""
import json
import signal
import subprocess

from harness import BIN, finite, next_reload, wait_for

STYLES = ["stack", "flip", "coverflow", "coverflow2", "linear", "rotary", "inverted_rotary", "cylinder",
          "inverted_cylinder", "wheel", "inverted_wheel", "time_machine", "inverted_time_machine",
          "switcher9", "switcher7", "zoom_flow"]

# Every numeric key; array keys with the edge value in one place and a valid one in the other.
KEYS = [(t, k, "{}") for t, k in [
    ("layout", "cards"), ("layout", "spacing"), ("layout", "scale_step"), ("layout", "m34"),
    ("card", "width"), ("card", "height"), ("viewport", "width"), ("viewport", "height"),
    ("animation", "fps"), ("animation", "deceleration"),
    ("carousel", "item_spacing"), ("carousel", "arc"), ("carousel", "radius"), ("carousel", "angle"),
    ("carousel", "tilt"), ("carousel", "count"), ("carousel", "visible_items"), ("carousel", "fade_min"),
    ("carousel", "fade_max"), ("carousel", "fade_range"), ("carousel", "fade_min_alpha"),
    ("scroll", "rubber_band"), ("scroll", "bounce_distance"), ("scroll", "deceleration_rate"),
    ("scroll", "scroll_speed")]] + [
    ("layout", "flip_range", "[{}, 1000]"), ("layout", "flip_range", "[0, {}]"),
    ("card", "anchor", "[{}, 0.5]"), ("card", "anchor", "[0.5, {}]"),
    ("carousel", "viewpoint", "[{}, 0]"), ("carousel", "viewpoint", "[0, {}]")]

# Smallest positive (subnormal), smallest normal, largest, just under one, and their negatives.
EDGES = ["5e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "0.999999999999", "-5e-324",
         "-1.7976931348623157e308", "1e-19"]


def assert_frames_work(c, what):
    """A fling, then frames: each get_frame answers, with finite numbers."""
    assert c.request("fling", velocity=4000)["ok"], what
    for _ in range(3):
        reply = c.request("get_frame")
        assert reply["ok"], (what, reply)
        assert finite(reply["result"]), what
    assert c.ok("ping") == {}


def toml_for(style, table, key, value):
    head = f'[layout]\nstyle = "{style}"\n'
    return head + ("" if table == "layout" else f"[{table}]\n") + f"{key} = {value}\n"


def test_a_typo_in_a_header_is_an_error_with_a_place(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    daemon.config.write_text("[|ayout]\n")
    e = next_reload(c)
    assert e["event"] == "config_error" and (e["line"], e["column"]) == (1, 2), e
    assert c.ok("get_params")["error"]["line"] == 1
    assert c.ok("ping") == {}
    local = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(daemon.config)],
                           capture_output=True, text=True, timeout=20)
    assert local.returncode == 1, local
    assert "line 1, column 2" in local.stderr


def test_a_tiny_scale_step(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    daemon.config.write_text("[layout]\nscale_step = 1e-19\n")
    e = next_reload(c)
    assert e["event"] == "params" and e["params"]["layout"]["scale_step"] == 1e-19, e
    assert_frames_work(c, "file")
    assert c.request("set_params", params={"layout": {"scale_step": 1e-19, "cards": 1}})["ok"]
    assert_frames_work(c, "set_params")


def test_a_deep_dotted_key(daemon):
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    daemon.config.write_text("a" + ".b" * 3000 + " = 1\n")
    e = next_reload(c)
    assert e["event"] == "config_error" and e["line"] == 1 and e["column"] > 1, e
    assert c.ok("ping") == {}
    assert c.request("set_params", params=json.loads('{"a":' * 60 + "1" + "}" * 60))["ok"] is False


def test_a_large_file_is_parsed_off_the_event_loop(daemon):
    """A file over 16 kB is parsed on NIO's blocking pool: a valid one loads, the daemon
    answers while a hostile one is parsed, and a save made meanwhile is the one in force."""
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    titles = [f"card {i}" for i in range(2000)]
    daemon.config.write_text("[card]\ntitles = [" + ", ".join(json.dumps(t) for t in titles) + "]\n")
    e = next_reload(c)
    assert e["event"] == "params" and e["params"]["card"]["titles"] == titles, e["event"]
    # 600 kB that toml++ takes a good while to refuse: a ping asked after the save is
    # answered before the error, and a small file saved meanwhile loads after it.
    daemon.config.write_text("a" + ".a" * 300000 + " = 1\n")
    assert c.ok("ping") == {}
    assert not [e for e in c.events if e["event"] == "config_error"], "the ping waited for the parse"
    daemon.config.write_text("[layout]\nspacing = 44\n")
    e = next_reload(c, timeout=30)
    if e["event"] == "config_error":
        assert e["line"] == 1, e
        e = next_reload(c, timeout=30)
    assert e["event"] == "params" and e["params"]["layout"]["spacing"] == 44, e
    assert c.ok("get_params")["params"]["layout"]["spacing"] == 44


def test_the_wheel_on_the_smallest_arc(daemon):
    c = daemon.client()
    assert c.request("set_params", params={"layout": {"style": "wheel"}, "carousel": {"arc": 5e-324}})["ok"]
    assert_frames_work(c, "set_params")
    c.ok("subscribe", events=["params", "config_error"])
    daemon.config.write_text('[layout]\nstyle = "wheel"\n[carousel]\narc = 5e-324\n')
    assert next_reload(c)["event"] == "params"
    assert_frames_work(c, "file")


def test_every_numeric_key_at_its_edges_through_a_file(daemon):
    """Every key and edge value, the style going round all of them."""
    c = daemon.client()
    c.ok("subscribe", events=["params", "config_error"])
    n = 0
    for table, key, form in KEYS:
        for edge in EDGES:
            style = STYLES[n % len(STYLES)]
            n += 1
            what = f"{style}: {table}.{key} = {form.format(edge)}"
            e = next_reload_after(daemon, c, toml_for(style, table, key, form.format(edge)))
            if e["event"] == "config_error":
                assert e["line"] >= 1 and e["column"] >= 1, (what, e)
            assert_frames_work(c, what)


def next_reload_after(daemon, c, text):
    daemon.config.write_text(text)
    return next_reload(c)


def test_every_numeric_key_at_its_edges_through_set_params(daemon):
    """Every key and edge value, the style going round all of them (the unit tests,
    EdgeValueSweepTests, take every style with every key)."""
    c = daemon.client()
    n = 0
    for table, key, form in KEYS:
        for edge in EDGES:
            style = STYLES[n % len(STYLES)]
            n += 1
            what = f"{style}: {table}.{key} = {form.format(edge)}"
            params = json.loads(f'{{"layout": {{"style": "{style}"}}, "{table}": {{"{key}": {form.format(edge)}}}}}')
            reply = c.request("set_params", params=params)
            if not reply["ok"]:
                assert reply["error"]["code"] == "invalid_argument", (what, reply)
                continue
            assert_frames_work(c, what)
            # Back to the file's values (SIGHUP drops set_params overrides).
            revision = c.ok("get_params")["revision"]
            daemon.proc.send_signal(signal.SIGHUP)
            wait_for(lambda: c.ok("get_params")["revision"] > revision, what="the SIGHUP reload")
