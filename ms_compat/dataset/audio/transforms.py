"""Mirrors ``mindspore.dataset.audio.transforms``: audio transforms on numpy float waveforms / spectrograms
(``(..., time)`` and ``(..., freq, time)``), computed with PyTorch (``torch.stft`` ...) by the formulas MindSpore's
C++ kernels share with torchaudio. Output float32 as MindSpore's. Compared with MindSpore 2.10 by
tests/dataset/test_audio.py (within float32 rounding)."""
from __future__ import annotations

import math


import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from .utils import (BorderType, FadeShape, GainType, MelType, NormMode, NormType, ScaleType, WindowType, create_dct,
                    linear_fbanks, melscale_fbanks)

__all__ = ["AudioTensorOperation", "Spectrogram", "MelScale", "MelSpectrogram", "AmplitudeToDB", "DBToAmplitude",
           "ComplexNorm", "Angle", "Magphase", "MFCC", "LFCC", "ComputeDeltas", "Contrast", "DCShift", "Gain",
           "Vol", "FrequencyMasking", "TimeMasking", "MaskAlongAxis", "MaskAlongAxisIID", "MuLawEncoding",
           "MuLawDecoding", "SpectralCentroid", "Fade"]

AudioTensorOperation = TensorOperation


def _torch():
    import torch
    return torch


def _wave(x, name, min_dim=1):
    a = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    if a.ndim < min_dim:
        raise RuntimeError(f"{name}: the input should have at least {min_dim} dimension(s), got shape {list(a.shape)}.")
    if a.dtype.kind not in "fiu":
        raise RuntimeError(f"{name}: the input should be a numeric tensor, got {a.dtype}.")
    return a


def _window(kind, length, torch):
    kind = WindowType(kind)
    if kind == WindowType.HANN:
        return torch.hann_window(length, periodic=True, dtype=torch.float64)
    if kind == WindowType.HAMMING:
        return torch.hamming_window(length, periodic=True, dtype=torch.float64)
    if kind == WindowType.BLACKMAN:
        return torch.blackman_window(length, periodic=True, dtype=torch.float64)
    if kind == WindowType.BARTLETT:
        return torch.bartlett_window(length, periodic=True, dtype=torch.float64)
    return torch.kaiser_window(length, periodic=True, beta=12.0, dtype=torch.float64)


_PAD = {BorderType.CONSTANT: "constant", BorderType.EDGE: "replicate", BorderType.REFLECT: "reflect",
        BorderType.SYMMETRIC: "reflect"}


def _stft(wave, n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode, onesided):
    """Complex STFT (..., freq, time) of a float waveform (float64 inside)."""
    torch = _torch()
    x = torch.from_numpy(np.ascontiguousarray(wave, np.float64))
    shape = x.shape
    x = x.reshape(-1, shape[-1])
    if pad:
        x = torch.nn.functional.pad(x, (pad, pad))
    w = _window(window, win_length, torch)
    mode = _PAD[BorderType(pad_mode)]
    if center and BorderType(pad_mode) == BorderType.SYMMETRIC:  # torch.stft has no symmetric mode: pad by hand
        half = n_fft // 2
        x = torch.cat([x[:, :half].flip(-1), x, x[:, -half:].flip(-1)], -1)
        center = False
    spec = torch.stft(x, n_fft, hop_length, win_length, w, center=center, pad_mode=mode, normalized=False,
                      onesided=onesided, return_complex=True)
    if normalized:
        spec = spec / w.pow(2).sum().sqrt()
    return spec.reshape(shape[:-1] + spec.shape[-2:])


