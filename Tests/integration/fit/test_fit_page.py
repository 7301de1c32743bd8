"""The page's Fit end to end (issue 40): a spring `next` rendered here from hidden numbers,
loaded as the reference, fitted by the bridge's `cardstack fit --live` against the parameters
the page's daemon has in force, shown with its residual, applied with one set_params and
taken back with one undo; a point marked in the page (Mark a point) is the one the fit follows
(`--mark`), and a mark the clip cannot hold is refused by the bridge. Real daemon, real
bridge, headless Chromium."""
import http.client
import json
import shutil
import subprocess

import pytest

from harness import BIN, REPO, subscribed, wait_for
from webtools import open_page

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed (make test-deps)")

# The linear carousel: each card slides a card's width per step.
LINEAR = """[layout]
style = "linear"
cards = 20
wrap = false
spacing = 200.0

[card]
width = 200.0
height = 200.0
anchor = [0.5, 0.5]
corner_radius = 12.0
"""
PHOTOS = REPO / "examples" / "looks" / "photos" / "*.png"
HIDDEN = {"damping_ratio": 0.6, "response": 0.45}


def make_clip(tmp_path, padding="#e0e0e0"):
    """The hidden spring's `next`, rendered at 30 fps, scaled to 200 px across inside a
    larger frame of `padding` at (30, 24) and encoded as lossy MP4: small, so the fit is quick."""
    hidden = tmp_path / "hidden.toml"
    look = LINEAR.replace("[card]\n", f'[card]\nimages = ["{PHOTOS}"]\n', 1)
    hidden.write_text(look + "\n[animation]\nfps = 30\nspring = { damping_ratio = 0.6, response = 0.45 }\n")
    raw = tmp_path / "raw.mp4"
    result = subprocess.run([str(BIN / "cardstack"), "render", "--config", str(hidden), "--transition", "next",
                             "--out", str(raw), "--background", "#203040", "--hold", "0.2"],
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    clip = tmp_path / "wanted.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", str(raw), "-vf",
                    f"scale=200:-2,pad=260:480:30:24:color={padding},tpad=start_duration=0.1:start_mode=clone",
                    "-c:v", "libx264", "-crf", "28", "-pix_fmt", "yuv420p", str(clip)], check=True, timeout=120)
    return clip


def load_clip(browser, clip):
    browser.find_element("css selector", "#reference-file").send_keys(str(clip))
    wait_for(lambda: browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId"),
             timeout=60, what="the reference to load")


def fit_result(browser):
    return browser.execute_script("""const r = document.querySelector('.fit-result');
        return {text: r.textContent, error: r.dataset.error, residual: r.dataset.residual || '', hidden: r.hidden,
                busy: document.querySelector('[data-action="fit"]').disabled,
                apply: !document.querySelector('[data-action="apply-fit"]').hidden};""")


def fit_spring(browser):
    """Fit asked for a spring in the page, and the result it shows once the fit is over. The
    fit runs `cardstack fit` (a debug build takes tens of seconds on a busy machine)."""
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element("css selector", "[aria-label='what to fit']")).select_by_value("spring")
    browser.find_element("css selector", "[data-action='fit']").click()
    return wait_for(lambda: (lambda r: r if not r["busy"] and r["residual"] or r["error"] == "true" else None)(
        fit_result(browser)), timeout=600, what="the fit's result in the page")


