"""Mirrors ``mindspore.dataset.callback``: ``DSCallback`` hooks on ``map`` (``WaitedDSCallback``, which blocks the
pipeline on the training loop, is not provided: MissingAPIError when used)."""
from ..._missing import module_getattr as _mg
from .ds_callback import DSCallback  # noqa: F401

__all__ = ["DSCallback"]


def __getattr__(name):
    return _mg(__name__, name, {})
