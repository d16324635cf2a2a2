"""Colour adjustments of ``mindspore.dataset.vision`` (``AdjustContrast``, ``AdjustGamma``, ``AdjustHue``,
``AdjustSaturation``, ``AdjustSharpness``, ``RandomColor``, ``RandomLighting``, ``RgbToHsv``/``HsvToRgb``,
``LinearTransformation``).

MindSpore's C++ kernels (``kernels/image/image_utils.cc``) blend with OpenCV matrix expressions —
``gray * (1 - a) + img * a`` is ``cv::addWeighted`` with float weights and rounding saturation — so the same
OpenCV calls give MindSpore's pixels (tests/dataset/test_vision.py). ``RgbToHsv``/``HsvToRgb``/
``LinearTransformation`` are MindSpore's numpy (Python) ops, computed alike (in float64). ``AdjustHue`` is
within one step of MindSpore's pixels (see its docstring).
"""
from __future__ import annotations

import colorsys
import numbers

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from ._cv import cv2

__all__ = ["AdjustContrast", "AdjustGamma", "AdjustHue", "AdjustSaturation", "AdjustSharpness", "RandomColor",
           "RandomLighting", "RgbToHsv", "HsvToRgb", "LinearTransformation"]


def _arr(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


def _rgb3(img, name):
    a = _arr(img)
    if a.ndim != 3 or a.shape[2] != 3:
        raise RuntimeError(f"{name}: image shape is not <H,W,C> or channel is not 3, got image rank: {a.ndim}, "
                           f"and shape: {list(a.shape)}.")
    return np.ascontiguousarray(a)


def _gray3(img):
    g = cv2().cvtColor(img, cv2().COLOR_RGB2GRAY)
    return cv2().cvtColor(g, cv2().COLOR_GRAY2RGB)


def blend(other, img, alpha):
    """``other * (1 - alpha) + img * alpha`` on uint8 as MindSpore's OpenCV matrix expression (``addWeighted``)
    computes it: float32 weights ``alpha`` and ``1 - alpha`` (from the float32 ``alpha``), the second product
    rounded to float32 then fused into the first, rounded to nearest even and saturated. Exact for any OpenCV
    version (current OpenCV's ``addWeighted`` rounds some ties differently)."""
    be = np.float32(alpha)
    al = np.float32(1.0 - float(be))
    t = (img.astype(np.float64) * float(be)).astype(np.float32).astype(np.float64)
    v = (other.astype(np.float64) * float(al) + t).astype(np.float32)
    return np.clip(np.rint(v), 0, 255).astype(np.uint8)


def brightness(img, alpha):
    """``img * alpha`` as OpenCV's scaled ``convertTo``: float32 product, rounded to nearest even, saturated."""
    v = (img.astype(np.float64) * float(np.float32(alpha))).astype(np.float32)
    return np.clip(np.rint(v), 0, 255).astype(np.uint8)


def contrast(img, alpha):
    mean = int(cv2().mean(cv2().cvtColor(img, cv2().COLOR_RGB2GRAY))[0] + 0.5)
    return blend(np.full_like(img, min(max(mean, 0), 255)), img, alpha)


def saturation(img, alpha):
    return blend(_gray3(img), img, alpha)


def hue(img, factor):
    hsv = cv2().cvtColor(img, cv2().COLOR_RGB2HSV_FULL)
    shift = int(factor * 255) % 256  # C++ static_cast<uint8_t> of the product, added modulo 256
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + shift) % 256).astype(np.uint8)
    return cv2().cvtColor(hsv, cv2().COLOR_HSV2RGB_FULL)


def sharpness(img, factor):
    """MindSpore's sharpness: the 3x3 smoothing filter (weights 1, centre 5, over 13) with the border rows and
    columns kept, blended with the image as ``blend``."""
    kernel = np.array([[1, 1, 1], [1, 5, 1], [1, 1, 1]], np.float32) / 13.0
    blur = cv2().filter2D(img, -1, kernel, borderType=cv2().BORDER_REPLICATE)
    if blur.ndim == 2:
        blur = blur.reshape(img.shape)
    blur[0, :], blur[-1, :], blur[:, 0], blur[:, -1] = img[0, :], img[-1, :], img[:, 0], img[:, -1]
    return blend(blur, img, factor)


