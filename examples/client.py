#!/usr/bin/env python3
"""Follow cardstackd from Python: print the front card of every frame. Usage: client.py [SOCKET]"""
import json, os, socket, sys

runtime = os.environ.get("XDG_RUNTIME_DIR")
path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CARDSTACK_SOCKET") or (
    f"{runtime}/cardstack/cardstackd.sock" if runtime else f"/tmp/cardstack-{os.getuid()}/cardstackd.sock")
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(path)
sock.sendall(b'{"id": 1, "cmd": "subscribe", "events": ["frame", "config_error"]}\n')
for line in sock.makefile("r", encoding="utf-8"):
    msg = json.loads(line)
    if msg.get("event") == "frame":
        print(f"seq {msg['seq']}: offset {msg['frame']['offset']:.1f}, front card {msg['frame']['front']}")
    elif msg.get("event") == "config_error":
        print(f"{msg['path']}:{msg['line']}:{msg['column']}: {msg['message']}")