class Spectrogram(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Spectrogram(n_fft=400, win_length=None, hop_length=None, pad=0,
    window=WindowType.HANN, power=2.0, normalized=False, center=True, pad_mode=BorderType.REFLECT,
    onesided=True)``: ``|STFT|**power`` of a (..., time) waveform, shape (..., n_fft // 2 + 1, frames)."""

    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        if not isinstance(n_fft, int) or n_fft <= 0:
            raise ValueError("Input n_fft is not within the required interval of [1, 2147483647].")
        self.n_fft = n_fft
        self.win_length = win_length or n_fft
        if self.win_length > n_fft:
            raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: {self.win_length} "
                             f"and n_fft: {n_fft}.")
        self.hop_length = hop_length or self.win_length // 2
        self.pad, self.window, self.power = pad, WindowType(window), float(power)
        self.normalized, self.center, self.pad_mode, self.onesided = normalized, center, BorderType(pad_mode), onesided

    def _complex(self, wave):
        return _stft(wave, self.n_fft, self.win_length, self.hop_length, self.pad, self.window, self.normalized,
                     self.center, self.pad_mode, self.onesided)

    def __call__(self, waveform):
        spec = self._complex(_wave(waveform, "Spectrogram"))
        return spec.abs().pow(self.power).numpy().astype(np.float32)


class MelScale(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MelScale(n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201,
    norm=NormType.NONE, mel_type=MelType.HTK)``: (..., n_stft, time) -> (..., n_mels, time)."""

    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201, norm=NormType.NONE,
                 mel_type=MelType.HTK):
        self.n_mels, self.sample_rate, self.f_min = n_mels, sample_rate, float(f_min)
        self.f_max = float(f_max) if f_max is not None else float(sample_rate // 2)
        if self.f_min > self.f_max:
            raise ValueError("MelScale: f_max should be greater than f_min.")
        self.n_stft, self.norm, self.mel_type = n_stft, NormType(norm), MelType(mel_type)
        self._fb = melscale_fbanks(n_stft, self.f_min, self.f_max, n_mels, sample_rate, self.norm, self.mel_type)

    def __call__(self, spec):
        s = _wave(spec, "MelScale", 2)
        if s.shape[-2] != self.n_stft:
            raise RuntimeError(f"MelScale: the frequency dimension of the input should be n_stft {self.n_stft}, got "
                               f"{s.shape[-2]}.")
        out = np.matmul(np.swapaxes(s.astype(np.float32), -1, -2), self._fb)
        return np.ascontiguousarray(np.swapaxes(out, -1, -2)).astype(np.float32)


class MelSpectrogram(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MelSpectrogram(sample_rate=16000, n_fft=400, win_length=None,
    hop_length=None, f_min=0.0, f_max=None, pad=0, n_mels=128, window=WindowType.HANN, power=2.0, normalized=False,
    center=True, pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE, mel_scale=MelType.HTK)``:
    ``Spectrogram`` then ``MelScale``."""

    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0, f_max=None, pad=0,
                 n_mels=128, window=WindowType.HANN, power=2.0, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE, mel_scale=MelType.HTK):
        self._spec = Spectrogram(n_fft, win_length, hop_length, pad, window, power, normalized, center, pad_mode,
                                 onesided)
        self._mel = MelScale(n_mels, sample_rate, f_min, f_max, n_fft // 2 + 1, norm, mel_scale)

    def __call__(self, waveform):
        return self._mel(self._spec(waveform))


def _to_db(x, multiplier, amin, db_multiplier, top_db):
    x = np.asarray(x, np.float32)
    db = multiplier * np.log10(np.maximum(x, np.float32(amin)))
    db = db - multiplier * db_multiplier
    if top_db is not None:  # MindSpore floors at the maximum of the whole input (measured), not per spectrogram
        db = np.maximum(db, db.max() - np.float32(top_db))
    return db.astype(np.float32)


class AmplitudeToDB(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.AmplitudeToDB(stype=ScaleType.POWER, ref_value=1.0, amin=1e-10,
    top_db=80.0)``: ``10 * log10(max(x, amin)) - 10 * log10(max(amin, ref_value))`` (20 for magnitude),
    floored at ``max - top_db`` over the whole input (as MindSpore; torchaudio takes the maximum per
    spectrogram)."""

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        if ref_value <= 0 or amin <= 0:
            raise ValueError("AmplitudeToDB: ref_value and amin should be greater than 0.")
        if top_db is not None and top_db < 0:
            raise ValueError("AmplitudeToDB: top_db should be non-negative.")
        self.stype, self.ref_value, self.amin, self.top_db = ScaleType(stype), ref_value, amin, top_db
        self.multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0

    def __call__(self, x):
        a = _wave(x, "AmplitudeToDB")
        db_mult = math.log10(max(self.amin, self.ref_value))
        return _to_db(a, self.multiplier, self.amin, db_mult, self.top_db)


class DBToAmplitude(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.DBToAmplitude(ref, power)``: ``ref * 10 ** (x / 10) ** power``."""

    def __init__(self, ref, power):
        self.ref, self.power = float(ref), float(power)

    def __call__(self, x):
        a = _wave(x, "DBToAmplitude").astype(np.float32)
        return (np.float32(self.ref) * np.power(np.power(np.float32(10.0), a * np.float32(0.1)),
                                                 np.float32(self.power))).astype(np.float32)


def _complex_pair(x, name):
    a = _wave(x, name, 1).astype(np.float32)
    if a.shape[-1] != 2:
        raise RuntimeError(f"{name}: the last dimension of the input should be 2 (real, imaginary), got "
                           f"{a.shape[-1]}.")
    return a[..., 0], a[..., 1]


class ComplexNorm(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.ComplexNorm(power=1.0)``: ``(re**2 + im**2) ** (power / 2)`` of a
    (..., 2) array."""

    def __init__(self, power=1.0):
        if power < 0:
            raise ValueError("Input power is not within the required interval of [0, 16777216].")
        self.power = float(power)

    def __call__(self, x):
        re, im = _complex_pair(x, "ComplexNorm")
        return np.power(re * re + im * im, np.float32(self.power / 2)).astype(np.float32)


class Angle(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Angle()``: ``atan2(im, re)`` of a (..., 2) array."""

    def __call__(self, x):
        re, im = _complex_pair(x, "Angle")
        return np.arctan2(im, re).astype(np.float32)


class Magphase(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Magphase(power=1.0)``: ``(ComplexNorm(power), Angle())``."""

    def __init__(self, power=1.0):
        self._norm = ComplexNorm(power)

    def __call__(self, x):
        return self._norm(x), Angle()(x)


class MFCC(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MFCC(sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO,
    log_mels=False, melkwargs=None)``: mel spectrogram, ``log(x + 1e-6)`` (``log_mels``) or ``AmplitudeToDB``
    (power, top_db 80), then the DCT-II over the mel axis."""

    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO, log_mels=False,
                 melkwargs=None):
        if dct_type != 2:
            raise ValueError("MFCC: only dct_type 2 is supported (as MindSpore).")
        kw = dict(melkwargs or {})
        kw.setdefault("sample_rate", sample_rate)
        self._mel = MelSpectrogram(**kw)
        n_mels = kw.get("n_mels", 128)
        if n_mfcc > n_mels:
            raise ValueError("MFCC: n_mfcc cannot be larger than n_mels.")
        self._dct = create_dct(n_mfcc, n_mels, norm)
        self.log_mels = log_mels

    def __call__(self, waveform):
        mel = self._mel(waveform)
        mel = np.log(mel + np.float32(1e-6)) if self.log_mels else _to_db(mel, 10.0, 1e-10, 0.0, 80.0)
        out = np.matmul(np.swapaxes(mel, -1, -2), self._dct)
        return np.ascontiguousarray(np.swapaxes(out, -1, -2)).astype(np.float32)


class LFCC(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.LFCC(sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None,
    dct_type=2, norm=NormMode.ORTHO, log_lf=False, speckwargs=None)``: spectrogram, linear filter bank,
    ``log(x + 1e-6)`` (``log_lf``) or ``AmplitudeToDB`` (power, top_db 80), DCT-II."""

    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None, dct_type=2,
                 norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        kw = dict(speckwargs or {})
        self._spec = Spectrogram(**kw)
        f_max = float(f_max) if f_max is not None else float(sample_rate // 2)
        self._fb = linear_fbanks(self._spec.n_fft // 2 + 1, float(f_min), f_max, n_filter, sample_rate)
        self._dct = create_dct(n_lfcc, n_filter, norm)
        self.log_lf = log_lf

    def __call__(self, waveform):
        spec = self._spec(waveform)
        lf = np.swapaxes(np.matmul(np.swapaxes(spec, -1, -2), self._fb), -1, -2).astype(np.float32)
        lf = np.log(lf + np.float32(1e-6)) if self.log_lf else _to_db(lf, 10.0, 1e-10, 0.0, 80.0)
        out = np.matmul(np.swapaxes(lf, -1, -2), self._dct)
        return np.ascontiguousarray(np.swapaxes(out, -1, -2)).astype(np.float32)


class ComputeDeltas(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.ComputeDeltas(win_length=5, pad_mode=BorderType.EDGE)``: the delta
    coefficients ``sum_n n * (x[t+n] - x[t-n]) / (2 * sum n**2)`` along time, padded by ``pad_mode``."""

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        if not isinstance(win_length, int) or win_length < 3:
            raise ValueError("Input win_length is not within the required interval of [3, 2147483647].")
        self.win_length, self.pad_mode = win_length, BorderType(pad_mode)

    def __call__(self, spec):
        torch = _torch()
        s = _wave(spec, "ComputeDeltas", 2).astype(np.float32)
        n = (self.win_length - 1) // 2
        denom = n * (n + 1) * (2 * n + 1) / 3
        x = torch.from_numpy(np.ascontiguousarray(s.reshape(-1, 1, s.shape[-1])))
        mode = {BorderType.CONSTANT: "constant", BorderType.EDGE: "replicate", BorderType.REFLECT: "reflect",
                BorderType.SYMMETRIC: "circular"}[self.pad_mode]
        if self.pad_mode == BorderType.SYMMETRIC:
            x = torch.cat([x[..., :n].flip(-1), x, x[..., -n:].flip(-1)], -1)
        else:
            x = torch.nn.functional.pad(x, (n, n), mode=mode)
        kernel = torch.arange(-n, n + 1, dtype=torch.float32).reshape(1, 1, -1)
        out = torch.nn.functional.conv1d(x, kernel) / denom
        return out.reshape(s.shape).numpy().astype(np.float32)


class Contrast(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Contrast(enhancement_amount=75.0)``:
    ``sin(x*pi/2 + amount/750 * sin(x*pi/2 * 4))`` (SoX's contrast)."""

    def __init__(self, enhancement_amount=75.0):
        if not 0 <= enhancement_amount <= 100:
            raise ValueError("Input enhancement_amount is not within the required interval of [0, 100].")
        self.enhancement_amount = float(enhancement_amount)

    def __call__(self, waveform):
        a = _wave(waveform, "Contrast").astype(np.float32)
        t = a * np.float32(math.pi / 2)
        return np.sin(t + np.float32(self.enhancement_amount / 750.0) * np.sin(t * np.float32(4))).astype(np.float32)


class DCShift(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.DCShift(shift, limiter_gain=None)``: adds ``shift`` (clamped to [-1, 1]);
    with ``limiter_gain``, samples beyond ``1 - (|shift| - limiter_gain)`` are compressed (SoX's dcshift)."""

    def __init__(self, shift, limiter_gain=None):
        if not -2 <= shift <= 2:
            raise ValueError("Input shift is not within the required interval of [-2.0, 2.0].")
        self.shift, self.limiter_gain = float(shift), limiter_gain

    def __call__(self, waveform):
        w = _wave(waveform, "DCShift").astype(np.float32)
        shift, gain = np.float32(self.shift), self.limiter_gain
        if gain is None or shift == 0:
            return np.clip(w + shift, -1, 1).astype(np.float32)
        gain = np.float32(gain)
        thr = np.float32(1.0) - (abs(shift) - gain)
        out = np.empty_like(w)
        if shift > 0:
            m = w > thr
            out[m] = np.minimum((w[m] - thr) * gain / (1 - thr) + thr + shift, thr)
        else:
            m = w < -thr
            out[m] = np.maximum((w[m] + thr) * gain / (1 - thr) + thr + shift, -thr)  # MindSpore's sign (measured)
        out[~m] = np.clip(w[~m] + shift, -1, 1)
        return out.astype(np.float32)


class Gain(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Gain(gain_db=1.0)``: ``x * 10 ** (gain_db / 20)``."""

    def __init__(self, gain_db=1.0):
        self.gain_db = float(gain_db)

    def __call__(self, waveform):
        w = _wave(waveform, "Gain").astype(np.float32)
        return (w * np.float32(10.0 ** (self.gain_db / 20.0))).astype(np.float32)


class Vol(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Vol(gain, gain_type=GainType.AMPLITUDE)``: amplitude factor, power factor
    (``10*log10``) or decibels, then clamped to [-1, 1]."""

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        from .utils import GainType
        self.gain_type = GainType(gain_type)
        if self.gain_type != GainType.DB and gain < 0:
            raise ValueError("Input gain should be non-negative for amplitude and power gain types.")
        if self.gain_type == GainType.POWER and gain == 0:
            raise ValueError("Input gain should be greater than 0 for the power gain type.")
        self.gain = float(gain)

    def __call__(self, waveform):
        from .utils import GainType
        w = _wave(waveform, "Vol").astype(np.float32)
        if self.gain_type == GainType.AMPLITUDE:
            out = w * np.float32(self.gain)
        else:
            db = 10.0 * math.log10(self.gain) if self.gain_type == GainType.POWER else self.gain
            out = w * np.float32(10.0 ** (db / 20.0))
        return np.clip(out, -1, 1).astype(np.float32)


def _random_mask(op, spec, param, value, axis):
    """MindSpore's ``RandomMaskAlongAxis``: width ``uniform_int(0, param)``, start ``uniform_int(0, size - width)``
    from the operation's engine (``config.op_engine``: MindSpore's numbers); the pipeline generator in worker
    processes. One mask for every channel."""
    size = spec.shape[axis]
    engine = config.op_engine(op)
    if engine is None:
        rng = config.rng()
        width = int(rng.integers(0, param + 1))
        start = int(rng.integers(0, size - width + 1))
    else:
        width = engine.uniform_int(0, param)
        start = engine.uniform_int(0, size - width)
    return _mask(spec, start, width, value, axis)


def _mask(spec, start, width, value, axis):
    s = np.array(spec, np.float32, copy=True)
    idx = [slice(None)] * s.ndim
    idx[axis] = slice(start, start + width)
    s[tuple(idx)] = value
    return s


class MaskAlongAxis(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MaskAlongAxis(mask_start, mask_width, mask_value, axis)``: sets
    ``[mask_start, mask_start + mask_width)`` along ``axis`` (1 frequency, 2 time) of a (..., freq, time)
    spectrogram to ``mask_value``."""

    def __init__(self, mask_start, mask_width, mask_value, axis):
        if axis not in (1, 2):
            raise ValueError("Input axis is not within the valid set of [1, 2].")
        if mask_start < 0 or mask_width < 1:
            raise ValueError("MaskAlongAxis: mask_start should be >= 0 and mask_width >= 1.")
        self.mask_start, self.mask_width, self.mask_value, self.axis = mask_start, mask_width, mask_value, axis

    def __call__(self, spec):
        s = _wave(spec, "MaskAlongAxis", 2)
        ax = -2 if self.axis == 1 else -1
        if self.mask_start + self.mask_width > s.shape[ax]:
            raise RuntimeError(f"MaskAlongAxis: the sum of mask_start {self.mask_start} and mask_width "
                               f"{self.mask_width} is larger than the axis length {s.shape[ax]}.")
        return _mask(s, self.mask_start, self.mask_width, self.mask_value, ax)


class MaskAlongAxisIID(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MaskAlongAxisIID(mask_param, mask_value, axis)``: a mask of width uniform
    in ``[0, mask_param]`` at a uniform start (MindSpore's draws, ``_random_mask``)."""

    def __init__(self, mask_param, mask_value, axis):
        if axis not in (1, 2):
            raise ValueError("Input axis is not within the valid set of [1, 2].")
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis

    def __call__(self, spec):
        s = _wave(spec, "MaskAlongAxisIID", 2)
        ax = -2 if self.axis == 1 else -1
        return _random_mask(self, s, int(self.mask_param), self.mask_value, ax)


class _AxisMasking(TensorOperation):
    _axis = -1

    def __init__(self, iid_masks, param, mask_start, mask_value):
        if param < 0 or mask_start < 0:
            raise ValueError("mask parameters should be non-negative.")
        self.iid_masks, self.param, self.mask_start, self.mask_value = bool(iid_masks), int(param), mask_start, \
            float(mask_value)

    def __call__(self, spec):
        s = _wave(spec, type(self).__name__, 2)
        if self.iid_masks:
            return _random_mask(self, s, self.param, self.mask_value, self._axis)
        else:
            width, start = self.param, self.mask_start
            if start + width > s.shape[self._axis]:
                raise RuntimeError(f"{type(self).__name__}: mask_start {start} plus the mask width {width} is larger "
                                   f"than the axis length {s.shape[self._axis]}.")
        return _mask(s, start, width, self.mask_value, self._axis)


class FrequencyMasking(_AxisMasking):
    """Mirrors ``mindspore.dataset.audio.FrequencyMasking(iid_masks=False, freq_mask_param=0, mask_start=0,
    mask_value=0.0)``: ``iid_masks=False`` masks ``freq_mask_param`` bins from ``mask_start``; ``True`` draws the
    width and start as MindSpore's (``_random_mask``)."""

    _axis = -2

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value)


class TimeMasking(_AxisMasking):
    """Mirrors ``mindspore.dataset.audio.TimeMasking(iid_masks=False, time_mask_param=0, mask_start=0,
    mask_value=0.0)`` (as ``FrequencyMasking`` along time)."""

    _axis = -1

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value)


class MuLawEncoding(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MuLawEncoding(quantization_channels=256)``: mu-law companding of
    [-1, 1] audio to ints in ``[0, channels)`` (int32)."""

    def __init__(self, quantization_channels=256):
        if not isinstance(quantization_channels, int) or quantization_channels <= 0:
            raise ValueError("Input quantization_channels is not within the required interval of [1, 2147483647].")
        self.quantization_channels = quantization_channels

    def __call__(self, waveform):
        x = _wave(waveform, "MuLawEncoding").astype(np.float32)
        mu = np.float32(self.quantization_channels - 1)
        y = np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu)
        return ((y + 1) / 2 * mu + np.float32(0.5)).astype(np.int32)


class MuLawDecoding(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.MuLawDecoding(quantization_channels=256)`` (float32 out)."""

    def __init__(self, quantization_channels=256):
        if not isinstance(quantization_channels, int) or quantization_channels <= 0:
            raise ValueError("Input quantization_channels is not within the required interval of [1, 2147483647].")
        self.quantization_channels = quantization_channels

    def __call__(self, x):
        a = _wave(x, "MuLawDecoding").astype(np.float32)
        mu = np.float32(self.quantization_channels - 1)
        y = a / mu * 2 - 1
        return (np.sign(y) * (np.power(np.float32(1) + mu, np.abs(y)) - 1) / mu).astype(np.float32)


class SpectralCentroid(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.SpectralCentroid(sample_rate, n_fft=400, win_length=None, hop_length=None,
    pad=0, window=WindowType.HANN)``: the magnitude-weighted mean frequency of each frame, (..., 1, frames)."""

    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN):
        self.sample_rate = sample_rate
        self._spec = Spectrogram(n_fft, win_length, hop_length, pad, window, 1.0, False, True, BorderType.REFLECT,
                                 True)

    def __call__(self, waveform):
        spec = self._spec(waveform).astype(np.float64)
        freqs = np.linspace(0, self.sample_rate // 2, spec.shape[-2]).reshape(-1, 1)
        out = (freqs * spec).sum(-2, keepdims=True) / spec.sum(-2, keepdims=True)
        return out.astype(np.float32)


class Fade(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Fade(fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR)``: fade
    curves over the first ``fade_in_len`` and last ``fade_out_len`` samples (linear, logarithmic, quarter and
    half sine as MindSpore; ``EXPONENTIAL`` raises NotImplementedError)."""

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        from .utils import FadeShape
        if fade_in_len < 0 or fade_out_len < 0:
            raise ValueError("fade_in_len and fade_out_len should be non-negative.")
        if FadeShape(fade_shape) == FadeShape.EXPONENTIAL:
            raise NotImplementedError("Fade(fade_shape=FadeShape.EXPONENTIAL): MindSpore 2.10's exponential curve "
                                      "(not torchaudio's 2**((t-1)*5)) is not reproduced by ms_compat yet.")
        self.fade_in_len, self.fade_out_len, self.fade_shape = fade_in_len, fade_out_len, FadeShape(fade_shape)

    def _curve(self, n, fade_in):
        from .utils import FadeShape
        t = np.linspace(0, 1, n, dtype=np.float64) if fade_in else np.linspace(1, 0, n, dtype=np.float64)
        shape = self.fade_shape
        if shape == FadeShape.LINEAR:
            return t
        if shape == FadeShape.EXPONENTIAL:
            return np.power(2.0, (t - 1) * 5)
        if shape == FadeShape.LOGARITHMIC:
            return np.log10(0.1 + t) + 1
        if shape == FadeShape.QUARTER_SINE:
            return np.sin(t * math.pi / 2)
        return np.sin(t * math.pi - math.pi / 2) / 2 + 0.5

    def __call__(self, waveform):
        w = _wave(waveform, "Fade").astype(np.float32)
        n = w.shape[-1]
        if self.fade_in_len > n or self.fade_out_len > n:
            raise RuntimeError(f"Fade: fade lengths should not exceed the waveform length {n}.")
        gain = np.ones(n, np.float64)
        if self.fade_in_len:
            gain[:self.fade_in_len] *= self._curve(self.fade_in_len, True)
        if self.fade_out_len:
            gain[n - self.fade_out_len:] *= self._curve(self.fade_out_len, False)
        return (w * gain.astype(np.float32)).astype(np.float32)