def sharpness_op(img, alpha):
    """MindSpore's ``SharpnessOp`` (``RandomSharpness``, and the ``Sharpness`` of AutoAugment/RandAugment): the
    filter of ``sharpness``, then ``cv::addWeighted(img, alpha, blurred, 1 - alpha)`` — float32 weights, the
    blurred product rounded to float32 and fused into the image's (OpenCV 4.5's ``v_muladd``), rounded to nearest
    even and saturated."""
    kernel = np.array([[1, 1, 1], [1, 5, 1], [1, 1, 1]], np.float32) / 13.0
    blur = cv2().filter2D(img, -1, kernel, borderType=cv2().BORDER_REPLICATE)
    if blur.ndim == 2:
        blur = blur.reshape(img.shape)
    blur[0, :], blur[-1, :], blur[:, 0], blur[:, -1] = img[0, :], img[-1, :], img[:, 0], img[:, -1]
    al = np.float32(alpha)
    be = np.float32(1.0 - float(al))
    t = (blur.astype(np.float64) * float(be)).astype(np.float32).astype(np.float64)
    v = (img.astype(np.float64) * float(al) + t).astype(np.float32)
    return np.clip(np.rint(v), 0, 255).astype(np.uint8)


def _check_factor(v, name):
    if not isinstance(v, numbers.Number) or isinstance(v, bool):
        raise TypeError(f"Argument {name} with value {v} is not of type [<class 'float'>, <class 'int'>].")
    if v < 0:
        raise ValueError(f"Input {name} is not within the required interval of [0, 16777216].")
    return float(v)


