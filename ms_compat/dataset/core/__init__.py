"""``mindspore.dataset.core``: the pipeline-wide settings (``config``)."""
from . import config

__all__ = ["config"]

from ...porting._missing import module_getattr as _mg  # noqa: E402


def __getattr__(name):
    return _mg(__name__, name, {})
