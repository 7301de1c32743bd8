#!/usr/bin/env python3
"""Screenshots of `cardstack web`, one per preset, into examples/web-gallery/<style>.png.

Each preset runs in a real daemon, mid-motion (3.35 cards in, as examples/gallery.sh does
for the SVG gallery), drawn by the real page in headless Chromium; only the stage (the
device's viewport) is captured. Needs chromium and chromium-driver, and selenium (make
test-deps). The binaries come from $CARDSTACK_BIN_DIR (default .build/debug):

    CARDSTACK_BIN_DIR=$(swift build --show-bin-path) python3 scripts/web_gallery.py
"""
import pathlib
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "integration"))

from harness import Daemon  # noqa: E402
from webtools import Bridge, find_chromium, start_browser, wait_page_seq  # noqa: E402

POSITION = 3.35  # cards from the start: between card 3 and card 4
OUT = REPO / "examples" / "web-gallery"


def main():
    if find_chromium() is None:
        sys.exit("chromium and chromedriver are needed (make test-deps)")
    from selenium.webdriver.common.by import By

    OUT.mkdir(parents=True, exist_ok=True)
    browser = start_browser(width=900, height=760)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for preset in sorted((REPO / "Config" / "presets").glob("*.toml")):
                style = preset.stem
                daemon = Daemon(pathlib.Path(tmp) / style, preset.read_text())
                bridge = Bridge([daemon.socket])
                try:
                    client = daemon.client()
                    client.ok("subscribe", events=["frame"])
                    spacing = client.ok("get_params")["params"]["layout"]["spacing"]
                    browser.get(bridge.url)
                    client.ok("scroll_to", offset=POSITION * spacing)
                    seq = client.event("frame", where=lambda e: abs(e["frame"]["offset"] - POSITION * spacing) < 1e-6)["seq"]
                    wait_page_seq(browser, seq)
                    path = OUT / f"{style}.png"
                    browser.find_element(By.ID, "stage").screenshot(str(path))
                    print(f"{style}: offset {POSITION * spacing:.4f} -> {path.relative_to(REPO)}")
                    client.close()
                finally:
                    bridge.stop()
                    daemon.stop()
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
