"""Board pictures in sequence as a short video: H.264 in MP4, what Telegram plays as an
animation (`sendAnimation`, looped and silent), encoded by FFmpeg's libx264 through PyAV.

A board changes little from one picture to the next, so the encoder stores little more than
the checkers that moved: a 90-turn game is about 300 KB, where a GIF of it is megabytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import av
from av.container import OutputContainer
from av.video.stream import VideoStream

from nardy.variant import AnyPosition
from renderer import geometry as g
from renderer.render import draw
from renderer.view import BoardView

MIME_TYPE = "video/mp4"
TICKS = 100  # a frame's time is counted in hundredths of a second
CRF = 30  # x264's constant quality: the pictures stay sharp, and a game stays well under 1 MB
PRESET = "faster"  # the encoder's effort: "medium" saves a few per cent for half again the CPU


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the animation and how long it shows."""

    position: AnyPosition
    view: BoardView
    seconds: float


@dataclass(frozen=True, slots=True)
class Clip:
    """An encoded animation: the MP4's bytes, its size in pixels, its length and pictures."""

    data: bytes
    width: int
    height: int
    seconds: float
    frames: int


def animate(frames: Iterable[Frame]) -> Clip:
    """`frames` drawn and encoded in order, each shown for its `seconds`, on one core. Each
    picture is drawn as `render` draws it; the encoder lets go of the GIL while it works."""
    shown = list(frames)
    if not shown:
        raise ValueError("an animation needs at least one frame")
    out = io.BytesIO()
    tick = Fraction(1, TICKS)
    with av.open(out, "w", format="mp4") as box:
        # No B-frames: packets leave the encoder in the order shown, each given its picture's
        # length, so the MP4 lasts as long as its pictures (the last one's included).
        options = {"crf": str(CRF), "preset": PRESET, "tune": "animation", "bf": "0"}
        stream = box.add_stream("libx264", rate=TICKS, options=options)
        stream.width, stream.height, stream.pix_fmt = g.WIDTH, g.HEIGHT, "yuv420p"
        stream.codec_context.time_base = tick
        stream.codec_context.thread_count = 1
        lengths: dict[int, int] = {}  # each picture's ticks, by where it starts
        at = 0
        for frame in shown:
            lengths[at] = max(round(frame.seconds * TICKS), 1)
            picture = av.VideoFrame.from_ndarray(draw(frame.position, frame.view).pixels, "rgba")
            _mux(box, stream.encode(_at(picture, at, tick)), lengths)
            at += lengths[at]
        _mux(box, stream.encode(None), lengths)
    return Clip(out.getvalue(), g.WIDTH, g.HEIGHT, at / TICKS, len(lengths))


def _at(picture: av.VideoFrame, start: int, tick: Fraction) -> av.VideoFrame:
    """`picture` in yuv420p, shown from `start` ticks."""
    frame = picture.reformat(format="yuv420p")
    frame.pts, frame.time_base = start, tick
    return frame


def _mux(
    box: OutputContainer, packets: list[av.Packet[VideoStream]], lengths: dict[int, int]
) -> None:
    """Write `packets`, each as long as its picture shows (the encoder gives them a tick)."""
    for packet in packets:
        assert packet.pts is not None
        packet.duration = lengths[packet.pts]
        box.mux(packet)
