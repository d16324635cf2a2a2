"""More ``mindspore.dataset.audio`` transforms: ``Overdrive``, ``SlidingWindowCmn``, ``InverseSpectrogram``,
``GriffinLim``, ``PhaseVocoder``, ``TimeStretch`` (torchaudio's algorithms, which MindSpore's C++ kernels follow;
torch.stft/istft inside). Compared with MindSpore 2.10 by tests/dataset/test_audio.py."""
from __future__ import annotations

import math

import numpy as np

from ..transforms.transforms import TensorOperation
from .transforms import _window, _wave
from .utils import BorderType, DensityFunction, WindowType

__all__ = ["Overdrive", "SlidingWindowCmn", "InverseSpectrogram", "GriffinLim", "PhaseVocoder", "TimeStretch",
           "Dither"]


class Overdrive(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Overdrive(gain=20.0, color=20.0)``: SoX's overdrive (soft clipping of
    ``x * 10**(gain/20) + color/200`` through ``t - t**3/3``, a DC-blocking filter, mixed with the input)."""

    def __init__(self, gain=20.0, color=20.0):
        if not 0 <= gain <= 100 or not 0 <= color <= 100:
            raise ValueError("Input gain and color are not within the required interval of [0, 100].")
        self.gain, self.color = float(gain), float(color)

    def __call__(self, waveform):
        w = _wave(waveform, "Overdrive").astype(np.float32)
        x = w.reshape(-1, w.shape[-1])
        t = x * np.float32(10 ** (self.gain / 20)) + np.float32(self.color / 200)
        t = np.where(t < -1, np.float32(-2 / 3), np.where(t > 1, np.float32(2 / 3), t - t ** 3 / np.float32(3)))
        out = np.zeros_like(x)
        last_in = np.zeros(x.shape[0], np.float32)
        last_out = np.zeros(x.shape[0], np.float32)
        for i in range(x.shape[-1]):
            last_out = t[:, i] - last_in + np.float32(0.995) * last_out
            last_in = t[:, i]
            out[:, i] = x[:, i] * np.float32(0.5) + last_out * np.float32(0.75)
        return np.clip(out, -1, 1).reshape(w.shape).astype(np.float32)


class SlidingWindowCmn(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.SlidingWindowCmn(cmn_window=600, min_cmn_window=100, center=False,
    norm_vars=False)``: cepstral mean (and variance) normalization over a sliding window of frames, on
    (..., time, freq) features (Kaldi's apply-cmvn-sliding, as torchaudio computes it)."""

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        if cmn_window < 0 or min_cmn_window < 0:
            raise ValueError("cmn_window and min_cmn_window should be non-negative.")
        self.cmn_window, self.min_cmn_window, self.center, self.norm_vars = cmn_window, min_cmn_window, center, \
            norm_vars

    def __call__(self, spec):
        s = _wave(spec, "SlidingWindowCmn").astype(np.float64)
        if s.ndim < 2:
            raise RuntimeError("SlidingWindowCmn: the input should be of shape (..., time, freq).")
        frames, feats = s.shape[-2:]
        x = s.reshape(-1, frames, feats)
        out = np.zeros_like(x)
        cur_sum = np.zeros((x.shape[0], feats))
        cur_sq = np.zeros((x.shape[0], feats))
        last_start = last_end = -1
        for t in range(frames):
            if self.center:
                start = t - self.cmn_window // 2
                end = start + self.cmn_window
            else:
                start, end = t - self.cmn_window, t + 1
            if start < 0:
                end -= start
                start = 0
            if not self.center and end > t:
                end = max(t + 1, self.min_cmn_window)
            if end > frames:
                start -= end - frames
                end = frames
                start = max(start, 0)
            if last_start == -1:
                part = x[:, start:end - start, :]  # (sic) torchaudio's / MindSpore's first window
                cur_sum += part.sum(1)
                if self.norm_vars:
                    cur_sq += (part ** 2).sum(1)
            else:
                if start > last_start:
                    cur_sum -= x[:, last_start]
                    if self.norm_vars:
                        cur_sq -= x[:, last_start] ** 2
                if end > last_end:
                    cur_sum += x[:, last_end]
                    if self.norm_vars:
                        cur_sq += x[:, last_end] ** 2
            n = end - start
            last_start, last_end = start, end
            out[:, t] = x[:, t] - cur_sum / n
            if self.norm_vars:
                if n == 1:
                    out[:, t] = 0
                else:
                    var = cur_sq / n - cur_sum ** 2 / n ** 2
                    out[:, t] *= np.power(var, -0.5)
        return out.reshape(s.shape).astype(np.float32)