def test_fit_in_the_page_finds_the_spring_and_apply_is_one_undo(make_daemon, bridges, browser, tmp_path):
    clip = make_clip(tmp_path)
    daemon = make_daemon(LINEAR + "\n[animation]\nspring = { damping_ratio = 1.0, response = 0.3 }\n")
    client = subscribed(daemon)
    before = client.ok("get_params")["params"]["animation"]
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    load_clip(browser, clip)
    from selenium.webdriver.support.ui import Select
    assert Select(browser.find_element("css selector", "[aria-label='style to fit']")).first_selected_option \
        .get_attribute("value") == "linear"
    shown = fit_spring(browser)
    assert shown["error"] == "false" and not shown["hidden"] and shown["apply"], shown
    assert float(shown["residual"]) < 1, shown
    assert "residual: mean " in shown["text"] and "animation.spring.damping_ratio = " in shown["text"], shown
    # The same layout as the daemon's: no warning that the two differ.
    assert browser.execute_script("return document.querySelector('.fit-result').dataset.warnings") == "0"
    assert "warning:" not in shown["text"], shown
    fitted = browser.execute_script("return window.cardstack.views[0].reference.fitted")
    spring = fitted["params"]["animation"]["spring"]
    assert abs(spring["response"] / HIDDEN["response"] - 1) < 0.03, fitted["params"]
    assert abs(spring["damping_ratio"] - HIDDEN["damping_ratio"]) < 0.03, fitted["params"]
    assert fitted["style"] == "linear" and fitted["kind"] == "spring"
    # What Apply sends: the spring in the dialect fitted, as `cardstack fit --apply` does.
    assert fitted["settings"] == {"animation": {"spring": {"damping_ratio": spring["damping_ratio"],
                                                           "response": spring["response"]}}}, fitted["settings"]
    # The numbers shown are the fitted ones.
    assert f"animation.spring.response = {spring['response']}" in shown["text"], shown["text"]
    # Apply: the fitted spring in force on the daemon, as one set_params.
    browser.find_element("css selector", "[data-action='apply-fit']").click()
    applied = wait_for(lambda: (lambda a: a if abs(a["spring"]["response"] - spring["response"]) < 1e-9 else None)(
        client.ok("get_params")["params"]["animation"]), timeout=10, what="the fitted spring in force")
    assert abs(applied["spring"]["damping_ratio"] - spring["damping_ratio"]) < 1e-9, applied
    # One undo restores the spring that was in force.
    client.ok("undo")
    assert client.ok("get_params")["params"]["animation"] == before


def test_a_reference_lined_up_by_hand_is_fitted_where_it_lies(make_daemon, bridges, browser, tmp_path):
    # Padding of the stage's own colour: nothing tells the stage from it but the cards. The
    # designer lines the reference up on the phone instead; Fit reads the clip there.
    clip = make_clip(tmp_path, padding="#203040")
    daemon = make_daemon(LINEAR + "\n[animation]\nspring = { damping_ratio = 1.0, response = 0.3 }\n")
    open_page(browser, bridges([daemon.socket]))
    load_clip(browser, clip)
    # The stage is 200 px across at (30, 24) in the 260 × 480 clip: as the page places it,
    # clip pixel (30, 24) at the phone's top-left and 375 / 200 points per pixel.
    vw, vh = browser.execute_script("const v = window.cardstack.views[0].viewport; return [v.width, v.height];")
    fits = min(vw / 260, vh / 480)
    per_pixel = vw / 200
    x, y = -30 * per_pixel - (vw - 260 * per_pixel) / 2, -24 * per_pixel - (vh - 480 * per_pixel) / 2
    for label, value in (("x pt", x), ("y pt", y), ("scale %", per_pixel / fits * 100)):
        box = browser.find_element("css selector", f"[aria-label='{label}']")
        box.clear()
        box.send_keys(f"{value:.6f}")
    sent = browser.execute_script("return window.cardstack.views[0].reference.stageInClip()")
    assert all(abs(a - b) < 1e-4 for a, b in zip(sent, [30, 24, 200 / vw])), sent
    shown = fit_spring(browser)
    assert shown["error"] == "false" and float(shown["residual"]) < 1, shown
    fitted = browser.execute_script("return window.cardstack.views[0].reference.fitted")
    # The fit read the stage where the page put it (the clip's own pixels: it is not scaled).
    stage = fitted["stage"]
    assert all(abs(a - b) < 1e-6 for a, b in zip([stage["x"], stage["y"], stage["scale"]], sent)), (stage, sent)
    spring = fitted["params"]["animation"]["spring"]
    assert abs(spring["response"] / HIDDEN["response"] - 1) < 0.03, fitted["params"]
    assert abs(spring["damping_ratio"] - HIDDEN["damping_ratio"]) < 0.03, fitted["params"]


