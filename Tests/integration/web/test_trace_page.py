"""The page plots a device trace against the motion (issue 47): a real move recorded from the
daemon (a `next` on a 0.3 s linear curve), an app's trace of it at 120 Hz with one frame
dropped posted to the bridge (`POST /trace`), "load device trace" clicked: the page shows one
hitch of 8.3 ms, the hitch time ratio Apple's formula gives, no deviation (the page computes
the step again at each frame's time) and a start latency of one refresh, as docs/tuning.md
"Device traces" defines them, and draws the trace's points over the daemon's; a frame drawn
1 pt off is the largest deviation, at its line. Real daemon, real `cardstack web`, headless Chromium."""
import http.client
import json

from harness import DEFAULT_CONFIG, subscribed, wait_for
from webtools import open_page, row

LINEAR = DEFAULT_CONFIG.read_text() + '\ncurve = "linear"\nduration = 0.3\n'
PERIOD = 330.0  # one turn of the default deck: 11 cards 30 pt apart
REFRESH = 1 / 120
FRAMES = 48  # 0.4 s at 120 Hz: the move, then the cards at rest
DROPPED = 20


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def graph(browser, name):
    return json.loads(js(browser, "return document.querySelector('#motion-graph').dataset[arguments[0]] || 'null'", name))


def caption(browser):
    return js(browser, "return document.querySelector('.trace-caption').textContent")


def post_trace(bridge, body):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=20)
    try:
        conn.request("POST", f"/trace?token={bridge.token}", body=body.encode(),
                     headers={"Content-Type": "application/x-ndjson"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def device_trace(motion, duration):
    """The move as a 120 Hz device draws it at each target time (the linear curve's offset
    there), frame DROPPED never presented."""
    frames = []
    for k in range(1, FRAMES + 1):
        if k == DROPPED:
            continue
        t = motion["start"] + k * REFRESH
        x = motion["from"] + (motion["to"] - motion["from"]) * min(1.0, (t - motion["start"]) / duration)
        frames.append({"time": t, "duration": REFRESH, "offset": x})
    return frames


def pause_after_the_last_frame(browser, client):
    """Until the daemon's clock is past the page's last frame by more than the gap between two
    transitions (motion.js TRANSITION_GAP), so the next move is a transition of its own."""
    last = js(browser, "const k = window.cardstack.views[0].kept; return k[k.length - 1].time;")
    wait_for(lambda: client.ok("get_state")["uptime_s"] > last + 0.2, what="a pause after the page's last frame")


def click_load(browser):
    js(browser, "document.querySelector('[data-action=load-trace]').click()")


def test_the_page_plots_a_device_trace_with_one_hitch_against_the_move(make_daemon, bridges, browser):
    daemon = make_daemon(LINEAR)
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    wait_for(lambda: row(browser, "animation.curve") and json.loads(row(browser, "animation.curve")["value"]) == "linear",
             what="the curve in the panel")
    click_load(browser)
    wait_for(lambda: "no device trace yet" in caption(browser), timeout=10, what="the page to say no trace is held")

    pause_after_the_last_frame(browser, client)
    client.events.clear()
    client.ok("next", count=1)
    move = [f for f in client.frames_until_rest() if f.get("motion")]
    motion = move[0]["motion"]
    assert motion["kind"] == "step" and motion["to"] != motion["from"], motion
    wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == [move[-1]["seq"]], timeout=10, what="the graph of the move")

    trace = device_trace(motion, 0.3)
    body = "".join(json.dumps(f) + "\n" for f in trace)
    assert post_trace(bridge, body) == (200, f'{{"frames":{FRAMES - 1}}}\n'.encode())
    click_load(browser)
    report = wait_for(lambda: graph(browser, "report"), timeout=10, what="the page to plot the device trace")

    # One hitch of one refresh, where the frame before the dropped one was held.
    assert len(report["hitches"]) == 1, report["hitches"]
    hitch = report["hitches"][0]
    assert abs(hitch["ms"] - 1000 * REFRESH) < 1e-6 and hitch["line"] == DROPPED - 1, hitch
    # Apple's formula: the hitch time (ms) over the seconds of motion, first target time to
    # the last frame's end.
    span = trace[-1]["time"] + REFRESH - trace[0]["time"]
    assert abs(report["span"] - span) < 1e-9
    assert abs(report["ratio"] - 1000 * REFRESH / span) < 1e-6 and report["band"] == "critical", report
    assert abs(report["cadence"] - REFRESH) < 1e-12 and report["frames"] == FRAMES - 1
    # The first frame drawn off the move's start is one refresh after it.
    assert abs(report["latency"] - REFRESH) < 1e-9, report["latency"]

    # The page computes the step on its linear curve again at each frame's time (as `verify
    # --device` does): the trace follows it, so no frame deviates; the trace's points are
    # drawn where it drew them, over the daemon's.
    assert report["lined"] == 0 and report["deviation"] < 1e-9, report
    assert graph(browser, "seqs")[-1] == move[-1]["seq"]
    drawn = graph(browser, "device")
    assert len(drawn) == len(trace)
    for (t, x), f in zip(drawn, trace):
        assert t == f["time"] and abs(x - f["offset"]) < 1e-9, ((t, x), f)
    path = js(browser, "return document.querySelector('#motion-graph .device').getAttribute('d')")
    assert path.startswith("M") and path.count("L") == len(trace) - 1, path
    text = caption(browser)
    assert f"device: {FRAMES - 1} frames at 120.0 Hz" in text and "1 hitch (8.3 ms at" in text, text
    assert f"hitch time ratio {1000 * REFRESH / span:.1f} ms/s (critical" in text and "start latency 8.3 ms" in text, text

    # One frame drawn 1 pt off the move: the largest deviation, at its line.
    nudged = [dict(f, offset=f["offset"] + 1.0) if k == 24 else f for k, f in enumerate(trace)]
    assert post_trace(bridge, "".join(json.dumps(f) + "\n" for f in nudged))[0] == 200
    click_load(browser)
    report = wait_for(lambda: (r := graph(browser, "report")) and r["trace"] == 2 and r, timeout=10,
                      what="the page to plot the second trace")
    assert abs(report["deviation"] - 1.0) < 1e-9 and report["line"] == 25, report
    assert "largest deviation 1.000 pt" in caption(browser) and "(line 25)" in caption(browser)

    # Another move, and the trace loaded is not of it: nothing drawn, and the page says why.
    pause_after_the_last_frame(browser, client)
    client.events.clear()
    client.ok("next", count=1)
    later = [f for f in client.frames_until_rest() if f.get("motion")]
    wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == [later[-1]["seq"]], timeout=10, what="the graph of the next move")
    assert graph(browser, "report") is None and graph(browser, "device") is None
    assert "of another transition" in caption(browser)


