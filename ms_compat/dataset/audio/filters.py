"""IIR filters of ``mindspore.dataset.audio``: ``LFilter``, ``Filtfilt``, ``Biquad`` and the named biquads
(``LowpassBiquad``, ``HighpassBiquad``, ``AllpassBiquad``, ``BandpassBiquad``, ``BandrejectBiquad``,
``BandBiquad``, ``BassBiquad``, ``TrebleBiquad``, ``EqualizerBiquad``, ``DeemphBiquad``, ``RiaaBiquad``).

Coefficients are the Audio-EQ-cookbook / SoX formulas MindSpore shares with torchaudio; the filter is the direct
difference equation with zero initial state, normalized by ``a0`` and clamped to [-1, 1] (``clamp=True``), along
the last axis. Compared with MindSpore 2.10 by tests/dataset/test_audio.py (float32 rounding).
"""
from __future__ import annotations

import math

import numpy as np

from ..transforms.transforms import TensorOperation

__all__ = ["LFilter", "Filtfilt", "Biquad", "LowpassBiquad", "HighpassBiquad", "AllpassBiquad", "BandpassBiquad",
           "BandrejectBiquad", "BandBiquad", "BassBiquad", "TrebleBiquad", "EqualizerBiquad", "DeemphBiquad",
           "RiaaBiquad"]


def lfilter(x, a, b, clamp=True):
    """``y[n] = (sum_k b[k] x[n-k] - sum_{k>=1} a[k] y[n-k]) / a[0]`` along the last axis (float64 inside)."""
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    if len(a) != len(b):
        raise RuntimeError("LFilter: the size of a_coeffs and b_coeffs should be the same.")
    if a[0] == 0:
        raise RuntimeError("LFilter: a_coeffs[0] should not be 0.")
    a, b = a / a[0], b / a[0]
    x = np.asarray(x, np.float64)
    try:
        from scipy.signal import lfilter as _sp
        y = _sp(b, a, x, axis=-1)
    except ImportError:  # the difference equation in numpy, one step per sample
        flat = x.reshape(-1, x.shape[-1])
        y = np.zeros_like(flat)
        for n in range(flat.shape[-1]):
            acc = np.zeros(flat.shape[0])
            for k in range(len(b)):
                if n - k >= 0:
                    acc += b[k] * flat[:, n - k]
                    if k:
                        acc -= a[k] * y[:, n - k]
            y[:, n] = acc
        y = y.reshape(x.shape)
    if clamp:
        y = np.clip(y, -1.0, 1.0)
    return y.astype(np.float32)


def _wave(x, name):
    a = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    if a.ndim < 1 or a.dtype.kind not in "fiu":
        raise RuntimeError(f"{name}: the input should be a numeric waveform of shape (..., time).")
    return a


class LFilter(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.LFilter(a_coeffs, b_coeffs, clamp=True)``."""

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), bool(clamp)
        if len(self.a_coeffs) != len(self.b_coeffs):
            raise ValueError("The size of a_coeffs should be the same as that of b_coeffs.")

    def __call__(self, waveform):
        return lfilter(_wave(waveform, "LFilter"), self.a_coeffs, self.b_coeffs, self.clamp)


class Filtfilt(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Filtfilt(a_coeffs, b_coeffs, clamp=True)``: ``LFilter`` forward, then on
    the reversed result, reversed back (clamping after both passes when ``clamp``)."""

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), bool(clamp)

    def __call__(self, waveform):
        fwd = lfilter(_wave(waveform, "Filtfilt"), self.a_coeffs, self.b_coeffs, False)
        back = lfilter(fwd[..., ::-1], self.a_coeffs, self.b_coeffs, self.clamp)
        return np.ascontiguousarray(back[..., ::-1])


