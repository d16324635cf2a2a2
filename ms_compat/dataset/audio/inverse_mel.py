"""Mirrors ``mindspore.dataset.audio.InverseMelScale``: a linear-frequency spectrogram whose mel projection
matches the input, found by gradient descent as MindSpore 2.10's kernel does.

The kernel (audio_utils ``InverseMelScaleImpl``): start from uniform [0, 1) noise ``X`` (time, n_stft); each
iteration computes ``loss = mean((M - X fb)**2)`` and the gradient ``-(M - X fb) fb^T / time``, stops before
stepping once ``loss < tolerance_loss`` or the loss moved less than ``tolerance_change``, else steps
``X -= sgd_lr * grad``; at the end ``max(X, 0)``, transposed to (..., n_stft, time). As in MindSpore 2.10,
``sgd_momentum`` has no effect (its SGD helper starts a fresh momentum buffer on every call). The starting
noise is MindSpore's: ``uniform_real_distribution<T>(0, 1)`` draws (float or double as the input) from the
operation's ``std::mt19937`` (``config.op_engine``, going on from row to row and matrix to matrix), filling the
(time, n_stft) start column by column (Eigen's order: time varies fastest); checked against MindSpore 2.10
within float32 rounding (tests/dataset/test_dataset_random_transforms_more.py). In worker processes the start
comes from the row's generator (same distribution).
"""
from __future__ import annotations

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from .transforms import _wave
from .utils import MelType, NormType, melscale_fbanks

__all__ = ["InverseMelScale"]


def _arg(name, v, kinds, minimum=None, positive=False):
    if isinstance(v, bool) or not isinstance(v, kinds):
        raise TypeError(f"Argument {name} with value {v} is not of type {list(kinds)}, but got {type(v)}.")
    if positive and v <= 0 or minimum is not None and v < minimum:
        raise ValueError(f"Input {name} is not within the required interval of "
                         f"[{1 if positive else minimum}, 2147483647].")
    return v


class InverseMelScale(TensorOperation):
    """Mirrors ``mindspore.dataset.audio.InverseMelScale(n_stft, n_mels=128, sample_rate=16000, f_min=0.0,
    f_max=None, max_iter=100000, tolerance_loss=1e-5, tolerance_change=1e-8, sgdargs=None, norm=NormType.NONE,
    mel_type=MelType.HTK)`` on (..., n_mels, time) -> (..., n_stft, time) (float32, float64 for float64 input).
    See the module docstring for the algorithm. ``_arith``: the arithmetic's type when not the input's (float64
    to measure float32 rounding)."""

    _arith = None

    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, max_iter=100000,
                 tolerance_loss=1e-5, tolerance_change=1e-8, sgdargs=None, norm=NormType.NONE, mel_type=MelType.HTK):
        _arg("n_stft", n_stft, (int,), positive=True)
        _arg("n_mels", n_mels, (int,), positive=True)
        _arg("sample_rate", sample_rate, (int,), positive=True)
        _arg("f_min", f_min, (int, float))
        f_max = float(sample_rate // 2) if f_max is None else f_max
        _arg("f_max", f_max, (int, float), minimum=0)
        if f_min >= f_max:
            raise ValueError(f"Input f_min should be less than f_max, but got f_min: {f_min} and f_max: {f_max}.")
        _arg("max_iter", max_iter, (int,), positive=True)
        _arg("tolerance_loss", tolerance_loss, (int, float), minimum=0)
        _arg("tolerance_change", tolerance_change, (int, float), minimum=0)
        if sgdargs is not None and not isinstance(sgdargs, dict):
            raise TypeError(f"Argument sgdargs with value {sgdargs} is not of type [<class 'dict'>], but got "
                            f"{type(sgdargs)}.")
        if not isinstance(norm, NormType):
            raise TypeError(f"Argument norm with value {norm} is not of type [{NormType}], but got {type(norm)}.")
        if not isinstance(mel_type, MelType):
            raise TypeError(f"Argument mel_type with value {mel_type} is not of type [{MelType}], but got "
                            f"{type(mel_type)}.")
        sgdargs = {"sgd_lr": 0.1, "sgd_momentum": 0.9} if sgdargs is None else sgdargs
        self.n_stft, self.n_mels, self.sample_rate, self.f_min, self.f_max = n_stft, n_mels, sample_rate, f_min, f_max
        self.max_iter, self.tolerance_loss, self.tolerance_change = max_iter, tolerance_loss, tolerance_change
        self.sgd_lr = float(sgdargs.get("sgd_lr", 0.1))
        self.sgd_momentum = float(sgdargs.get("sgd_momentum", 0.9))
        self.norm, self.mel_type = norm, mel_type
        self._fb = melscale_fbanks(n_stft, float(f_min), float(f_max), n_mels, sample_rate, norm, mel_type)

    def __call__(self, melspec):
        m = _wave(melspec, "InverseMelScale", 2)
        if m.shape[-2] != self.n_mels:
            raise RuntimeError("InverseMelScale: n_mels must be equal to the penultimate dimension of input.")
        draw_type = np.float64 if m.dtype == np.float64 else np.float32
        ft = self._arith or draw_type
        fb = self._fb.astype(ft)
        mats = np.swapaxes(m.astype(ft).reshape(-1, self.n_mels, m.shape[-1]), -1, -2)  # (n, time, n_mels)
        engine = config.op_engine(self)
        rng = config.rng() if engine is None else None
        time = mats.shape[1]
        out = []
        lr = ft(self.sgd_lr)
        for target in mats:
            if engine is None:  # worker processes: the row's generator (same distribution)
                x = rng.random((time, self.n_stft)).astype(ft)
            else:  # Eigen's column-major fill of the (time, n_stft) start: time varies fastest
                count = time * self.n_stft
                draws = engine.canonical_floats(count) if draw_type == np.float32 else engine.canonical_doubles(count)
                x = draws.reshape(self.n_stft, time).T.astype(ft)
            loss = np.finfo(ft).max
            for _ in range(self.max_iter):
                diff = target - x @ fb
                new_loss = ft(np.mean(diff * diff))
                step = x - lr * (diff @ fb.T * ft(-1) / ft(time))
                if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                    break
                loss, x = new_loss, step
            out.append(np.maximum(x, 0).T)
        res = np.stack(out).reshape(m.shape[:-2] + (self.n_stft, m.shape[-1]))
        return res.astype(draw_type)
