"""`/events?frames=moves` (docs/protocol.md §10, docs/live.md): a follower that plays each move
itself (CardStackLive's `options.motion`) gets a move's first frame, not its 60 a second; the
frames of no move (a drag's, a jump's) still come, each."""
import json

from webtools import EventStream


def ready(stream):
    stream.until(lambda d: b'"id":"live-state"' in d[:64], "reply to get_state")


def frames_of_one_move(stream):
    """Reads until a move's state at rest: the frame events seen meanwhile, as dicts."""
    frames = []
    moving = False
    while True:
        data = stream.next()
        if data.startswith(b'{"event":"frame"'):
            frames.append(json.loads(data))
        elif data.startswith(b'{"event":"state"'):
            state = json.loads(data)
            moving = moving or state["animating"]
            if moving and not state["animating"]:
                return frames


def test_a_move_reaches_a_moves_follower_as_its_first_frame_only(make_daemon, bridges):
    # Slowed four times, the 0.3 s step runs 1.2 s: some 70 frames at 60 fps.
    daemon = make_daemon(config_text="[layout]\nwrap = false\n[animation]\nslowdown = 4.0\n")
    bridge = bridges([daemon.socket])
    every = EventStream(bridge, query="&frames=1")
    moves = EventStream(bridge, query="&frames=moves")
    ready(every)
    ready(moves)
    daemon.client().ok("next")
    all_frames = frames_of_one_move(every)
    # The same move, read by the moves stream from its buffer after the first stream saw it end.
    first_frames = frames_of_one_move(moves)
    every.close()
    moves.close()
    carrying = [f for f in first_frames if f.get("motion")]
    assert len(carrying) == 1, [f["seq"] for f in carrying]
    assert carrying[0]["motion"]["kind"] == "step"
    assert len([f for f in all_frames if f.get("motion")]) > 10


def test_frames_of_no_move_all_reach_a_moves_follower(make_daemon, bridges):
    daemon = make_daemon(config_text="[layout]\nwrap = false\n")
    bridge = bridges([daemon.socket])
    moves = EventStream(bridge, query="&frames=moves")
    ready(moves)
    client = daemon.client()
    for by in (5, 5, 5):
        client.ok("scroll", by=by)
    offsets = []
    while len(offsets) < 3:
        data = moves.next()
        if data.startswith(b'{"event":"frame"'):
            frame = json.loads(data)
            if frame["frame"]["offset"] > 0:
                offsets.append(frame["frame"]["offset"])
    moves.close()
    assert offsets == [5, 10, 15]
