"""``mindspore.nn.layer.channel_shuffle`` path: ``ChannelShuffle`` lives in ``basic.py``."""
from .basic import ChannelShuffle

__all__ = ["ChannelShuffle"]
