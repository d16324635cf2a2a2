"""Mirrors ``mindspore.dataset.audio`` (not provided yet: every name raises MissingAPIError when used, so
``import mindspore.dataset.audio`` works in packages that import it without using it)."""
from ..._missing import module_getattr as _mg


def __getattr__(name):
    return _mg(__name__, name, {})
