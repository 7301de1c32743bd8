"""`cardstack record` against a socket it cannot use, and what the readers of a recording say
about a file that is not a whole one (issue 45, item 6). Record connects and hears the daemon
answer before it opens FILE: an unusable socket leaves no file and an existing FILE as it was
(docs/tuning.md), and the error says what, where and what to do. `render`, `plot`,
`view --replay`, `web --replay`, `verify` and `diff` of an empty, cut short or parameters-only file say what
is wrong with the file itself, not a flag that does not apply."""
import json
import socket
import subprocess
import threading

from harness import BIN

OLD = '{"event":"params","time":1}\n'  # what FILE held before: never touched by a failed record


def cardstack(*args, timeout=60):
    return subprocess.run([str(BIN / "cardstack"), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def closing_server(path):
    """Accepts connections and closes each at once, saying nothing."""
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(4)

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.close()
    threading.Thread(target=serve, daemon=True).start()
    return server


def test_record_against_each_unusable_socket_says_where_and_what_to_do_and_writes_nothing(tmp_path):
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # listens, never says hello
    silent.bind(str(tmp_path / "silent.sock"))
    silent.listen(4)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # a socket file nobody listens on
    stale.bind(str(tmp_path / "stale.sock"))
    stale.close()
    (tmp_path / "plain.sock").write_text("")  # a path that is not a socket
    closer = closing_server(tmp_path / "closer.sock")
    cases = {
        "missing.sock": "No such file or directory",
        "stale.sock": "nothing listens on it",
        "plain.sock": "it is a regular file, not a socket",
        "silent.sock": "sent no hello within 1.0 s",
        "closer.sock": "closed the connection without a hello",
    }
    try:
        for name, why in cases.items():
            sock = tmp_path / name
            fresh, kept = tmp_path / f"fresh-{name}.jsonl", tmp_path / f"kept-{name}.jsonl"
            kept.write_text(OLD)
            for out in (fresh, kept):
                # 1 s for the one that never answers; the closing one's answer has all the time it needs.
                wait = 1 if name == "silent.sock" else 30
                result = cardstack("record", out, "--seconds", 1, "--timeout", wait, "--socket", sock)
                assert result.returncode == 1, (name, result.returncode, result.stderr)
                err = result.stderr
                assert str(sock) in err and why in err and "--socket" in err and "cardstackd" in err, (name, err)
            assert not fresh.exists(), name
            assert kept.read_text() == OLD, name
    finally:
        silent.close()
        closer.close()


def test_a_recording_that_cannot_start_leaves_an_existing_file_and_one_that_records_replaces_it(daemon, tmp_path):
    out = tmp_path / "golden.jsonl"
    out.write_text(OLD)
    # A directory FILE cannot be written in: said after the daemon answered, nothing else touched.
    result = cardstack("record", tmp_path / "no-such-dir" / "x.jsonl", "--seconds", 0.2, "--socket", daemon.socket)
    assert result.returncode == 1 and "cannot write" in result.stderr and "no-such-dir" in result.stderr, \
        result.stderr
    assert "a directory you may write to" in result.stderr, result.stderr
    # No event of the kinds asked for in the time given: nothing recorded, FILE as it was.
    result = cardstack("record", out, "--seconds", 0.3, "--events", "config_error", "--socket", daemon.socket)
    assert result.returncode == 1 and "no config_error event came in 0.3 s" in result.stderr, result.stderr
    assert "golden.jsonl not written" in result.stderr and out.read_text() == OLD, result.stderr
    # The daemon answered: the recording replaces FILE, the parameters first.
    result = cardstack("record", out, "--seconds", 0.3, "--socket", daemon.socket)
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert lines[0].startswith('{"event":"params"') and '"event":"frame"' in lines[1], lines[:2]


READERS = {
    "render": lambda f, tmp: ["render", f, "--out", tmp / "x.gif"],
    "plot": lambda f, tmp: ["plot", f, "--out", tmp / "x.svg"],
    "replay": lambda f, tmp: ["view", "--replay", f],
    "web": lambda f, tmp: ["web", "--replay", f, "--listen", "127.0.0.1:0", "--no-open"],
    "verify": lambda f, tmp: ["verify", f],
    "diff": lambda f, tmp: ["diff", f, f],
}


def test_readers_of_an_empty_cut_short_or_parameters_only_recording_say_what_is_wrong_with_it(daemon, tmp_path):
    whole = tmp_path / "whole.jsonl"
    result = cardstack("record", whole, "--seconds", 0.3, "--socket", daemon.socket)
    assert result.returncode == 0, result.stderr
    lines = whole.read_text().splitlines(keepends=True)
    assert len(lines) >= 2, lines
    files = {
        "empty": ("", "is empty"),
        "blank": ("\n \n", "is empty"),
        "cut": ("".join(lines)[:-30], f"line {len(lines)}: the recording is cut short"),
        "params": (lines[0], "has no frame events: it holds only the parameters"),
    }
    for kind, (text, said) in files.items():
        path = tmp_path / f"{kind}.jsonl"
        path.write_text(text)
        for reader, argv in READERS.items():
            result = cardstack(*argv(path, tmp_path))
            assert result.returncode == (2 if reader in ("verify", "diff") else 1), (kind, reader, result.stderr)
            err = result.stderr
            assert said in err and f"{kind}.jsonl" in err, (kind, reader, err)
            assert "--events frame" not in err and "cardstack record" in err, (kind, reader, err)
        assert not (tmp_path / "x.gif").exists() and not (tmp_path / "x.svg").exists()
    # Recorded without frames (--events state): there the flag is the fix, and it is named.
    others = tmp_path / "others.jsonl"
    state = daemon.client().ok("get_state")
    others.write_text(lines[0] + json.dumps({"event": "state", **state, "time": 2}) + "\n")
    for reader, argv in READERS.items():
        err = cardstack(*argv(others, tmp_path)).stderr
        assert "has no frame events" in err and "--events frame,params" in err, (reader, err)