def test_a_fit_that_cannot_run_says_why_in_the_page(make_daemon, bridges, browser, tmp_path):
    still = tmp_path / "still.png"
    shutil.copy(REPO / "examples" / "looks" / "photos" / "photo1.png", still)
    daemon = make_daemon(LINEAR)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    browser.find_element("css selector", "#reference-file").send_keys(str(still))
    wait_for(lambda: browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId"),
             timeout=60, what="the still to load")
    browser.find_element("css selector", "[data-action='fit']").click()
    shown = wait_for(lambda: (lambda r: r if r["error"] == "true" else None)(fit_result(browser)), timeout=120,
                     what="the fit's error in the page")
    # One "cannot fit:", the reference named as such (not the bridge's file), the reason.
    assert shown["text"].startswith("cannot fit: cardstack: the reference: the clip has 1 frame; a move needs at "
                                    "least two"), shown
    assert shown["text"].count("cannot fit") == 1 and "/upload" not in shown["text"], shown
    # What to do is said in the page's terms: its Mark corners, not the command's --corners.
    assert "Mark corners, then Fit" in shown["text"] and "--corners" not in shown["text"], shown
    assert not shown["apply"] and not shown["busy"], shown
    assert browser.execute_script("return document.querySelector('.conn').dataset.state") == "connected"


def test_a_stage_the_fit_cannot_find_says_to_line_it_up_in_the_page(make_daemon, bridges, browser, tmp_path):
    # Padding of the stage's own colour and a picture not of the stage's proportions: the
    # stage cannot be found, and the page says what to do in the page, not `--stage X,Y,SCALE`.
    clip = make_clip(tmp_path, padding="#203040")
    daemon = make_daemon(LINEAR)
    open_page(browser, bridges([daemon.socket]))
    load_clip(browser, clip)
    browser.find_element("css selector", "[data-action='fit']").click()
    shown = wait_for(lambda: (lambda r: r if r["error"] == "true" else None)(fit_result(browser)), timeout=120,
                     what="the fit's error in the page")
    assert "cannot find the 375×667 pt stage" in shown["text"], shown
    assert "line the reference up on the phone (its x, y and scale" in shown["text"], shown
    assert "--stage" not in shown["text"] and "--mark" not in shown["text"], shown
    assert not shown["apply"] and not shown["busy"], shown


def mark_state(browser):
    return browser.execute_script("""const b = (a) => document.querySelector(`[data-action="${a}"]`);
        return {mark: document.querySelector('.point-mark').dataset.mark,
                point: b('mark-point').getAttribute('aria-pressed'), corners: b('mark-corners').getAttribute('aria-pressed'),
                frame: document.querySelector('#reference-image').dataset.referenceFrame};""")


def press_on_clip(browser, x, y):
    """A press on the 260 × 480 reference where its pixel (x, y) lies as the page places it:
    centred on the phone at the size that fits (not moved or scaled)."""
    browser.execute_script("""
        const v = window.cardstack.views[0], stage = document.querySelector('#stage');
        const box = document.querySelector('#stage .reference-layer').getBoundingClientRect();
        const fit = Math.min(v.viewport.width / 260, v.viewport.height / 480);
        const left = (v.viewport.width - 260 * fit) / 2, top = (v.viewport.height - 480 * fit) / 2;
        const at = {clientX: box.left + (left + arguments[0] * fit) * v.scale,
                    clientY: box.top + (top + arguments[1] * fit) * v.scale,
                    button: 0, bubbles: true, pointerId: 1, isPrimary: true};
        stage.dispatchEvent(new PointerEvent('pointerdown', at));
        stage.dispatchEvent(new PointerEvent('pointerup', at));""", x, y)


