"""Helpers for tests of how cards move: a small parameter file, and the frames of one move."""


def base_config(animation="", wrap="true", cards=11):
    return f"""[layout]
style = "stack"
cards = {cards}
wrap = {wrap}
spacing = 30.0

[viewport]
width = 375.0
height = 667.0

[animation]
fps = 60
{animation}
"""


def move_frames(c, cmd, **args):
    """Runs `cmd` on a subscribed client: its result, and the frames of the move it starts
    (the first one at the start) up to the state event saying it is over."""
    c.events.clear()
    result = c.ok(cmd, **args)
    frames = []
    while True:
        while c.events:
            e = c.events.pop(0)
            if e["event"] == "frame":
                frames.append(e)
            elif e["event"] == "state" and not e["animating"] and frames:
                return result, frames
        message = c.read(10)
        if "event" in message:
            c.events.append(message)