def _istft(spec, n_fft, win_length, hop_length, window, normalized, center, onesided, length, torch):
    w = _window(window, win_length, torch)
    return torch.istft(spec, n_fft, hop_length, win_length, w, center=center, normalized=normalized,
                       onesided=onesided, length=length, return_complex=False)


class InverseSpectrogram(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.InverseSpectrogram(length=None, n_fft=400, win_length=None,
    hop_length=None, pad=0, window=WindowType.HANN, normalized=False, center=True, pad_mode=BorderType.REFLECT,
    onesided=True)``: the inverse STFT of a (..., freq, time, 2) complex spectrogram; ``pad`` samples are trimmed
    from both ends."""

    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        self.length, self.n_fft = length, n_fft
        self.win_length = win_length or n_fft
        self.hop_length = hop_length or self.win_length // 2
        self.pad, self.window, self.normalized = pad, WindowType(window), normalized
        self.center, self.pad_mode, self.onesided = center, BorderType(pad_mode), onesided

    def __call__(self, spec):
        import torch
        s = _wave(spec, "InverseSpectrogram").astype(np.float64)
        if s.shape[-1] != 2:
            raise RuntimeError("InverseSpectrogram: the last dimension of the input should be 2 (real, imaginary).")
        c = torch.view_as_complex(torch.from_numpy(np.ascontiguousarray(s)))
        lead = c.shape[:-2]
        c = c.reshape(-1, *c.shape[-2:])
        length = None if self.length is None else self.length + 2 * self.pad
        wav = _istft(c, self.n_fft, self.win_length, self.hop_length, self.window, self.normalized, self.center,
                     self.onesided, length, torch)
        if self.pad:
            wav = wav[:, self.pad:-self.pad]
        return wav.reshape(lead + wav.shape[-1:]).numpy().astype(np.float32)


class GriffinLim(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.GriffinLim(n_fft=400, n_iter=32, win_length=None, hop_length=None,
    window_type=WindowType.HANN, power=2.0, momentum=0.99, length=None, rand_init=True)``: phase recovery of a
    (..., freq, time) magnitude spectrogram by fast Griffin-Lim. ``rand_init`` starts from MindSpore 2.10's random
    complex values (``_griffinlim_start``: its draws, in a seeded ``map`` and called directly);
    ``rand_init=False`` starts from zero phase. Each iteration is the fast Griffin-Lim update ``rebuilt - previous
    * c``, where MindSpore 2.10 takes ``c = m / (1 + m)`` of ``m = momentum / (1 + momentum)``: its IR
    (``GriffinLimOperation::Build``) reduces the momentum and its kernel reduces it again (measured: torchaudio's
    ``c = momentum / (1 + momentum)`` misses MindSpore's output by 7e-3 after 2 iterations with momentum 0.5; this
    ``c`` meets it within float32 rounding). ``_dtype``: the arithmetic (float64; float32 to measure rounding)."""

    _dtype = np.float64

    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None, window_type=WindowType.HANN,
                 power=2.0, momentum=0.99, length=None, rand_init=True):
        if not 0 <= momentum:
            raise ValueError("Input momentum should be non-negative.")
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = win_length or n_fft
        self.hop_length = hop_length or self.win_length // 2
        self.window, self.power, self.momentum = WindowType(window_type), float(power), float(momentum)
        self.length, self.rand_init = length, rand_init

    def __call__(self, spec):
        import torch
        s = _wave(spec, "GriffinLim").astype(self._dtype)
        x = torch.from_numpy(np.ascontiguousarray(s)).reshape(-1, *s.shape[-2:]).pow(1 / self.power)
        cplx = torch.complex128 if self._dtype == np.float64 else torch.complex64
        if self.rand_init:
            angles = torch.from_numpy(_griffinlim_start(self, tuple(x.shape))).to(cplx)
        else:
            angles = torch.ones_like(x, dtype=cplx)
        w = _window(self.window, self.win_length, torch).to(x.dtype)
        tprev = torch.zeros_like(angles)
        for _ in range(self.n_iter):
            inverse = torch.istft(x * angles, self.n_fft, self.hop_length, self.win_length, w, length=self.length)
            rebuilt = torch.stft(inverse, self.n_fft, self.hop_length, self.win_length, w, center=True,
                                 pad_mode="reflect", normalized=False, onesided=True, return_complex=True)
            angles = rebuilt
            if self.momentum:
                angles = angles - tprev * _momentum_coefficient(self.momentum)
            angles = angles / (angles.abs() + 1e-16)
            tprev = rebuilt
        wav = torch.istft(x * angles, self.n_fft, self.hop_length, self.win_length, w, length=self.length)
        return wav.reshape(s.shape[:-2] + wav.shape[-1:]).numpy().astype(np.float32)