def test_a_point_marked_in_the_page_is_the_one_fit_follows(make_daemon, bridges, browser, tmp_path):
    clip = make_clip(tmp_path)
    daemon = make_daemon(LINEAR + "\n[animation]\nspring = { damping_ratio = 1.0, response = 0.3 }\n")
    open_page(browser, bridges([daemon.socket]))
    load_clip(browser, clip)
    # Mark a point and Mark corners are one or the other.
    browser.find_element("css selector", "[data-action='mark-corners']").click()
    browser.find_element("css selector", "[data-action='mark-point']").click()
    assert mark_state(browser) == {"mark": "", "point": "true", "corners": "false", "frame": "0"}
    # The frame shown is the one the point is marked in: two of the clip's frames on (still at
    # rest: the clip's first 0.1 s is its first frame).
    for _ in range(2):
        browser.find_element("css selector", "button[title='one reference frame later']").click()
    wait_for(lambda: mark_state(browser)["frame"] == "2", timeout=10, what="the reference's frame 2")
    # A press beside the clip sets nothing and says so.
    press_on_clip(browser, -5, 100)
    assert mark_state(browser)["mark"] == ""
    assert "beside the 260 × 480 clip" in browser.find_element("css selector", ".point-mark").find_element(
        "xpath", "ancestor::section").text
    # Just inside the top-left corner of the card that comes to the front (it stays in sight),
    # at (287.5, 233.5) pt at rest: in the clip, the stage is 200 px across at (30, 24). (A point
    # amid the front card's picture, (250, 300) pt, was followed worse: 8 pt mean residual.)
    vw = browser.execute_script("return window.cardstack.views[0].viewport.width")
    want = (30 + 290.5 * 200 / vw, 24 + 237.5 * 200 / vw)
    press_on_clip(browser, *want)
    xy, frame = mark_state(browser)["mark"].split("@")
    assert frame == "2" and all(abs(float(a) - b) < 0.5 for a, b in zip(xy.split(","), want)), (xy, want)
    assert browser.execute_script("return document.querySelectorAll('.point-mark circle').length") == 2
    shown = fit_spring(browser)
    assert shown["error"] == "false" and float(shown["residual"]) < 1, shown
    fitted = browser.execute_script("return window.cardstack.views[0].reference.fitted")
    # `cardstack fit --mark X,Y@2` followed the point marked, and found the hidden spring.
    assert fitted["tracking"] == "mark", fitted
    assert "followed: the point marked (Mark a point)" in shown["text"], shown["text"]
    spring = fitted["params"]["animation"]["spring"]
    assert abs(spring["response"] / HIDDEN["response"] - 1) < 0.03, fitted["params"]
    assert abs(spring["damping_ratio"] - HIDDEN["damping_ratio"]) < 0.03, fitted["params"]
    # "clear point" takes it back; so does a new clip.
    browser.find_element("css selector", "[data-action='clear-point']").click()
    assert mark_state(browser)["mark"] == ""
    press_on_clip(browser, *want)
    assert mark_state(browser)["mark"] != ""
    old = browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId")
    again = tmp_path / "again.mp4"  # another file: the same one again is no change of the input
    shutil.copy(clip, again)
    browser.find_element("css selector", "#reference-file").send_keys(str(again))
    wait_for(lambda: browser.execute_script(
        "return document.querySelector('#reference-image').dataset.referenceId") not in (None, "", old),
        timeout=60, what="the clip to load again")
    assert mark_state(browser)["mark"] == ""


def ask(bridge, path, body, headers=None):
    """POST `body` to the bridge (GET without one): the status and the answer as text."""
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=60)
    conn.request("POST" if body is not None else "GET", path, body=body,
                 headers={"Host": f"127.0.0.1:{bridge.port}", **(headers or {})})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data.decode(errors="replace")


