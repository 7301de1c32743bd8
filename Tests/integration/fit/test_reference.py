"""A reference to match (issue 40, the page's side): `cardstack web` decodes a clip the user
loads (POST /reference) with ffmpeg into frames with their real times, serves them
(GET /reference/ID/N) and nothing else, and the page shows the frame at the timeline's time
plus an offset. Real bridge, real daemon, headless Chromium; clips are made here with
ffmpeg, each frame showing its own index as six black or white stripes (bit k of the index
in stripe k), at a variable frame rate so a frame's time is not its index over a rate."""
import http.client
import json
import os
import shutil
import subprocess

import pytest

from harness import subscribed, wait_for
from webtools import Bridge, find_chromium, open_page

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed")

FRAMES = 60
BITS = 6


def frame_time(n):
    """The clip's frame n's time: 30 fps for a second, then 10 fps."""
    return n / 30 if n < 30 else 1 + (n - 30) / 10


def make_clip(path):
    """An MP4 of FRAMES frames, frame n showing n in BITS stripes, at frame_time(n)."""
    stripes = f"if(mod(floor(N/pow(2,floor(X*{BITS}/W))),2),235,16)"
    subprocess.run([
        "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-f", "lavfi",
        "-i", f"color=c=black:s=240x160:r=30:d={FRAMES / 30}",
        "-vf", f"format=yuv420p,geq=lum='{stripes}':cb=128:cr=128,setpts='if(lt(N,30),N/30,1+(N-30)/10)/TB'",
        "-fps_mode", "vfr", "-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p", "-y", str(path)], check=True)
    return path


def expected_frame(t):
    """The clip's frame at t s: the last one whose time is not after t."""
    if t <= 0:
        return 0
    return max(n for n in range(FRAMES) if frame_time(n) <= t + 1e-6)


