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

from exporttools import build_objects
from harness import BIN, REPO, Client

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
MARK = re.compile(r"^\s*<!--\s*(not run|not compiled|run with|compiled in|compiled as):\s*(.*?)\s*-->\s*$")
SHELL = ("sh", "bash", "shell")
# A text block whose first word is one of these reads as a command, not as text.
COMMANDS = re.compile(r"^\s*(\$ |scripts/|\.build/|(cardstack|cardstackd|make|swift|sudo|socat|systemctl|ssh|docker|"
                      r"podman|cd|echo|printf)(\s|$))")


class Block:
    def __init__(self, path, line, lang, text, before):
        self.path, self.line, self.lang, self.text = path, line, lang, text
        m = MARK.match(before)
        self.mark, self.note = (m.group(1), m.group(2)) if m else (None, "")

    @property
    def where(self):
        return f"{self.path.relative_to(REPO)}:{self.line}"

    def kind(self):
        """What the test does with the block, or None when it cannot tell."""
        if self.mark in ("not run", "not compiled"):
            return "marked" if self.note else None
        protocol = self.path.name == "protocol.md"
        if self.lang in SHELL:
            return "shell"
        if self.lang == "console":
            return "protocol" if protocol and "socat" in self.text else "console"
        if self.lang == "json" and protocol:
            return "protocol"
        if self.lang == "toml":
            return "toml"
        if self.lang == "swift":
            return "manifest" if self.mark == "compiled as" and self.note == "Package.swift" else "swift"
        if self.lang == "text":
            return "text"
        if self.lang == "":
            return None if COMMANDS.match(self.text) else "text"
        return None


def indented_start(lines, i):
    """Whether line i, indented 4 spaces, starts an indented code block: after a blank line
    (or a marker after one) that does not continue a list item or an indented paragraph."""
    j = i - 1 if MARK.match(lines[i - 1]) else i
    if lines[j - 1].strip():
        return False
    above = lines[j - 2] if j > 1 else ""
    return not above.startswith("  ") and not re.match(r"^\s*([-*]|\d+\.)\s", above)


def blocks():
    """Every fenced block (any indent) and every indented block after a blank line."""
    found = []
    for path in DOCS:
        lines = path.read_text().split("\n")
        i, fence_open = 0, False
        while i < len(lines):
            m = re.match(r"^(\s*)```(\S*)\s*$", lines[i])
            if m:
                indent, start, body = len(m.group(1)), i, []
                i += 1
                while not lines[i].strip().startswith("```"):
                    body.append(lines[i][indent:])
                    i += 1
                found.append(Block(path, start + 1, m.group(2), "\n".join(body) + "\n", lines[start - 1]))
            elif lines[i].startswith("    ") and lines[i].strip() and i > 1 and indented_start(lines, i):
                start, body = i, []
                while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                    body.append(lines[i][4:])
                    i += 1
                found.append(Block(path, start + 1, "", "\n".join(body).strip("\n") + "\n", lines[start - 1]))
                continue
            i += 1
    return found


BLOCKS = blocks()


def of_kind(*kinds):
    return [pytest.param(b, id=b.where) for b in BLOCKS if b.kind() in kinds]


def test_every_block_is_run_or_marked_with_a_reason():
    unclear = [f"{b.where}: ```{b.lang} block: run it (sh, console, toml, swift), call it text, or mark it "
               f"<!-- not run: REASON --> on the line before (docs/testing.md)" for b in BLOCKS if b.kind() is None]
    assert unclear == [], "\n".join(unclear)
    assert len([b for b in BLOCKS if b.kind() not in ("marked", "text")]) >= 10


# --- shell and console ------------------------------------------------------------------------


def scratch(tmp_path, block):
    """The scratch directory a block runs in, and its environment."""
    work = tmp_path / "work"
    shutil.copytree(REPO / "Config", work / "Config")
    if block.mark == "run with":
        for pair in block.note.split(","):
            name, source = (s.strip() for s in pair.split("="))
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / source, work / name)
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "XDG_CONFIG_HOME")}
    env.update(PATH=f"{BIN.resolve()}:{os.environ['PATH']}", HOME=str(home))
    return work, env


def run_script(script, work, env, where, timeout=120):
    proc = subprocess.Popen(["bash", "-e", "-o", "pipefail", "-c", script], cwd=work, env=env, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
        pytest.fail(f"{where}: still running after {timeout} s\n{out[-2000:]}\n{err[-2000:]}")
    return proc.returncode, out, err


@pytest.mark.parametrize("block", of_kind("shell"))
def test_shell_block_runs(block, daemon, tmp_path):
    work, env = scratch(tmp_path, block)
    env["CARDSTACK_SOCKET"] = str(daemon.socket)
    # `wait`: a job the block leaves in the background ends before the block counts as done.
    status, out, err = run_script(block.text + "\nwait\n", work, env, block.where)
    assert status == 0, f"{block.where}: exit {status}\n--- stdout\n{out[-3000:]}\n--- stderr\n{err[-3000:]}"


def transcript(text):
    """[(command, [expected output lines])] of a console block."""
    steps = []
    for line in text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


def loose_json(text):
    """The JSON a doc shows with `…` for what it leaves out (`[ … ten cards behind … ,`,
    `20.8333…`), or None when it is not JSON."""
    text = re.sub(r"…\s+[A-Za-z][^…]*…\s*,?", "", text)
    text = re.sub(r"(?<=[\[\s])…\s*,", "", text).replace("…", "")
    try:
        return json.loads(text)
    except ValueError:
        return None


def shape_problems(doc, real, path="$"):
    """Where `real` has not the shape of `doc`: the same keys, the same types (numbers
    alike), number lists of the same length, every list item shaped as the doc's last."""
    number = (int, float)
    if isinstance(doc, dict):
        if not isinstance(real, dict):
            return [f"{path}: an object in the doc, {type(real).__name__} here"]
        problems = [f"{path}: keys {sorted(doc)} in the doc, {sorted(real)} here"] if set(doc) != set(real) else []
        for key in set(doc) & set(real):
            problems += shape_problems(doc[key], real[key], f"{path}.{key}")
        return problems
    if isinstance(doc, list):
        if not isinstance(real, list):
            return [f"{path}: a list in the doc, {type(real).__name__} here"]
        if doc and all(isinstance(x, number) and not isinstance(x, bool) for x in doc) and len(doc) != len(real):
            return [f"{path}: {len(doc)} numbers in the doc, {len(real)} here"]
        return [p for i, x in enumerate(real) for p in (shape_problems(doc[-1], x, f"{path}[{i}]") if doc else [])]
    if isinstance(doc, bool) or doc is None:
        return [] if type(real) is type(doc) else [f"{path}: {doc!r} in the doc, {real!r} here"]
    if isinstance(doc, number):
        return [] if isinstance(real, number) and not isinstance(real, bool) else [f"{path}: a number in the doc, {real!r} here"]
    return [] if isinstance(real, type(doc)) else [f"{path}: {type(doc).__name__} in the doc, {real!r} here"]


def matches(pattern, text):
    """Whether `text` is `pattern` with each `…` standing for anything."""
    return re.fullmatch(".*".join(re.escape(p) for p in pattern.split("…")), text, re.S) is not None


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


def protocol_lines(block):
    """The JSON lines of a protocol example: requests (with `cmd`), replies and events."""
    out = []
    for line in block.text.splitlines():
        if line.startswith("$ ") or not line.strip().startswith("{"):
            continue
        value = loose_json(line)
        assert value is not None, f"{block.where}: not a JSON line: {line}"
        out.append(value)
    return out


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
