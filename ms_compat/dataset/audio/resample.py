"""``mindspore.dataset.audio.Resample``: band-limited sinc interpolation (Hann- or Kaiser-windowed), the kernel
construction MindSpore shares with torchaudio, applied as a strided ``torch.nn.functional.conv1d``. Compared with
MindSpore 2.10 by tests/dataset/test_audio.py (float32 rounding)."""
from __future__ import annotations

import math

import numpy as np

from ..transforms.transforms import TensorOperation
from .utils import ResampleMethod

__all__ = ["Resample"]


def _kernel(orig, new, width_param, rolloff, method, beta, torch):
    base = min(orig, new) * rolloff
    width = math.ceil(width_param * orig / base)
    idx = torch.arange(-width, width + orig, dtype=torch.float64)[None, None] / orig
    t = torch.arange(0, -new, -1, dtype=torch.float64)[:, None, None] / new + idx
    t = (t * base).clamp(-width_param, width_param)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = torch.cos(t * math.pi / width_param / 2) ** 2
    else:
        beta = 14.769656459379492 if beta is None else beta
        window = torch.i0(beta * torch.sqrt(1 - (t / width_param) ** 2)) / torch.i0(torch.tensor(beta, dtype=t.dtype))
    t = t * math.pi
    kern = torch.where(t == 0, torch.ones_like(t), torch.sin(t) / torch.where(t == 0, torch.ones_like(t), t))
    return kern * window * (base / orig), width


def _direct(x, orig, new, width_param, rolloff, method, beta):
    """The same sums as the strided convolution with ``_kernel``, evaluated per output sample over the taps where
    the windowed sinc is not zero (``|t| < width_param``): for co-prime rates with a large ``orig`` the kernel
    matrix (``new x (2 * width + orig)``) would be huge while each output needs about
    ``2 * width_param * orig / (min(orig, new) * rolloff)`` taps. float64 numpy; x is (n, time)."""
    base = min(orig, new) * rolloff
    width = math.ceil(width_param * orig / base)
    n, length = x.shape
    span = 2 * width + orig
    xp = np.pad(x, ((0, 0), (width, width + orig)))
    m = np.arange(int(math.ceil(new * length / orig)))
    blk, i = np.divmod(m, new)
    lo = np.floor(orig * (i / new - width_param / base)).astype(np.int64) + width
    k = lo[:, None] + np.arange(int(math.ceil(2 * width_param * orig / base)) + 3)[None, :]
    valid = (k >= 0) & (k < span)
    t = (-(i / new)[:, None] + (k - width) / orig) * base
    t = np.clip(t, -width_param, width_param)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = np.cos(t * math.pi / width_param / 2) ** 2
    else:
        beta = 14.769656459379492 if beta is None else beta
        window = np.i0(beta * np.sqrt(1 - (t / width_param) ** 2)) / np.i0(beta)
    t = t * math.pi
    safe = np.where(t == 0, 1.0, t)
    weight = np.where(t == 0, 1.0, np.sin(t) / safe) * window * (base / orig) * valid
    pos = blk[:, None] * orig + np.clip(k, 0, span - 1)
    return (xp[:, pos] * weight[None]).sum(-1)


class Resample(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Resample(orig_freq=16000, new_freq=16000,
    resample_method=ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width=6, rolloff=0.99, beta=None)``:
    (..., time) -> (..., ceil(time * new / orig)), float32."""

    def __init__(self, orig_freq=16000, new_freq=16000, resample_method=ResampleMethod.SINC_INTERPOLATION,
                 lowpass_filter_width=6, rolloff=0.99, beta=None):
        if orig_freq <= 0 or new_freq <= 0:
            raise ValueError("Input orig_freq and new_freq should be greater than 0.")
        if lowpass_filter_width <= 0:
            raise ValueError("Input lowpass_filter_width should be greater than 0.")
        if not 0 < rolloff <= 1:
            raise ValueError("Input rolloff is not within the required interval of (0, 1].")
        self.orig_freq, self.new_freq = float(orig_freq), float(new_freq)
        self.resample_method, self.lowpass_filter_width = ResampleMethod(resample_method), int(lowpass_filter_width)
        self.rolloff, self.beta = float(rolloff), beta

    def __call__(self, waveform, _filter_equal_rates=False):
        import torch
        w = np.asarray(waveform.asnumpy() if hasattr(waveform, "asnumpy") else waveform)
        if w.ndim < 1 or w.dtype.kind not in "fiu":
            raise RuntimeError("Resample: the input should be a numeric waveform of shape (..., time).")
        if self.orig_freq == self.new_freq and not _filter_equal_rates:  # (PitchShift's kernel filters anyway)
            return w.astype(np.float32)
        gcd = math.gcd(int(self.orig_freq), int(self.new_freq))
        orig, new = int(self.orig_freq) // gcd, int(self.new_freq) // gcd
        if new * (orig + 2 * math.ceil(self.lowpass_filter_width * orig / (min(orig, new) * self.rolloff))) > 2_000_000:
            x = np.ascontiguousarray(w, np.float64).reshape(-1, w.shape[-1])
            out = _direct(x, orig, new, self.lowpass_filter_width, self.rolloff, self.resample_method, self.beta)
            return out.reshape(w.shape[:-1] + (out.shape[-1],)).astype(np.float32)
        kernel, width = _kernel(orig, new, self.lowpass_filter_width, self.rolloff, self.resample_method, self.beta,
                                torch)
        x = torch.from_numpy(np.ascontiguousarray(w, np.float64)).reshape(-1, w.shape[-1])
        n, length = x.shape
        x = torch.nn.functional.pad(x, (width, width + orig))
        out = torch.nn.functional.conv1d(x[:, None], kernel, stride=orig).transpose(1, 2).reshape(n, -1)
        out = out[..., :int(math.ceil(new * length / orig))]
        return out.reshape(w.shape[:-1] + (out.shape[-1],)).numpy().astype(np.float32)
