"""`cardstack web`: the page in headless Chromium against real daemons, and the bridge's
refusals over raw sockets."""
import http.client
import json
import re

import pytest

from harness import subscribed, wait_for
from webtools import (WebSocket, assert_cards_match, config, current_frame, needs_chromium, open_page, page_state, row,
                      wait_page_shows)


def is_mid_flip(frame):
    """Whether some card is turned about its x axis (its quad's top and bottom differ in width)."""
    for card in frame["cards"]:
        q = card["quad"]
        if q and abs((q[1][0] - q[0][0]) - (q[2][0] - q[3][0])) > 2:
            return True
    return False


# MARK: Drawing

@needs_chromium
@pytest.mark.parametrize("style", ["stack", "coverflow", "cylinder"])
def test_every_card_box_is_its_quad_box(make_daemon, bridges, browser, style):
    daemon = make_daemon(config(style))
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    fractions = [0.5, 1.3, 2.6, 0.25, 0.75, 1.5] if style == "stack" else [1.4]
    for fraction in fractions:
        client.ok("scroll_to", offset=fraction * spacing)
        event = current_frame(daemon)
        if style != "stack" or is_mid_flip(event["frame"]):
            break
    else:
        pytest.fail("no offset puts a stack card mid-flip")
    assert wait_page_shows(browser, event) >= 3
    assert int(page_state(browser)["seq"]) == event["seq"]


# MARK: The panel

@needs_chromium
def test_frames_that_arrive_together_are_each_drawn_and_a_repeat_needs_no_paint(make_daemon, bridges, browser):
    """Two frames handed over together are drawn one per paint, in order; two that came
    apart, and three or more waiting (a slow display), jump to the newest; a frame that
    repeats the picture on screen is applied at once (data-seq follows) without a paint.

    The page's draw loop is driven by hand (`drawByHand`): the test says when each frame
    arrives and when the browser paints, so no timer or paint of the browser decides."""
    daemon = make_daemon()
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    frames = []
    for k in range(4):
        client.ok("scroll_to", offset=(k + 1) * 0.3 * spacing)
        frames.append(current_frame(daemon))
    wait_page_shows(browser, frames[-1])
    # From here the page paints only when the test says; a paint the browser was already
    # asked for runs first (the daemon is at rest, so nothing new arrives meanwhile).
    browser.execute_script("window.hand = window.cardstack.drawByHand();")
    wait_for(lambda: browser.execute_script(
        "const v = window.cardstack.views[0]; window.hand.paint(); return !v.drawing.scheduled && !v.drawing.waiting;"),
        timeout=10, what="the page to have nothing left to draw")
    # One script: nothing the browser does runs between its steps.
    drawn = browser.execute_script("""
        const v = window.cardstack.views[0], f = arguments[0], hand = window.hand, seqs = [], paints = [];
        v.onDraw((seq) => seqs.push(seq));
        const stats = () => v.stats;
        const event = (m, seq, time) => { hand.time = time; v.frameEvent({event: 'frame', seq, frame: m.frame}); };
        const paint = (label) => paints.push([label, hand.paint(), [...seqs]]);
        const before = stats();
        event(f[0], 1000, 100); event(f[1], 1001, 100.5);           // two together (0.5 ms apart)
        paint('together 1'); paint('together 2'); paint('together 3');
        const together = stats();
        event(f[2], 1002, 200); event(f[3], 1003, 210);             // two apart (10 ms)
        paint('apart 1'); paint('apart 2');
        const apart = stats();
        event(f[2], 1004, 300); event(f[3], 1005, 300); event(f[0], 1006, 300); event(f[1], 1007, 300);  // four together
        paint('four 1'); paint('four 2');
        const mid = stats();
        event(f[1], 1008, 400);                                     // the picture on screen again
        const after = stats();
        paint('repeat');
        v.onDraw(null);
        return {seqs, paints, before, together, apart, mid, after, shown: document.querySelector('#stage').dataset.seq};
    """, frames)
    # A paint each for the two that came together, then none asked for.
    assert drawn["paints"][:3] == [["together 1", 1, [1000]], ["together 2", 1, [1000, 1001]],
                                   ["together 3", 0, [1000, 1001]]]
    assert drawn["together"]["dropped"] == drawn["before"]["dropped"]
    assert drawn["together"]["applied"] == drawn["before"]["applied"] + 2
    # Two apart: one paint, the newest.
    assert drawn["paints"][3:5] == [["apart 1", 1, [1000, 1001, 1003]], ["apart 2", 0, [1000, 1001, 1003]]]
    assert drawn["apart"]["dropped"] == drawn["together"]["dropped"] + 1
    # Four waiting: one paint, the newest, three not drawn.
    assert drawn["paints"][5:7] == [["four 1", 1, [1000, 1001, 1003, 1007]], ["four 2", 0, [1000, 1001, 1003, 1007]]]
    assert drawn["mid"]["dropped"] == drawn["apart"]["dropped"] + 3
    assert drawn["mid"]["applied"] == drawn["apart"]["applied"] + 1
    # The repeat: applied and shown at once, nothing drawn and no paint asked for.
    assert drawn["paints"][7] == ["repeat", 0, [1000, 1001, 1003, 1007]]
    assert drawn["after"]["applied"] == drawn["mid"]["applied"] + 1
    assert drawn["after"]["unchanged"] == drawn["mid"]["unchanged"] + 1
    assert drawn["after"]["dropped"] == drawn["mid"]["dropped"]
    assert drawn["seqs"] == [1000, 1001, 1003, 1007]
    assert drawn["shown"] == "1008"
    assert_cards_match(browser, frames[1]["frame"])


