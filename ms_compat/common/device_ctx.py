"""``mindspore.DeviceCtx`` (``mindspore.common.device.DeviceCtx``): a ``with`` block that creates tensors and
parameters on another device.

Mirrors MindSpore 2.10: ``with DeviceCtx("meta"): net = Net()`` builds ``net`` without allocating its weights
(PyTorch's ``meta`` device), ``DeviceCtx("GPU", 1)`` selects ``cuda:1``, ``"CPU"`` the CPU; the previous device
comes back on exit. Differences: the device is the process-wide context device of ms_compat (MindSpore keeps a
per-thread stack), and ``"Ascend"`` raises ``ValueError`` as ``set_context(device_target='Ascend')`` does.
"""
from __future__ import annotations

import torch

from .. import context

__all__ = ["DeviceCtx"]

_VALID = ["CPU", "GPU", "Ascend", "meta"]


class DeviceCtx:
    """Mirrors ``mindspore.DeviceCtx(name, device_id=None)``."""

    def __init__(self, name: str, device_id=None):
        self.name = name
        self.device_id = device_id
        self._saved = []

    def __enter__(self):
        if self.name not in _VALID:
            raise ValueError(f"For DeviceCtx, the name must be one of {_VALID}, but got {self.name}.")
        if self.device_id is not None and self.device_id < 0:
            raise ValueError("For DeviceCtx, the device_id must be greater than or equal to 0.")
        self._saved.append((context._device, context.get_context("device_target"), context.get_context("device_id")))
        if self.name == "meta":
            context._device = torch.device("meta")
        else:
            if self.device_id is not None:
                context.set_context(device_id=self.device_id)
            context.set_context(device_target=self.name)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        device, target, device_id = self._saved.pop()
        context._ctx["device_target"], context._ctx["device_id"] = target, device_id
        context._device = device