def _momentum_coefficient(momentum):
    """The factor of the previous estimate in MindSpore 2.10's fast Griffin-Lim: ``m / (1 + m)`` of
    ``m = momentum / (1 + momentum)``, in float32 as its float ``momentum``."""
    f32 = np.float32
    m = f32(f32(momentum) / f32(f32(1) + f32(momentum)))
    return float(f32(m / f32(f32(1) + m)))


def _griffinlim_start(op, shape):
    """MindSpore 2.10's random start of ``GriffinLim``: per (freq, time) matrix, in turn, each element
    ``complex(u, v)`` of two ``uniform_real_distribution<double>(0, 1)`` draws (not a unit phase), elements in
    Eigen's column-major order (time outer, frequency inner), the imaginary part drawn first (GCC evaluates the
    constructor's arguments right to left; checked), from the operation's own ``std::mt19937``, which goes on
    drawing from row to row (``config.op_engine``)."""
    from ..core import config
    engine = config.op_engine(op)
    n, f, t = shape
    if engine is None:  # worker processes: the row's generator (same distribution)
        return config.rng().random((n, f, t)) + 1j * config.rng().random((n, f, t))
    draws = engine.canonical_doubles(2 * n * f * t).reshape(n, t, f, 2)
    re, im = draws[..., 1], draws[..., 0]
    return (re + 1j * im).transpose(0, 2, 1).copy()


def phase_vocoder(spec, rate, phase_advance):
    """torchaudio's phase vocoder on a (..., freq, time, 2) real/imaginary array (float64 inside)."""
    import torch
    s = np.asarray(spec, np.float64)
    if rate == 1.0:
        return s.astype(np.float32)
    c = torch.view_as_complex(torch.from_numpy(np.ascontiguousarray(s)))
    shape = c.shape
    c = c.reshape(-1, *shape[-2:])
    steps = torch.arange(0, c.shape[-1], rate, dtype=torch.float64)
    alphas = steps % 1.0
    phase_0 = c[..., :1].angle()
    c = torch.nn.functional.pad(c, [0, 2])
    c0, c1 = c.index_select(-1, steps.long()), c.index_select(-1, (steps + 1).long())
    adv = torch.from_numpy(np.asarray(phase_advance, np.float64)).reshape(-1, 1)
    phase = c1.angle() - c0.angle() - adv
    phase = phase - 2 * math.pi * torch.round(phase / (2 * math.pi)) + adv
    phase = torch.cumsum(torch.cat([phase_0, phase[..., :-1]], -1), -1)
    mag = alphas * c1.abs() + (1 - alphas) * c0.abs()
    out = torch.view_as_real(torch.polar(mag, phase))
    return out.reshape(shape[:-2] + out.shape[-3:]).numpy().astype(np.float32)


