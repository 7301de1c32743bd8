"""The instruments tell the truth about one transition (issue 34): the page's graph and
`cardstack plot` unwrap the deck's wrap, start at the move's first frame and mark where the
velocity jumps; Share renders one transition; a drag is one Undo; `frames_sent`, `front`,
the curve boxes, `--animate` and the CSS keyframes mean what they say. Real daemons, the
real CLI and `cardstack web`, headless Chromium."""
import json
import re
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from harness import BIN, DEFAULT_CONFIG, subscribed, wait_for
from rendertools import record
from webtools import downloads_to, find_chromium, open_page, row, wait_settled


needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")

# The default file (11 cards 30 pt apart: a turn of the deck is 330 pt) with a linear
# 0.3 s curve, whose true velocity is known: 30 pt in 0.3 s, 100 pt/s throughout.
LINEAR = DEFAULT_CONFIG.read_text() + '\ncurve = "linear"\nduration = 0.3\n'
PERIOD, LAST, TRUE_PEAK = 330.0, 300.0, 100.0


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def graph(browser, name):
    return json.loads(js(browser, "return document.querySelector('#motion-graph').dataset[arguments[0]] || 'null'", name))


def check_unwrapped(points, velocities):
    offsets = [p[1] for p in points]
    assert abs(offsets[0] - LAST) < 1e-9 and abs(offsets[-1] - PERIOD) < 1e-9, offsets
    assert all(b >= a for a, b in zip(offsets, offsets[1:])), "no drop at the wrap"
    peak = max(abs(v[1]) for v in velocities)
    assert abs(peak - TRUE_PEAK) <= 0.05 * TRUE_PEAK, peak


# MARK: One transition, shown truly

def test_the_plot_of_a_next_across_the_wrap_is_unwrapped_and_starts_at_the_move(make_daemon, tmp_path):
    daemon = make_daemon(LINEAR)
    daemon.client().ok("scroll_to", offset=LAST)
    path = tmp_path / "wrap.jsonl"
    frames = record(daemon, path, "next")
    recorded = [json.loads(line) for line in path.read_text().splitlines()]
    recorded = [e for e in recorded if e.get("event") == "frame"]
    # The move's first frame: the last one before the offset first changes.
    moved = next(i for i, e in enumerate(recorded) if i and e["frame"]["offset"] != recorded[i - 1]["frame"]["offset"])
    first = recorded[moved - 1]
    seen = [(e["seq"], e["time"], e["frame"]["offset"]) for e in recorded]
    assert first["frame"]["offset"] == LAST, seen
    out = tmp_path / "wrap.json"
    subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(out)], check=True, capture_output=True, timeout=30)
    data = json.loads(out.read_text())
    assert data["period"] == PERIOD
    assert data["points"][0][0] == first["time"], ("no point before the move's first frame", seen)
    assert [p[0] for p in data["points"]] == [e["time"] for e in recorded[moved - 1:]]
    check_unwrapped(data["points"], data["velocities"])
    assert abs(data["peak_velocity"] - TRUE_PEAK) <= 0.05 * TRUE_PEAK
    # A linear move starts and stops at full speed: both ends are marked (the stop at the
    # last frame, or the one before when the target was reached just after it).
    times = [p[0] for p in data["points"]]
    assert data["jumps"][:1] == times[:1] and len(data["jumps"]) == 2 and data["jumps"][1] in times[-2:]
    svg = tmp_path / "wrap.svg"
    subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(svg)], check=True, capture_output=True, timeout=30)
    text = svg.read_text()
    assert '<g id="jumps" data-times="[' in text and "velocity jumps" in text
    velocity = re.search(r'<g id="velocity" data-points="(\[.*?\])"', text).group(1)
    assert json.loads(velocity)[0][0] > first["time"], "no velocity drawn from a frame before the move"
    csv = tmp_path / "wrap.csv"
    subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(csv)], check=True, capture_output=True, timeout=30)
    assert csv.read_text().splitlines()[0] == "time,offset,velocity,jump"
    bad = subprocess.run([str(BIN / "cardstack"), "plot", str(path), "--out", str(out), "--transition", "3"],
                         capture_output=True, text=True, timeout=30)
    assert bad.returncode == 1 and "the recording has 1 transition" in bad.stderr
    assert frames


