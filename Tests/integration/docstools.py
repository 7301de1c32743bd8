"""Helpers for cli/test_docs_examples.py: the code blocks of README.md and docs/*.md, what
each is (docs/testing.md, "Examples in the docs"), the scratch directory a block runs in,
console transcripts, and JSON compared by shape."""
import json
import os
import re
import shutil
import subprocess

import pytest

from harness import BIN, REPO

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


BLOCKS = blocks()
