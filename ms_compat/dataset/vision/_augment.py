"""AutoAugment, RandAugment and TrivialAugmentWide (the policies MindSpore ports from torchvision), on HWC uint8
RGB numpy. The augmentations are MindSpore's ``ApplyAugment`` (``kernels/image/image_utils.cc``): its ``Affine``
(a translation given in pixels is scaled by the width or height once more, as MindSpore 2.10's), ``Rotate``,
``AdjustBrightness``/``Saturation``/``Contrast``, sharpness, ``Posterize``, ``Solarize``, ``AutoContrast``,
``Equalize``, ``Invert``, with magnitudes from MindSpore's float32 ``Linspace``. AutoAugment and RandAugment draw
MindSpore's numbers (their ``GetParams``/``RandInt`` on ``config.op_engine``), as does TrivialAugmentWide; in worker
processes the draws come from the pipeline generator (``config.set_seed``)."""
from __future__ import annotations

import numpy as np

from ..core import config
from ._cv import cv2
from .utils import AutoAugmentPolicy


def _autocontrast(img):
    """MindSpore's ``AutoContrast`` (cutoff 0) per channel: the lookup table ``int(i * scale + offset)`` in
    float32, ``scale = 255 / (hi - lo)``, ``offset = -lo * scale``, clamped to [0, 255]."""
    f32 = np.float32
    out = np.empty_like(img)
    i = np.arange(256, dtype=np.float32)
    for c in range(img.shape[2]):
        ch = img[:, :, c]
        lo, hi = int(ch.min()), int(ch.max())
        if hi <= lo:
            out[:, :, c] = ch
            continue
        scale = f32(255) / f32(hi - lo)
        offset = f32(-lo) * scale
        lut = np.clip(((i * scale).astype(np.float32) + offset).astype(np.float32).astype(np.int64), 0, 255)
        out[:, :, c] = lut.astype(np.uint8)[ch]
    return out


def _equalize(img):
    return np.stack([cv2().equalizeHist(np.ascontiguousarray(img[:, :, c])) for c in range(img.shape[2])], -1)


def apply_op(img, name, magnitude, interpolation, fill):
    """MindSpore's ``ApplyAugment(img, name, magnitude)``."""
    from . import adjust
    from .geometry import Affine
    from .transforms import Posterize, _rotate
    f32 = np.float32
    fill = fill if isinstance(fill, tuple) else (fill,) * 3
    if name in ("ShearX", "ShearY"):
        shear = float(f32(float(f32(magnitude) * f32(180)) / np.pi))
        return Affine(0.0, [0.0, 0.0], 1.0, [shear, 0.0] if name == "ShearX" else [0.0, shear], interpolation,
                      fill)(img)
    if name in ("TranslateX", "TranslateY"):
        t = float(int(magnitude))
        return Affine(0.0, [t, 0.0] if name == "TranslateX" else [0.0, t], 1.0, [0.0, 0.0], interpolation,
                      fill)(img)
    if name == "Rotate":  # MindSpore 2.10's ApplyAugment passes the fill colour to Rotate as (R, B, G)
        return _rotate(img, float(magnitude), interpolation, False, None, (fill[0], fill[2], fill[1]))
    if name == "Brightness":
        return adjust.brightness(img, float(f32(1) + f32(magnitude)))
    if name == "Color":
        return adjust.saturation(img, float(f32(1) + f32(magnitude)))
    if name == "Contrast":
        return adjust.contrast(img, float(f32(1) + f32(magnitude)))
    if name == "Sharpness":
        return adjust.sharpness_op(img, float(f32(1) + f32(magnitude)))
    if name == "Posterize":
        return Posterize(int(magnitude))(img)
    if name == "Solarize":  # Solarize with threshold (m, m): the pixels >= m inverted
        return np.where(img.astype(np.float32) >= f32(magnitude), 255 - img, img).astype(np.uint8)
    if name == "AutoContrast":
        return _autocontrast(img)
    if name == "Equalize":
        return _equalize(img)
    if name == "Invert":
        return (255 - img).astype(np.uint8)
    if name == "Identity":
        return img
    raise ValueError(f"unknown augmentation {name}")


def _round_half_even(v):
    return float(np.round(np.float32(v)))