@needs_chromium
def test_the_graph_of_a_next_across_the_wrap_is_unwrapped_and_starts_at_the_move(make_daemon, bridges, browser):
    daemon = make_daemon(LINEAR)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "animation.curve") and json.loads(row(browser, "animation.curve")["value"]) == "linear",
             what="the curve in the panel")
    # The jump comes after a pause (more than 0.15 s) since the page's last frame, so that
    # frame is not part of the run.
    last = js(browser, "const k = window.cardstack.views[0].kept; return k[k.length - 1].time;")
    wait_for(lambda: client.ok("get_state")["uptime_s"] > last + 0.2, what="a pause after the page's last frame")
    client.events.clear()
    client.ok("scroll_to", offset=LAST)
    # The move right after the jump there: the frame at rest is in the same run of frames,
    # and still no part of the motion.
    client.ok("next", count=1)
    frames = client.frames_until_rest()
    # The jump's frame (the first at LAST), then the move's, from its first frame (at LAST too).
    rest = next(f["seq"] for f in frames if f["frame"]["offset"] == LAST)
    move = [f for f in frames if f["seq"] > rest]
    assert move[0]["frame"]["offset"] == LAST and move[1]["frame"]["offset"] != LAST
    seqs = [f["seq"] for f in move]
    wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == seqs[-1:], timeout=10, what="the graph to plot the move")
    assert graph(browser, "seqs") == seqs, "no point before the move's first frame"
    points, velocities = graph(browser, "points"), graph(browser, "velocities")
    assert [p[0] for p in points] == [f["time"] for f in move]
    check_unwrapped(points, velocities)
    assert velocities[0][0] == move[1]["time"], "no velocity drawn from the frame at rest"
    assert graph(browser, "period") == PERIOD
    jumps = graph(browser, "jumps")
    assert jumps[:1] == [move[0]["time"]] and len(jumps) == 2 and jumps[1] in [f["time"] for f in move[-2:]]
    assert js(browser, "return document.querySelectorAll('#motion-graph .jump').length") == 2
    caption = js(browser, "return document.querySelector('.graph-caption').textContent")
    assert "300.0 → 330.0 pt" in caption and "peak 100 pt/s" in caption and "velocity jumps ×2" in caption, caption


@needs_chromium
def test_a_gap_inside_one_move_does_not_cut_its_graph_in_two(make_daemon, bridges, browser):
    # A late tick on a busy machine, or frames passed over for a page that read slowly, leave
    # the page a move with 0.25 s and more missing: still one transition (the frames carry
    # their move), while another move as far after it is one of its own.
    daemon = make_daemon(LINEAR)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    client.ok("set_params", params={"animation": {"duration": 0.6}})
    client.event("params", timeout=10)
    client.ok("next", count=1)
    move = [f for f in client.frames_until_rest() if f.get("motion")]
    wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == [move[-1]["seq"]], timeout=10, what="the graph of the move")
    result = js(browser, """
        const v = window.cardstack.views[0], whole = v.transition(), start = whole[0].time;
        const graph = document.querySelector('#motion-graph');
        const outside = (f) => f.time < start + 0.1 || f.time > start + 0.35;
        v.keep(v.kept.filter(outside));
        const kept = v.kept, one = JSON.parse(graph.dataset.seqs), last = kept[kept.length - 1];
        const times = one.map((seq) => kept.find((f) => f.seq === seq).time);
        const later = (dt, offset) => Object.assign({}, last, {seq: last.seq + Math.round(dt * 60), time: last.time + dt,
            frame: Object.assign({}, last.frame, {offset}), motion: Object.assign({}, last.motion, {start: last.time + 0.3})});
        v.keep([...kept, later(0.3, last.frame.offset), later(0.3 + 1 / 60, last.frame.offset + 5)]);
        return {whole: whole.map((f) => f.seq), left: whole.filter(outside).map((f) => f.seq), one, times,
                last: last.seq, two: JSON.parse(graph.dataset.seqs),
                held: v.transition(kept.indexOf(last) - 1).map((f) => f.seq)};""")
    # The move as the page had it, from its first frame to its last, less the frames taken out.
    assert result["whole"][0] == move[0]["seq"] and result["whole"][-1] == move[-1]["seq"], (result["whole"], move)
    assert result["one"] == result["left"] and result["one"][-1] == move[-1]["seq"]
    assert max(b - a for a, b in zip(result["times"], result["times"][1:])) >= 0.25, result["times"]
    assert result["two"] == [result["last"] + 18, result["last"] + 19]
    assert result["held"] == result["one"]