def test_a_mark_outside_the_clip_or_its_frames_is_a_400_naming_the_bound(bridges, tmp_path):
    # A 260 × 480 clip of 10 frames: the bridge checks the mark before it runs anything.
    clip = tmp_path / "clip.mp4"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=260x480:r=30:d=0.3333",
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", str(clip)], check=True, timeout=120)
    bridge = bridges([tmp_path / "no-daemon.sock"])
    t = bridge.token
    status, text = ask(bridge, f"/reference?token={t}", clip.read_bytes())
    assert status == 200, text
    reply = json.loads(text)
    assert (reply["width"], reply["height"], reply["frames"]) == (260, 480, 10), reply
    fit = lambda mark, **more: ask(bridge, f"/fit?token={t}", json.dumps({"id": reply["id"], "mark": mark, **more}),
                                    {"Content-Type": "application/json"})
    bound = "is outside the 260 × 480 clip: x must be in [0, 260] and y in [0, 480] clip pixels"
    for x, y in [(261, 10), (-0.5, 10), (10, 480.5), (1e308, 1e308)]:
        status, text = fit({"x": x, "y": y, "frame": 0})
        assert status == 400 and text.startswith("mark: the mark (") and bound in text, (x, y, status, text)
        assert text.count("\n") == 1, text
    for frame in (10, -1):
        status, text = fit({"x": 10, "y": 10, "frame": frame})
        assert status == 400 and f"mark: frame {frame} is not one of the reference's" in text, text
        assert "from 0 to 9" in text, text
    for bad in [[10, 10, 0], {"x": 10, "y": 10}, {"x": "10", "y": 10, "frame": 0}, {"x": 10, "y": 10, "frame": 0.5},
                "10,10@0"]:
        status, text = fit(bad)
        assert status == 400 and text.startswith('mark must be {"x": X, "y": Y, "frame": N}'), (bad, status, text)
    status, text = fit({"x": 10, "y": 10, "frame": 0}, corners=[[[0, 0], [1, 0], [1, 1], [0, 1]]] * 2)
    assert status == 400 and "not both" in text and "Mark a point" in text, text
    # A mark it takes is passed on: the fit runs (and here finds no daemon to read against).
    status, text = fit({"x": 10, "y": 10, "frame": 9})
    assert status == 400 and text.startswith("cannot fit: cardstack: no cardstackd is listening"), text
    # A clip over 720 px is served at half its size here: the mark is in the served pixels and
    # held to the uploaded clip's own, 1440 × 960.
    big = tmp_path / "big.mp4"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=1440x960:r=30:d=0.1",
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", str(big)], check=True, timeout=120)
    status, text = ask(bridge, f"/reference?token={t}", big.read_bytes())
    large = json.loads(text)
    assert (large["width"], large["height"]) == (720, 480), large
    outside = {"id": large["id"], "mark": {"x": 720.5, "y": 0, "frame": 0}}
    status, text = ask(bridge, f"/fit?token={t}", json.dumps(outside), {"Content-Type": "application/json"})
    assert status == 400 and "the mark (1441.0, 0.0) is outside the 1440 × 960 clip" in text, text
    # The bridge stays up and still serves the reference.
    assert ask(bridge, f"/reference/{reply['id']}/0?token={t}", None)[0] == 200
    assert bridge.proc.poll() is None


def test_live_reads_the_daemons_parameters_and_says_when_there_is_none(tmp_path):
    clip = tmp_path / "clip.mp4"
    clip.write_bytes(b"\x00")
    run = lambda *args: subprocess.run([str(BIN / "cardstack"), "fit", str(clip), *map(str, args)],
                                       capture_output=True, text=True, timeout=60)
    result = run("--live", "--config", tmp_path / "x.toml")
    assert result.returncode == 64 and "--live reads the daemon's parameters; leave out --config" in result.stderr
    (tmp_path / "run").mkdir(mode=0o700)
    result = run("--live", "--socket", tmp_path / "run" / "none.sock")
    assert result.returncode == 1 and "no cardstackd is listening on" in result.stderr, result.stderr
