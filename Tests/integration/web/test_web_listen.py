"""`cardstack web` awaits its bind (WebBridge.start): an address already taken ends the command
at once with the reason and what to do, and nothing on standard output (scripts read the URL
from there)."""
import socket
import subprocess

from harness import BIN


def test_a_port_already_taken_fails_with_the_address_and_the_way_out(tmp_path):
    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        web = [str(BIN / "cardstack"), "web", "--no-open", "--listen", f"127.0.0.1:{port}",
               "--socket", str(tmp_path / "d.sock")]
        result = subprocess.run(web, capture_output=True, text=True, timeout=30)
    finally:
        taken.close()
    assert result.returncode == 1 and result.stdout == ""
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "--listen HOST:PORT" in result.stderr