@needs_chromium
def test_share_renders_only_the_transition(make_daemon, bridges, browser, tmp_path):
    from PIL import Image

    daemon = make_daemon(LINEAR)
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    downloads = downloads_to(browser, tmp_path / "downloads")
    client.ok("next", count=1)
    move = client.frames_until_rest()
    # Five seconds at rest after it, with a frame at rest at their end in the kept history
    # (a jump to where the stack is: one new frame, nothing moves).
    wait_for(lambda: client.ok("get_state")["uptime_s"] > move[-1]["time"] + 5, timeout=15,
             what="five seconds at rest on the daemon's clock")
    client.ok("scroll_to", offset=move[-1]["frame"]["offset"])
    still = client.event("frame")
    wait_for(lambda: js(browser, "return document.querySelector('#stage').dataset.seq") == str(still["seq"]),
             what="the page to keep the frame at rest")
    kept = js(browser, "return window.cardstack.views[0].kept.map(m => m.time)")
    assert kept[-1] - kept[0] >= 5
    wait_for(lambda: (graph(browser, "seqs") or [])[-1:] == [move[-1]["seq"]], timeout=10, what="the graph")
    js(browser, "document.querySelector('[data-share-format]').value = 'gif'")
    browser.find_element("css selector", "[data-action='share']").click()
    gif = downloads / "cardstack.gif"
    wait_for(lambda: gif.exists() and gif.stat().st_size > 0, timeout=60, what="the shared GIF")
    shared = js(browser, "return window.cardstack.views[0].shared")
    assert shared == graph(browser, "seqs")
    wait_for(lambda: "shared" in js(browser, "return document.querySelector('.message').textContent"), what="the message")
    frames = Image.open(gif).n_frames
    moving = len(graph(browser, "seqs"))
    assert abs(frames - moving) <= 3, (frames, moving)


# MARK: Undo in human steps

@needs_chromium
def test_one_slider_drag_is_one_entry_and_undo_after_save_goes_back_before_it(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "layout.spacing") and json.loads(row(browser, "layout.spacing")["value"]) == 30,
             what="spacing in the panel")
    before = client.ok("history")
    revision = client.ok("get_params")["revision"]
    # A drag in steps, each sent on its own animation frame.
    element = browser.find_element("css selector", "tr[data-key='layout.spacing'] input[type=range]")
    chain = ActionChains(browser).move_to_element(element).click_and_hold()
    for _ in range(6):
        chain = chain.move_by_offset(10, 0).pause(0.25)
    chain.release().perform()
    wait_settled(browser)
    box = "return document.querySelector(`tr[data-key='layout.spacing'] input[type=number]`).value"
    assert client.ok("get_params")["params"]["layout"]["spacing"] == float(js(browser, box)) != 30
    dragged = client.ok("get_params")
    assert dragged["revision"] >= revision + 3, "the drag sent several set_params"
    after = client.ok("history")
    assert len(after["entries"]) == len(before["entries"]) + 1, after["entries"]
    assert after["entries"][-1]["changed"] == ["layout.spacing"]
    browser.find_element("css selector", "[data-action='save']").click()
    wait_for(lambda: client.ok("get_params")["source"] == "file", timeout=10, what="the save's reload")
    browser.find_element("css selector", "[data-action='undo']").click()
    wait_for(lambda: client.ok("get_params")["source"] == "undo", timeout=10, what="the undo")
    assert client.ok("get_params")["params"]["layout"]["spacing"] == 30, "the set before the drag"


@needs_chromium
def test_one_drag_on_the_anchor_pad_is_one_entry(make_daemon, bridges, browser):
    daemon = make_daemon()
    client = subscribed(daemon)
    open_page(browser, bridges([daemon.socket]))
    wait_for(lambda: row(browser, "card.anchor"), what="the anchor pad")
    before = client.ok("get_params")
    entries = len(client.ok("history")["entries"])
    pad = browser.find_element("css selector", "[data-point='card.anchor']")
    chain = ActionChains(browser).move_to_element_with_offset(pad, -20, -20).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(8, 8).pause(0.25)
    chain.release().perform()
    wait_for(lambda: js(browser, "return window.cardstack.views[0].gesture") is None
             and client.ok("get_params")["revision"] >= before["revision"] + 3, timeout=10,
             what="the drag's sets in the daemon")
    wait_for(lambda: json.loads(row(browser, "card.anchor")["value"]) == client.ok("get_params")["params"]["card"]["anchor"],
             what="the page on the anchor in force")
    assert len(client.ok("history")["entries"]) == entries + 1
    undone = client.ok("undo")["params"]["card"]
    assert undone["anchor"] == before["params"]["card"]["anchor"], "one undo takes the whole drag back"


def test_a_burst_of_sets_from_one_connection_is_one_entry(daemon):
    c = daemon.client()
    before = len(c.ok("history")["entries"])
    # Requests written together: each well within the window of the one before.
    for spacing in range(31, 41):
        c.send({"cmd": "set_params", "params": {"layout": {"spacing": spacing}}})
    for _ in range(10):
        assert c.read(timeout=10)["ok"]
    entries = c.ok("history")["entries"]
    assert len(entries) == before + 1 and entries[-1]["changed"] == ["layout.spacing"]
    assert c.ok("undo")["params"]["layout"]["spacing"] == 30
    bad = c.request("set_params", params={"layout": {"spacing": 40}}, gesture=7)
    assert not bad["ok"] and '"gesture" must be a string' in bad["error"]["message"]


