"""`scripts/integration.sh` as root (what `make test` and CI run) on a throwaway checkout of
a few files whose owner is uid 65534: the tests marked root run first, before the checkout
is lent; the checkout goes back to the owner of its .git (never lent), also when a run was
SIGKILLed while lent and the next run finds it; a file the test user changed while it held
the checkout fails the run, named, and no later run runs anything as root until the owner
has looked; Ctrl-C and SIGTERM stop the whole run at once (the tests get SIGINT and clean
up, the exit status is 128 + the signal) and leave nothing in /tmp, also on the path through
a private mount namespace (a checkout below a folder the test user cannot enter). Each run takes seconds: the two venvs already exist
when the suite runs as root (the script makes them before any test)."""
import os
import pathlib
import pwd
import shutil
import signal
import subprocess
import tempfile

import pytest

from harness import root_only, root_problem, wait_for

REPO = pathlib.Path(__file__).resolve().parents[3]
OWNER = 65534
USER = os.environ.get("CARDSTACK_TEST_USER", "cardstack-test")

pytestmark = root_only(root_problem("lends a checkout to another user", tools=("setpriv", "unshare")))

HOLD = '''import os, pathlib, time
MARKS = pathlib.Path(os.environ["CARDSTACK_SCRIPT_MARKS"])


def test_hold():
    """Says it started, then waits for `release` (at most 120 s)."""
    (MARKS / "started").write_text("")
    deadline = time.monotonic() + 120
    try:
        while not (MARKS / "release").exists():
            assert time.monotonic() < deadline, "never released"
            time.sleep(0.05)
    except KeyboardInterrupt:
        (MARKS / "interrupted").write_text("")
        raise
    finally:
        (MARKS / "finished").write_text("")
'''

OK = '''import os, pathlib


def test_ok():
    (pathlib.Path(os.environ["CARDSTACK_SCRIPT_MARKS"]) / "ran-as").write_text(str(os.getuid()))
'''

# What a test (or a package it imports) could do while the checkout is lent.
TAMPER = '''import os, pathlib


def test_tamper():
    here = pathlib.Path(__file__).parent
    with open(here / "test_ok.py", "a") as f:
        f.write("# changed while lent\\n")
    os.symlink("/nowhere", here / "test_link.py")
'''


def checkout(parent):
    """A checkout of uid 65534's: .git, a Makefile, the script, two test files."""
    top = parent / "checkout"
    tests = top / "Tests" / "integration"
    tests.mkdir(parents=True)
    (top / ".git").mkdir()
    (top / "bin").mkdir()
    (top / "Makefile").write_text("")
    (top / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "integration.sh", top / "scripts" / "integration.sh")
    (tests / "pytest.ini").write_text("[pytest]\nmarkers =\n    root: needs root\n")
    (tests / "test_ok.py").write_text(OK)
    (tests / "test_hold.py").write_text(HOLD)
    (tests / "test_tamper.py").write_text(TAMPER)
    for path in [top, *top.rglob("*")]:
        os.chown(path, OWNER, OWNER)
    return top


def start(top, test, marks):
    """The script on the checkout `top` with one test file; `marks`, a folder the tests write
    to (not the checkout: what changes there while lent fails the run)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDSTACK_")}
    env["CARDSTACK_SCRIPT_MARKS"] = str(marks)
    return subprocess.Popen(["bash", str(top / "scripts" / "integration.sh"), str(top / "bin"),
                             f"Tests/integration/{test}"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)


def finish(proc, timeout=120):
    out, _ = proc.communicate(timeout=timeout)
    return proc.returncode, out


def owners(top):
    return {p.relative_to(top).as_posix() or ".": p.lstat().st_uid for p in [top, *top.rglob("*")]
            if p.lstat().st_uid != OWNER}


def lend_dirs():
    return {p.name for p in pathlib.Path("/tmp").glob("cardstack-lend.*")}


def open_dir(mode):
    path = pathlib.Path(tempfile.mkdtemp(prefix="cardstack-script-"))
    path.chmod(mode)
    return path


@pytest.fixture
def open_parent():
    """A folder every user may enter (the checkout is lent in place, no namespace)."""
    parent = open_dir(0o755)
    yield parent
    shutil.rmtree(parent)


@pytest.fixture
def marks():
    """A folder in /tmp every user may write to, for the tests' marks."""
    path = open_dir(0o777)
    yield path
    shutil.rmtree(path)