class Biquad(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Biquad(b0, b1, b2, a0, a1, a2)``: a second-order IIR filter."""

    def __init__(self, b0, b1, b2, a0, a1, a2):
        if a0 == 0:
            raise ValueError("Input a0 should not be 0.")
        self.b, self.a = [b0, b1, b2], [a0, a1, a2]

    def __call__(self, waveform):
        return lfilter(_wave(waveform, type(self).__name__), self.a, self.b, True)


def _w0_alpha(sample_rate, freq, Q):
    if sample_rate == 0:
        raise ValueError("Input sample_rate should not be 0.")
    if not 0 < Q <= 1:
        raise ValueError("Input Q is not within the required interval of (0, 1].")
    w0 = 2 * math.pi * freq / sample_rate
    return w0, math.sin(w0) / 2 / Q


class LowpassBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.LowpassBiquad(sample_rate, cutoff_freq, Q=0.707)``."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):  # noqa: N803 - MindSpore's name
        w0, alpha = _w0_alpha(sample_rate, cutoff_freq, Q)
        c = math.cos(w0)
        super().__init__((1 - c) / 2, 1 - c, (1 - c) / 2, 1 + alpha, -2 * c, 1 - alpha)


class HighpassBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.HighpassBiquad(sample_rate, cutoff_freq, Q=0.707)``."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):  # noqa: N803
        w0, alpha = _w0_alpha(sample_rate, cutoff_freq, Q)
        c = math.cos(w0)
        super().__init__((1 + c) / 2, -1 - c, (1 + c) / 2, 1 + alpha, -2 * c, 1 - alpha)


class AllpassBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.AllpassBiquad(sample_rate, central_freq, Q=0.707)``."""

    def __init__(self, sample_rate, central_freq, Q=0.707):  # noqa: N803
        w0, alpha = _w0_alpha(sample_rate, central_freq, Q)
        c = math.cos(w0)
        super().__init__(1 - alpha, -2 * c, 1 + alpha, 1 + alpha, -2 * c, 1 - alpha)


class BandpassBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.BandpassBiquad(sample_rate, central_freq, Q=0.707,
    const_skirt_gain=False)``."""

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):  # noqa: N803
        w0, alpha = _w0_alpha(sample_rate, central_freq, Q)
        temp = math.sin(w0) / 2 if const_skirt_gain else alpha
        super().__init__(temp, 0.0, -temp, 1 + alpha, -2 * math.cos(w0), 1 - alpha)


class BandrejectBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.BandrejectBiquad(sample_rate, central_freq, Q=0.707)``."""

    def __init__(self, sample_rate, central_freq, Q=0.707):  # noqa: N803
        w0, alpha = _w0_alpha(sample_rate, central_freq, Q)
        c = math.cos(w0)
        super().__init__(1.0, -2 * c, 1.0, 1 + alpha, -2 * c, 1 - alpha)


class BandBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.BandBiquad(sample_rate, central_freq, Q=0.707, noise=False)`` (SoX's
    band filter)."""

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):  # noqa: N803
        w0, _ = _w0_alpha(sample_rate, central_freq, Q)
        bw_hz = central_freq / Q
        a2 = math.exp(-2 * math.pi * bw_hz / sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if noise:
            b0 *= math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        super().__init__(b0, 0.0, 0.0, 1.0, a1, a2)


def _shelf(sample_rate, gain, freq, Q, treble):
    w0, alpha = _w0_alpha(sample_rate, freq, Q)
    A = math.exp(gain / 40 * math.log(10))  # noqa: N806
    t1, t2, t3 = 2 * math.sqrt(A) * alpha, (A - 1) * math.cos(w0), (A + 1) * math.cos(w0)
    if treble:
        return (A * ((A + 1) + t2 + t1), -2 * A * ((A - 1) + t3), A * ((A + 1) + t2 - t1),
                (A + 1) - t2 + t1, 2 * ((A - 1) - t3), (A + 1) - t2 - t1)
    return (A * ((A + 1) - t2 + t1), 2 * A * ((A - 1) - t3), A * ((A + 1) - t2 - t1),
            (A + 1) + t2 + t1, -2 * ((A - 1) + t3), (A + 1) + t2 - t1)


class BassBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.BassBiquad(sample_rate, gain, central_freq=100.0, Q=0.707)``."""

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):  # noqa: N803
        super().__init__(*_shelf(sample_rate, gain, central_freq, Q, False))


class TrebleBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.TrebleBiquad(sample_rate, gain, central_freq=3000, Q=0.707)``."""

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):  # noqa: N803
        super().__init__(*_shelf(sample_rate, gain, central_freq, Q, True))


class EqualizerBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.EqualizerBiquad(sample_rate, center_freq, gain, Q=0.707)``."""

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):  # noqa: N803
        w0, alpha = _w0_alpha(sample_rate, center_freq, Q)
        A = math.exp(gain / 40 * math.log(10))  # noqa: N806
        c = math.cos(w0)
        super().__init__(1 + alpha * A, -2 * c, 1 - alpha * A, 1 + alpha / A, -2 * c, 1 - alpha / A)


class DeemphBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.DeemphBiquad(sample_rate)`` (44100 or 48000 Hz, the CD de-emphasis
    shelf)."""

    def __init__(self, sample_rate):
        if sample_rate == 44100:
            freq, slope, gain = 5283, 0.4845, -9.477
        elif sample_rate == 48000:
            freq, slope, gain = 5356, 0.479, -9.62
        else:
            raise ValueError("Input sample_rate should be 44100 or 48000.")
        w0 = 2 * math.pi * freq / sample_rate
        A = math.exp(gain / 40 * math.log(10))  # noqa: N806
        alpha = math.sin(w0) / 2 * math.sqrt((A + 1 / A) * (1 / slope - 1) + 2)
        t1, t2, t3 = 2 * math.sqrt(A) * alpha, (A - 1) * math.cos(w0), (A + 1) * math.cos(w0)
        super().__init__(A * ((A + 1) + t2 + t1), -2 * A * ((A - 1) + t3), A * ((A + 1) + t2 - t1),
                         (A + 1) - t2 + t1, 2 * ((A - 1) - t3), (A + 1) - t2 - t1)


_RIAA = {44100: ([-0.2014898, 0.9233820], [0.7083149, 0.9924091]),
         48000: ([-0.1766069, 0.9321590], [0.7396325, 0.9931330]),
         88200: ([-0.1168735, 0.9648312], [0.8590646, 0.9964002]),
         96000: ([-0.1141486, 0.9676817], [0.8699137, 0.9966946])}


class RiaaBiquad(Biquad):
    """Mirrors ``mindspore.dataset.audio.RiaaBiquad(sample_rate)`` (44100, 48000, 88200 or 96000 Hz): the RIAA
    vinyl playback equalization, normalized to 0 dB at 1 kHz."""

    def __init__(self, sample_rate):
        if sample_rate not in _RIAA:
            raise ValueError("Input sample_rate should be one of [44100, 48000, 88200, 96000].")
        zeros, poles = _RIAA[sample_rate]
        b0, b1, b2 = 1.0, -(zeros[0] + zeros[1]), zeros[0] * zeros[1]
        a0, a1, a2 = 1.0, -(poles[0] + poles[1]), poles[0] * poles[1]
        y = 2 * math.pi * 1000 / sample_rate
        b_re = b0 + b1 * math.cos(-y) + b2 * math.cos(-2 * y)
        a_re = a0 + a1 * math.cos(-y) + a2 * math.cos(-2 * y)
        b_im = b1 * math.sin(-y) + b2 * math.sin(-2 * y)
        a_im = a1 * math.sin(-y) + a2 * math.sin(-2 * y)
        g = 1 / math.sqrt((b_re ** 2 + b_im ** 2) / (a_re ** 2 + a_im ** 2))
        super().__init__(b0 * g, b1 * g, b2 * g, a0, a1, a2)
