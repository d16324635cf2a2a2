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

    def __call__(self, waveform):
        import torch
        w = np.asarray(waveform.asnumpy() if hasattr(waveform, "asnumpy") else waveform)
        if w.ndim < 1 or w.dtype.kind not in "fiu":
            raise RuntimeError("Resample: the input should be a numeric waveform of shape (..., time).")
        if self.orig_freq == self.new_freq:
            return w.astype(np.float32)
        gcd = math.gcd(int(self.orig_freq), int(self.new_freq))
        orig, new = int(self.orig_freq) // gcd, int(self.new_freq) // gcd
        kernel, width = _kernel(orig, new, self.lowpass_filter_width, self.rolloff, self.resample_method, self.beta,
                                torch)
        x = torch.from_numpy(np.ascontiguousarray(w, np.float64)).reshape(-1, w.shape[-1])
        n, length = x.shape
        x = torch.nn.functional.pad(x, (width, width + orig))
        out = torch.nn.functional.conv1d(x[:, None], kernel, stride=orig).transpose(1, 2).reshape(n, -1)
        out = out[..., :int(math.ceil(new * length / orig))]
        return out.reshape(w.shape[:-1] + (out.shape[-1],)).numpy().astype(np.float32)