def test_root_tests_first_then_the_suite_as_the_user_and_the_checkout_back(open_parent, marks):
    top = checkout(open_parent)
    status, out = finish(start(top, "test_ok.py", marks))
    assert status == 0, out
    assert (marks / "ran-as").read_text() == str(pwd.getpwnam(USER).pw_uid)
    assert out.index("the tests marked root, as root, before the checkout is lent") < out.index(f"the suite as {USER}")
    assert owners(top) == {}, out


def test_after_sigkill_while_lent_the_next_run_gives_the_checkout_back_to_its_owner(open_parent, marks):
    top = checkout(open_parent)
    tests = top / "Tests" / "integration"
    proc = start(top, "test_hold.py", marks)
    wait_for(lambda: (marks / "started").exists(), timeout=60, what="the held test to start")
    os.killpg(proc.pid, signal.SIGKILL)
    # The tests, in a process group of their own, outlive the script (and hold its output).
    (marks / "release").write_text("")
    wait_for(lambda: (marks / "finished").exists(), timeout=60, what="the orphaned test to end")
    finish(proc)
    lent_to = pwd.getpwnam(USER).pw_uid
    assert top.stat().st_uid == lent_to and tests.stat().st_uid == lent_to
    status, out = finish(start(top, "test_ok.py", marks))
    assert status == 0, out
    assert f"giving back to {OWNER}:{OWNER} what an earlier run left lent to {USER}" in out
    assert owners(top) == {}, out


@pytest.mark.parametrize("how", ["SIGINT to the group, as Ctrl-C", "SIGTERM to the script"])
def test_ctrl_c_and_sigterm_stop_the_whole_run_and_leave_nothing(how, tmp_path, open_parent, marks):
    # tmp_path's parents are root's alone: the run goes through a private mount namespace.
    parent = tmp_path if how.startswith("SIGINT") else open_parent
    top = checkout(parent)
    tests = top / "Tests" / "integration"
    before = lend_dirs()
    proc = start(top, "test_hold.py", marks)
    wait_for(lambda: (marks / "started").exists(), timeout=60, what="the held test to start")
    if how.startswith("SIGINT"):
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    status, out = finish(proc)
    number = signal.SIGINT if how.startswith("SIGINT") else signal.SIGTERM
    assert status == 128 + number, out
    assert f"stopped by {signal.Signals(number).name}" in out
    assert (marks / "interrupted").exists() and (marks / "finished").exists(), out
    assert out.count("the tests marked root, as root") == 1 and "the tests marked root, as root" in out.split(f"the suite as {USER}")[0]
    assert owners(top) == {}, out
    assert lend_dirs() <= before


def test_a_change_made_while_lent_fails_the_run_and_stops_later_root_runs(open_parent, marks):
    top = checkout(open_parent)
    status, out = finish(start(top, "test_tamper.py", marks))
    assert status != 0 and "./Tests/integration/test_ok.py" in out and "./Tests/integration/test_link.py" in out, out
    assert owners(top) == {}, out
    record = out.split("then: rm ")[1].split()[0]
    # The next run runs nothing as root (not even the root tests) until the owner has looked.
    status, out = finish(start(top, "test_ok.py", marks))
    assert status == 2 and "./Tests/integration/test_ok.py" in out and "the tests marked root, as root" not in out, out
    assert not (marks / "ran-as").exists()
    os.unlink(record)
    status, out = finish(start(top, "test_ok.py", marks))
    assert status == 0, out
