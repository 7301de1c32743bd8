#!/usr/bin/env python3
"""Follow cardstackd from Python: print the front card of every frame. Usage: client.py [SOCKET]"""
import json, os, socket, struct, sys

runtime = os.environ.get("XDG_RUNTIME_DIR")
path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CARDSTACK_SOCKET") or (
    f"{runtime}/cardstack/cardstackd.sock" if runtime else f"/tmp/cardstack-{os.getuid()}/cardstackd.sock")
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(path)
# Talk only to a daemon of our own uid or root (docs/protocol.md §1): SO_PEERCRED is pid, uid, gid.
_, uid, _ = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
if uid not in (os.getuid(), 0):
    sys.exit(f"{path}: the listener runs as uid {uid}, not as you or root; not sending anything")
sock.sendall(b'{"id": 1, "cmd": "subscribe", "events": ["frame", "config_error"]}\n')
for line in sock.makefile("r", encoding="utf-8"):
    msg = json.loads(line)
    if msg.get("event") == "frame":
        print(f"seq {msg['seq']}: offset {msg['frame']['offset']:.1f}, front card {msg['frame']['front']}")
    elif msg.get("event") == "config_error":
        # line and column are null when the error has no place (a deleted file, say).
        where = f":{msg['line']}:{msg['column']}" if msg.get("line") is not None else ""
        print(f"{msg['path']}{where}: {msg['message']}")
