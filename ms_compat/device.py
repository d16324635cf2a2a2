"""MindSpore 2.10's device helpers (``mindspore.set_device``, ``get_current_device``, ``synchronize``,
``run_check``, ``mutable``, ``from_numpy``, ``set_deterministic``) on PyTorch.

``set_device('GPU', n)`` selects ``cuda:n`` for new tensors and parameters (like
``set_context(device_target='GPU', device_id=n)``); ``'Ascend'`` raises ``ValueError``.
"""
from __future__ import annotations

import collections

import numpy as np
import torch

from . import context

__all__ = ["set_device", "get_current_device", "synchronize", "run_check", "mutable", "from_numpy",
           "set_deterministic"]


def set_device(device_target, device_id=None):
    """Mirrors ``mindspore.set_device(device_target, device_id=None)``."""
    if device_id is not None:
        context.set_context(device_id=device_id)
    context.set_context(device_target=device_target)


DeviceInfo = collections.namedtuple("DeviceInfo", ["device_target", "device_id"])
DeviceInfo.__doc__ = "Mirrors ``mindspore.device_manager.DeviceInfo`` (a named tuple)."


def get_current_device():
    """Mirrors ``mindspore.get_current_device()``: ``DeviceInfo(device_target, device_id)`` (a named tuple) as set
    by ``set_device``/``set_context``."""
    return DeviceInfo(context.get_context("device_target"), context.get_context("device_id"))


def synchronize():
    """Wait for queued device work (CUDA); a no-op on the CPU, where PyTorch runs synchronously."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


def run_check():
    """Mirrors ``mindspore.run_check``: prints the version and checks a small computation."""
    from . import __ms_compat_version__ as __version__
    a = torch.ones(2, 2)
    ok = bool(torch.allclose(a @ a, torch.full((2, 2), 2.0)))
    print(f"ms_compat version: {__version__} (torch {torch.__version__})")
    print("The result of multiplication calculation is correct, ms_compat has been installed on platform "
          f"[{context.get_context('device_target')}] successfully!" if ok else "ms_compat check FAILED")


def mutable(input_data, dynamic_len=False):
    """Graph-mode marker in MindSpore; eager PyTorch needs none: returns the input unchanged."""
    return input_data


def from_numpy(array):
    """``mindspore.from_numpy``: a Tensor sharing memory with ``array``."""
    from .common.tensor import Tensor
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For 'from_numpy', the input must be numpy.ndarray, but got {type(array)}.")
    return torch.from_numpy(array).as_subclass(Tensor)


def set_deterministic(deterministic):
    """Mirrors ``mindspore.set_deterministic(bool)`` → ``torch.use_deterministic_algorithms``."""
    if not isinstance(deterministic, bool):
        raise TypeError(f"For 'set_deterministic', the argument must be bool, but got {type(deterministic)}.")
    context.set_context(deterministic="ON" if deterministic else "OFF")