def _linspace(start, end, n, scale=1.0, offset=0.0, rounded=False):
    """MindSpore's ``Linspace`` in float32: ``(start + i * step) * scale + offset``, rounded half to even."""
    f32 = np.float32
    start, end, scale, offset = f32(start), f32(end), f32(scale), f32(offset)
    step = f32(0) if n == 1 else f32((end - start) / f32(n - 1))
    out = []
    for i in range(n):
        v = f32(f32(start + f32(f32(i) * step)) * scale) + offset
        out.append(_round_half_even(v) if rounded else float(f32(v)))
    return np.asarray(out, np.float64)


def _space(num_bins, h, w, solarize_from=255.0):
    """MindSpore's ``GetSpace``: name -> (magnitudes, signed), in ``std::map`` (sorted name) order."""
    f32 = np.float32
    lin = lambda lo, hi: _linspace(lo, hi, num_bins)  # noqa: E731
    space = {
        "Identity": (np.zeros(1), False),
        "ShearX": (lin(0.0, 0.3), True), "ShearY": (lin(0.0, 0.3), True),
        "TranslateX": (lin(0.0, f32(f32(150.0) / f32(331)) * f32(w)), True),
        "TranslateY": (lin(0.0, f32(f32(150.0) / f32(331)) * f32(h)), True),
        "Rotate": (lin(0.0, 30.0), True), "Brightness": (lin(0.0, 0.9), True), "Color": (lin(0.0, 0.9), True),
        "Contrast": (lin(0.0, 0.9), True), "Sharpness": (lin(0.0, 0.9), True),
        "Posterize": (_linspace(0.0, num_bins - 1.0, num_bins, f32(-4.0) / f32(num_bins - 1.0), 8, True), False),
        "Solarize": (lin(solarize_from, 0.0), False), "AutoContrast": (np.zeros(1), False),
        "Equalize": (np.zeros(1), False),
    }
    return dict(sorted(space.items()))


def _policy_space(h, w):
    space = _space(10, h, w, solarize_from=256.0)  # AutoAugment's Solarize bins start at 256
    del space["Identity"]
    space["Invert"] = (np.zeros(1), False)
    return space


def _wide_space(num_bins):
    """TrivialAugmentWide's ``GetSpace`` (sorted name order)."""
    f32 = np.float32
    lin = lambda lo, hi: _linspace(lo, hi, num_bins)  # noqa: E731
    space = {
        "Identity": (np.zeros(1), False),
        "ShearX": (lin(0.0, 0.99), True), "ShearY": (lin(0.0, 0.99), True),
        "TranslateX": (lin(0.0, 32.0), True), "TranslateY": (lin(0.0, 32.0), True),
        "Rotate": (lin(0.0, 135.0), True), "Brightness": (lin(0.0, 0.99), True), "Color": (lin(0.0, 0.99), True),
        "Contrast": (lin(0.0, 0.99), True), "Sharpness": (lin(0.0, 0.99), True),
        "Posterize": (_linspace(0.0, num_bins - 1.0, num_bins, f32(-6.0) / f32(num_bins - 1.0), 8, True), False),
        "Solarize": (lin(255.0, 0.0), False), "AutoContrast": (np.zeros(1), False),
        "Equalize": (np.zeros(1), False),
    }
    return dict(sorted(space.items()))