class PhaseVocoder(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.PhaseVocoder(rate, phase_advance)``: speeds a (..., freq, time, 2)
    complex spectrogram up by ``rate`` without changing pitch; ``phase_advance`` is (freq, 1)."""

    def __init__(self, rate, phase_advance):
        if rate <= 0:
            raise ValueError("Input rate should be greater than 0.")
        self.rate, self.phase_advance = float(rate), np.asarray(phase_advance, np.float32)

    def __call__(self, spec):
        s = _wave(spec, "PhaseVocoder")
        if s.ndim < 3 or s.shape[-1] != 2:
            raise RuntimeError("PhaseVocoder: the input should be of shape (..., freq, time, 2).")
        return phase_vocoder(s, self.rate, self.phase_advance)


class TimeStretch(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.TimeStretch(hop_length=None, n_freq=201, fixed_rate=None)``: the phase
    vocoder with ``phase_advance = linspace(0, pi * hop_length, n_freq)`` (``hop_length`` defaults to
    ``n_freq - 1``); ``fixed_rate=None`` keeps the rate 1 (the spectrogram unchanged)."""

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        self.n_freq = int(n_freq)
        self.hop_length = int(hop_length) if hop_length is not None else self.n_freq - 1
        if fixed_rate is not None and fixed_rate <= 0:
            raise ValueError("Input fixed_rate should be greater than 0.")
        self.fixed_rate = fixed_rate

    def __call__(self, spec):
        s = _wave(spec, "TimeStretch")
        if s.ndim < 3 or s.shape[-1] != 2:
            raise RuntimeError("TimeStretch: the input should be of shape (..., freq, time, 2).")
        adv = np.linspace(0, math.pi * self.hop_length, self.n_freq)
        return phase_vocoder(s, 1.0 if self.fixed_rate is None else float(self.fixed_rate), adv)


class Dither(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Dither(density_function=DensityFunction.TPDF, noise_shaping=False)``:
    16-bit requantization with added noise — TPDF a Bartlett window over time (deterministic), RPDF/GPDF values
    taken from random samples of the signal (MindSpore's positions: ``uniform_int`` draws on the op's engine, see
    ``config.op_engine``; GPDF writes its running sums back into the signal, as MindSpore's);
    ``noise_shaping`` adds each sample's requantization error to the next sample."""

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        self.density_function, self.noise_shaping = DensityFunction(density_function), bool(noise_shaping)

    def __call__(self, waveform):
        import torch
        from ..core import config
        from .utils import DensityFunction
        w = _wave(waveform, "Dither").astype(np.float32)
        x = torch.from_numpy(np.ascontiguousarray(w)).reshape(-1, w.shape[-1])
        chans, times = x.shape[0] - 1, x.shape[-1] - 1
        engine = config.op_engine(self)
        if engine is not None:  # MindSpore's DitherOp: uniform_int positions from the op's std::mt19937
            pick = lambda: (engine.uniform_int(0, chans) if chans > 0 else 0,  # noqa: E731
                            engine.uniform_int(0, times) if times > 0 else 0)
        else:
            rng = config.rng()
            pick = lambda: (int(rng.integers(chans + 1)) if chans > 0 else 0,  # noqa: E731
                            int(rng.integers(times + 1)) if times > 0 else 0)
        scaled = x * (2 ** 15 - 2)
        if self.density_function == DensityFunction.RPDF:
            c, t = pick()
            noisy = scaled + x[c][t]
        elif self.density_function == DensityFunction.GPDF:
            c, t = pick()
            x = x.clone()
            g = x[c][t].clone()
            for _ in range(6):  # MindSpore writes each running sum back into the signal
                c, t = pick()
                g = g + x[c][t]
                x[c][t] = g
            noisy = scaled + g
        else:
            noisy = scaled + torch.bartlett_window(times + 1, dtype=scaled.dtype).repeat(chans + 1, 1)
        # C's round(): halves away from zero (torch.round rounds them to even); |noisy| < 2**23, so + 0.5 is exact
        out = torch.sign(noisy) * torch.floor(noisy.abs() + 0.5) / 2 ** 15
        if self.noise_shaping:
            err = out - x
            out = out + torch.cat([torch.zeros(err.shape[0], 1, dtype=err.dtype), err[:, :-1]], -1)
        return out.reshape(w.shape).numpy().astype(np.float32)
