"""``mindspore.train.summary``: ``SummaryRecord`` writing TensorBoard event files (PyTorch's writer)."""
from .summary_record import SummaryRecord

__all__ = ["SummaryRecord"]
