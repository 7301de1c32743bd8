"""The page as a tuning instrument (issue 25): controls fitted to each key, the actions the
CLI has, the curve and spring editors, the motion graph and the timeline. Headless
Chromium against real daemons through a real `cardstack web`."""
import json
import math

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from harness import subscribed, wait_for
from webtools import config, downloads_to, find_chromium, open_page, row, wait_page_seq, wait_settled


pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def shown_rows(browser):
    """The rows of the main table a user sees, by key."""
    return js(browser, """
        const out = {};
        for (const r of document.querySelectorAll(".view[data-view='0'] tr[data-key]")) {
          out[r.dataset.key] = r.offsetParent !== null;
        }
        return out;""")


def slider_state(browser, key):
    return js(browser, """
        const r = document.querySelector(`tr[data-key='${arguments[0]}'] input[type=range]`);
        const b = r.getBoundingClientRect();
        return {value: r.value, at: r.dataset.at, min: r.min, max: r.max, disabled: r.disabled,
                left: b.left, width: b.width, top: b.top, height: b.height};""", key)


def drag_slider(browser, key, by):
    """Presses the slider's thumb where it is and drags it `by` CSS px."""
    s = slider_state(browser, key)
    lo, hi, v = float(s["min"]), float(s["max"]), float(s["value"])
    thumb = 8  # half of Chromium's slider thumb, which travels inside the track
    x = s["left"] + thumb + (v - lo) / (hi - lo) * (s["width"] - 2 * thumb)
    element = browser.find_element("css selector", f"tr[data-key='{key}'] input[type=range]")
    dx = x - (s["left"] + s["width"] / 2)
    ActionChains(browser).move_to_element_with_offset(element, round(dx), 0).click_and_hold() \
        .move_by_offset(by, 0).release().perform()


def wait_row_value(browser, key, value):
    wait_for(lambda: row(browser, key) and json.loads(row(browser, key)["value"]) == value, timeout=10,
             what=f"the panel to show {key} = {value}")


# MARK: Controls

def value_at(params, key):
    """The value of a dotted key in `get_params`' parameters, or None."""
    for part in key.split("."):
        params = params.get(part) if isinstance(params, dict) else None
    return params


def test_sliders_sit_on_the_value_in_force_and_a_drag_moves_it_by_a_fraction(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    params = client.ok("get_params")["params"]
    wait_row_value(browser, "viewport.height", 667)
    # Every slider's thumb sits on the value in force exactly (m34's track is the camera
    # distance, log2), and moving it there gives that value.
    keys = js(browser, "return [...document.querySelectorAll('tr[data-key] input[type=range]')].filter(r => !r.closest('.pair')).map(r => r.closest('tr').dataset.key)")
    assert len(keys) >= 15
    for key in keys:
        # A key of an override table (`reduced.animation.duration`) is one table deeper.
        value = value_at(params, key)
        if value is None:
            continue
        state = slider_state(browser, key)
        # The thumb's own value: a range input holds only what lies in [min, max] (the browser
        # clamps the rest), so this fails for a slider that cannot reach the value in force.
        thumb = math.log2(1 / abs(value)) if key == "layout.m34" else value
        assert float(state["min"]) <= thumb <= float(state["max"]), (key, value, state)
        assert abs(float(state["value"]) - thumb) <= 1e-12 * max(1.0, abs(thumb)), (key, value, state)
    assert slider_state(browser, "viewport.height")["value"] == "667"
    assert abs(float(slider_state(browser, "layout.m34")["value"]) - math.log2(2000)) < 1e-12
    # A 24 px drag changes a value by less than half of it; the slider then sits on the new value.
    # Every slider the stack shows, m34 (tuned as the camera distance) first (a folded row,
    # such as [scroll]'s, has no place to drag).
    shown = js(browser, "return [...document.querySelectorAll('tr[data-key] input[type=range]')].filter(r => !r.closest('.pair') && r.offsetParent).map(r => r.closest('tr').dataset.key)")
    dragged = ["layout.m34"] + [k for k in shown if k != "layout.m34" and value_at(params, k)]
    assert len(dragged) >= 12
    for key in dragged:
        old = value_at(client.ok("get_params")["params"], key)
        for sign in (1, -1):
            drag_slider(browser, key, 24 * sign)
            wait_settled(browser)
            new = float(js(browser, "return document.querySelector(`tr[data-key='${arguments[0]}'] input[type=number]`).value", key))
            assert value_at(client.ok("get_params")["params"], key) == new, (key, new)
            assert 0 < abs(new - old) / abs(old) < 0.5, (key, old, new)
            wait_for(lambda: json.loads(slider_state(browser, key)["at"]) == new, what=f"{key}'s slider on {new}")
            old = new


def test_only_the_styles_keys_are_shown_and_labels_are_whole(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "carousel.radius"), what="the carousel rows")
    shown = shown_rows(browser)
    assert not any(v for k, v in shown.items() if k.startswith("carousel.")), "carousel keys shown for stack"
    assert shown["layout.flip_range"] and shown["layout.m34"] and shown["animation.spring"]
    # Every label is on one line, not cut.
    labels = js(browser, """return [...document.querySelectorAll("tr[data-key] td.key")].filter(e => e.offsetParent)
        .map(e => { const r = document.createRange(); r.selectNodeContents(e);
                    return {text: e.textContent, lines: r.getClientRects().length, fits: e.scrollWidth <= e.clientWidth + 1}; });""")
    assert all(l["fits"] and l["lines"] == 1 for l in labels), [l for l in labels if not l["fits"] or l["lines"] != 1]
    client.ok("set_params", params={"layout": {"style": "rotary"}})
    wait_for(lambda: shown_rows(browser).get("carousel.radius") is True, what="carousel keys for rotary")
    shown = shown_rows(browser)  # the folding follows get_schema's `styles`
    assert shown["layout.flip_range"] is False and shown["layout.scale_step"] is False and shown["layout.m34"]
    # A key the style works out itself (radius): the daemon reports the value it uses, the
    # slider sits on it, and a 24 px drag moves the radius by a fraction of it, not to 0.
    effective = client.ok("get_params")["effective"]["carousel.radius"]
    assert effective > 300
    wait_for(lambda: not slider_state(browser, "carousel.radius")["disabled"], what="the radius slider on the style's value")
    state = slider_state(browser, "carousel.radius")
    assert float(state["min"]) <= effective <= float(state["max"]) and abs(float(state["value"]) - effective) < 1e-9
    drag_slider(browser, "carousel.radius", 24)
    radius = client.event("params", timeout=10, where=lambda e: e["params"]["carousel"].get("radius") is not None)
    assert 0 < abs(radius["params"]["carousel"]["radius"] - effective) / effective < 0.5
    assert "carousel.radius" not in radius["effective"]


