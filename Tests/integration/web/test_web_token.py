"""`cardstack web --new-token`: the kept token ($XDG_RUNTIME_DIR/cardstack/web-token) is
replaced, the URL given out before is refused (403) by this run and every later one, for the
page and for an app's `/events` and `/request` alike, and the new URL works (docs/live.md)."""
import http.client


def call(bridge, method, path, body=None):
    """One request to the bridge on its own Host; the status."""
    conn = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", f"127.0.0.1:{bridge.port}")
    if body is not None:
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    status = response.status
    if method == "POST" or status != 200:
        response.read()
    conn.close()
    return status


def works(bridge, token):
    """Whether the page and an app's request are served with `token` (403 both when not)."""
    page = call(bridge, "GET", f"/?token={token}")
    request = call(bridge, "POST", f"/request?token={token}&daemon=0", b'{"cmd":"ping","id":1}')
    assert (page == 200) == (request == 200), (page, request)
    if page != 200:
        assert (page, request) == (403, 403)
    return page == 200


def stopped_stderr(bridge):
    bridge.stop()
    return bridge.stderr_text()


def test_new_token_replaces_the_kept_one_and_the_old_url_is_refused(daemon, bridges, tmp_path, monkeypatch):
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    kept = runtime / "cardstack" / "web-token"
    first = bridges([daemon.socket])
    assert kept.read_text() == first.token and works(first, first.token)
    assert "new token" not in stopped_stderr(first)

    second = bridges([daemon.socket], listen=f"127.0.0.1:{first.port}", extra=["--new-token"])
    assert second.token != first.token
    assert kept.read_text() == second.token and kept.stat().st_mode & 0o777 == 0o600
    assert works(second, second.token)
    assert not works(second, first.token)
    said = stopped_stderr(second)
    assert "a new token" in said and "the old URL is refused (403)" in said, said
    # Nothing left beside the kept file.
    assert sorted(p.name for p in kept.parent.iterdir()) == ["web-token"]

    # A later run without the flag keeps the new token; the old one stays refused.
    third = bridges([daemon.socket], listen=f"127.0.0.1:{first.port}")
    assert third.token == second.token
    assert works(third, second.token) and not works(third, first.token)


def test_new_token_without_a_runtime_directory_says_it_is_for_this_run(daemon, bridges, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    bridge = bridges([daemon.socket], extra=["--new-token"])
    assert works(bridge, bridge.token)
    said = stopped_stderr(bridge)
    assert "a new token for this run only" in said, said
