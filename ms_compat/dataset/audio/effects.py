"""``mindspore.dataset.audio`` delay-line effects and pitch: ``Flanger``, ``Phaser``, ``DetectPitchFrequency``,
``PitchShift``.

These follow MindSpore 2.10's C++ kernels step for step (``audio_utils``: SoX-style delay lines driven by a wave
table, a normalized cross-correlation pitch tracker with median smoothing), in float32 like them for float32
input, so results match to float32 rounding (tests/dataset/test_audio_extra.py compares with MindSpore 2.10).
The delay lines run sample by sample in numpy (vectorized over channels): a few seconds of 16 kHz audio take
about a second.
"""
from __future__ import annotations

import math

import numpy as np

from ..transforms.transforms import TensorOperation
from .transforms import _wave
from .utils import Interpolation, Modulation, WindowType

__all__ = ["Flanger", "Phaser", "DetectPitchFrequency", "PitchShift"]


def _num(name, v, lo=None, hi=None, kinds=(int, float)):
    if isinstance(v, bool) or not isinstance(v, kinds):
        raise TypeError(f"Argument {name} with value {v} is not of type {list(kinds)}, but got {type(v)}.")
    if lo is not None and not lo <= v <= hi:
        raise ValueError(f"Input {name} is not within the required interval of [{lo}, {hi}].")
    return v


def _rate(v, name="sample_rate"):
    _num(name, v, kinds=(int,))
    if v == 0 or not -2 ** 31 <= v < 2 ** 31:
        raise ValueError(f"Input {name} is not within the required interval of [-2147483648, 0) and (0, "
                         f"2147483647].")
    return v