def test_flip_range_and_anchor_are_pairs(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_row_value(browser, "layout.flip_range", [1.0, 1.1])
    js(browser, """const b = document.querySelector("[data-pair='layout.flip_range'] input[data-handle='1']");
        b.value = '1.25'; b.dispatchEvent(new Event('input')); b.dispatchEvent(new Event('change'));""")
    client.event("params", timeout=10, where=lambda e: e["params"]["layout"]["flip_range"] == [1.0, 1.25])
    pad = browser.find_element("css selector", "[data-point='card.anchor']")
    ActionChains(browser).move_to_element_with_offset(pad, 0, 0).click().perform()  # the centre
    client.event("params", timeout=10, where=lambda e: e["params"]["card"]["anchor"] == [0.5, 0.5])
    wait_row_value(browser, "card.anchor", [0.5, 0.5])


# MARK: Actions

def click(browser, selector):
    browser.find_element("css selector", selector).click()


def test_save_undo_redo_preset_do_what_the_cli_does(make_daemon, bridges, browser):
    """One daemon driven from the page, one by the CLI, the same steps: the same file bytes,
    revisions, sources and values; the unsaved marker and per-key sources follow."""
    page_daemon, cli_daemon = make_daemon(), make_daemon()
    client = subscribed(page_daemon)
    open_page(browser, bridges([page_daemon.socket]))
    for d in (page_daemon, cli_daemon):
        d.client().ok("set_params", params={"layout": {"spacing": 42}})
    wait_row_value(browser, "layout.spacing", 42)
    wait_for(lambda: js(browser, "return document.querySelector('.unsaved').dataset.unsaved") == "true",
             what="the unsaved marker")
    assert row(browser, "layout.spacing")["source"] == "set"

    def same():
        a, b = page_daemon.client().ok("get_params"), cli_daemon.client().ok("get_params")
        return (a["revision"], a["source"], a["params"], a["unsaved"]) == (b["revision"], b["source"], b["params"], b["unsaved"])

    click(browser, "[data-action='save']")
    cli_daemon.cli("save")
    wait_for(lambda: page_daemon.config.read_bytes() == cli_daemon.config.read_bytes()
             and b"spacing = 42" in page_daemon.config.read_bytes(), timeout=10, what="both files saved alike")
    # Each daemon then loads what it saved (a new revision from the file): wait for that load,
    # so no later step of the test races it.
    wait_for(lambda: same() and page_daemon.client().ok("get_params")["source"] == "file", timeout=10,
             what="the same parameters, loaded from the saved files")
    wait_for(lambda: js(browser, "return document.querySelector('.unsaved').dataset.unsaved") == "false",
             what="the unsaved marker to clear")

    click(browser, "[data-action='undo']")
    cli_daemon.cli("undo")
    wait_for(same, timeout=10, what="the same parameters after undo")
    info = page_daemon.client().ok("get_params")
    assert info["source"] == "undo" and info["unsaved"] == ["layout.spacing"]
    wait_for(lambda: row(browser, "layout.spacing")["source"] == "undo", what="spacing's source to say undo")
    assert row(browser, "layout.width" if False else "card.width")["source"] == "file"

    click(browser, "[data-action='redo']")
    cli_daemon.cli("redo")
    wait_for(same, timeout=10, what="the same parameters after redo")

    js(browser, "document.querySelector(\"[data-action='preset']\").dispatchEvent(new Event('focus'))")
    wait_for(lambda: js(browser, "return [...document.querySelector(\"[data-action='preset']\").options].map(o => o.value)").count("rotary") == 1,
             what="the preset menu")
    js(browser, """const s = document.querySelector("[data-action='preset']"); s.value = 'rotary';
        s.dispatchEvent(new Event('change'));""")
    cli_daemon.cli("preset", "rotary")
    wait_for(same, timeout=10, what="the same parameters after a preset")
    wait_for(lambda: row(browser, "layout.style")["source"] == "preset", what="style's source to say preset")
    assert "preset" in js(browser, "return document.querySelector('.view .revision').textContent")


def test_export_downloads_what_the_cli_prints(make_daemon, bridges, browser, tmp_path):
    daemon = make_daemon()
    open_page(browser, bridges([daemon.socket]))
    downloads = downloads_to(browser, tmp_path / "downloads")
    for fmt, name in [("json", "cardstack.json"), ("swift", "TunedLayout.swift"), ("css", "cardstack.css"),
                      ("tokens", "cardstack.tokens.json")]:
        js(browser, "const s = document.querySelector('[data-export-format]'); s.value = arguments[0];", fmt)
        click(browser, "[data-action='export']")
        wait_for(lambda: (downloads / name).exists() and (downloads / name).stat().st_size > 0, timeout=10,
                 what=f"the {fmt} download")
        assert (downloads / name).read_text() == daemon.cli("export", "--format", fmt).stdout


def test_keys_w_u_U_o_act_as_in_the_viewer(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    client.ok("set_params", params={"layout": {"spacing": 35}})
    wait_row_value(browser, "layout.spacing", 35)
    body = browser.find_element("css selector", "body")
    body.send_keys("w")
    wait_for(lambda: b"spacing = 35" in daemon.config.read_bytes(), timeout=10, what="w to save")
    # The daemon loads what it saved: a set made before that load would give way to the file.
    client.event("params", timeout=10, where=lambda e: e["source"] == "file" and e["params"]["layout"]["spacing"] == 35)
    client.ok("set_params", params={"layout": {"spacing": 36}})
    wait_row_value(browser, "layout.spacing", 36)
    body.send_keys("u")
    client.event("params", timeout=10, where=lambda e: e["source"] == "undo" and e["params"]["layout"]["spacing"] == 35)
    body.send_keys("U")
    client.event("params", timeout=10, where=lambda e: e["params"]["layout"]["spacing"] == 36)
    body.send_keys("o")
    client.event("frame", timeout=10, where=lambda e: "reveal" in e["frame"])
    wait_for(lambda: client.ok("get_frame").get("reveal", {}).get("progress") == 1, timeout=10, what="the reveal to open")
    wait_page_open(browser)
    body.send_keys("o")
    wait_for(lambda: "reveal" not in client.ok("get_frame"), timeout=10, what="o to close the reveal")


# MARK: Editors

def bezier_numbers(browser):
    return js(browser, "return [...document.querySelectorAll('#curve-editor ~ * [data-bezier], [data-bezier]')].slice(0, 4).map(e => parseFloat(e.value));")


def test_the_curve_editor_sets_the_curve(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: js(browser, "return !!document.querySelector('#curve-editor [data-handle=\"1\"]')"), what="the curve editor")
    click(browser, "[data-curve-name='ease_in_out']")
    client.event("params", timeout=10, where=lambda e: e["params"]["animation"]["curve"] == "ease_in_out")
    wait_for(lambda: bezier_numbers(browser) == [0.42, 0, 0.58, 1], what="the named curve's numbers")
    handle = browser.find_element("css selector", "#curve-editor [data-handle='1']")
    ActionChains(browser).click_and_hold(handle).move_by_offset(-20, -30).move_by_offset(-5, -5).release().perform()
    event = client.event("params", timeout=10, where=lambda e: isinstance(e["params"]["animation"]["curve"], list))
    wait_settled(browser)
    curve = client.ok("get_params")["params"]["animation"]["curve"]
    assert curve == bezier_numbers(browser), "the daemon's curve is the handle's numbers"
    assert curve[0] < 0.42 and curve[1] > 0 and curve[2:] == [0.58, 1]
    assert row(browser, "animation.curve")["value"] == json.dumps(curve, separators=(",", ":"))
    # A number typed in the box is sent as it is.
    js(browser, "const b = document.querySelector(\"[data-bezier='3']\"); b.value = '1.2'; b.dispatchEvent(new Event('change'));")
    client.event("params", timeout=10, where=lambda e: e["params"]["animation"]["curve"] == curve[:3] + [1.2])
    assert event


def spring_is(e, **expected):
    """Whether a params event's spring has these fields (get_params gives every reading)."""
    spring = e["params"]["animation"].get("spring")
    return spring is not None and all(spring.get(k) == v for k, v in expected.items())


def test_the_spring_editor_sets_the_spring_and_turns_it_off(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: js(browser, "return !!document.querySelector('#spring-editor')"), what="the spring editor")
    state = "return document.querySelector('#spring-editor [data-spring-state]').textContent"
    assert js(browser, state) == "off: the curve and duration"
    click(browser, "#spring-editor [data-spring-on]")
    client.event("params", timeout=10, where=lambda e: spring_is(e, dialect="smooth", damping_ratio=1, response=0.5))
    wait_for(lambda: js(browser, state).startswith("on: "), what="the heading to say the spring is on")
    js(browser, """const d = document.querySelector("#spring-editor [data-spring-dialect]");
        d.value = 'damping_ratio'; d.dispatchEvent(new Event('change'));""")
    js(browser, """const r = document.querySelector("#spring-editor [data-spring='damping_ratio']");
        r.value = '0.5'; r.dispatchEvent(new Event('input')); r.dispatchEvent(new Event('change'));""")
    client.event("params", timeout=10, where=lambda e: spring_is(e, dialect="damping_ratio", damping_ratio=0.5, response=0.5))
    wait_for(lambda: json.loads(js(browser, "return document.querySelector('#spring-editor').dataset.spring"))
             == client.ok("get_params")["params"]["animation"]["spring"], what="the editor to show the daemon's spring")
    assert "damping ratio / response" in js(browser, state)
    # ζ = 0.5 overshoots by e^(-πζ/√(1-ζ²)) = 16.3 %.
    assert abs(float(js(browser, "return document.querySelector('#spring-editor').dataset.overshoot")) - 16.303) < 0.01
    click(browser, "#spring-editor [data-spring-on]")
    client.event("params", timeout=10, where=lambda e: e["params"]["animation"].get("spring") is None)
    wait_for(lambda: js(browser, state) == "off: the curve and duration", what="the heading to say the spring is off")


def test_the_curve_editor_says_when_a_curve_arrives_moving(make_daemon, bridges, browser):
    """Issue 34: a Bezier whose end slope is not 0 ends at speed; the editor says so and leaves
    the curve as it is. decelerate and ease_out land at rest."""
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    # Null-safe: the page may not have built the editor yet when the first look is taken.
    editor = "document.querySelector('[data-curve-name]')?.closest('.editor')"
    wait_for(lambda: js(browser, f"return {editor}?.dataset.landsAtRest") == "true", what="decelerate lands")
    for curve, rests in ((["ease_in"], False), (["ease_out"], True), ([[0.2, 0.9, 0.3, 1.2]], False),
                         ([[0.2, 0.9, 0.3, 1.0]], True), (["decelerate"], True)):
        client.ok("set_params", params={"animation": {"curve": curve[0]}})
        wait_for(lambda: json.loads(js(browser, f"return {editor}?.dataset.curve") or "null") == curve[0]
                 and js(browser, f"return {editor}?.dataset.landsAtRest") == str(rests).lower(), what=f"{curve[0]} shown")
        note = js(browser, f"return {editor}.querySelector('.editor-note').textContent")
        assert ("arrives moving" in note) == (not rests), (curve, note)


def test_the_spring_editor_edits_in_the_dialect_chosen(make_daemon, bridges, browser):
    """Issue 34: the editor shows every reading of the spring in force and edits in the
    dialect the user picks; iOS 17's duration and bounce reach the daemon as written."""
    daemon = make_daemon()
    client = subscribed(daemon)
    client.ok("set_params", params={"animation": {"spring": {"damping_ratio": 0.7, "response": 0.4}}})
    open_page(browser, bridges([daemon.socket]))
    # Null-safe: the page may not have built the editor yet when the first look is taken.
    readings = "return document.querySelector('#spring-editor [data-spring-readings]')?.textContent"
    wait_for(lambda: "bounce 0.3" in (js(browser, readings) or ""), what="the spring's readings")
    text = js(browser, readings)
    assert "duration 0.4 s" in text and "damping ratio 0.7" in text and "mass 1" in text
    assert f"stiffness {float(f'{(2 * 3.141592653589793 / 0.4) ** 2:.4g}'):g}" in text
    js(browser, """const d = document.querySelector("#spring-editor [data-spring-dialect]");
        d.value = 'duration_bounce'; d.dispatchEvent(new Event('change'));""")
    shown = ("return [...document.querySelectorAll('#spring-editor .spring-field')]"
             ".filter(r => getComputedStyle(r).display !== 'none').map(r => r.querySelector('[data-spring]').dataset.spring)")
    assert js(browser, shown) == ["duration", "bounce"]
    js(browser, """const r = document.querySelector("#spring-editor [data-spring='bounce']");
        r.value = '0.2'; r.dispatchEvent(new Event('input')); r.dispatchEvent(new Event('change'));""")
    client.event("params", timeout=10, where=lambda e: spring_is(e, dialect="duration_bounce", duration=0.4, bounce=0.2))
    spring = client.ok("get_params")["params"]["animation"]["spring"]
    assert abs(spring["damping_ratio"] - 0.8) <= 1e-12 and spring["response"] == 0.4
    # A named spring is one click.
    click(browser, "#spring-editor [data-spring-name='snappy']")
    client.event("params", timeout=10, where=lambda e: spring_is(e, dialect="snappy", duration=0.5, bounce=0.15))


# MARK: Motion

def latest_frame(client, timeout=10):
    """The frame in force once the daemon is at rest. A client that subscribes to frames is
    sent that frame right after the reply, so no wait for a quiet spell is needed."""
    wait_for(lambda: not client.ok("get_state")["animating"], timeout=timeout, what="the daemon to come to rest")
    client.events.clear()
    client.ok("subscribe", events=["frame"])
    return client.event("frame", timeout=timeout)


# The page's motion.js: frames further apart than this (daemon time) are different transitions.
TRANSITION_GAP = 0.15


def frames_of_next(client, count=1):
    """Sends `next` and returns the frame events of the move, up to its resting frame.

    The move starts once the daemon's clock is past the frame at rest by the page's
    transition gap, so the page sees the move as a transition of its own."""
    resting = latest_frame(client)
    before = resting["seq"]
    wait_for(lambda: client.ok("get_state")["uptime_s"] > resting["time"] + TRANSITION_GAP, timeout=10,
             what="the daemon's clock to pass the frame at rest by the page's transition gap")
    client.events.clear()
    client.ok("next", count=count)
    events = list(client.events)
    client.events.clear()
    while not any(e["event"] == "state" and not e["animating"] for e in events):
        events.append(client.read(timeout=10))
    return [e for e in events if e.get("event") == "frame" and e["seq"] > before]


def spring_next_on_the_page(make_daemon, bridges, browser):
    """A page on a daemon with an underdamped spring, and the frames of one `next` there:
    (client, frames, their seqs)."""
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    client.ok("set_params", params={"animation": {"spring": {"damping_ratio": 0.5, "response": 0.4}}})
    wait_for(lambda: row(browser, "animation.spring") and json.loads(row(browser, "animation.spring")["value"]),
             what="the spring in the panel")
    frames = frames_of_next(client)
    return client, frames, [f["seq"] for f in frames]


def move_timeline(browser, index):
    """Moves the timeline to kept frame `index` as a drag does. Its range is brought up to
    the frames kept first (the page does that four times a second): a range input clamps a
    value past its max, which would show another frame."""
    js(browser, """const t = document.querySelector('#timeline');
        window.cardstack.views[0].refreshGraph();
        t.value = String(arguments[0]); t.dispatchEvent(new Event('input'));""", index)


def test_the_graph_plots_the_frames_the_daemon_sent_and_the_timeline_shows_them(make_daemon, bridges, browser):
    client, frames, seqs = spring_next_on_the_page(make_daemon, bridges, browser)
    assert client.ok("get_frame")
    wait_for(lambda: json.loads(js(browser, "return document.querySelector('#motion-graph').dataset.seqs || '[]'"))[-1:] == seqs[-1:],
             timeout=10, what="the graph to plot the move")
    plotted = json.loads(js(browser, "return document.querySelector('#motion-graph').dataset.points"))
    plotted_seqs = json.loads(js(browser, "return document.querySelector('#motion-graph').dataset.seqs"))
    by_seq = {f["seq"]: f for f in frames}
    assert plotted_seqs == seqs
    for s, (t, offset) in zip(plotted_seqs, plotted):
        assert abs(t - by_seq[s]["time"]) <= 1e-9 and abs(offset - by_seq[s]["frame"]["offset"]) <= 1e-9
    end = plotted[-1][1]
    assert max(p[1] for p in plotted) > end + 1e-6, "the spring's overshoot is plotted"

    # The timeline: a chosen earlier frame on the stage, then one frame on and back.
    kept = js(browser, "return window.cardstack.views[0].kept.map(m => m.seq)")
    chosen = plotted_seqs[len(plotted_seqs) // 2]
    index = kept.index(chosen)
    move_timeline(browser, index)
    wait_for(lambda: js(browser, "return document.querySelector('#stage').dataset.seq") == str(chosen), what="the chosen frame")
    body = browser.find_element("css selector", "body")
    body.send_keys(".")
    wait_for(lambda: js(browser, "return document.querySelector('#stage').dataset.seq") == str(kept[index + 1]), what="one frame on")
    body.send_keys(",")
    body.send_keys(",")
    wait_for(lambda: js(browser, "return document.querySelector('#stage').dataset.seq") == str(kept[index - 1]), what="two frames back")
    # Paused: new frames from the daemon do not replace it until `live`.
    client.ok("next", count=1)
    client.event("state", timeout=10, where=lambda e: not e["animating"])
    assert js(browser, "return document.querySelector('#stage').dataset.seq") == str(kept[index - 1])
    click(browser, "[data-action='live']")
    now = client.ok("get_frame")
    assert now
    wait_for(lambda: int(js(browser, "return document.querySelector('#stage').dataset.seq")) > kept[-1], what="live again")


def test_a_paint_asked_for_before_the_timeline_moved_keeps_the_chosen_frame(make_daemon, bridges, browser):
    """A frame that arrived before the timeline was moved waits for its paint; that paint,
    whenever it runs, leaves the chosen frame on the stage (the timeline pauses it). The
    draw loop is driven by hand, so the paint runs exactly after the move."""
    client, frames, seqs = spring_next_on_the_page(make_daemon, bridges, browser)
    wait_for(lambda: seqs[-1] in js(browser, "return window.cardstack.views[0].kept.map(m => m.seq)"),
             timeout=10, what="the page to keep the move's last frame")
    # ... and to have drawn it: on a busy machine a paint may still be due, and the frame it
    # waits for would be one more waiting below.
    wait_for(lambda: js(browser, """const v = window.cardstack.views[0];
        return !v.drawing.waiting && !v.drawing.scheduled && document.querySelector('#stage').dataset.seq""") == str(seqs[-1]),
             timeout=10, what="the page to draw the move's last frame")
    shown = js(browser, """
        const v = window.cardstack.views[0], hand = window.cardstack.drawByHand(), kept = v.kept;
        const chosen = Math.floor(kept.length / 2);
        v.frameEvent({event: 'frame', seq: kept[kept.length - 1].seq + 1, frame: kept[0].frame});
        const waiting = v.drawing.waiting;
        const t = document.querySelector('#timeline');
        v.refreshGraph();
        t.value = String(chosen);
        t.dispatchEvent(new Event('input'));
        hand.paint();
        return {waiting, chosen: String(kept[chosen].seq), stage: document.querySelector('#stage').dataset.seq};""")
    assert shown["waiting"] == 1, shown
    assert shown["stage"] == shown["chosen"], shown


def test_playback_at_each_speed_shows_the_frame_of_its_moment(make_daemon, bridges, browser):
    """`▶ 1×`, `0.5×`, `0.25×`, `0.1×` play the last transition's kept frames at that speed:
    with the draw loop's clock driven by hand, after d seconds of the page's time the stage
    shows the last frame whose daemon time is within d × speed of the first."""
    client, frames, seqs = spring_next_on_the_page(make_daemon, bridges, browser)
    wait_for(lambda: json.loads(js(browser, "return document.querySelector('#motion-graph').dataset.seqs || '[]'")) == seqs,
             timeout=10, what="the graph to plot the move")
    js(browser, "window.hand = window.cardstack.drawByHand(); window.hand.time = 1000;")
    times = {f["seq"]: f["time"] for f in frames}
    for speed in (1, 0.5, 0.25, 0.1):
        click(browser, f"[data-play='{speed}']")
        assert js(browser, "return document.querySelector('#stage').dataset.seq") == str(seqs[0])
        for wall in (0.05, 0.1, 0.2):
            at = times[seqs[0]] + wall * speed
            expected = max(s for s in seqs if times[s] <= at + 1e-12)
            js(browser, "window.hand.time = 1000 + arguments[0] * 1000; window.hand.paint();", wall)
            assert js(browser, "return document.querySelector('#stage').dataset.seq") == str(expected), (speed, wall)
        js(browser, "window.hand.time = 1000; window.hand.paint();")  # stop at the next paint
        click(browser, "[data-action='live']")


def wait_page_open(browser):
    """Until the page has drawn the reveal fully open: o and Open close what the page shows
    open (a page behind the daemon would open it again)."""
    wait_for(lambda: js(browser, "const s = window.cardstack.views[0].shown; return !!(s && s.reveal && s.reveal.progress === 1);"),
             timeout=10, what="the page to show the reveal open")


def test_open_reveals_the_chosen_card_and_closes_it(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    js(browser, "const c = document.querySelector('[data-open-item]'); c.value = '3'; c.dispatchEvent(new Event('input'));")
    click(browser, "[data-action='open']")
    event = client.event("frame", timeout=10, where=lambda e: "reveal" in e["frame"])
    assert event["frame"]["reveal"]["item"] == 3
    wait_for(lambda: client.ok("get_frame").get("reveal", {}).get("progress") == 1, timeout=10, what="the reveal to open")
    wait_page_open(browser)
    click(browser, "[data-action='open']")
    wait_for(lambda: "reveal" not in client.ok("get_frame"), timeout=10, what="the same button to close it")


# MARK: Reconnect

def test_the_page_reconnects_after_cardstack_web_restarts(make_daemon, bridges, browser, tmp_path, monkeypatch):
    """The token is kept for the user in $XDG_RUNTIME_DIR/cardstack/web-token (0600), so a
    restarted bridge on the same address accepts the open page, which reconnects."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    daemon = make_daemon()
    client = subscribed(daemon)
    first = bridges([daemon.socket])
    kept = runtime / "cardstack" / "web-token"
    assert kept.read_text() == first.token and kept.stat().st_mode & 0o777 == 0o600
    open_page(browser, first)
    first.stop()
    wait_for(lambda: js(browser, "return document.querySelector('.conn').dataset.state") != "connected", what="the page to notice")
    second = bridges([daemon.socket], listen=f"127.0.0.1:{first.port}")
    assert second.token == first.token
    wait_for(lambda: js(browser, "return document.querySelector('.conn').dataset.state") == "connected", timeout=10,
             what="the page to reconnect")
    client.ok("scroll", by=7)
    event = latest_frame(client)
    wait_page_seq(browser, event["seq"])
    # A token file that others could read is not used: a fresh token, and the page is told.
    kept.chmod(0o644)
    third_token = None
    second.stop()
    third = bridges([daemon.socket], listen=f"127.0.0.1:{first.port}")
    third_token = third.token
    assert third_token != first.token
    wait_for(lambda: "restarted" in js(browser, "return document.querySelector('.conn').textContent"), timeout=10,
             what="the page to say the URL changed")


# MARK: The circle reveal

def inside(quad, x, y):
    """Whether (x, y) is inside the convex four-point polygon `quad`."""
    signs = []
    for i in range(4):
        (x0, y0), (x1, y1) = quad[i], quad[(i + 1) % 4]
        signs.append((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) > 0)
    return all(signs) or not any(signs)


def test_the_reveal_at_half_way_is_a_circle_of_the_frames_radius(make_daemon, bridges, browser):
    """Pixels of a screenshot: inside the frame's circle the opened card's detail view (its
    colour), outside it the stack; taken at the kept frame nearest progress 0.5."""
    import io

    from PIL import Image

    daemon = make_daemon(config(animation__fps=60))
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    client.ok("set_params", params={"animation": {"slowdown": 4}})
    client.event("params", timeout=10, where=lambda e: e["params"]["animation"]["slowdown"] == 4)
    client.ok("open", item=0)
    frames = []
    while True:
        e = client.read(timeout=10)
        if e.get("event") == "frame" and "reveal" in e["frame"]:
            frames.append(e)
            if e["frame"]["reveal"]["progress"] == 1:
                break
    half = min(frames, key=lambda e: abs(e["frame"]["reveal"]["progress"] - 0.5))
    assert abs(half["frame"]["reveal"]["progress"] - 0.5) < 0.1
    # Every frame of the reveal is in the page before the timeline moves, and its draw loop
    # is the test's: no frame still on its way, and no paint asked for before, can come after.
    wait_for(lambda: frames[-1]["seq"] in js(browser, "return window.cardstack.views[0].kept.map(m => m.seq)"),
             timeout=10, what="the page to keep the reveal's frames")
    js(browser, "window.hand = window.cardstack.drawByHand();")
    index = js(browser, "return window.cardstack.views[0].kept.findIndex(m => m.seq === arguments[0])", half["seq"])
    move_timeline(browser, index)
    assert js(browser, "return document.querySelector('#stage').dataset.seq") == str(half["seq"]), "the half-way frame"
    geometry = js(browser, """const v = window.cardstack.views[0], stage = document.querySelector('#stage');
        const s = stage.getBoundingClientRect();
        return {left: s.left, top: s.top, scale: v.scale, colour: getComputedStyle(stage.querySelector('.reveal')).backgroundColor};""")
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    colour = tuple(int(x) for x in geometry["colour"][geometry["colour"].index("(") + 1:-1].split(",")[:3])
    r = half["frame"]["reveal"]
    cx, cy, radius = r["center"][0], r["center"][1], r["radius"]

    def pixel(x, y):
        return image.getpixel((round(geometry["left"] + x * geometry["scale"]), round(geometry["top"] + y * geometry["scale"])))

    def is_detail(p):
        return all(abs(a - b) <= 3 for a, b in zip(p, colour))

    vp = half["frame"]["viewport"]
    # The opened card itself has the detail's colour: outside the circle, only the rest counts.
    opened = next(c["quad"] for c in half["frame"]["cards"] if c["item"] == 0)
    for k in range(16):
        a = 2 * math.pi * k / 16
        assert is_detail(pixel(cx + 0.9 * radius * math.cos(a), cy + 0.9 * radius * math.sin(a))), ("inside", k)
        x, y = cx + 1.1 * radius * math.cos(a), cy + 1.1 * radius * math.sin(a)
        if 0 <= x < vp["width"] and 0 <= y < vp["height"] and not inside(opened, x, y):
            assert not is_detail(pixel(x, y)), ("outside", k)


# MARK: Tables as the file writes them; warnings

def test_set_and_the_page_take_a_table_in_the_files_inline_syntax(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    daemon.cli("set", "animation.spring={ damping_ratio = 0.7, response = 0.35 }")
    spring = client.ok("get_params")["params"]["animation"]["spring"]
    assert (spring["damping_ratio"], spring["response"], spring["dialect"]) == (0.7, 0.35, "damping_ratio")
    daemon.cli("set", "flip_range=[ 1.0, 1.3 ]", "curve=[0.2, 0.1, 0.3, 1]")
    p = client.ok("get_params")["params"]
    assert p["layout"]["flip_range"] == [1.0, 1.3] and p["animation"]["curve"] == [0.2, 0.1, 0.3, 1]
    bad = daemon.cli("set", "spring={ damping_ratio = }", check=False)
    assert bad.returncode != 0 and "neither JSON nor a TOML value" in bad.stderr and "damping_ratio = 0.7" in bad.stderr
    # The page's box takes the same text.
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "animation.spring"), what="the spring row")
    js(browser, """const b = document.querySelector("tr[data-key='animation.spring'] input[type=text]");
        b.value = '{ damping_ratio = 0.4, response = 0.5 }'; b.dispatchEvent(new Event('change'));""")
    client.event("params", timeout=10, where=lambda e: spring_is(e, damping_ratio=0.4, response=0.5))


def test_warnings_show_in_the_panel_with_the_key(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    assert client.ok("get_params")["warnings"] == []
    info = client.ok("set_params", params={"layout": {"cards": 5}})
    assert len(info["warnings"]) == 1 and info["warnings"][0].startswith("layout.cards = 5")
    wait_for(lambda: js(browser, "return [...document.querySelectorAll('.warnings li')].map(l => l.dataset.warningKey)") == ["layout.cards"],
             what="the warning in the panel")
    client.ok("set_params", params={"layout": {"cards": 11}})
    wait_for(lambda: js(browser, "return document.querySelector('.warnings').hidden"), what="the warning to go")


def test_loop_replays_the_transition_until_turned_off(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "layout.spacing"), what="the panel")
    start = client.ok("get_state")["offset"]
    click(browser, "[data-action='loop']")
    assert js(browser, "return document.querySelector(\"[data-action='loop']\").dataset.on") == "true"
    targets = []
    for _ in range(2):
        client.event("state", timeout=10, where=lambda e: e["animating"])
        e = client.event("state", timeout=10, where=lambda e: not e["animating"])
        targets.append(e["offset"])
    # Each round starts where the loop started and ends one card on.
    assert targets == [start + 30, start + 30]
    click(browser, "[data-action='loop']")
    assert js(browser, "return document.querySelector(\"[data-action='loop']\").dataset.on") == "false"
    wait_for(lambda: not client.ok("get_state")["animating"], timeout=10, what="the last round to end")
    start = client.ok("get_state")["offset"]
    # A looped fling has the velocity chosen beside it: backwards here.
    js(browser, """const k = document.querySelector('[data-loop-kind]'); k.value = 'fling'; k.dispatchEvent(new Event('change'));
                   const v = document.querySelector('[data-loop-velocity]'); v.value = '-900'; v.dispatchEvent(new Event('input'));""")
    client.events.clear()
    click(browser, "[data-action='loop']")
    period = 11 * 30
    first = client.event("frame", timeout=10, where=lambda e: e["frame"]["offset"] != start)
    step = math.remainder(first["frame"]["offset"] - start, period)
    assert step < 0, (start, first["frame"]["offset"])
    click(browser, "[data-action='loop']")