def test_the_page_computes_each_kind_of_move_as_the_daemon_does(make_daemon, bridges, browser):
    # The page's moveAt (trace.js) at each frame's time of a real move gives the frame's own
    # offset: steps on a named curve, on a Bézier of the user's, on "decelerate"
    # (Motion.landing) and on springs underdamped, critically damped and overdamped; flings
    # that coast (snapping or not) and one that snaps on a spring.
    daemon = make_daemon(LINEAR)
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    # (parameters, the move): steps on curves, a fling's coast, steps on springs, a fling that
    # snaps on a spring.
    moves = [({"curve": curve, "duration": 0.4}, ("next", {"count": 1}))
             for curve in ["ease_in_out", [0.2, 0.9, 0.3, 1.2], "decelerate"]]
    moves += [({"snap": False}, ("fling", {"velocity": 900})), ({"snap": True}, ("fling", {"velocity": -700}))]
    moves += [({"spring": spring}, ("next", {"count": 1})) for spring in [
        {"duration": 0.5, "bounce": 0.3}, {"damping_ratio": 1.0, "response": 0.3}, {"damping_ratio": 1.6, "response": 0.25}]]
    moves += [({"spring": {"duration": 0.4, "bounce": 0.2}}, ("fling", {"velocity": 1200}))]
    for animation, (command, args) in moves:
        client.ok("set_params", params={"animation": animation})
        revision = client.event("params", timeout=10)["revision"]
        wait_for(lambda: js(browser, "return window.cardstack.views[0].params.revision") == revision, timeout=10,
                 what="the page to hold the new parameters")
        pause_after_the_last_frame(browser, client)
        client.events.clear()
        client.ok(command, **args)
        move = [f for f in client.frames_until_rest() if f.get("motion")]
        assert len(move) > 5, move
        wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == [move[-1]["seq"]], timeout=10, what="the graph of the move")
        result = js(browser, """
            const v = window.cardstack.views[0], a = v.params.params.animation;
            const seqs = new Set(arguments[0]);
            const frames = v.kept.filter((m) => seqs.has(m.seq)), moveAt = window.cardstack.maths.moveAt;
            return frames.map((m) => [moveAt(m.motion, a, m.time), m.frame.offset]);""", [f["seq"] for f in move])
        assert len(result) == len(move)
        # The move's own space is unwrapped; the frames' offsets are within one turn of the deck.
        worst = max(abs((own - offset) - PERIOD * round((own - offset) / PERIOD)) for own, offset in result)
        assert move[0]["motion"]["kind"] == ("fling" if command == "fling" else "step")
        assert worst < 1e-9, (animation, command, worst, result)
