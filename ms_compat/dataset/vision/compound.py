"""Compound and batch transforms of ``mindspore.dataset.vision``: ``UniformAugment``, ``RandomSelectSubpolicy``,
``MixUp``, and the ``not_random`` decorator. ``UniformAugment`` and ``RandomSelectSubpolicy`` draw MindSpore's
numbers (``config.op_engine``; the transforms inside draw as MindSpore's inner C++ copies, ``config.nested_ops``);
``MixUp`` (a Python op in MindSpore) draws as MindSpore's from numpy's global generator where the draws follow the
rows (``config.py_random``), else from the pipeline generator (``dataset.config.set_seed``)."""
from __future__ import annotations

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation

__all__ = ["UniformAugment", "RandomSelectSubpolicy", "MixUp", "not_random"]


def not_random(func):
    """Mirrors ``mindspore.dataset.vision.not_random`` (and ``transforms.not_random``): marks a user function as
    deterministic (``func.random = False``), which MindSpore's cache uses; ms_compat keeps the mark."""
    func.random = False
    return func


class UniformAugment(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.UniformAugment(transforms, num_ops=2)``: ``num_ops`` distinct
    transforms picked uniformly, each applied with probability 1/2 (MindSpore's draws: in list order)."""

    def __init__(self, transforms, num_ops=2):
        if not isinstance(transforms, (list, tuple)) or not transforms:
            raise TypeError("transforms should be a non-empty list of transforms.")
        if not isinstance(num_ops, int) or num_ops < 1:
            raise ValueError("Input num_ops is not within the required interval of [1, 2147483647].")
        if num_ops > len(transforms):
            raise ValueError(f"num_ops is greater than transforms list size, got num_ops: {num_ops}, and size of "
                             f"transforms: {len(transforms)}.")
        self.transforms, self.num_ops = list(transforms), num_ops

    def __call__(self, img):
        engine = config.op_engine(self)
        if engine is None:
            rng = config.rng()
            for k in rng.permutation(len(self.transforms))[:self.num_ops]:
                if float(rng.random()) < 0.5:
                    img = self.transforms[int(k)](img)
            return img
        # MindSpore's UniformAugOp: std::sample of num_ops transforms (kept in list order), each then skipped when
        # uniform_int(0, 1) draws 1
        with config.nested_ops():
            for op in engine.sample(self.transforms, self.num_ops):
                if not engine.uniform_int(0, 1):
                    img = op(img)
        return img


class RandomSelectSubpolicy(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomSelectSubpolicy(policy)``: ``policy`` is a list of sub-policies,
    each a list of ``(transform, prob)``; one sub-policy is chosen uniformly, its transforms applied in order,
    each with its probability."""

    def __init__(self, policy):
        if not isinstance(policy, list) or not policy:
            raise ValueError("policy should be a non-empty list of sub-policies.")
        for sub in policy:
            if not isinstance(sub, list) or not sub:
                raise ValueError("each sub-policy should be a non-empty list of (op, prob) tuples.")
            for item in sub:
                if not isinstance(item, tuple) or len(item) != 2 or not callable(item[0]):
                    raise ValueError("each sub-policy entry should be an (op, prob) tuple.")
                if not 0 <= item[1] <= 1:
                    raise ValueError("Input prob is not within the required interval of [0.0, 1.0].")
        self.policy = policy

    def __call__(self, *args):
        engine = config.op_engine(self)
        if engine is None:
            rng = config.rng()
            sub = self.policy[int(rng.integers(len(self.policy)))]
            draw = lambda: float(rng.random())  # noqa: E731
        else:  # MindSpore's RandomSelectSubpolicyOp: uniform_int picks, uniform_real<double> <= prob applies
            sub = self.policy[engine.uniform_int(0, len(self.policy) - 1)]
            draw = lambda: engine.uniform_double(0.0, 1.0)  # noqa: E731
        with config.nested_ops():
            for op, prob in sub:
                if draw() <= prob:
                    res = op(*args)
                    args = res if isinstance(res, tuple) else (res,)
        return args[0] if len(args) == 1 else args


class MixUp(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.MixUp(batch_size, alpha, is_single=True)`` (MindSpore's Python op, on a
    batch of images and one-hot labels): ``is_single`` mixes each row with the next one of the batch (circular
    shift) by ``lam ~ Beta(alpha, alpha)`` per row; otherwise with the previous batch's mixed output (the first
    batch passes through). Results in float64, as MindSpore's numpy."""

    def __init__(self, batch_size, alpha, is_single=True):
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError("Input batch_size is not within the required interval of [1, 2147483647].")
        if alpha <= 0:
            raise ValueError("Input alpha is not within the required interval of (0, 16777216].")
        self.batch_size, self.alpha, self.is_single = batch_size, float(alpha), bool(is_single)
        self.image, self.label, self.is_first = 0, 0, True

    def __call__(self, image, label):
        image, label = np.asarray(image), np.asarray(label)
        n = self.batch_size
        # MindSpore's Python op draws from numpy's global generator (seeded by set_seed): so does this one where
        # the draws follow the rows (called directly or in a one-worker map, config.py_random)
        gen = np.random if config.py_random() is not None else config.rng()
        lam = gen.beta(self.alpha, self.alpha, n)
        if self.is_single:
            shift = list(range(1, n)) + [0]
            return (lam.reshape(n, 1, 1, 1) * image + (1 - lam.reshape(n, 1, 1, 1)) * image[shift],
                    lam.reshape(n, 1) * label + (1 - lam.reshape(n, 1)) * label[shift])
        if self.is_first:
            lam, self.is_first = np.ones(n), False
        mix_img = lam.reshape(n, 1, 1, 1) * image + (1 - lam.reshape(n, 1, 1, 1)) * self.image
        mix_lab = lam.reshape(n, 1) * label + (1 - lam.reshape(n, 1)) * self.label
        self.image, self.label = mix_img, mix_lab
        return mix_img, mix_lab
