"""Mirrors ``mindspore.dataset.audio.utils``: the enums the audio transforms take, and the filter-bank / DCT
matrices (``create_dct``, ``melscale_fbanks``, ``linear_fbanks``: torchaudio's formulas, which MindSpore's C++
kernels follow; float32 numpy out). Compared with MindSpore 2.10 by tests/dataset/test_audio.py."""
from __future__ import annotations

import math
from enum import Enum

import numpy as np

__all__ = ["BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType", "Modulation",
           "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType", "create_dct", "linear_fbanks",
           "melscale_fbanks"]


class BorderType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.BorderType`` (padding modes)."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    """Mirrors ``mindspore.dataset.audio.DensityFunction``."""
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    """Mirrors ``mindspore.dataset.audio.FadeShape``."""
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.GainType``."""
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    """Mirrors ``mindspore.dataset.audio.Interpolation``."""
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.MelType``."""
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    """Mirrors ``mindspore.dataset.audio.Modulation``."""
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    """Mirrors ``mindspore.dataset.audio.NormMode``."""
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.NormType``."""
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    """Mirrors ``mindspore.dataset.audio.ResampleMethod``."""
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.ScaleType``."""
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    """Mirrors ``mindspore.dataset.audio.WindowType``."""
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """Mirrors ``mindspore.dataset.audio.create_dct``: the DCT-II matrix, shape (n_mels, n_mfcc), float32."""
    if not isinstance(n_mfcc, int) or n_mfcc <= 0 or not isinstance(n_mels, int) or n_mels <= 0:
        raise ValueError("n_mfcc and n_mels should be positive integers.")
    n = np.arange(n_mels, dtype=np.float64)
    k = np.arange(n_mfcc, dtype=np.float64)[:, None]
    dct = np.cos(math.pi / n_mels * (n + 0.5) * k)
    if NormMode(norm) == NormMode.NONE:
        dct *= 2.0
    else:
        dct[0] *= 1.0 / math.sqrt(2.0)
        dct *= math.sqrt(2.0 / n_mels)
    return dct.T.astype(np.float32)


def _hz_to_mel(f, mel_type):
    if MelType(mel_type) == MelType.HTK:
        return 2595.0 * np.log10(1.0 + np.asarray(f, np.float64) / 700.0)
    f = np.asarray(f, np.float64)
    f_sp, min_log_hz, min_log_mel, logstep = 200.0 / 3, 1000.0, 15.0, math.log(6.4) / 27.0
    return np.where(f >= min_log_hz, min_log_mel + np.log(np.maximum(f, 1e-10) / min_log_hz) / logstep, f / f_sp)


def _mel_to_hz(m, mel_type):
    if MelType(mel_type) == MelType.HTK:
        return 700.0 * (10.0 ** (np.asarray(m, np.float64) / 2595.0) - 1.0)
    m = np.asarray(m, np.float64)
    f_sp, min_log_hz, min_log_mel, logstep = 200.0 / 3, 1000.0, 15.0, math.log(6.4) / 27.0
    return np.where(m >= min_log_mel, min_log_hz * np.exp(logstep * (m - min_log_mel)), f_sp * m)


def _triangles(all_freqs, f_pts):
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up))


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE, mel_type=MelType.HTK):
    """Mirrors ``mindspore.dataset.audio.melscale_fbanks``: triangular mel filters, shape (n_freqs, n_mels)."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    m_pts = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    f_pts = _mel_to_hz(m_pts, mel_type)
    fb = _triangles(all_freqs, f_pts)
    if NormType(norm) == NormType.SLANEY:
        fb *= (2.0 / (f_pts[2:n_mels + 2] - f_pts[:n_mels]))[None, :]
    return fb.astype(np.float32)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """Mirrors ``mindspore.dataset.audio.linear_fbanks``: triangular filters spaced linearly, (n_freqs, n_filter)."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    f_pts = np.linspace(f_min, f_max, n_filter + 2)
    return _triangles(all_freqs, f_pts).astype(np.float32)
