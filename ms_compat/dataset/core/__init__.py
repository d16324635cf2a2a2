"""``mindspore.dataset.core``: the pipeline-wide settings (``config``)."""
from . import config

__all__ = ["config"]