class AdjustBrightness(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustBrightness(brightness_factor)``: ``img * factor`` (RGB HWC)."""

    def __init__(self, brightness_factor):
        self.brightness_factor = _check_factor(brightness_factor, "brightness_factor")

    def __call__(self, img):
        a = _arr(img)
        if a.ndim not in (2, 3):
            raise RuntimeError(f"AdjustBrightness: image shape is not <H,W,C> or <H,W>, got rank: {a.ndim}.")
        return brightness(a, self.brightness_factor)


class AdjustContrast(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustContrast(contrast_factor)``: blend with the rounded mean of the
    grey image (RGB HWC)."""

    def __init__(self, contrast_factor):
        self.contrast_factor = _check_factor(contrast_factor, "contrast_factor")

    def __call__(self, img):
        return contrast(_rgb3(img, "AdjustContrast"), self.contrast_factor)


class AdjustSaturation(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustSaturation(saturation_factor)``: blend with the grey image."""

    def __init__(self, saturation_factor):
        self.saturation_factor = _check_factor(saturation_factor, "saturation_factor")

    def __call__(self, img):
        return saturation(_rgb3(img, "AdjustSaturation"), self.saturation_factor)


class AdjustHue(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustHue(hue_factor)``: shifts OpenCV's full-range hue by
    ``int(hue_factor * 255)`` modulo 256 (``hue_factor`` in [-0.5, 0.5]). Difference: pixels may be one step
    off MindSpore's (its OpenCV 4.5 converts HSV back to RGB through floats; current OpenCV through integers)."""

    def __init__(self, hue_factor):
        if not isinstance(hue_factor, numbers.Number) or isinstance(hue_factor, bool):
            raise TypeError(f"Argument hue_factor with value {hue_factor} is not of type [<class 'float'>, "
                            "<class 'int'>].")
        if not -0.5 <= hue_factor <= 0.5:
            raise ValueError("Input hue_factor is not within the required interval of [-0.5, 0.5].")
        self.hue_factor = float(hue_factor)

    def __call__(self, img):
        return hue(_rgb3(img, "AdjustHue"), self.hue_factor)


class AdjustGamma(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustGamma(gamma, gain=1)``: uint8 through MindSpore's lookup table
    ``floor(min((i/255)**gamma * (256 - 1e-3) * gain, 255))``; float images ``clip((x*gain)**gamma, 0, 1)``.
    Input <H, W> or <..., H, W, C> with 1 or 3 channels."""

    def __init__(self, gamma, gain=1):
        if not isinstance(gamma, numbers.Number) or gamma < 0:
            raise ValueError("Input gamma is not within the required interval of [0, 16777216].")
        self.gamma, self.gain = float(gamma), float(gain)

    def __call__(self, img):
        a = _arr(img)
        if a.ndim < 2:
            raise RuntimeError(f"AdjustGamma: input tensor is not in shape of <...,H,W,C> or <H,W>, got shape: "
                               f"{list(a.shape)}.")
        ch = a.shape[-1] if a.ndim > 2 else 1
        if ch not in (1, 3):
            raise RuntimeError(f"AdjustGamma: channel of input image should be 1 or 3, but got: {ch}.")
        if a.dtype.kind == "f":
            out = np.power(a.astype(np.float32) * np.float32(self.gain), np.float32(self.gamma))
            return np.clip(out, 0.0, 1.0).astype(a.dtype)
        f = np.power(np.arange(256, dtype=np.float32) / np.float32(255.0), np.float32(self.gamma))
        lut = np.floor(np.minimum(f.astype(np.float64) * (255.0 + 1 - 1e-3) * self.gain, 255.0))
        lut = lut.astype(np.int64).astype(np.uint8)
        return lut[a.astype(np.int64)].astype(a.dtype)


class AdjustSharpness(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AdjustSharpness(sharpness_factor)``: 0 blurs, 1 keeps, 2 sharpens."""

    def __init__(self, sharpness_factor):
        self.sharpness_factor = _check_factor(sharpness_factor, "sharpness_factor")

    def __call__(self, img):
        a = _arr(img)
        if a.ndim not in (2, 3) or (a.ndim == 3 and a.shape[2] not in (1, 3)):
            raise RuntimeError(f"AdjustSharpness: image shape is not <H,W,C> or <H,W>, or channel is not 1 or 3, got "
                               f"shape: {list(a.shape)}.")
        return sharpness(np.ascontiguousarray(a), self.sharpness_factor)


class RandomColor(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomColor(degrees=(0.1, 1.9))``: ``AdjustSaturation`` with a factor
    uniform in ``degrees`` (drawn from the pipeline generator, ``config.set_seed``)."""

    def __init__(self, degrees=(0.1, 1.9)):
        if len(degrees) != 2 or degrees[0] > degrees[1] or degrees[0] < 0:
            raise ValueError(f"degrees should be in (min, max) format with 0 <= min <= max, got {degrees}.")
        self.degrees = (float(degrees[0]), float(degrees[1]))

    def __call__(self, img):
        lo, hi = self.degrees
        a = _rgb3(img, "RandomColor")
        engine = config.op_engine(self)
        if engine is None:
            t = float(config.rng().uniform(lo, hi)) if hi > lo else lo
            return saturation(a, t)
        # MindSpore's RandomColorOp: t from uniform_real<float>; the image itself near 1, the grey image near 0,
        # else cv::addWeighted(image, t, grey, 1 - t)
        t = engine.uniform_float(lo, hi)
        if abs(t - 1.0) < 0.00195:
            return a
        grey = _gray3(a)
        if abs(t) < 0.00195:
            return grey
        from .transforms import _weighted
        return _weighted(a, t, grey, float(np.float32(1) - np.float32(t)))


_EIG = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                 [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                 [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]], np.float32)


class RandomLighting(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomLighting(alpha=0.05)``: AlexNet PCA lighting noise — three
    ``N(0, alpha)`` draws weight the ImageNet eigenvectors; the RGB offset is added with rounding and saturation."""

    def __init__(self, alpha=0.05):
        if alpha < 0:
            raise ValueError("Input alpha is not within the required interval of [0, 16777216].")
        self.alpha = float(alpha)

    def __call__(self, img):
        a = _rgb3(img, "RandomLighting")
        if a.dtype in (np.uint32, np.uint64, np.int64) or a.dtype.kind in "US":
            raise RuntimeError("RandomLighting: invalid tensor type of uint32, int64, uint64 or string.")
        engine = config.op_engine(self)
        if engine is not None:  # MindSpore's RandomLightingOp: three draws of its normal_distribution<float>
            from ..core.cpp_random import NormalFloat
            normal = engine.held.get(id(self))
            if normal is None:
                normal = engine.held[id(self)] = NormalFloat(0.0, self.alpha)
            rnd = np.array([normal.draw(engine) for _ in range(3)], np.float32)
        else:
            rnd = config.rng().normal(0.0, self.alpha, 3).astype(np.float32) if self.alpha else np.zeros(3, np.float32)
        f32 = np.float32
        pca = np.array([f32(f32(f32(e[0] * rnd[0]) + f32(e[1] * rnd[1])) + f32(e[2] * rnd[2])) for e in _EIG], f32)
        out = a.astype(np.float32) + pca
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def _batch(imgs, is_hwc, name):
    a = _arr(imgs)
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    if a.ndim not in (3, 4):
        raise TypeError(f"img shape should be (H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W). Got {a.shape}.")
    ch = a.shape[-1] if is_hwc else a.shape[-3]
    if ch != 3:
        raise TypeError(f"img should be 3 channels {name} img. Got {ch} channels.")
    return a


def _apply3(a, is_hwc, fn):
    axis = -1 if is_hwc else -3
    x, y, z = (np.take(a, i, axis=axis).astype(np.float64) for i in range(3))
    r = np.vectorize(fn)(x, y, z)
    return np.stack(r, axis=axis)


class RgbToHsv(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RgbToHsv(is_hwc=False)``: ``colorsys.rgb_to_hsv`` per pixel on
    (C, H, W)/(N, C, H, W) (or HWC) arrays; float64 out, as MindSpore's Python op."""

    def __init__(self, is_hwc=False):
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc} is not of type [<class 'bool'>].")
        self.is_hwc = is_hwc

    def __call__(self, img):
        return _apply3(_batch(img, self.is_hwc, "RGB"), self.is_hwc, colorsys.rgb_to_hsv)


class HsvToRgb(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.HsvToRgb(is_hwc=False)``: ``colorsys.hsv_to_rgb`` per pixel."""

    def __init__(self, is_hwc=False):
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc} is not of type [<class 'bool'>].")
        self.is_hwc = is_hwc

    def __call__(self, img):
        return _apply3(_batch(img, self.is_hwc, "HSV"), self.is_hwc, colorsys.hsv_to_rgb)


class LinearTransformation(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.LinearTransformation(transformation_matrix, mean_vector)``: flatten,
    subtract ``mean_vector``, multiply by the (D, D) matrix, reshape back (numpy, as MindSpore's Python op)."""

    def __init__(self, transformation_matrix, mean_vector):
        if not isinstance(transformation_matrix, np.ndarray):
            raise TypeError("Argument transformation_matrix is not of type [<class 'numpy.ndarray'>].")
        if not isinstance(mean_vector, np.ndarray):
            raise TypeError("Argument mean_vector is not of type [<class 'numpy.ndarray'>].")
        if transformation_matrix.shape[0] != transformation_matrix.shape[1]:
            raise ValueError(f"transformation_matrix should be a square matrix. Got shape "
                             f"{transformation_matrix.shape} instead.")
        if mean_vector.shape[0] != transformation_matrix.shape[0]:
            raise ValueError(f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the "
                             f"square transformation_matrix {transformation_matrix.shape}.")
        self.transformation_matrix, self.mean_vector = transformation_matrix, mean_vector

    def __call__(self, img):
        a = _arr(img)
        if a.size != self.transformation_matrix.shape[0]:
            raise ValueError(f"transformation_matrix shape {self.transformation_matrix.shape} not compatible with "
                             f"Numpy image shape {a.shape}.")
        return np.dot(a.reshape(1, -1) - self.mean_vector, self.transformation_matrix).reshape(a.shape)