_POLICIES = {
    AutoAugmentPolicy.IMAGENET: [
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None)), (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Equalize", 0.4, None), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, None)), (("Posterize", 0.8, 5), ("Equalize", 1.0, None)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)), (("Equalize", 0.6, None), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)), (("Rotate", 0.4, 9), ("Equalize", 0.6, None)),
        (("Equalize", 0.0, None), ("Equalize", 0.8, None)), (("Invert", 0.6, None), ("Equalize", 1.0, None)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)), (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)), (("Sharpness", 0.4, 7), ("Invert", 0.6, None)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, None)), (("Color", 0.4, 0), ("Equalize", 0.6, None)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Invert", 0.6, None), ("Equalize", 1.0, None)), (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None))],
    AutoAugmentPolicy.CIFAR10: [
        (("Invert", 0.1, None), ("Contrast", 0.2, 6)), (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)), (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, None), ("Equalize", 0.9, None)), (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)), (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, None), ("Equalize", 0.5, None)), (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)), (("Equalize", 0.3, None), ("AutoContrast", 0.4, None)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)), (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, None)), (("Equalize", 0.2, None), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.2, None), ("Equalize", 0.6, None)), (("Color", 0.9, 9), ("Equalize", 0.6, None)),
        (("AutoContrast", 0.8, None), ("Solarize", 0.2, 8)), (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, None)), (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.9, None), ("Solarize", 0.8, 3)), (("Equalize", 0.8, None), ("Invert", 0.1, None)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, None))],
    AutoAugmentPolicy.SVHN: [
        (("ShearX", 0.9, 4), ("Invert", 0.2, None)), (("ShearY", 0.9, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.6, None), ("Solarize", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Equalize", 0.6, None), ("Rotate", 0.9, 3)), (("ShearX", 0.9, 4), ("AutoContrast", 0.8, None)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, None)), (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, None), ("AutoContrast", 0.8, None)), (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)), (("ShearY", 0.8, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.9, None), ("TranslateY", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)), (("Invert", 0.8, None), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)), (("Invert", 0.6, None), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)), (("ShearX", 0.1, 6), ("Invert", 0.6, None)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)), (("ShearY", 0.8, 4), ("Invert", 0.8, None)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)), (("ShearY", 0.8, 5), ("AutoContrast", 0.7, None)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, None))],
}


def _check(img, name):
    a = np.asarray(img)
    if a.ndim != 3 or a.shape[2] != 3 or a.dtype != np.uint8:
        raise RuntimeError(f"{name}: the input should be an RGB image of shape <H, W, 3> uint8, got "
                           f"{list(a.shape)} {a.dtype}.")
    return a


def auto_augment(img, policy, interpolation, fill, engine=None):
    """MindSpore's ``AutoAugmentOp``: ``GetParams`` draws the sub-policy (``uniform_int``), two probabilities
    (``uniform_real<float>(0, 1)``) and two signs (``uniform_int(0, 1)``, 0 negates), then each of the two
    augmentations whose probability is within its policy's."""
    img = _check(img, "AutoAugment")
    policies = _POLICIES[AutoAugmentPolicy(policy)]
    if engine is not None:
        pick = engine.uniform_int(0, len(policies) - 1)
        probs = [engine.uniform_float(0.0, 1.0), engine.uniform_float(0.0, 1.0)]
        signs = [engine.uniform_int(0, 1), engine.uniform_int(0, 1)]
    else:
        rng = config.rng()
        pick = int(rng.integers(len(policies)))
        probs = [float(np.float32(rng.random())) for _ in range(2)]
        signs = [int(rng.integers(2)) for _ in range(2)]
    space = _policy_space(*img.shape[:2])
    for (name, prob, level), p, sign in zip(policies[pick], probs, signs):
        if p <= float(np.float32(prob)):
            mags, signed = space[name]
            mag = float(mags[level]) if len(mags) != 1 and level is not None else 0.0
            if signed and sign == 0:
                mag = -mag
            img = apply_op(img, name, mag, interpolation, fill)
    return img


def rand_augment(img, num_ops, magnitude, num_bins, interpolation, fill, engine=None):
    """MindSpore's ``RandAugmentOp``: per operation ``RandInt(0, 14)`` (``uniform_int(0, 14) % 14``) picks it in
    the sorted space and ``RandInt(0, 2)`` its sign (1 negates)."""
    img = _check(img, "RandAugment")
    space = _space(num_bins, *img.shape[:2])
    names = list(space)
    for _ in range(num_ops):
        if engine is not None:
            name = names[engine.uniform_int(0, len(names)) % len(names)]
            negate = engine.uniform_int(0, 2) % 2
        else:
            name = names[int(config.rng().integers(len(names)))]
            negate = int(config.rng().integers(2))
        mags, signed = space[name]
        mag = float(mags[magnitude]) if len(mags) != 1 else 0.0
        if signed and negate:
            mag = -mag
        img = apply_op(img, name, mag, interpolation, fill)
    return img


def trivial_augment_wide(img, num_bins, interpolation, fill, engine=None):
    """MindSpore's ``TrivialAugmentWideOp``: ``RandInt(0, 14)`` picks the augmentation in the sorted space,
    ``RandInt(0, len(magnitudes))`` its magnitude, ``RandInt(0, 2)`` its sign (1 negates)."""
    img = _check(img, "TrivialAugmentWide")
    space = _wide_space(num_bins)
    names = list(space)
    if engine is not None:
        rand_int = lambda lo, hi: engine.uniform_int(lo, hi) % (hi - lo) + lo  # noqa: E731
    else:
        rand_int = lambda lo, hi: int(config.rng().integers(lo, hi))  # noqa: E731
    name = names[rand_int(0, len(names))]
    mags, signed = space[name]
    mag = float(mags[rand_int(0, len(mags))]) if len(mags) != 1 else 0.0
    if rand_int(0, 2) and signed:
        mag = -mag
    return apply_op(img, name, mag, interpolation, fill)
