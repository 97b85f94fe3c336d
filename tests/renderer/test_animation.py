"""Board pictures as an animation (`renderer.animation`): an MP4 of H.264 that Telegram plays,
each picture for its time, the MP4 as long as they are; the pictures are the boards `render`
draws."""

from __future__ import annotations

import io

import av
import numpy as np
import pytest

from nardy import Color, Position
from renderer import BoardView, Dice
from renderer import geometry as g
from renderer.animation import Frame, animate
from renderer.render import compose


def test_each_picture_shows_for_its_time_and_the_last_stays_to_the_end() -> None:
    start = Position.start()
    views = [BoardView(), BoardView(dice=Dice((6, 5))), BoardView(bottom=Color.BLACK)]
    clip = animate(
        Frame(start, view, seconds) for view, seconds in zip(views, (0.6, 1.2, 3.0), strict=True)
    )
    assert (clip.width, clip.height, clip.frames, clip.seconds) == (g.WIDTH, g.HEIGHT, 3, 4.8)
    with av.open(io.BytesIO(clip.data), "r") as box:
        stream = box.streams.video[0]
        assert stream.codec_context.name == "h264" and box.format.name.startswith("mov,mp4")
        assert box.duration == 4_800_000  # microseconds: the last picture's 3 s included
        frames = [
            (float(frame.time), frame.to_ndarray(format="rgb24")) for frame in box.decode(stream)
        ]
    assert [round(time, 2) for time, _ in frames] == [0.0, 0.6, 1.8]
    for (_, picture), view in zip(frames, views, strict=True):
        drawn = np.asarray(compose(start, view), dtype=np.int16)
        assert np.abs(picture.astype(np.int16) - drawn).mean() < 4  # the board, lossy-encoded
    assert np.abs(frames[0][1].astype(np.int16) - frames[2][1]).mean() > 4  # and they differ


def test_an_animation_without_pictures_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        animate([])
