"""Helpers for `cardstack web`: the bridge as a real process, headless Chromium through
Selenium, a minimal WebSocket client for raw protocol checks, and the page's geometry."""
import base64
import http.client
import os
import re
import selectors
import shutil
import socket
import struct
import subprocess
import time
import urllib.parse

import pytest

from harness import BIN, DEFAULT_CONFIG, wait_for

CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
DRIVER_CANDIDATES = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]


def find_chromium():
    """(browser, driver) paths, or None when either is missing."""
    browser = next((p for p in CHROMIUM_CANDIDATES if os.path.exists(p)), shutil.which("chromium"))
    driver = next((p for p in DRIVER_CANDIDATES if os.path.exists(p)), shutil.which("chromedriver"))
    return (browser, driver) if browser and driver else None


def start_browser(width=1400, height=900, extra=()):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = find_chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", "--force-device-scale-factor=1",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows", *extra):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


class Bridge:
    """A real `cardstack web` process on a free port."""

    def __init__(self, sockets, listen="127.0.0.1:0", extra=(), prefix=(), env=None, no_open=True):
        """`prefix` runs it through another command (setpriv); `env` replaces the environment
        (by default this one without a display); `no_open=False` lets it open a browser."""
        args = [*prefix, str(BIN / "cardstack"), "web", *(["--no-open"] if no_open else []), "--listen", listen, *extra]
        for s in sockets:
            args += ["--socket", str(s)]
        if env is None:
            env = dict(os.environ)
            env.pop("DISPLAY", None)
            env.pop("WAYLAND_DISPLAY", None)
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.url = self._first_line(timeout=10).strip()
        parsed = urllib.parse.urlparse(self.url)
        self.host = parsed.hostname
        self.port = parsed.port
        self.token = urllib.parse.parse_qs(parsed.query)["token"][0]

    def _first_line(self, timeout):
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + timeout
        data = b""
        while b"\n" not in data:
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                raise AssertionError(f"cardstack web printed no URL: {data!r} {self.stderr_text()}")
            if sel.select(left):
                chunk = os.read(self.proc.stdout.fileno(), 4096)
                if not chunk:
                    continue
                data += chunk
        return data.split(b"\n", 1)[0].decode()

    def stderr_text(self):
        if self.proc.poll() is None:
            return ""
        return self.proc.stderr.read().decode(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class EventStream:
    """`GET /events` read as a follower reads it: one `data:` line per event."""

    def __init__(self, bridge, timeout=30, query=""):
        self.conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=timeout)
        self.conn.request("GET", f"/events?token={bridge.token}{query}", headers={"Host": f"127.0.0.1:{bridge.port}"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200

    def next(self):
        """The next event's data, as bytes (comments skipped)."""
        while True:
            line = self.response.readline()
            if not line:
                raise ConnectionError("the event stream ended")
            if line.startswith(b"data: "):
                return line[6:].rstrip(b"\n")

    def until(self, predicate, what, timeout=30):
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            data = self.next()
            seen.append(data)
            if predicate(data):
                return data, seen
        raise AssertionError(f"no {what} on the stream")

    def close(self):
        self.conn.close()


class WebSocket:
    """A minimal RFC 6455 client: text messages only, enough to check the relay."""

    def __init__(self, port, path, host=None, origin=None, timeout=5.0, receive_buffer=None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:
            # Set before connecting, so the window the bridge sees is small from the start.
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        host = host or f"127.0.0.1:{port}"
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split(b" ")[1]) if head else 0
        self.head = head.decode(errors="replace")

    def send_text(self, text):
        self.sock.sendall(frame_bytes(0x1, text.encode()))

    def send_frame(self, opcode, data, masked=True):
        """One frame of any opcode, masked as a client must (or not, to test the refusal)."""
        self.sock.sendall(frame_bytes(opcode, data, masked))

    def read_close(self, timeout=5.0):
        """The status code of the close frame the bridge sends, skipping other messages."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            opcode, payload = self.read()
            if opcode == 0x8:
                return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
        raise TimeoutError("no close frame")

    def _need(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the bridge closed the WebSocket")
            self.buffer += chunk

    def read(self):
        """The next message as (opcode, bytes)."""
        self._need(2)
        opcode = self.buffer[0] & 0x0F
        n = self.buffer[1] & 0x7F
        offset = 2
        if n == 126:
            self._need(4)
            n = struct.unpack(">H", self.buffer[2:4])[0]
            offset = 4
        elif n == 127:
            self._need(10)
            n = struct.unpack(">Q", self.buffer[2:10])[0]
            offset = 10
        self._need(offset + n)
        payload = self.buffer[offset:offset + n]
        self.buffer = self.buffer[offset + n:]
        return opcode, payload

    def read_json(self, where=lambda m: True, timeout=5.0):
        import json
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            opcode, payload = self.read()
            if opcode == 1:
                message = json.loads(payload)
                if where(message):
                    return message
        raise TimeoutError("no matching WebSocket message")

    def close(self):
        self.sock.close()


def frame_bytes(opcode, data, masked=True):
    """An unfragmented WebSocket frame from a client (masked unless told not to be)."""
    n = len(data)
    header = bytes([0x80 | opcode])
    bit = 0x80 if masked else 0
    if n < 126:
        header += bytes([bit | n])
    elif n < 65536:
        header += bytes([bit | 126]) + struct.pack(">H", n)
    else:
        header += bytes([bit | 127]) + struct.pack(">Q", n)
    if not masked:
        return header + data
    mask = os.urandom(4)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def rss_kib(pid):
    """A process's resident set, in KiB, from /proc."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def hwm_kib(pid):
    """A process's peak resident set since it started (VmHWM), in KiB, from /proc."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmHWM for {pid}")


def page_state(driver, stage_selector="#stage"):
    """The stage's scale and seq, its rectangle, and every card's rectangle relative to it."""
    return driver.execute_script(
        """
        const stage = document.querySelector(arguments[0]);
        const s = stage.getBoundingClientRect();
        const cards = {};
        for (const e of stage.querySelectorAll('[data-item]')) {
          const r = e.getBoundingClientRect();
          cards[e.dataset.item] = {hidden: e.hidden || getComputedStyle(e).display === 'none',
            left: r.left - s.left, top: r.top - s.top, right: r.right - s.left, bottom: r.bottom - s.top,
            title: e.textContent, opacity: parseFloat(getComputedStyle(e).opacity)};
        }
        return {scale: parseFloat(stage.dataset.scale), seq: stage.dataset.seq, cards: cards};
        """,
        stage_selector,
    )


def wait_page_seq(driver, seq, stage_selector="#stage", timeout=10):
    """Waits until the stage shows frame `seq` (or a later one)."""
    def shown():
        value = driver.execute_script("const s=document.querySelector(arguments[0]); return s && s.dataset.seq;", stage_selector)
        return value not in (None, "") and int(value) >= seq
    wait_for(shown, timeout=timeout, what=f"the page to show frame {seq}")


def assert_cards_match(driver, frame, stage_selector="#stage", tolerance=1.5):
    """Every card's box relative to the stage is its quad's box times data-scale."""
    state = page_state(driver, stage_selector)
    scale = state["scale"]
    assert scale > 0
    items = {str(c["item"]) for c in frame["cards"]}
    assert set(state["cards"]) == items
    checked = 0
    for card in frame["cards"]:
        box = state["cards"][str(card["item"])]
        if card["quad"] is None:
            assert box["hidden"], card
            continue
        assert not box["hidden"], card
        xs = [p[0] for p in card["quad"]]
        ys = [p[1] for p in card["quad"]]
        want = (min(xs) * scale, min(ys) * scale, max(xs) * scale, max(ys) * scale)
        got = (box["left"], box["top"], box["right"], box["bottom"])
        for w, g in zip(want, got):
            assert abs(w - g) <= tolerance, (card["item"], want, got, scale)
        assert box["title"] == card["title"]
        assert abs(box["opacity"] - card["alpha"]) < 1e-3
        checked += 1
    return checked


needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed (make test-deps)")


def config(style=None, **tables):
    """The default file with `style` and any table keys replaced, as TOML text."""
    text = DEFAULT_CONFIG.read_text()
    if style:
        text = re.sub(r'(?m)^style = ".*"$', f'style = "{style}"', text)
    for dotted, value in tables.items():
        key = dotted.split("__")[1]
        text, n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text, count=1)
        assert n == 1, dotted
    return text


def downloads_to(browser, directory):
    """Makes `directory` and has the browser save its downloads there (what Share makes)."""
    directory.mkdir()
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(directory)})
    return directory


def open_page(browser, bridge):
    """Loads the page and waits until every view can be used: connected, holding its daemon's
    schema and parameters, and subscribed (it has drawn the frame in force, which the daemon
    sends right after `subscribe`): a test's own command then cannot overtake the page's."""
    browser.get(bridge.url)
    wait_for(lambda: browser.execute_script(
        "return [...document.querySelectorAll('.conn')].every(c => c.dataset.state === 'connected')"),
        timeout=10, what="the page to connect")
    wait_for(lambda: browser.execute_script("""const views = window.cardstack.views;
        return views.every((v, i) => v.schema && v.params && document.querySelector(`[data-stage="${i}"]`).dataset.seq);"""),
        timeout=10, what="the page to hold the schema and parameters and draw the first frame")


def wait_settled(browser):
    """Until the page has sent every value its controls were given and had the reply to
    each: what the controls show is then what the daemon holds."""
    wait_for(lambda: browser.execute_script("return window.cardstack.views.every((v) => v.settled)"),
        timeout=10, what="the page's values to be sent and answered")


def current_frame(daemon):
    """The frame the daemon shows once it is at rest: a new subscriber gets it right after
    subscribing, so no wait for a quiet spell is needed."""
    client = daemon.client()
    wait_for(lambda: not client.ok("get_state")["animating"], timeout=10, what="the daemon to come to rest")
    client.ok("subscribe", events=["frame"])
    event = client.event("frame")
    client.close()
    return event


def wait_page_shows(browser, event, stage_selector="#stage"):
    """Waits until the stage shows exactly `event`'s frame (the daemon is at rest, so it is
    the last one the page gets), then checks every card against it."""
    wait_for(lambda: browser.execute_script(
        "const s = document.querySelector(arguments[0]); return s && s.dataset.seq;", stage_selector) == str(event["seq"]),
        timeout=10, what=f"the page to show frame {event['seq']}")
    return assert_cards_match(browser, event["frame"], stage_selector)


def row(browser, key, view=0):
    return browser.execute_script(
        "const r = document.querySelector(`.view[data-view='${arguments[1]}'] tr[data-key='${arguments[0]}']`);"
        "return r && {value: r.dataset.value, source: r.dataset.source, differs: r.classList.contains('differs')};",
        key, view)

