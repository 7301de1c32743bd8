"""Every example in the docs is a test (issue 45): each code block of README.md and docs/*.md
is run, sent, compiled or marked as not meant to run, with a reason (docs/testing.md,
"Examples in the docs"). A block fails with its file and line.

- `sh` blocks run in bash (`-e -o pipefail`) against the real binaries, in a scratch
  directory holding a copy of `Config/`, with a daemon on the default parameter file
  ($CARDSTACK_SOCKET); a `<!-- run with: NAME=PATH, … -->` line before the fence copies
  files of the checkout in under the names the block uses.
- `console` blocks run each `$ ` command the same way and hold it to what the block shows:
  an error line (`cardstack: …`) is the command's stderr and a failing status; a JSON
  output is compared by shape (keys and types, number lists by length); other lines must be
  printed; the status is 0 unless the command's comment says `exit N`.
- `json` and `console` blocks of docs/protocol.md are sent line by line to a real daemon on
  one connection: each reply and the hello have the shape the doc shows.
- `toml` blocks are parameter files: `cardstack frame --config` reads each.
- `swift` blocks type-check against the exported `TunedLayout` of the default parameter
  file (`<!-- compiled in: SIGNATURE -->` wraps the block in a function for its free names);
  `<!-- compiled as: Package.swift -->` makes the block the arguments of an app's manifest,
  next to a checkout, which SwiftPM reads.
- A block without a language (or indented) is text: formulas, output, a screen; one that
  reads as a command must say what it is.
- `<!-- not run: REASON -->` (or `not compiled:`) marks a block that is not meant to run here.
"""
import json
import os
import re
import shutil
import subprocess

import pytest

from docstools import BLOCKS, loose_json, matches, protocol_lines, run_script, scratch, shape_problems, transcript
from exporttools import build_objects
from harness import BIN, REPO, Client


def of_kind(*kinds):
    return [pytest.param(b, id=b.where) for b in BLOCKS if b.kind() in kinds]


def test_every_block_is_run_or_marked_with_a_reason():
    unclear = [f"{b.where}: ```{b.lang} block: run it (sh, console, toml, swift), call it text, or mark it "
               f"<!-- not run: REASON --> on the line before (docs/testing.md)" for b in BLOCKS if b.kind() is None]
    assert unclear == [], "\n".join(unclear)
    assert len([b for b in BLOCKS if b.kind() not in ("marked", "text")]) >= 10


# --- shell and console ------------------------------------------------------------------------


@pytest.mark.parametrize("block", of_kind("shell"))
def test_shell_block_runs(block, daemon, tmp_path):
    work, env = scratch(tmp_path, block)
    env["CARDSTACK_SOCKET"] = str(daemon.socket)
    # `wait`: a job the block leaves in the background ends before the block counts as done.
    status, out, err = run_script(block.text + "\nwait\n", work, env, block.where)
    assert status == 0, f"{block.where}: exit {status}\n--- stdout\n{out[-3000:]}\n--- stderr\n{err[-3000:]}"


@pytest.mark.parametrize("block", of_kind("console"))
def test_console_block_shows_what_its_commands_print(block, daemon, tmp_path):
    work, env = scratch(tmp_path, block)
    env["CARDSTACK_SOCKET"] = str(daemon.socket)
    steps = transcript(block.text)
    assert steps, f"{block.where}: a console block without a `$ ` command: tag it text or mark it"
    script = "".join(f"{{ {cmd}\n}} >out.{i} 2>err.{i} && echo 0 >rc.{i} || echo $? >rc.{i}\n"
                     for i, (cmd, _) in enumerate(steps))
    status, out, err = run_script(script, work, env, block.where)
    assert status == 0, f"{block.where}: {err}"
    for i, (cmd, shown) in enumerate(steps):
        rc = int((work / f"rc.{i}").read_text())
        stdout, stderr = (work / f"out.{i}").read_text(), (work / f"err.{i}").read_text()
        what = f"{block.where}: `{cmd}` (exit {rc})\n--- stdout\n{stdout[-2000:]}\n--- stderr\n{stderr[-2000:]}"
        text = "\n".join(shown).strip()
        if text.startswith("cardstack: "):
            assert rc != 0 and matches(text, stderr.strip()), what
            continue
        exit_shown = re.search(r"#.*\bexit (\d+)", cmd)
        assert rc == (int(exit_shown.group(1)) if exit_shown else 0), what
        doc = loose_json(text) if text else None
        if doc is not None:
            problems = shape_problems(doc, json.loads(stdout))
            assert problems == [], what + "\n" + "\n".join(problems)
        elif text:
            for line in shown:
                assert "…" in line or line.strip() in stdout + stderr, f"{what}\n--- the doc shows\n{line}"


# --- the protocol --------------------------------------------------------------------------------


