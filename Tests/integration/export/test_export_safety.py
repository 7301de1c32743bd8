"""Exports are always valid and never code (issue 33): every preset's stylesheet at offsets 0,
±1e-20 and the edges parsed by Chromium, every Swift file by `swiftc -parse`, every token file
as strict JSON; a parameter file's path with a newline, `*/` or `</style>` stays inside its
comment; `--name` refuses prefixes that collide with what the file uses; titles are never
renamed."""
import json
import re
import shutil
import subprocess

import pytest

from harness import BIN, REPO

PRESETS = sorted((REPO / "Config" / "presets").glob("*.toml")) + [REPO / "Config" / "cardstack.toml"]
OFFSETS = ["0", "1e-20", "-1e-20", "-0", "1e12", "-1e12", "4.9e-324", "0.1"]


def cli(*args, check=True):
    result = subprocess.run([str(BIN / "cardstack"), *args], capture_output=True, text=True, timeout=60)
    if check:
        assert result.returncode == 0, (args, result.stderr)
    return result


def declarations(css):
    """Every `property: value` of a stylesheet, comments left out."""
    text = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return re.findall(r"^\s*([a-z-]+):\s*([^;{}]+);", text, flags=re.M)


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver  # make test-deps installs it
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,1000", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    if shutil.which("chromium"):
        options.binary_location = shutil.which("chromium")
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.get("about:blank")
    yield driver
    driver.quit()


def rejected_by_chromium(browser, css):
    pairs = declarations(css)
    assert pairs
    return browser.execute_script(
        "return arguments[0].filter(([p, v]) => !CSS.supports(p, v));", [list(p) for p in pairs])


def test_every_presets_stylesheet_is_css_chromium_accepts_at_every_offset(browser):
    for preset in PRESETS:
        for offset in OFFSETS:
            for animate in ([], ["--animate", "next"]):
                css = cli("export", "--format", "css", "--config", str(preset), f"--offset={offset}", *animate).stdout
                assert not re.search(r"\d[eE][-+]?\d|\b-?0\.[,;) ]|\bnan\b|\binf\b", re.sub(r"/\*.*?\*/", "", css, flags=re.S)), \
                    (preset.name, offset)
                assert rejected_by_chromium(browser, css) == [], (preset.name, offset, animate)


def test_cylinder_at_offset_zero_keeps_every_cards_transform(browser, tmp_path):
    """The issue's case: `matrix3d(…, -0., …)` made Chromium drop the transform."""
    for preset in ("cylinder", "inverted_cylinder"):
        css = cli("export", "--format", "css", "--config", str(REPO / "Config" / "presets" / f"{preset}.toml"),
                  "--offset=0").stdout
        markup = css.split("<div class=\"cardstack\">", 1)[1].split("</div>\n*/", 1)[0]
        page = tmp_path / "page.html"
        page.write_text(f"<!doctype html><html><head><style>{css}</style></head><body>"
                        f"<div class=\"cardstack\">{markup}</div></body></html>")
        browser.get(page.as_uri())
        transforms = browser.execute_script(
            "return Array.from(document.querySelectorAll('.cardstack > .card')).map(e => getComputedStyle(e).transform);")
        assert transforms and "none" not in transforms, (preset, transforms)


def test_every_presets_swift_file_parses_and_tokens_are_strict_json(tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc is not on PATH"

    def strict(constant):
        raise AssertionError(f"{constant} is not JSON")

    for preset in PRESETS:
        source = tmp_path / f"{preset.stem}.swift"
        source.write_text(cli("export", "--format", "swift", "--config", str(preset)).stdout)
        result = subprocess.run([swiftc, "-parse", str(source)], capture_output=True, text=True, timeout=120)
        assert result.returncode == 0 and "error" not in result.stderr, (preset.name, result.stderr)
        for offset in OFFSETS:
            tokens = cli("export", "--format", "tokens", "--config", str(preset), f"--offset={offset}").stdout
            json.loads(tokens, parse_constant=strict)


# A path that, pasted raw, would add a Swift declaration, end a CSS comment, and close a
# <style> element to open an <img>; with ESC too.
HOSTILE = ["x\npublic let injectedByPath = 1\n//", "y*", "</style><img src=x onerror=alert(1)>\x1b[31m"]


@pytest.fixture
def hostile_config(tmp_path):
    directory = tmp_path.joinpath(*[part for name in HOSTILE for part in name.split("/")])
    directory.mkdir(parents=True)
    # The header names the file only (issue 45: no directory of this machine in an app's
    # source), so the file's own name is hostile too: no "/" fits in a name.
    path = directory / "x\npublic let injectedByPath = 1\ny*<img src=x onerror=alert(1)>\x1b[31m.toml"
    path.write_text('[card]\ntitles = ["TunedLayout", "a\\u001b[2Jb", "*/ </style>"]\n')
    return path


def test_a_hostile_path_stays_inside_its_comment_in_every_format(browser, tmp_path, hostile_config):
    swiftc = shutil.which("swiftc")
    swift = cli("export", "--format", "swift", "--config", str(hostile_config)).stdout
    assert "onerror" in swift.split("\n\n", 1)[0] and "</style" not in swift.split("\n\n", 1)[0]
    assert not any(line.startswith("public let injectedByPath") for line in swift.splitlines())
    assert "\x1b" not in swift and "\\u{1B}" in swift.split("\n\n", 1)[0]
    source = tmp_path / "hostile.swift"
    source.write_text(swift + "\nlet injectedByPath = 2\n")  # a second declaration would not compile
    result = subprocess.run([swiftc, "-parse", str(source)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    css = cli("export", "--format", "css", "--config", str(hostile_config), "--animate", "next").stdout
    assert "</style" not in css.lower() and "\x1b" not in css
    assert "injectedByPath" in css.split("*/", 1)[0]
    assert "injectedByPath" not in re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    page = tmp_path / "page.html"
    page.write_text(f"<!doctype html><html><head><style>{css}</style></head><body></body></html>")
    browser.get(page.as_uri())
    assert browser.execute_script("return document.images.length + document.querySelectorAll('body *').length") == 0
    assert rejected_by_chromium(browser, css) == []
    tokens = cli("export", "--format", "tokens", "--config", str(hostile_config)).stdout
    text = json.dumps(json.loads(tokens))
    assert "injectedByPath" in text and "\\n" not in text and "</" not in text and "\\u001b" not in text


def test_name_refuses_prefixes_that_collide_and_never_renames_a_title(daemon, hostile_config):
    for name, clash in [("UI", "UICollectionViewLayout"), ("i", "iCarouselDelegate"), ("Card", "CardLayout"),
                        ("Check-out", "ASCII letter")]:
        result = cli("export", "--format", "swift", "--name", name, "--config", str(hostile_config), check=False)
        assert result.returncode != 0 and clash in result.stderr, (name, result.stderr)
        reply = daemon.client().request("export", format="swift", name=name)
        assert not reply["ok"] and reply["error"]["code"] == "invalid_argument" and clash in reply["error"]["message"]
    swift = cli("export", "--format", "swift", "--name", "Checkout", "--config", str(hostile_config)).stdout
    assert 'p.card.titles = ["TunedLayout", "a\\u{1B}[2Jb", "*/ </style>"]' in swift
    assert "public enum CheckoutLayout" in swift and "CheckoutLayout" not in swift.split("p.card.titles", 1)[1].split("\n")[0]
    assert swift.count("TunedLayout") == 1