# MARK: Reported numbers

def test_frames_sent_counts_the_frames_a_subscriber_received(make_daemon):
    daemon = make_daemon()
    watcher = daemon.client()
    watcher.ok("subscribe", events=["frame", "state"])
    asker = daemon.client()
    asker.ok("next", count=1)
    received = watcher.frames_until_rest()
    assert len(received) > 10
    # Frames still coming after the state at rest (none: the move's last frame came first).
    wait_for(lambda: asker.ok("get_state")["frames_sent"] == len(received) + len(
        [e for e in watcher.events if e.get("event") == "frame"]), timeout=10,
        what=f"frames_sent to be the {len(received)} frames the watcher received")


def visible(card):
    """The page's and the protocol's rule: some opacity and a quad of at least 1 pt²."""
    q = card["quad"]
    if card["alpha"] <= 0 or q is None:
        return False
    twice = sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4))
    return abs(twice) / 2 >= 1


def frame_at(config, offset):
    result = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(config), "--offset", str(offset)],
                            capture_output=True, text=True, timeout=30, check=True)
    return json.loads(result.stdout)


@pytest.mark.parametrize("preset", sorted(p.stem for p in (DEFAULT_CONFIG.parent / "presets").glob("*.toml")))
def test_front_is_the_visible_card_with_the_highest_z(preset):
    config = DEFAULT_CONFIG.parent / "presets" / f"{preset}.toml"
    for offset in (0, 7.5, 15, 22.5, 30, 45, 100):
        frame = frame_at(config, offset)
        shown = [c for c in frame["cards"] if visible(c)]
        if shown:
            assert frame["front"] == max(shown, key=lambda c: c["z"])["item"], (preset, offset)


def test_front_with_the_readmes_flip_range_is_the_card_in_front(daemon, tmp_path):
    daemon.cli("set", "flip_range=[1.0,1.2]")
    daemon.cli("scroll", "--to", "30")
    c = daemon.client()
    frame = c.ok("get_frame")
    assert frame["front"] == 1 and c.ok("get_state")["front"] == 1
    shown = [card for card in frame["cards"] if visible(card)]
    assert max(shown, key=lambda card: card["z"])["item"] == 1


@needs_chromium
def test_the_curve_boxes_show_the_default_curves_numbers(make_daemon, bridges, browser):
    daemon = make_daemon()
    open_page(browser, bridges([daemon.socket]))
    tokens = json.loads(daemon.cli("export", "--format", "tokens").stdout)

    def curve(node):
        if isinstance(node, dict):
            if isinstance(node.get("curve"), dict) and node["curve"].get("$type") == "cubicBezier":
                return node["curve"]["$value"]
            return next((c for c in map(curve, node.values()) if c), None)
        return None

    expected = curve(tokens)
    assert expected and len(expected) == 4
    boxes = "return [...document.querySelectorAll(\".view[data-view='0'] [data-bezier]\")].map(b => b.value)"
    wait_for(lambda: all(js(browser, boxes)), timeout=10, what="the curve boxes filled in")
    assert [float(v) for v in js(browser, boxes)] == expected


def test_animate_is_offered_where_it_works(daemon):
    readme = (DEFAULT_CONFIG.parent.parent / "README.md").read_text()
    synopsis = next(line for line in readme.splitlines() if line.startswith("| `cardstack export"))
    assert "`--animate next\\|prev\\|fling:V` (css, tokens)" in synopsis
    help_text = subprocess.run([str(BIN / "cardstack"), "export", "--help"], capture_output=True, text=True, timeout=30).stdout
    assert re.search(r"--animate <move>\s+css, tokens:", help_text), help_text
    for fmt in ("swift", "json"):
        bad = daemon.cli("export", "--format", fmt, "--animate", "next", check=False)
        assert bad.returncode == 64 and "--animate applies to --format css and tokens" in bad.stderr, bad.stderr
    for fmt in ("css", "tokens"):
        assert daemon.cli("export", "--format", fmt, "--animate", "next").stdout


@pytest.mark.parametrize("preset", ["stack", "coverflow", "rotary", "switcher7", "zoom_flow"])
def test_every_keyframes_block_has_one_100_percent_stop(preset):
    config = DEFAULT_CONFIG.parent / "presets" / f"{preset}.toml"
    css = subprocess.run([str(BIN / "cardstack"), "export", "--format", "css", "--config", str(config), "--animate", "next"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    blocks = re.findall(r"@keyframes[^{]*\{(.*?)\n\}", css, re.S)
    assert blocks
    for block in blocks:
        stops = re.findall(r"^\s*([0-9.]+)% \{", block, re.M)
        assert stops.count("100") == 1 and stops[-1] == "100", stops[-3:]
        assert len(stops) == len(set(stops)), "no stop twice"
