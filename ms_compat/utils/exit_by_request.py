"""``mindspore.utils.ExitByRequest``: a graceful-exit flag agreed on by all ranks (``torch.distributed``)."""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..common.tensor import to_torch

__all__ = ["ExitByRequest"]


class ExitByRequest:
    """Mirrors ``mindspore.utils.ExitByRequest()``: ``exit_by_request(grad, init_value, exit_value)`` all-reduces
    ``init_value`` (each rank's 1 = "I was asked to exit") and sets ``exit_value`` to whether every rank was; with
    one process it does nothing. Returns ``grad`` (MindSpore threads it through for ordering in graph mode). Needs
    ``mindspore.communication.init()`` first, as in MindSpore."""

    def __init__(self):
        from ..communication import get_group_size
        self.group_size = get_group_size()
        self.is_distributed = self.group_size > 1

    def exit_by_request(self, grad, init_value, exit_value):
        if self.is_distributed:
            status = to_torch(init_value).detach().clone()
            dist.all_reduce(status)
            with torch.no_grad():
                to_torch(exit_value).copy_(torch.all(status == self.group_size))
        return grad
