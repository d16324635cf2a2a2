"""``mindspore.ops.hfft/hfft2/hfftn`` and ``ihfft/ihfft2/ihfftn``: the discrete Fourier transforms of Hermitian-
symmetric signals, on ``torch.fft`` (same argument names and ``norm`` modes: ``'backward'``/``'forward'``/
``'ortho'``, ``None`` = ``'backward'``). MindSpore 2.10's ``ihfft*`` return the complex conjugate of numpy's and
PyTorch's (``rfft`` scaled, without the conjugation); ms_compat returns MindSpore's."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["hfft", "hfft2", "hfftn", "ihfft", "ihfft2", "ihfftn"]


def _real_input(x):
    return x if x.is_floating_point() or x.is_complex() else x.to(torch.float32)


def hfft(input, n=None, dim=-1, norm=None):  # noqa: A002 - MindSpore's argument names
    """Mirrors ``ops.hfft(input, n=None, dim=-1, norm=None)``: a real result of length ``n`` (default
    ``2 * (input.shape[dim] - 1)``)."""
    return wrap(torch.fft.hfft(_real_input(input), n=n, dim=dim, norm=norm))


def hfft2(input, s=None, dim=(-2, -1), norm=None):  # noqa: A002
    """Mirrors ``ops.hfft2(input, s=None, dim=(-2, -1), norm=None)``."""
    return wrap(torch.fft.hfft2(_real_input(input), s=s, dim=dim, norm=norm))


def hfftn(input, s=None, dim=None, norm=None):  # noqa: A002
    """Mirrors ``ops.hfftn(input, s=None, dim=None, norm=None)``."""
    return wrap(torch.fft.hfftn(_real_input(input), s=s, dim=dim, norm=norm))


def ihfft(input, n=None, dim=-1, norm=None):  # noqa: A002
    """Mirrors ``ops.ihfft(input, n=None, dim=-1, norm=None)``: the one-sided complex inverse of ``hfft``."""
    return wrap(torch.fft.ihfft(_real_input(input), n=n, dim=dim, norm=norm).conj().resolve_conj())


def ihfft2(input, s=None, dim=(-2, -1), norm=None):  # noqa: A002
    """Mirrors ``ops.ihfft2(input, s=None, dim=(-2, -1), norm=None)``."""
    return wrap(torch.fft.ihfft2(_real_input(input), s=s, dim=dim, norm=norm).conj().resolve_conj())


def ihfftn(input, s=None, dim=None, norm=None):  # noqa: A002
    """Mirrors ``ops.ihfftn(input, s=None, dim=None, norm=None)``."""
    return wrap(torch.fft.ihfftn(_real_input(input), s=s, dim=dim, norm=norm).conj().resolve_conj())
