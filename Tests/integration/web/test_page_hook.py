"""The page is ES modules with one global name, `window.cardstack`, the test hook docs/page.md
documents: on a running page, the window holds no name a blank window does not but that one,
and the hook holds the members the documentation lists, and no others."""
import re

import pytest

from harness import REPO
from webtools import find_chromium, open_page

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="chromium and chromedriver are not installed")


def documented_members():
    """The names in the first column of docs/page.md's hook table (`views[i]`, `.schema`,
    `maths.moveAt(…)`: every word in its code)."""
    text = (REPO / "docs" / "page.md").read_text()
    table = text[text.index("## The test hook"):]
    names = set()
    for cell in re.findall(r"^\| ([^|]+) \|", table, re.M):
        for code in re.findall(r"`([^`]+)`", cell):
            names.update(re.findall(r"\w+", code))
    return names


# The names on `window` a blank window of the same page does not have.
ADDED = """
    const blank = document.createElement('iframe');
    document.body.append(blank);
    const own = new Set(Object.getOwnPropertyNames(blank.contentWindow));
    blank.remove();
    return Object.getOwnPropertyNames(window).filter((name) => !own.has(name));"""


def test_the_page_adds_one_global_name_whose_members_are_documented(make_daemon, bridges, browser):
    daemon = make_daemon()
    open_page(browser, bridges([daemon.socket]))
    added = browser.execute_script(ADDED)
    hook, view = browser.execute_script("""
        const h = window.cardstack, v = h.views[0];
        return [Object.keys(h), [...Object.keys(v), ...Object.keys(v.reference), ...Object.keys(v.variants),
                                 ...Object.keys(h.maths)]];""")
    # What chromedriver leaves on any page it runs scripts in (its own helpers) is not the page's.
    browser.get("about:blank")
    browser.execute_script("return document.querySelectorAll('body')")
    driver = browser.execute_script(ADDED)
    assert [name for name in added if name not in driver] == ["cardstack"], (added, driver)
    documented = documented_members()
    members = set(hook) | set(view)
    assert members <= documented, f"undocumented members of window.cardstack: {sorted(members - documented)}"
    assert {"views", "drawByHand", "player", "maths", "moveAt", "settled", "kept", "onDraw"} <= members