def stripes_of_jpeg(data, tmp_path):
    """The index a served frame shows, read from its stripes (ffmpeg decodes the JPEG)."""
    path = tmp_path / "frame.jpg"
    path.write_bytes(data)
    gray = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", str(path), "-f", "rawvideo",
                           "-pix_fmt", "gray", "-"], check=True, capture_output=True).stdout
    width, height = 240, 160
    assert len(gray) == width * height
    row = gray[(height // 2) * width:(height // 2 + 1) * width]
    return sum(1 << k for k in range(BITS) if row[int((k + 0.5) * width / BITS)] > 128)


def call(bridge, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=60)
    conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{bridge.port}", **(headers or {})})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type"), data


def scratch_bridge(tmp_path, sockets):
    """A bridge whose $TMPDIR is a directory of this test's own, to see what it leaves."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["TMPDIR"] = str(scratch)
    return Bridge(sockets, env=env), scratch


def test_the_bridge_decodes_a_clip_with_its_frame_times_and_serves_only_its_frames(tmp_path):
    clip = make_clip(tmp_path / "clip.mp4")
    bridge, scratch = scratch_bridge(tmp_path, [tmp_path / "no-daemon.sock"])
    try:
        t = bridge.token
        status, kind, body = call(bridge, "POST", f"/reference?token={t}", clip.read_bytes())
        assert (status, kind) == (200, "application/json"), body
        reply = json.loads(body)
        assert (reply["frames"], reply["width"], reply["height"]) == (FRAMES, 240, 160)
        assert all(abs(a - frame_time(n)) < 1e-5 for n, a in enumerate(reply["times"])), reply["times"]
        assert abs(reply["fps"] - (FRAMES - 1) / frame_time(FRAMES - 1)) < 1e-3
        rid = reply["id"]
        assert len(rid) == 32 and all(c in "0123456789abcdef" for c in rid)
        # Each frame served is the clip's frame of that number.
        for n in (0, 1, 29, 30, 45, FRAMES - 1):
            status, kind, data = call(bridge, "GET", f"/reference/{rid}/{n}?token={t}")
            assert (status, kind) == (200, "image/jpeg")
            assert stripes_of_jpeg(data, tmp_path) == n
        # Nothing else: unknown ids, numbers out of range or not numbers, other paths, no token.
        for path in [f"/reference/{rid}/{FRAMES}", f"/reference/{rid}/-1", f"/reference/{rid}/x",
                     f"/reference/{'0' * 32}/0", f"/reference/{rid}", f"/reference/{rid}/0/0",
                     f"/reference/{rid}/../../../etc/passwd", "/reference/../../etc/passwd",
                     f"/reference/{rid}/..%2F..%2Fetc%2Fpasswd", "/reference/..%2Fupload/0",
                     f"/reference/{rid}/%30", f"/reference/{rid}/1e1"]:
            status, _, data = call(bridge, "GET", f"{path}?token={t}")
            assert status == 404, (path, status, data)
        assert call(bridge, "GET", f"/reference/{rid}/0")[0] == 403
        assert call(bridge, "GET", f"/reference/{rid}/0?token={'f' * 32}")[0] == 403
        assert call(bridge, "GET", f"/reference?token={t}")[0] == 405
        # POST /fit checks what it is asked before running anything (a fit that runs:
        # test_fit_page.py).
        fit = lambda body: call(bridge, "POST", f"/fit?token={t}", body, {"Content-Type": "application/json"})
        assert fit(json.dumps({"id": "0" * 32, "style": "stack"}))[0] == 404
        for bad in ["not json", json.dumps({"style": "stack"}), json.dumps({"id": rid, "style": "../x"}),
                    json.dumps({"id": rid, "style": "stack", "kind": "--apply"}), json.dumps({"id": rid, "style": 3}),
                    json.dumps({"id": rid, "view": 1}), json.dumps({"id": rid, "view": -1}),
                    json.dumps({"id": rid, "view": "0"}), json.dumps({"id": rid, "stage": [0, 0]}),
                    json.dumps({"id": rid, "stage": [0, 0, 0]}), json.dumps({"id": rid, "stage": "0,0,1"}),
                    json.dumps({"id": rid, "stage": [0, 0, 1], "corners": [[[0, 0], [1, 0], [1, 1], [0, 1]]] * 2})]:
            status, _, body = fit(bad)
            assert status == 400 and body.count(b"\n") == 1, (bad, status, body)
        assert fit("x" * 20000)[0] == 413
        assert call(bridge, "GET", f"/fit?token={t}")[0] == 405
        # At most two references are held: a third deletes the first (its frames are gone).
        second = json.loads(call(bridge, "POST", f"/reference?token={t}", clip.read_bytes())[2])["id"]
        third = json.loads(call(bridge, "POST", f"/reference?token={t}", clip.read_bytes())[2])["id"]
        assert call(bridge, "GET", f"/reference/{rid}/0?token={t}")[0] == 404
        for kept in (second, third):
            assert call(bridge, "GET", f"/reference/{kept}/0?token={t}")[0] == 200
        held = sorted(p.name for p in scratch.iterdir())
        assert len(held) == 2 and all(name.startswith("cardstack-reference-") for name in held), held
        for directory in scratch.iterdir():
            assert directory.stat().st_mode & 0o777 == 0o700
    finally:
        bridge.stop()
    # Ended by SIGTERM: every reference is deleted.
    assert bridge.proc.returncode == -15
    assert list(scratch.iterdir()) == []


def test_a_corrupt_upload_is_a_400_saying_why_and_the_bridge_stays_up(tmp_path):
    clip = make_clip(tmp_path / "clip.mp4").read_bytes()
    bridge, scratch = scratch_bridge(tmp_path, [tmp_path / "no-daemon.sock"])
    try:
        t = bridge.token
        cases = {
            "not a video": (b"hello, this is no video at all\n" * 40, "not a video or image cardstack reads"),
            "empty": (b"", "the file is empty"),
            "cut short": (clip[:1500], "ffmpeg cannot decode it: "),
            "a playlist": (b"#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n", "not a video or image cardstack reads"),
        }
        for name, (data, reason) in cases.items():
            status, kind, body = call(bridge, "POST", f"/reference?token={t}", data)
            text = body.decode()
            assert (status, kind) == (400, "text/plain; charset=utf-8"), (name, status, text)
            assert text.startswith("cannot load the reference: " + reason), (name, text)
            assert text.count("\n") == 1 and str(scratch) not in text, (name, text)
        assert list(scratch.iterdir()) == []
        assert call(bridge, "GET", f"/?token={t}")[0] == 200
        assert call(bridge, "POST", f"/reference?token={t}", clip)[0] == 200
    finally:
        bridge.stop()


def reference_state(browser):
    return browser.execute_script("""
        const img = document.querySelector('#reference-image');
        return {frame: img.dataset.referenceFrame, time: img.dataset.referenceTime, zero: img.dataset.referenceZero,
                src: img.getAttribute('src') || ''};""")


def shown_index(browser):
    """The index the reference image on the page shows, read from its pixels once loaded."""
    return browser.execute_script("""
        const img = document.querySelector('#reference-image');
        if (!img.complete || !img.naturalWidth) return null;
        const c = document.createElement('canvas');
        c.width = img.naturalWidth; c.height = img.naturalHeight;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        let n = 0;
        for (let k = 0; k < arguments[0]; k++) {
          const x = Math.floor((k + 0.5) * c.width / arguments[0]);
          if (g.getImageData(x, Math.floor(c.height / 2), 1, 1).data[0] > 128) n |= 1 << k;
        }
        return {n, src: img.currentSrc};""", BITS)


def move_timeline(browser, index):
    browser.execute_script("""const t = document.querySelector('#timeline');
        window.cardstack.views[0].refreshGraph();
        t.value = String(arguments[0]); t.dispatchEvent(new Event('input'));""", index)


def check_shown(browser, index, offset):
    """Timeline at kept frame `index`: the reference shows its frame at the same time from the
    transition's first frame, plus `offset` s, and the picture is that frame."""
    move_timeline(browser, index)
    kept_time, zero = browser.execute_script("""const v = window.cardstack.views[0];
        return [v.kept[arguments[0]].time, v.transition(arguments[0])[0].time];""", index)
    t = kept_time - zero + offset
    want = expected_frame(t)
    state = wait_for(lambda: (lambda s: s if s["frame"] == str(want) else None)(reference_state(browser)),
                     what=f"reference frame {want} at t {t}")
    assert abs(float(state["time"]) - t) < 1e-5 and abs(float(state["zero"]) - zero) < 1e-9
    seen = wait_for(lambda: (lambda s: s if s and s["src"].split("?")[0].endswith(f"/{want}") else None)(
        shown_index(browser)), timeout=10, what=f"the page to load frame {want}")
    assert seen["n"] == want
    return want


@pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")
def test_the_page_shows_the_reference_frame_at_the_timeline_time_plus_the_offset(make_daemon, bridges, browser, tmp_path):
    clip = make_clip(tmp_path / "clip.mp4")
    daemon = make_daemon()
    client = subscribed(daemon)
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    # A transition long enough to cover several of the clip's frames.
    client.ok("set_params", params={"animation": {"duration": 0.6, "curve": "linear"}})
    client.event("params", timeout=10)
    client.ok("next", count=1)
    sent = client.frames_until_rest()
    # The page may be behind the daemon: wait until its graph plots the move's last frame.
    end = sent[-1]["seq"]
    wait_for(lambda: json.loads(browser.execute_script(
        "return document.querySelector('#motion-graph').dataset.seqs || '[]'"))[-1:] == [end], timeout=10,
        what="the whole move kept and plotted")
    browser.find_element("css selector", "#reference-file").send_keys(str(clip))
    wait_for(lambda: browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId"),
             timeout=60, what="the reference to load")
    status = browser.execute_script("return document.querySelector('.reference-status').textContent")
    first_id = browser.execute_script("return document.querySelector('#reference-image').dataset.referenceId")
    assert f"{FRAMES} frames" in status, status
    seqs = json.loads(browser.execute_script("return document.querySelector('#motion-graph').dataset.seqs"))
    kept = browser.execute_script("return window.cardstack.views[0].kept.map(m => m.seq)")
    first, last = kept.index(seqs[0]), kept.index(seqs[-1])
    # The whole 0.6 s move is one transition, however many of its frames the page was sent.
    times = browser.execute_script("return window.cardstack.views[0].kept.map(m => m.time)")
    assert times[last] - times[first] >= 0.6 - 1e-9, (times[first], times[last])
    # The transition's first frame is the clip's first; later ones the frame at the same time.
    assert check_shown(browser, first, 0) == 0
    shown = {check_shown(browser, i, 0) for i in range(first, last + 1, max(1, (last - first) // 12))}
    assert len(shown) > 5, shown
    # An offset (typed in ms) moves the clip: now past its 30 fps second, into the 10 fps part.
    offset_input = browser.find_element("css selector", "[data-reference-offset]")
    offset_input.clear()
    offset_input.send_keys("1050")
    for i in (first, (first + last) // 2, last):
        check_shown(browser, i, 1.05)
    # The reference lies over the stage, at the opacity chosen, and does not take the pointer.
    layer = browser.execute_script("""const l = document.querySelector('#stage .reference-layer');
        return l && {hidden: l.hidden, opacity: getComputedStyle(l).opacity, events: getComputedStyle(l).pointerEvents};""")
    assert layer == {"hidden": False, "opacity": "0.5", "events": "none"}
    # ⌥/Alt-drag on the stage moves the reference (in points) and does not scroll the deck.
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    before = client.ok("get_frame")["offset"]
    scale = float(browser.execute_script("return document.querySelector('#stage').dataset.scale"))
    stage = browser.find_element("css selector", "#stage")
    ActionChains(browser).move_to_element(stage).key_down(Keys.ALT).click_and_hold().move_by_offset(40, 20) \
        .release().key_up(Keys.ALT).perform()
    moved = browser.execute_script("const r = window.cardstack.views[0].reference; return [r.x, r.y];")
    assert abs(moved[0] - 40 / scale) < 1e-6 and abs(moved[1] - 20 / scale) < 1e-6, (moved, scale)
    assert client.ok("get_frame")["offset"] == before
    # Beside the stage instead: the stage makes room, the reference keeps following.
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element("css selector", "[data-reference-mode]")).select_by_value("beside")
    assert browser.execute_script("return !!document.querySelector('.reference-beside:not([hidden]) .reference-layer')")
    check_shown(browser, last, 1.05)
    # A second clip loaded while beside is shown there, following the timeline.
    browser.find_element("css selector", "#reference-file").send_keys(str(make_clip(tmp_path / "second.mp4")))
    wait_for(lambda: browser.execute_script("""const img = document.querySelector('#reference-image');
        return img.dataset.referenceId && img.src.includes(img.dataset.referenceId) && img.dataset.referenceId;""") not in (None, "", first_id),
        timeout=60, what="the second reference")
    assert browser.execute_script("return !document.querySelector('.reference-beside .reference-layer').hidden")
    check_shown(browser, last, 1.05)


@pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")
def test_a_corrupt_file_says_why_in_the_page_and_the_bridge_stays_up(make_daemon, bridges, browser, tmp_path):
    daemon = make_daemon()
    bridge = bridges([daemon.socket])
    open_page(browser, bridge)
    bad = tmp_path / "broken.mp4"
    bad.write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 8)
    browser.find_element("css selector", "#reference-file").send_keys(str(bad))
    text = wait_for(lambda: browser.execute_script(
        "const s = document.querySelector('.reference-status'); return s.dataset.error === 'true' && s.textContent"),
        timeout=60, what="the error in the page")
    assert text.startswith("cannot load broken.mp4: cannot load the reference: ffmpeg cannot decode it: "), text
    assert browser.execute_script("return document.querySelector('#stage .reference-layer').hidden")
    assert call(bridge, "GET", f"/?token={bridge.token}")[0] == 200
    assert browser.execute_script("return document.querySelector('.conn').dataset.state") == "connected"
