"""`make image`: the OCI image builds with buildah, and its root file system serves.

The image's root, mounted by buildah, runs under a private mount and PID namespace with the
image's own user, environment and entry point (podman itself needs more than this machine
may allow: cgroups, a network namespace): the daemon and the page start, the URL with its
token is printed, `get_state` answers over the daemon's socket and the page over HTTP, and
both run as the image's unprivileged user. Needs root and buildah; skipped, saying so,
without them.
"""
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import urllib.request


from harness import DEFAULT_CONFIG, REPO, Client, root_only, root_problem, wait_for

RELEASE = REPO / ".build" / "release"


def problem():
    found = root_problem("buildah's storage and a private mount and PID namespace", tools=("buildah",),
                         install="make image installs it", built=(RELEASE / "cardstackd", "needs the release build: make release"))
    if found is not None:
        return found
    r = subprocess.run(["buildah", "from", "scratch"], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return f"buildah cannot run here: {r.stderr.strip()}"
    subprocess.run(["buildah", "rm", r.stdout.strip()], capture_output=True, timeout=120)
    return None


pytestmark = root_only(problem())


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_image_serves_state_and_the_page(tmp_path):
    image = "localhost/cardstack-test:latest"
    r = subprocess.run(["make", "--no-print-directory", "image", f"OUT={tmp_path}"], cwd=REPO, capture_output=True,
                       text=True, timeout=1200, env=dict(os.environ, IMAGE=image))
    assert r.returncode == 0, r.stdout + r.stderr
    assert list(tmp_path.glob("cardstack-image-*.tar")), r.stdout
    config = json.loads(subprocess.run(["buildah", "inspect", "--type", "image", image], capture_output=True,
                                       text=True, check=True, timeout=120).stdout)["OCIv1"]["config"]
    assert config["User"] == "1000:1000" and "/params" in config["Volumes"] and "8372/tcp" in config["ExposedPorts"]
    container = subprocess.run(["buildah", "from", image], capture_output=True, text=True, check=True,
                               timeout=120).stdout.strip()
    proc = None
    try:
        rootfs = pathlib.Path(subprocess.run(["buildah", "mount", container], capture_output=True, text=True,
                                             check=True, timeout=120).stdout.strip())
        assert not (rootfs / "usr/lib/swift").exists()
        params = tmp_path / "params"
        params.mkdir()
        os.chown(params, 1000, 1000)
        port = free_port()
        env = [e for e in config["Env"] if not e.startswith("CARDSTACK_PORT=")] + [f"CARDSTACK_PORT={port}"]
        uid, gid = config["User"].split(":")
        # The image's user, environment and entry point, chrooted into its root file system,
        # with the /proc and /dev a container runtime gives every container.
        script = (f"mkdir -p {rootfs}/proc {rootfs}/dev && mount --bind {params} {rootfs}/params && "
                  f"mount -t proc proc {rootfs}/proc && mount --rbind /dev {rootfs}/dev && "
                  f"exec {shutil.which('chroot')} --userspec={uid}:{gid} {rootfs} {' '.join(config['Entrypoint'])}")
        proc = subprocess.Popen([shutil.which("unshare"), "--mount", "--pid", "--fork", "--propagation", "private",
                                 "/bin/sh", "-c", script],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env=dict(e.split("=", 1) for e in env))
        lines = []

        def url():
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "".join(lines)
            lines.append(line)
            return line.startswith("cardstack: open http://") and line.split()[2]

        opened = wait_for(url, timeout=60, interval=0, what="the entry point's URL")
        assert f":{port}/?token=" in opened, lines
        assert (params / "cardstack.toml").read_text() == DEFAULT_CONFIG.read_text()
        # The socket's path inside buildah's storage is longer than a socket address holds.
        (tmp_path / "s").symlink_to(rootfs / "tmp/run/cardstack")
        sock = tmp_path / "s" / "cardstackd.sock"
        client = Client(sock)
        state = client.ok("get_state")
        assert state["revision"] == 1 and state["watch"]["mode"] == "inotify", state
        with urllib.request.urlopen(opened, timeout=30) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
        # Both run as the image's user, not root.
        found = []
        for entry in pathlib.Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                comm = (entry / "comm").read_text().strip()
                if comm in ("cardstackd", "cardstack") and os.readlink(entry / "root") == str(rootfs):
                    uids = [line for line in (entry / "status").read_text().splitlines() if line.startswith("Uid:")][0]
                    found.append((comm, uids.split()[1:]))
            except OSError:
                continue
        assert sorted(found) == [("cardstack", ["1000"] * 4), ("cardstackd", ["1000"] * 4)], found
        client.close()
    finally:
        if proc is not None:
            # The namespace's first process ignores signals sent from inside it (unshare's
            # --kill-child too): kill it from here, which ends every process of the namespace.
            children = pathlib.Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
            for child in (children.read_text().split() if children.exists() else []):
                os.kill(int(child), signal.SIGKILL)
            proc.kill()
            proc.wait(timeout=10)
        subprocess.run(["buildah", "umount", container], capture_output=True, timeout=120)
        subprocess.run(["buildah", "rm", container], capture_output=True, timeout=120)
        subprocess.run(["buildah", "rmi", image], capture_output=True, timeout=120)
