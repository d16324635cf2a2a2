"""``mindspore.train.summary``: ``SummaryRecord`` writing TensorBoard event files (PyTorch's writer)."""
from ...porting._missing import module_getattr as _mg
from .summary_record import SummaryRecord

__all__ = ["SummaryRecord"]

_LAZY = {"summary_record": "ms_compat.train.summary.summary_record", "enums": "ms_compat.train.summary.enums"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
