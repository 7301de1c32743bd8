"""The bridge's link to its daemon and `/image/K` under issue 44's findings.

§4: a `params` reply over 1 MiB made the daemon drop the bridge's link as "too far behind"
(the replies after it found the big one still waiting), so an app following `/events` was
cut off at every reconnect. One line over the limit must not count against a client
(docs/protocol.md §8).

§7: `/image/K` globbed the whole pattern list again at every request, and its 404s named
files from anywhere the user can read. It now serves from the list resolved for the
`images_version` in force, and its errors name no file.
"""
import urllib.error
import urllib.request

from harness import wait_for
from webtools import EventStream

MIB = 1 << 20
# 128 quotes: 128 bytes in a TOML literal string, 256 as JSON sends them (the title limit).
QUOTES = '"' * 128


def heavy_params_config(titles=7000):
    entries = ",\n".join(f"'{QUOTES}'" for _ in range(titles))
    return f"[layout]\ncards = {titles}\n[card]\ntitles = [\n{entries}\n]\n"


def test_a_params_reply_over_a_mebibyte_does_not_cut_an_events_follower(make_daemon, bridges):
    daemon = make_daemon(config_text=heavy_params_config())
    assert daemon.client().ok("get_params")["error"] is None
    bridge = bridges([daemon.socket])
    for attempt in range(2):  # and again on reconnecting, which the issue saw fail each time
        stream = EventStream(bridge)
        params, _ = stream.until(lambda d: b'"id":"live-params"' in d[:64], "reply to get_params")
        assert len(params) > MIB, len(params)
        _, seen = stream.until(lambda d: b'"id":"live-state"' in d[:64], "reply to get_state")
        # The link holds: a move made by another client reaches the follower.
        daemon.client().ok("next")
        _, later = stream.until(lambda d: d.startswith(b'{"event":"state"') and b'"animating":true' in d,
                                "state event of the move")
        for data in seen + later:
            assert not data.startswith(b'{"event":"bye"'), data[:200]
            assert not data.startswith(b'{"event":"bridge","state":"closed"'), data[:200]
        stream.close()
    assert "too far behind" not in daemon.log_text()


def fetch(bridge, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{bridge.port}{path}?token={bridge.token}", timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def png(rgb):
    import struct
    import zlib
    raw = b"".join(b"\0" + bytes(rgb) * 2 for _ in range(2))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_image_k_serves_the_list_of_the_version_in_force_and_names_no_file(make_daemon, bridges):
    daemon = make_daemon(config_text='[card]\nimages = ["*/a.png"]\n', start=False)
    root = daemon.config.parent
    for name, rgb in (("m", (200, 0, 0)), ("n", (0, 200, 0))):
        (root / name).mkdir()
        (root / name / "a.png").write_bytes(png(rgb))
    (root / "z").mkdir()
    (root / "z" / "a.png").write_bytes(b"a secret that is not an image\n")
    daemon.start()
    client = daemon.client()
    wait_for(lambda: any("z/a.png" in w for w in client.ok("get_params")["warnings"]), timeout=30,
             what="the daemon's warning for z/a.png")
    bridge = bridges([daemon.socket])
    assert fetch(bridge, "/image/0") == (200, (root / "m" / "a.png").read_bytes())
    assert fetch(bridge, "/image/1") == (200, (root / "n" / "a.png").read_bytes())
    # The bad file: the reason, and no file's name or directory.
    status, body = fetch(bridge, "/image/2")
    assert status == 404 and b"not a PNG or JPEG image" in body, body
    assert b"a.png" not in body and str(root).encode() not in body and b"/z" not in body, body
    # A directory the watcher does not follow (a glob's directory part) gains a match that
    # sorts first: the list of the version in force stands, so no request globbed again.
    (root / "a").mkdir()
    (root / "a" / "a.png").write_bytes(png((0, 0, 200)))
    assert fetch(bridge, "/image/0") == (200, (root / "m" / "a.png").read_bytes())
    # New patterns are a new list.
    client.ok("set_params", params={"card": {"images": ["*/a.png", "m/a.png"]}})
    assert fetch(bridge, "/image/0") == (200, (root / "a" / "a.png").read_bytes())
    # A pattern that matches nothing: 404 naming neither the pattern nor a file.
    client.ok("set_params", params={"card": {"images": ["/etc/nothing-*.png"]}})
    status, body = fetch(bridge, "/image/0")
    assert status == 404 and b"matches no file" in body and b"/etc" not in body, body