@pytest.mark.parametrize("block", of_kind("protocol"))
def test_protocol_example_gets_the_replies_it_shows(block, daemon):
    c = Client(daemon.socket)
    value = loose_json(block.text)
    if isinstance(value, dict) and {"offset", "cards"} <= set(value):
        # A value (5.1 FRAME): what get_frame answers at the doc's offset.
        real = c.ok("get_frame", offset=value["offset"])
        assert shape_problems(value, real) == [], (block.where, shape_problems(value, real))
        return
    lines = protocol_lines(block)
    expected_hellos = [x for x in lines if x.get("event") == "hello"]
    for hello in expected_hellos[:1]:
        assert shape_problems(hello, c.hello) == [], (block.where, shape_problems(hello, c.hello))
        assert c.hello["event"] == "hello"
    requests = [i for i, x in enumerate(lines) if "cmd" in x]
    assert requests or expected_hellos, (f"{block.where}: neither a request with its reply, the hello nor a frame: "
                                         "mark it <!-- not run: REASON --> (docs/testing.md)")
    for i in requests:
        c.send(lines[i])
        replies = [x for x in lines[i + 1:] if "event" not in x and "cmd" not in x]
        assert replies, f"{block.where}: {json.dumps(lines[i])} shows no reply after it"
        doc = replies[0]
        while True:
            reply = c.read(timeout=10)
            if "event" not in reply:
                break
        problems = shape_problems(doc, reply)
        for key in ("id", "ok"):
            if reply.get(key) != doc.get(key):
                problems.append(f"{key}: {doc.get(key)!r} in the doc, {reply.get(key)!r} here")
        if "error" in doc and "error" in reply and doc["error"]["code"] != reply["error"]["code"]:
            problems.append(f"error.code: {doc['error']['code']} in the doc, {reply['error']['code']} here")
        assert problems == [], f"{block.where}: {json.dumps(lines[i])}\n" + "\n".join(problems)
    c.close()


# --- parameter files and Swift -------------------------------------------------------------------


@pytest.mark.parametrize("block", of_kind("toml"))
def test_toml_block_is_a_parameter_file_the_tools_read(block, tmp_path):
    path = tmp_path / "example.toml"
    path.write_text(block.text)
    result = subprocess.run([str(BIN / "cardstack"), "frame", "--config", str(path)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, f"{block.where}: {result.stderr}"


@pytest.mark.parametrize("block", of_kind("swift"))
def test_swift_block_type_checks_against_the_exported_layout(block, tmp_path):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc (the toolchain that builds this package) is not on PATH"
    _, modulemap = build_objects()
    exported = subprocess.run([str(BIN / "cardstack"), "export", "--format", "swift", "--config",
                               str(REPO / "Config" / "cardstack.toml")], capture_output=True, text=True,
                              timeout=60, check=True).stdout
    body = block.text if block.mark != "compiled in" else f"{block.note} {{\n{block.text}}}\n"
    source = tmp_path / "example.swift"
    source.write_text(exported + "\n// " + block.where + "\n" + body)
    result = subprocess.run(
        [swiftc, "-typecheck", "-parse-as-library", "-I", str(BIN / "Modules"), "-Xcc",
         f"-fmodule-map-file={modulemap}", str(source)], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, f"{block.where}:\n{result.stderr[-3000:]}"


@pytest.mark.parametrize("block", of_kind("manifest"))
def test_package_manifest_lines_are_read_by_swiftpm(block, tmp_path):
    """An app's Package.swift with the block's lines, beside a checkout at ../cardstack (a
    link to this one): SwiftPM reads it, and every product it names from CardStackKit is one
    CardStackKit's manifest declares."""
    app = tmp_path / "app"
    (app / "Sources" / "MyApp").mkdir(parents=True)
    (app / "Sources" / "MyApp" / "MyApp.swift").write_text("")
    (tmp_path / "cardstack").mkdir()
    (tmp_path / "cardstack" / "CardStackKit").symlink_to(REPO / "CardStackKit")
    (app / "Package.swift").write_text('// swift-tools-version: 6.0\nimport PackageDescription\n\n'
                                       f'let package = Package(\n    name: "MyApp",\n{block.text})\n')
    result = subprocess.run(["swift", "package", "dump-package"], cwd=app, capture_output=True, text=True,
                            timeout=120, env=dict(os.environ, HOME=str(tmp_path)))
    assert result.returncode == 0, f"{block.where}:\n{result.stderr[-3000:]}"
    manifest = json.loads(result.stdout)
    kit = (REPO / "CardStackKit" / "Package.swift").read_text()
    named = [d["product"][0] for t in manifest["targets"] for d in t["dependencies"]
             if "product" in d and d["product"][1] == "CardStackKit"]
    assert named, f"{block.where}: names no product of CardStackKit"
    for product in named:
        assert f'.library(name: "{product}"' in kit, f"{block.where}: CardStackKit has no library {product}"
