"""The page the binary serves is the page in the repo: `Sources/CardStackWeb/Page/`,
embedded by SwiftPM (`.embedInCode`), served byte for byte with its content type: the HTML
with an import map that gives each ES module its token, each module at /js/NAME.js."""
import http.client
import json
import re

from harness import REPO
from webtools import Bridge

PAGE = REPO / "Sources" / "CardStackWeb" / "Page"
# The modules PageFiles.swift serves, read from there (the list is spelled once).
MODULES = re.findall(r'"(\w+\.js)": PackageResources\.\w+_js\b',
                     (REPO / "Sources" / "CardStackWeb" / "PageFiles.swift").read_text())


def test_every_script_in_the_page_folder_is_served_once():
    assert sorted(MODULES) == sorted(p.name for p in PAGE.glob("*.js")) and len(set(MODULES)) == len(MODULES)


def joined(*names):
    """The files joined by a newline, without the last one's final newline (PageFiles.swift)."""
    text = b"\n".join((PAGE / name).read_bytes() for name in names)
    return text[:-1] if text.endswith(b"\n") else text


def fetch(bridge, path):
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=5)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{bridge.port}"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type"), body


def test_the_served_page_is_the_page_in_the_repo(tmp_path):
    bridge = Bridge([tmp_path / "no-daemon.sock"])
    try:
        token = bridge.token
        status, kind, body = fetch(bridge, f"/?token={token}")
        assert (status, kind) == (200, "text/html; charset=utf-8")
        imports = {f"/js/{name}": f"/js/{name}?token={token}" for name in MODULES}
        served = re.search(rb'<script type="importmap">(.*?)</script>', body)
        assert served and json.loads(served.group(1)) == {"imports": imports}
        html = joined("page.html").replace(b"__TOKEN__", token.encode()).replace(b"__DAEMONS__", b"1")
        html = html.replace(b"__REPLAY__", b"").replace(b"__IMPORTS__", served.group(1))
        assert body == html
        assert fetch(bridge, f"/page.css?token={token}") == (200, "text/css; charset=utf-8", joined("page.css", "reference.css"))
        for name in MODULES:
            assert fetch(bridge, f"/js/{name}?token={token}") == (200, "text/javascript; charset=utf-8",
                                                                  (PAGE / name).read_bytes()), name
    finally:
        bridge.stop()


def test_an_unknown_module_is_404_and_names_nothing_of_the_machine(tmp_path):
    bridge = Bridge([tmp_path / "no-daemon.sock"])
    try:
        token = bridge.token
        for path in ("/js/nothing.js", "/js/../page.html", "/js/page.css", "/js/", "/js/%2e%2e/PageFiles.swift",
                     "/js/page.js/x", "/page.js"):
            status, kind, body = fetch(bridge, f"{path}?token={token}")
            assert (status, body) == (404, b"not found\n"), path
        # Without the token a module is refused like every other file.
        assert fetch(bridge, "/js/page.js")[0] == 403
    finally:
        bridge.stop()


def test_the_page_has_no_global_names_but_its_hook():
    """Every script is a module (no top-level names reach `window`) and only page.js writes the
    one global, `window.cardstack`, which docs/page.md documents."""
    for path in PAGE.glob("*.js"):
        text = path.read_text()
        assert '"use strict"' not in text, f"{path.name}: modules are strict already"
        assert "mixin(" not in text, f"{path.name}: a part owns its fields; no mixin"
        written = re.findall(r"\bwindow\.(\w+)\s*=", text)
        assert written == (["cardstack"] if path.name == "page.js" else []), (path.name, written)
    assert '<script type="module" src="js/page.js?token=__TOKEN__">' in (PAGE / "page.html").read_text()
    assert "`window.cardstack`" in (REPO / "docs" / "page.md").read_text()


def test_every_page_file_is_embedded():
    """A file added to Page/ is served only once Package.swift embeds it (its `pageFiles`);
    package.json, which tells node the scripts are ES modules (Tests/page), is the one left out."""
    package = (REPO / "Package.swift").read_text()
    assert 'exclude: ["Page/package.json"]' in package
    assert 'resources: pageFiles.map { .embedInCode("Page/\\($0)") }' in package
    listed = re.search(r'let pageFiles = """\n(.*?)"""', package, re.S).group(1).split()
    assert sorted(listed) == sorted(p.name for p in PAGE.iterdir() if p.name != "package.json")
