"""The page the binary serves is the page in the repo."""
import subprocess
import sys

from conftest import REPO


def test_embedded_page_is_up_to_date():
    result = subprocess.run([sys.executable, str(REPO / "scripts" / "embed_page.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