def wave_table(kind, size, lo, hi, phase, as_int):
    """MindSpore's ``GenerateWaveTable``: one period of a sine (or triangle) of ``size`` points shifted by
    ``phase`` radians, scaled to ``[lo, hi]`` (float32; ``as_int``: rounded half away from zero to int32)."""
    offset = int(phase / math.pi / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if Modulation(kind) == Modulation.SINUSOIDAL:
        t = ((np.sin(point * math.pi / size * 2) + 1) / 2).astype(np.float32)
    else:
        t = (point * 2.0 / size).astype(np.float32)
        quarter = (4 * point) // size
        t = np.where(quarter == 0, t + np.float32(0.5), np.where(quarter == 3, t - np.float32(1.5),
                                                                np.float32(1.5) - t)).astype(np.float32)
    t = (t * np.float32(hi - lo) + np.float32(lo)).astype(np.float32)
    if as_int:
        return np.where(t < 0, t - np.float32(0.5), t + np.float32(0.5)).astype(np.float32).astype(np.int32)
    return t


class Phaser(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Phaser(sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4,
    mod_speed=0.5, sinusoidal=True)`` on (..., time): ``x * gain_in`` through a delay line of ``delay_ms`` whose
    read position follows a sine (or triangle) of ``mod_speed`` Hz, fed back with ``decay``; times
    ``gain_out``, clamped to [-1, 1]. float32 out for float32/int input, float64 for float64."""

    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4, mod_speed=0.5,
                 sinusoidal=True):
        _rate(sample_rate)
        _num("gain_in", gain_in, 0, 1)
        _num("gain_out", gain_out, 0, 1e9)
        _num("delay_ms", delay_ms, 0, 5.0)
        _num("decay", decay, 0, 0.99)
        _num("mod_speed", mod_speed, 0.1, 2)
        if not isinstance(sinusoidal, bool):
            raise TypeError(f"Argument sinusoidal with value {sinusoidal} is not of type [<class 'bool'>], but got "
                            f"{type(sinusoidal)}.")
        self.sample_rate, self.gain_in, self.gain_out = sample_rate, gain_in, gain_out
        self.delay_ms, self.decay, self.mod_speed, self.sinusoidal = delay_ms, decay, mod_speed, sinusoidal

    def __call__(self, waveform):
        w = _wave(waveform, "Phaser")
        ft = np.float64 if w.dtype == np.float64 else np.float32
        x = w.astype(ft).reshape(-1, w.shape[-1]) * ft(self.gain_in)
        delay_len = int(self.delay_ms * 0.001 * self.sample_rate + 0.5)
        if delay_len <= 0:
            raise RuntimeError("Phaser: delay_ms * sample_rate / 1000 rounds to 0 samples: no delay line.")
        mod_len = int(self.sample_rate / self.mod_speed + 0.5)
        mod = wave_table(Modulation.SINUSOIDAL if self.sinusoidal else Modulation.TRIANGULAR, mod_len, 1.0,
                         float(delay_len), math.pi / 2, True)
        buf = np.zeros((x.shape[0], delay_len), ft)
        out = np.empty_like(x)
        decay = ft(self.decay)
        delay_pos = mod_pos = 0
        for i in range(x.shape[1]):
            idx = (delay_pos + int(mod[mod_pos])) % delay_len
            mod_pos = (mod_pos + 1) % mod_len
            delay_pos = (delay_pos + 1) % delay_len
            v = x[:, i] + buf[:, idx]
            out[:, i] = v
            buf[:, delay_pos] = v * decay
        out = np.clip(out * ft(self.gain_out), -1, 1)
        return out.reshape(w.shape).astype(ft)


class Flanger(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.Flanger(sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0,
    speed=0.5, phase=25.0, modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR)`` on
    (..., channel, time): SoX's flanger (a delay of ``delay`` + up to ``depth`` ms swept by a low-frequency
    oscillator of ``speed`` Hz, each channel ``phase`` % further along it, ``regen`` % feedback, ``width`` %
    mixed in), linearly or quadratically interpolated; clamped to [-1, 1]. float32 out (float64 for float64)."""

    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5, phase=25.0,
                 modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR):
        _rate(sample_rate)
        _num("delay", delay, 0, 30)
        _num("depth", depth, 0, 10)
        _num("regen", regen, -95, 95)
        _num("width", width, 0, 100)
        _num("speed", speed, 0.1, 10)
        _num("phase", phase, 0, 100)
        if not isinstance(modulation, Modulation):
            raise TypeError(f"Argument modulation with value {modulation} is not of type [{Modulation}], but got "
                            f"{type(modulation)}.")
        if not isinstance(interpolation, Interpolation):
            raise TypeError(f"Argument interpolation with value {interpolation} is not of type [{Interpolation}], "
                            f"but got {type(interpolation)}.")
        self.sample_rate, self.delay, self.depth, self.regen = sample_rate, delay, depth, regen
        self.width, self.speed, self.phase = width, speed, phase
        self.modulation, self.interpolation = modulation, interpolation

    def __call__(self, waveform):
        w = _wave(waveform, "Flanger", 2)
        ft = np.float64 if w.dtype == np.float64 else np.float32
        x = w.astype(ft).reshape(-1, w.shape[-2], w.shape[-1])
        n_ch, time, sr = x.shape[1], x.shape[2], self.sample_rate
        feedback = ft(self.regen) / ft(100)
        delay_gain = ft(self.width) / ft(100)
        channel_phase = ft(self.phase) / ft(100)
        delay_min, delay_depth = ft(self.delay) / ft(1000), ft(self.depth) / ft(1000)
        in_gain = ft(1.0) / (1 + delay_gain)
        delay_gain = delay_gain / (1 + delay_gain) * (1 - abs(feedback))
        buf_len = int((delay_min + delay_depth) * sr + 0.5) + 2
        lfo_len = int(sr / self.speed)
        lfo = wave_table(self.modulation, lfo_len, float(math.floor(delay_min * sr + 0.5)), buf_len - 2.0,
                         3 * math.pi / 2, False)
        ch_phase = np.array([int(j * lfo_len * channel_phase + 0.5) for j in range(n_ch)])
        bufs = np.zeros(x.shape[:2] + (buf_len,), ft)
        last = np.zeros(x.shape[:2], ft)
        out = np.empty_like(x)
        rows = np.arange(x.shape[0])[:, None]
        chans = np.arange(n_ch)[None, :]
        quadratic = self.interpolation == Interpolation.QUADRATIC
        pos = lfo_pos = 0
        for i in range(time):
            pos = (pos + buf_len - 1) % buf_len
            d = lfo[(lfo_pos + ch_phase) % lfo_len].astype(ft)
            frac = d - d.astype(np.int64)
            k = np.floor(d).astype(np.int64)
            bufs[:, :, pos] = x[:, :, i] + last * feedback
            a = bufs[rows, chans, (pos + k) % buf_len]
            b = bufs[rows, chans, (pos + k + 1) % buf_len]
            if quadratic:
                c = bufs[rows, chans, (pos + k + 2) % buf_len] - a
                b = b - a
                delayed = a + ((c * ft(0.5) - b) * frac + (b * 2 - c * ft(0.5))) * frac
            else:
                delayed = a + (b - a) * frac
            last = delayed.astype(ft)
            out[:, :, i] = x[:, :, i] * in_gain + last * delay_gain
            lfo_pos = (lfo_pos + 1) % lfo_len
        return np.clip(out, -1, 1).reshape(w.shape).astype(ft)


class DetectPitchFrequency(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.DetectPitchFrequency(sample_rate, frame_time=0.01, win_length=30,
    freq_low=85, freq_high=3400)`` on (..., time): frames of ``ceil(sample_rate * frame_time)`` samples; for each
    lag up to ``ceil(sample_rate / freq_low)`` the correlation of a frame with its lagged copy over both squared
    norms; per frame the best lag above ``ceil(sample_rate / freq_high)`` (a best lag in the lower half taken when
    within 0.99 of it), plus 1; median-smoothed over ``win_length`` frames (left edge replicated); frequency
    ``sample_rate / lag``. Output (..., frames - (win_length - 1) + (win_length - 1) // 2) float32. As
    MindSpore 2.10, float ``freq_low``/``freq_high`` pass the argument check but the operation refuses them
    (TypeError) when applied."""

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        _rate(sample_rate)
        for name, v in (("frame_time", frame_time), ("freq_low", freq_low), ("freq_high", freq_high)):
            _num(name, v)
            if not v > 0:
                raise ValueError(f"Input {name} is not within the required interval of (0, 16777216].")
        _num("win_length", win_length, kinds=(int,))
        if win_length <= 0:
            raise ValueError("Input win_length is not within the required interval of [1, 2147483647].")
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def __call__(self, waveform):
        for name in ("freq_low", "freq_high"):
            if not isinstance(getattr(self, name), int):  # MindSpore 2.10's C++ operation takes ints only
                raise TypeError(f"DetectPitchFrequency: {name} should be an int when the operation runs, got "
                                f"{getattr(self, name)!r}.")
        w = _wave(waveform, "DetectPitchFrequency")
        ft = np.float64 if w.dtype == np.float64 else np.float32
        x = w.astype(ft).reshape(-1, w.shape[-1])
        sr = self.sample_rate
        lags = math.ceil(np.float32(sr) / np.float32(self.freq_low))
        frame = math.ceil(sr * np.float32(self.frame_time))
        n_frames = math.ceil(np.float32(x.shape[1]) / np.float32(frame))
        pad = lags + n_frames * frame - x.shape[1]
        sig = np.concatenate([x, np.zeros((x.shape[0], pad), ft)], axis=1)
        s1 = sig[:, :n_frames * frame].reshape(x.shape[0], n_frames, frame)
        s1n = (s1 * s1).sum(-1)
        nccf = np.zeros((x.shape[0], n_frames, lags), ft)
        for lag in range(1, lags + 1):
            s2 = sig[:, lag:lag + n_frames * frame].reshape(x.shape[0], n_frames, frame)
            num, s2n = (s1 * s2).sum(-1), (s2 * s2).sum(-1)
            ok = (s1n != 0) & (s2n != 0)
            nccf[:, :, lag - 1] = np.where(ok, num / np.where(ok, s1n, 1) / np.where(ok, s2n, 1), 0)
        lag_min = math.ceil(np.float32(sr) / np.float32(self.freq_high))
        if lag_min >= lags:
            raise RuntimeError(f"DetectPitchFrequency: sample_rate / freq_high ({lag_min}) should be less than "
                               f"sample_rate / freq_low ({lags}).")
        best = np.empty(nccf.shape[:2], np.int64)
        for c in range(nccf.shape[0]):
            for f in range(n_frames):
                row = nccf[c, f]
                best_v = half_v = row[lag_min]
                best_i = half_i = lag_min
                for j in range(lag_min + 1, lags):
                    if row[j] > best_v:
                        best_v, best_i = row[j], j
                        if j < lags // 2:
                            half_v, half_i = row[j], j
                best[c, f] = (half_i if half_v > best_v * ft(0.99) else best_i) + 1
        half = (self.win_length - 1) // 2
        padded = np.concatenate([np.repeat(best[:, :1], half, axis=1), best], axis=1)
        n_out = n_frames + half - self.win_length + 1
        if n_out <= 0:
            raise RuntimeError(f"DetectPitchFrequency: the waveform has {n_frames} frames, fewer than win_length "
                               f"{self.win_length} allows.")
        smooth = np.stack([np.sort(padded[:, j:j + self.win_length], axis=1)[:, half] for j in range(n_out)], 1)
        freq = (sr / (1e-9 + smooth)).astype(np.float32)
        return freq.reshape(w.shape[:-1] + (n_out,))


def _int32(name, v, positive=False, nonzero=False, nonnegative=False):
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"Argument {name} with value {v} is not of type [<class 'int'>], but got {type(v)}.")
    lo = 1 if positive else (0 if nonnegative else -2 ** 31)
    if not lo <= v < 2 ** 31 or (nonzero and v == 0):
        raise ValueError(f"Input {name} is not within the required interval of [{lo}, 2147483647]"
                         f"{' and not 0' if nonzero else ''}.")
    return v


class PitchShift(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.PitchShift(sample_rate, n_steps, bins_per_octave=12, n_fft=512,
    win_length=None, hop_length=None, window=WindowType.HANN)`` on (..., time): shifts the pitch by
    ``n_steps / bins_per_octave`` octaves keeping the duration, as MindSpore's kernel (torchaudio's recipe): STFT
    (centered, reflect-padded), phase vocoder at ``rate = 2 ** (-n_steps / bins_per_octave)``, inverse STFT to
    ``round(time / rate)`` samples, sinc resampling from ``int(sample_rate / rate)`` Hz back to ``sample_rate``,
    cut or zero-padded to ``time``. float32 out (float64 for float64); the spectral steps run in float64 with
    torch.stft/istft, so values agree with MindSpore's float32 kernel to ~1e-4."""

    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None, hop_length=None,
                 window=WindowType.HANN):
        _int32("sample_rate", sample_rate, nonnegative=True)
        _int32("n_steps", n_steps)
        _int32("bins_per_octave", bins_per_octave, nonzero=True)
        _int32("n_fft", n_fft, positive=True)
        if not isinstance(window, WindowType):
            raise TypeError(f"Argument window with value {window} is not of type [{WindowType}], but got "
                            f"{type(window)}.")
        if win_length is not None:
            _int32("win_length", win_length, positive=True)
            if win_length > n_fft:
                raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: {win_length} "
                                 f"and n_fft: {n_fft}.")
        if hop_length is not None:
            _int32("hop_length", hop_length, positive=True)
        self.sample_rate, self.n_steps, self.bins_per_octave, self.n_fft = sample_rate, n_steps, bins_per_octave, n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 4
        self.window = window

    def __call__(self, waveform):
        import torch

        from .more import _istft, phase_vocoder
        from .resample import Resample
        from .transforms import _stft
        from .utils import BorderType, ResampleMethod
        w = _wave(waveform, "PitchShift")
        ft = np.float64 if w.dtype == np.float64 else np.float32
        x = w.astype(ft).reshape(-1, w.shape[-1])
        length = x.shape[-1]
        spec = _stft(x, self.n_fft, self.win_length, self.hop_length, 0, self.window, False, True,
                     BorderType.REFLECT, True)
        n_freq = spec.shape[-2]
        advance = np.linspace(0, math.pi * self.hop_length, n_freq)
        rate = float(np.float32(2.0 ** float(np.float32(-self.n_steps) / np.float32(self.bins_per_octave))))
        stretched = phase_vocoder(torch.view_as_real(spec).numpy(), rate, advance)
        c = torch.view_as_complex(torch.from_numpy(np.ascontiguousarray(stretched, np.float64)))
        len_stretch = int(math.floor(length / rate + 0.5))
        wav = _istft(c, self.n_fft, self.win_length, self.hop_length, self.window, False, True, True, len_stretch,
                     torch).numpy()
        shifted = Resample(int(self.sample_rate / rate), self.sample_rate, ResampleMethod.SINC_INTERPOLATION, 6, 0.99,
                           14.769656459379492)(wav.astype(ft), _filter_equal_rates=True)
        out = np.zeros((x.shape[0], length), ft)
        n = min(length, shifted.shape[-1])
        out[:, :n] = shifted[:, :n]
        return out.reshape(w.shape).astype(ft)
