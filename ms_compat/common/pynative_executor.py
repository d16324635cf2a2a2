"""``mindspore.common.api._pynative_executor``: the PyNative executor object real packages reach into for its grad
switches and ``sync``. Its grad switches are PyTorch's (``torch.is_grad_enabled`` / ``set_grad_enabled``); the
other methods (graph building, op dispatch internals of MindSpore's executor) are placeholders that raise
``MissingAPIError`` when used."""
from __future__ import annotations

import torch

__all__ = ["_pynative_executor", "PyNativeExecutor"]


class PyNativeExecutor:
    """Mirrors MindSpore 2.10's ``_PyNativeExecutor`` for: ``enable_grad()`` / ``set_enable_grad(flag)`` (whether
    autograd records: ``torch.is_grad_enabled`` / ``torch.set_grad_enabled``), ``grad_flag()`` /
    ``set_grad_flag(flag)`` and ``requires_grad()`` (the flag MindSpore sets while building a graph for
    ``grad``; False by default), ``sync()`` (waits for queued device work)."""

    def __init__(self):
        self._grad_flag = False

    def enable_grad(self):
        return torch.is_grad_enabled()

    def set_enable_grad(self, flag):
        torch.set_grad_enabled(bool(flag))

    def grad_flag(self):
        return self._grad_flag

    def set_grad_flag(self, flag):
        self._grad_flag = bool(flag)

    def requires_grad(self):
        return self._grad_flag

    def sync(self):
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        from ..porting._missing import placeholder
        return placeholder(f"mindspore.common.api._pynative_executor.{name}")


_pynative_executor = PyNativeExecutor()
