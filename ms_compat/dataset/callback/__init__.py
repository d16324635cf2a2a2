"""Mirrors ``mindspore.dataset.callback``: ``DSCallback`` hooks on ``map`` and ``WaitedDSCallback``, which makes the
pipeline wait for the training loop's step/epoch ends."""
from ...porting._missing import module_getattr as _mg
from .ds_callback import DSCallback  # noqa: F401
from .waited_ds_callback import WaitedDSCallback  # noqa: F401

__all__ = ["DSCallback", "WaitedDSCallback"]


def __getattr__(name):
    return _mg(__name__, name, {})
