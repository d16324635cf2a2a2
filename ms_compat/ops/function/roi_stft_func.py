"""``ops.crop_and_resize`` and ``ops.stft`` (MindSpore 2.10's functional spellings; ``ROIAlign`` has none)."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["crop_and_resize", "stft"]


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0):
    """Mirrors ``ops.crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear',
    extrapolation_value=0.0)``: ``ops.CropAndResize(method, extrapolation_value)(image, boxes, box_indices,
    crop_size)`` — float32 ``(N, crop_h, crop_w, C)``."""
    from ..operations.roi_crop_ops import CropAndResize
    return CropAndResize(method, extrapolation_value)(image, boxes, box_indices, crop_size)


def _pad_last(x, pad, mode):
    mode = str(mode).upper()
    if mode == "CONSTANT":
        return torch.nn.functional.pad(x, (pad, pad))
    if mode == "REFLECT":
        return torch.cat([x[..., 1:pad + 1].flip(-1), x, x[..., -pad - 1:-1].flip(-1)], -1)
    if mode == "SYMMETRIC":
        return torch.cat([x[..., :pad].flip(-1), x, x[..., x.shape[-1] - pad:].flip(-1)], -1)
    raise ValueError(f"For 'stft', 'pad_mode' must be 'CONSTANT', 'REFLECT' or 'SYMMETRIC', but got {mode!r}.")


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="REFLECT",
         normalized=False, onesided=None, return_complex=None):
    """Mirrors ``ops.stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='REFLECT',
    normalized=False, onesided=None, return_complex=None)``: MindSpore's defaults — ``hop_length = n_fft // 4``,
    ``win_length = n_fft``, an all-ones float32 window, ``center`` pads ``n_fft // 2`` on both sides with
    ``pad_mode`` (``'CONSTANT'``/``'REFLECT'``/``'SYMMETRIC'``, ``nn.Pad``'s modes), ``onesided`` True for real
    ``x`` and window, ``return_complex`` False for real inputs (then the result is real ``(*, N, T, 2)``, not
    PyTorch's error) — then ``ops.STFT``."""
    from ..operations.roi_crop_ops import STFT
    xt = torch.Tensor.as_subclass(torch.as_tensor(x), torch.Tensor)
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    wt = torch.ones(win_length, dtype=torch.float32) if window is None else \
        torch.Tensor.as_subclass(torch.as_tensor(window), torch.Tensor)
    if onesided is None:
        onesided = not xt.is_complex() and not wt.is_complex()
    if return_complex is None:
        return_complex = xt.is_complex() or wt.is_complex()
    if center:
        if xt.dim() not in (1, 2):
            raise ValueError(f"Expected a 1-D tensor or a 2-D tensor, but got {xt.dim()}")
        xt = _pad_last(xt, n_fft // 2, pad_mode)
    return STFT(n_fft, hop_length, win_length, normalized, onesided, return_complex)(xt, wt)
