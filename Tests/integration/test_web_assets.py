"""The page the binary serves is the page in the repo: `Sources/CardStackWeb/Page/`,
embedded by SwiftPM (`.embedInCode`), served byte for byte with its content type."""
import http.client

from conftest import REPO
from webtools import Bridge

PAGE = REPO / "Sources" / "CardStackWeb" / "Page"
SCRIPTS = ["controls.js", "actions.js", "motion.js", "editors.js", "variants.js", "page.js"]


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
        html = joined("page.html").replace(b"__TOKEN__", token.encode()).replace(b"__DAEMONS__", b"1")
        assert body == html.replace(b"__REPLAY__", b"")
        assert fetch(bridge, f"/page.css?token={token}") == (200, "text/css; charset=utf-8", joined("page.css"))
        assert fetch(bridge, f"/page.js?token={token}") == (200, "text/javascript; charset=utf-8", joined(*SCRIPTS))
    finally:
        bridge.stop()


def test_every_page_file_is_embedded():
    """A file added to Page/ is served only once Package.swift embeds it."""
    package = (REPO / "Package.swift").read_text()
    for file in PAGE.iterdir():
        assert f'.embedInCode("Page/{file.name}")' in package, file.name