@needs_chromium
def test_a_save_shows_in_the_panel_and_the_picture(make_daemon, bridges, browser):
    daemon = make_daemon(config("coverflow"))
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    wait_for(lambda: row(browser, "layout.spacing") and row(browser, "layout.spacing")["value"] is not None,
             what="the spacing row")
    old = json.loads(row(browser, "layout.spacing")["value"])
    new = old + 17.5
    text = daemon.config.read_text()
    daemon.config.write_text(re.sub(r"(?m)^spacing = .*$", f"spacing = {new}", text))
    client.event("params", timeout=10, where=lambda e: e["params"]["layout"]["spacing"] == new)
    event = current_frame(daemon)
    wait_for(lambda: json.loads(row(browser, "layout.spacing")["value"]) == new, what="the panel to show the saved spacing")
    assert row(browser, "layout.spacing")["source"] == "file"
    assert wait_page_shows(browser, event) >= 2


@needs_chromium
def test_editing_in_the_panel_sets_the_daemon_and_shows_set(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    wait_for(lambda: row(browser, "layout.m34"), what="the m34 row")
    browser.execute_script(
        "const box = document.querySelector(\"tr[data-key='layout.m34'] input[type=number]\");"
        "box.value = '-0.001'; box.dispatchEvent(new Event('change'));")
    client.event("params", timeout=10, where=lambda e: e["params"]["layout"]["m34"] == -0.001)
    info = client.ok("get_params")
    assert info["overridden"] == ["layout.m34"]
    wait_for(lambda: row(browser, "layout.m34")["source"] == "set", what="the row to say set")
    assert row(browser, "layout.spacing")["source"] == "file"
    # The slider sends while it moves.
    browser.execute_script(
        "const r = document.querySelector(\"tr[data-key='layout.spacing'] input[type=range]\");"
        "r.value = '45'; r.dispatchEvent(new Event('input'));")
    client.event("params", timeout=10, where=lambda e: e["params"]["layout"]["spacing"] == 45)
    assert client.ok("get_params")["overridden"] == ["layout.m34", "layout.spacing"]


@needs_chromium
def test_the_error_banner_shows_until_a_good_file(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    good = daemon.config.read_text()
    daemon.config.write_text(good.replace("spacing = 30.0", "spacing = -4"))
    # The write truncates first: a reload that catches the file empty is an error of its own.
    error = client.event("config_error", timeout=10, where=lambda e: e["key"] == "layout.spacing")
    banner = lambda: browser.execute_script(
        "const b = document.querySelector('.banner'); return b.hidden ? null : b.textContent;")
    text = wait_for(lambda: (lambda t: t if t and error["message"] in t else None)(banner()), what="the error banner")
    assert str(daemon.config) in text
    assert f"line {error['line']}" in text and f"column {error['column']}" in text
    assert error["message"] in text
    daemon.config.write_text(good.replace("spacing = 30.0", "spacing = 31.0"))
    client.event("params", timeout=10)
    wait_for(lambda: banner() is None, what="the banner to go")


# MARK: Input

@needs_chromium
def test_keys_and_a_drag_move_the_daemon(make_daemon, bridges, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    daemon = make_daemon(config("coverflow"))
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
    at_rest = lambda offset: (lambda: (lambda s: not s["animating"] and abs(s["offset"] - offset) < 1e-9 and s)(client.ok("get_state")))
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("j")
    wait_for(at_rest(spacing), timeout=10, what="next to land on the second card")
    body.send_keys("j")
    wait_for(at_rest(2 * spacing), timeout=10, what="next to land on the third card")
    body.send_keys("k")
    wait_for(at_rest(spacing), timeout=10, what="prev to come back")
    # A drag to the left scrolls forward and the release flings or snaps; either way the
    # deck ends further on, on a card.
    picture = browser.find_element(By.CSS_SELECTOR, ".picture")
    actions = ActionChains(browser, duration=20)
    actions.move_to_element(picture).click_and_hold()
    for _ in range(8):
        actions.move_by_offset(-25, 0)
    actions.release().perform()
    def landed_further():
        s = client.ok("get_state")
        return not s["animating"] and s["offset"] > spacing + 1 and abs(s["offset"] / spacing - round(s["offset"] / spacing)) < 1e-9
    wait_for(landed_further, timeout=10, what="the drag to move the deck on and settle on a card")


# MARK: Compare mode

@needs_chromium
def test_compare_mode_shows_both_and_sends_to_both(make_daemon, bridges, browser):
    a = make_daemon(config("coverflow"))
    b = make_daemon(config("coverflow", layout__spacing="45.0"))
    ca, cb = subscribed(a), subscribed(b)
    bridge = bridges([a.socket, b.socket])
    open_page(browser, bridge)
    assert browser.execute_script("return document.querySelectorAll('[data-stage]').length") == 2
    wait_for(lambda: row(browser, "layout.spacing", 1) and row(browser, "layout.spacing", 1)["differs"],
             what="spacing highlighted as different")
    assert row(browser, "layout.spacing", 0)["differs"]
    assert not row(browser, "layout.cards", 0)["differs"]
    from selenium.webdriver.common.by import By
    browser.find_element(By.TAG_NAME, "body").send_keys("j")
    for client, spacing in ((ca, a), (cb, b)):
        d = client.ok("get_params")["params"]["layout"]["spacing"]
        wait_for(lambda: (lambda s: not s["animating"] and abs(s["offset"] - d) < 1e-9)(client.ok("get_state")),
                 timeout=10, what="both daemons to move one card")
    assert wait_page_shows(browser, current_frame(a), "[data-stage='0']") >= 1
    assert wait_page_shows(browser, current_frame(b), "[data-stage='1']") >= 1


# MARK: Reconnecting

@needs_chromium
def test_the_page_reconnects_after_a_daemon_restart(make_daemon, bridges, browser):
    daemon = make_daemon()
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    daemon.stop()
    wait_for(lambda: browser.execute_script("return document.querySelector('.conn').dataset.state") == "waiting",
             timeout=10, what="the page to see the daemon go")
    daemon.start()
    open_page(browser, bridge)
    client = subscribed(daemon)
    client.ok("scroll_to", offset=12.0)
    event = current_frame(daemon)
    assert event["frame"]["offset"] == 12.0
    assert wait_page_shows(browser, event) >= 1


# MARK: Who may connect (raw sockets, no browser)

def get(bridge, path, host=None):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=5)
    conn.putrequest("GET", path, skip_host=True)
    conn.putheader("Host", host or f"127.0.0.1:{bridge.port}")
    conn.endheaders()
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    return response.status, body


def test_requests_without_the_token_are_refused(daemon, bridges):
    bridge = bridges([daemon.socket])
    t = bridge.token
    assert get(bridge, f"/?token={t}")[0] == 200
    assert get(bridge, f"/js/page.js?token={t}")[0] == 200
    assert get(bridge, f"/js/view.js?token={t}")[0] == 200
    assert get(bridge, f"/page.css?token={t}")[0] == 200
    for path in ("/", "/js/page.js", "/js/view.js", "/?token=", f"/?token={t[:-1]}0" if t[-1] != "0" else f"/?token={t[:-1]}1",
                 f"/js/page.js?tok={t}"):
        status, body = get(bridge, path)
        assert status == 403, path
        assert "token" in body
    ws = WebSocket(bridge.port, "/ws", origin=f"http://127.0.0.1:{bridge.port}")
    assert ws.status == 403
    ws.close()


def test_a_foreign_host_is_refused(daemon, bridges):
    bridge = bridges([daemon.socket])
    t = bridge.token
    for host in (f"localhost:{bridge.port}", f"[::1]:{bridge.port}", f"127.0.0.1:{bridge.port}"):
        assert get(bridge, f"/?token={t}", host=host)[0] == 200, host
    for host in ("evil.example:80", f"evil.example:{bridge.port}", "127.0.0.1", f"127.0.0.1:{bridge.port + 1}"):
        status, body = get(bridge, f"/?token={t}", host=host)
        assert status == 403, host
        assert "Host" in body
    ws = WebSocket(bridge.port, f"/ws?token={t}", host=f"evil.example:{bridge.port}", origin=f"http://evil.example:{bridge.port}")
    assert ws.status == 403


def test_a_websocket_from_another_origin_is_refused(daemon, bridges):
    bridge = bridges([daemon.socket])
    path = f"/ws?token={bridge.token}"
    for origin in ("http://evil.example", f"http://localhost:{bridge.port}", "null", None):
        ws = WebSocket(bridge.port, path, origin=origin)
        assert ws.status == 403, origin
        ws.close()
    ws = WebSocket(bridge.port, path, origin=f"http://127.0.0.1:{bridge.port}")
    assert ws.status == 101
    ws.close()


def test_the_bridge_relays_lines_unchanged(daemon, bridges):
    bridge = bridges([daemon.socket])
    ws = WebSocket(bridge.port, f"/ws?token={bridge.token}", origin=f"http://127.0.0.1:{bridge.port}")
    assert ws.status == 101
    assert ws.read_json(lambda m: m.get("event") == "bridge")["state"] == "connected"
    hello = ws.read_json(lambda m: m.get("event") == "hello")
    assert hello["protocol"] == 1
    ws.send_text(json.dumps({"id": "p", "cmd": "ping"}))
    assert ws.read_json(lambda m: m.get("id") == "p") == {"id": "p", "ok": True, "result": {}}
    # A request over the daemon's line limit is refused by the bridge, and the connection goes on.
    ws.send_text(json.dumps({"id": "big", "cmd": "ping", "pad": "x" * 70000}))
    refused = ws.read_json(lambda m: "ok" in m)
    assert refused["ok"] is False and refused["error"]["code"] == "line_too_long"
    ws.send_text('{"id":"a","cmd":"ping"}\n{"id":"b","cmd":"ping"}')
    assert ws.read_json(lambda m: "ok" in m)["error"]["code"] == "parse_error"
    ws.send_text(json.dumps({"id": 7, "cmd": "get_state"}))
    assert ws.read_json(lambda m: m.get("id") == 7)["ok"]
    ws.close()


def test_a_non_loopback_listen_warns(daemon, bridges):
    bridge = bridges([daemon.socket], listen="0.0.0.0:0")
    assert bridge.url.startswith("http://127.0.0.1:")
    assert get(bridge, f"/?token={bridge.token}")[0] == 200
    assert get(bridge, "/")[0] == 403
    bridge.stop()
    assert "warning" in bridge.proc.stderr.read().decode()


def test_no_daemon_says_so_and_closes(tmp_path, bridges):
    bridge = bridges([tmp_path / "nobody.sock"])
    ws = WebSocket(bridge.port, f"/ws?token={bridge.token}", origin=f"http://127.0.0.1:{bridge.port}")
    message = ws.read_json(lambda m: m.get("event") == "bridge")
    assert message["state"] == "unavailable"
    assert "nobody.sock" in message["message"]


@needs_chromium
def test_a_reveal_draws_its_circle(make_daemon, bridges, browser):
    """A frame's `reveal` (the circle reveal of `open`) is drawn as its circle. The daemon's
    own frame is taken and given a reveal, then handed to the page's drawing code."""
    daemon = make_daemon()
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    event = current_frame(daemon)
    wait_page_shows(browser, event)
    frame = dict(event["frame"], reveal={"item": 0, "center": [150.0, 300.0], "radius": 90.0, "progress": 0.5})
    box = browser.execute_script(
        "const v = window.cardstack.views[0]; v.draw(arguments[0], arguments[1]);"
        "const stage = document.querySelector('#stage'), reveal = stage.querySelector('.reveal');"
        "const s = stage.getBoundingClientRect(), r = reveal.getBoundingClientRect();"
        "return {hidden: reveal.hidden, scale: v.scale, left: r.left - s.left, top: r.top - s.top, width: r.width,"
        " clip: reveal.style.clipPath, title: reveal.textContent};",
        frame, event["seq"])
    assert not box["hidden"]
    scale = box["scale"]
    # The detail view covers the viewport; the circle is its mask (the pixels: test_page.py).
    assert abs(box["left"]) <= 1.5 and abs(box["top"]) <= 1.5
    assert abs(box["width"] - event["frame"]["viewport"]["width"] * scale) <= 1.5
    assert box["clip"] == "circle(90px at 150px 300px)"
    assert box["title"] == next(c["title"] for c in event["frame"]["cards"] if c["item"] == 0)
    hidden = browser.execute_script(
        "window.cardstack.views[0].draw(arguments[0], arguments[1]); return document.querySelector('#stage .reveal').hidden;",
        event["frame"], event["seq"])
    assert hidden


# MARK: Replay (`cardstack web --replay FILE`: a recording, no daemon)

def record_a_fling(daemon, path, seconds=2.0):
    """`cardstack record --seconds N` while the real daemon flings; the recording's events."""
    import subprocess
    from harness import BIN

    recorder = subprocess.Popen(
        [str(BIN / "cardstack"), "record", str(path), "--seconds", str(seconds), "--socket", str(daemon.socket)],
        stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: path.exists() and '"event":"frame"' in path.read_text(), timeout=10, what="the first recorded frame")
        daemon.client().ok("fling", velocity=3000)
        assert recorder.wait(timeout=seconds + 20) == 0, recorder.stderr.read()
    finally:
        if recorder.poll() is None:
            recorder.kill()
            recorder.wait()
    return [json.loads(line) for line in path.read_text().splitlines()]


def replay_status(browser):
    return browser.execute_script(
        "const r = document.querySelector('dd.replay');"
        "return {text: r.textContent, paused: r.dataset.paused, end: r.dataset.end, speed: r.dataset.speed,"
        " seq: document.querySelector('#stage').dataset.seq};")


def animation_frames(browser, n=10):
    """Waits for n of the page's animation frames (its replay ticks)."""
    browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; let n = arguments[0];"
        "const f = () => (--n > 0 ? requestAnimationFrame(f) : done(true)); requestAnimationFrame(f);", n)


@needs_chromium
def test_replay_plays_a_recording_in_the_page(make_daemon, bridges, browser, tmp_path):
    from selenium.webdriver.common.by import By

    daemon = make_daemon(config("coverflow"))
    path = tmp_path / "fling.jsonl"
    events = record_a_fling(daemon, path)
    frames = [e for e in events if e["event"] == "frame"]
    assert len(frames) >= 5 and events[0]["event"] == "params"
    by_seq = {f["seq"]: f for f in frames}
    order = [f["seq"] for f in frames]
    daemon.stop()  # replay needs no daemon

    bridge = bridges([], extra=("--replay", str(path)))
    # The recording is served to the page at /recording, with the token only.
    assert get(bridge, "/recording")[0] == 403
    assert get(bridge, f"/recording?token={bridge.token}") == (200, path.read_text())
    ws = WebSocket(bridge.port, f"/ws?token={bridge.token}", origin=f"http://127.0.0.1:{bridge.port}")
    assert ws.status == 404  # no daemon to relay to
    ws.close()
    browser.get(bridge.url)
    wait_for(lambda: replay_status(browser)["seq"] not in (None, ""), timeout=10, what="the first replayed frame")
    assert browser.execute_script("return document.querySelector('.conn').dataset.state") == "replay"
    wait_for(lambda: row(browser, "layout.spacing") and row(browser, "layout.spacing")["value"] is not None,
             what="the recording's parameters in the panel")
    assert json.loads(row(browser, "layout.spacing")["value"]) == events[0]["params"]["layout"]["spacing"]
    body = browser.find_element(By.TAG_NAME, "body")
    # Fastest speed to the end; then the slowest, and space plays again from the start (the
    # recording now lasts 20 s, while the keys arrive).
    body.send_keys("+++")
    wait_for(lambda: replay_status(browser)["speed"] == "4", what="×4")
    wait_for(lambda: replay_status(browser)["end"] == "true", timeout=10, what="the end of the recording")
    body.send_keys("-----")
    wait_for(lambda: replay_status(browser)["speed"] == "0.1", what="×0.1")
    body.send_keys(" ")  # at the end, space plays again
    wait_for(lambda: replay_status(browser)["end"] == "false", what="playing again")
    assert replay_status(browser)["paused"] == "false"
    # Space pauses: the frame on screen stays.
    body.send_keys(" ")
    wait_for(lambda: replay_status(browser)["paused"] == "true", what="paused")
    player_seq = lambda: browser.execute_script(
        "const f = window.cardstack.player.frame; return f === null ? null : f.seq;")
    if player_seq() is None:  # paused before the new run's first frame: show that one
        body.send_keys(".")
        wait_for(lambda: player_seq() is not None, what="the first frame")
    wait_for(lambda: replay_status(browser)["seq"] == str(player_seq()), what="the page to show the paused frame")
    paused = replay_status(browser)
    assert "paused" in paused["text"] and "×0.1" in paused["text"]
    seq = int(paused["seq"])
    assert seq in by_seq
    animation_frames(browser)
    assert int(replay_status(browser)["seq"]) == seq
    # `.` shows the next recorded frame, `,` the one before it again.
    if order.index(seq) == len(order) - 1:
        body.send_keys(",")
        wait_for(lambda: int(replay_status(browser)["seq"]) == order[-2], what="one frame back")
        seq = order[-2]
    following = order[order.index(seq) + 1]
    body.send_keys(".")
    wait_for(lambda: int(replay_status(browser)["seq"]) == following, what="one frame on")
    body.send_keys(",")
    wait_for(lambda: int(replay_status(browser)["seq"]) == seq, what="one frame back")
    assert replay_status(browser)["paused"] == "true"
    # The frame on screen is drawn as the recorded quads.
    assert assert_cards_match(browser, by_seq[seq]["frame"]) >= 3


def test_replay_refuses_a_bad_recording_and_a_socket(tmp_path):
    import subprocess
    from harness import BIN

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event":"frame","seq":1}\n')
    web = [str(BIN / "cardstack"), "web", "--no-open", "--listen", "127.0.0.1:0"]
    result = subprocess.run([*web, "--replay", str(bad)], capture_output=True, text=True, timeout=10)
    assert result.returncode == 1 and result.stdout == ""
    assert str(bad) in result.stderr and "line 1" in result.stderr
    result = subprocess.run([*web, "--replay", str(tmp_path / "none.jsonl")], capture_output=True, text=True, timeout=10)
    assert result.returncode == 1 and "cannot read it" in result.stderr
    result = subprocess.run([*web, "--replay", str(bad), "--socket", str(tmp_path / "d.sock")],
                            capture_output=True, text=True, timeout=10)
    assert result.returncode != 0 and "--replay" in result.stderr and "no daemon" in result.stderr
