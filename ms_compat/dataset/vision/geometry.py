"""Geometric transforms of ``mindspore.dataset.vision`` added beside ``transforms.py``: ``Affine``,
``Perspective``, ``RandomPerspective``, ``PadToSize``, ``SlicePatches``, ``Erase``, ``CutOut``,
``GaussianBlur``, ``FiveCrop``, ``TenCrop``, ``RandomResize``, ``RandomGrayscale``, ``ToNumpy``, ``ToPIL``.

The deterministic ones call the OpenCV kernels MindSpore's C++ ops call (``warpAffine`` with MindSpore's
matrix, ``getPerspectiveTransform`` + ``warpPerspective``, ``copyMakeBorder``, ``GaussianBlur``) and are
pixel-compared with MindSpore 2.10 (tests/dataset/test_vision.py). MindSpore's ``FiveCrop``, ``TenCrop``,
``RandomGrayscale`` and ``RandomPerspective`` take PIL images only; these take HWC numpy (documented).
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from ._cv import cv2
from .utils import Border, Inter, SliceMode

__all__ = ["Affine", "Perspective", "RandomPerspective", "PadToSize", "SlicePatches", "Erase", "CutOut",
           "GaussianBlur", "FiveCrop", "TenCrop", "RandomResize", "RandomGrayscale", "ToNumpy", "ToPIL"]


def _arr(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


def _img(x, name):
    a = _arr(x)
    if a.ndim not in (2, 3):
        extra = ", may need to do Decode operation first." if a.ndim == 1 else ""
        raise RuntimeError(f"{name}: image shape is not <H,W,C> or <H, W>, but got rank:{a.ndim}{extra}")
    return np.ascontiguousarray(a)


def _fill3(fill_value):
    if isinstance(fill_value, numbers.Number):
        return (int(fill_value),) * 3
    if len(fill_value) != 3:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")
    return tuple(int(v) for v in fill_value)


def _keep_channel(src, out):
    return out[:, :, None] if src.ndim == 3 and out.ndim == 2 else out


class Affine(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Affine(degrees, translate, scale, shear, resample=Inter.NEAREST,
    fill_value=0)``: rotation (clockwise degrees), translation (fractions of width/height), scale and shear
    (x, y degrees) about the image centre, one ``warpAffine`` (MindSpore's matrix, float32)."""

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0):
        if not isinstance(degrees, numbers.Number):
            raise TypeError(f"Argument degrees with value {degrees} is not of type [<class 'int'>, <class 'float'>].")
        if not isinstance(translate, (list, tuple)) or len(translate) != 2:
            raise TypeError(f"Argument translate with value {translate} is not of type [<class 'list'>, "
                            "<class 'tuple'>] of size 2.")
        if not isinstance(scale, numbers.Number):
            raise TypeError(f"Argument scale with value {scale} is not of type [<class 'int'>, <class 'float'>].")
        if scale <= 0:
            raise ValueError("Input scale must be greater than 0.")
        if isinstance(shear, numbers.Number):
            shear = (shear, 0.0)
        self.degrees, self.translate, self.scale_ = float(degrees), tuple(float(t) for t in translate), float(scale)
        self.shear, self.resample, self.fill_value = tuple(float(s) for s in shear), Inter(resample), _fill3(fill_value)

    def _matrix(self, h, w):
        f = np.float32
        deg = f(f(self.degrees) * f(math.pi) / f(180))
        sx = f(f(self.shear[0]) * f(math.pi) / f(180))
        sy = f(f(-self.shear[1]) * f(math.pi) / f(180))
        s = float(self.scale_)
        d, sx, sy = float(deg), float(sx), float(sy)
        m = [f(s * math.cos(d + sy) / math.cos(sy)),
             f(s * (-math.cos(d + sy) * math.tan(sx) / math.cos(sy) - math.sin(d))), f(0),
             f(s * math.sin(d + sy) / math.cos(sy)),
             f(s * (-math.sin(d + sy) * math.tan(sx) / math.cos(sy) + math.cos(d))), f(0)]
        cx, cy = f((w - 1) / 2.0), f((h - 1) / 2.0)
        tx, ty = f(self.translate[0] * f(w)), f(self.translate[1] * f(h))
        m[2] = f((f(1) - m[0]) * cx - m[1] * cy + tx)
        m[5] = f((f(1) - m[4]) * cy - m[3] * cx + ty)
        return np.array(m, np.float32).reshape(2, 3)

    def __call__(self, img):
        from .transforms import _cv_inter
        a = _img(img, "Affine")
        h, w = a.shape[:2]
        out = cv2().warpAffine(a, self._matrix(h, w), (w, h), flags=_cv_inter(self.resample, "Affine"),
                               borderMode=cv2().BORDER_CONSTANT, borderValue=tuple(float(v) for v in self.fill_value))
        return _keep_channel(a, out)


def _points(pts, name):
    if not isinstance(pts, (list, tuple)) or len(pts) != 4 or any(len(p) != 2 for p in pts):
        raise TypeError(f"{name} should be a list or tuple of 4 (x, y) points.")
    return np.array(pts, np.float32)


def _perspective(a, start, end, interpolation, name, fill=0):
    from .transforms import _cv_inter
    m = cv2().getPerspectiveTransform(start, end)
    h, w = a.shape[:2]
    out = cv2().warpPerspective(a, m, (w, h), flags=_cv_inter(interpolation, name),
                                borderMode=cv2().BORDER_CONSTANT, borderValue=(float(fill),) * 3)
    return _keep_channel(a, out)


class Perspective(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Perspective(start_points, end_points, interpolation=Inter.BILINEAR)``:
    the transform moving the four ``start_points`` (top-left, top-right, bottom-right, bottom-left, ``[x, y]``)
    to ``end_points`` (OpenCV ``getPerspectiveTransform`` + ``warpPerspective``, black outside)."""

    def __init__(self, start_points, end_points, interpolation=Inter.BILINEAR):
        self.start_points = _points(start_points, "start_points")
        self.end_points = _points(end_points, "end_points")
        self.interpolation = Inter(interpolation)
        if self.interpolation in (Inter.ANTIALIAS, Inter.PILCUBIC):
            raise NotImplementedError(f"Perspective: interpolation {self.interpolation.name} runs on PIL images in "
                                      "MindSpore; ms_compat has no PIL pipeline.")

    def __call__(self, img):
        return _perspective(_img(img, "Perspective"), self.start_points, self.end_points, self.interpolation,
                            "Perspective")


class RandomPerspective(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomPerspective(distortion_scale=0.5, prob=0.5,
    interpolation=Inter.BICUBIC)``: with probability ``prob`` moves each corner inwards by up to
    ``distortion_scale`` of half the size — MindSpore's Python draws (``random.random``, then ``randint`` per
    coordinate, from Python's ``random`` where they follow the rows, ``config.py_random``). Difference:
    MindSpore's runs on PIL images (PIL's warp); this one on HWC numpy with OpenCV, so pixels differ."""

    def __init__(self, distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC):
        if not 0 <= distortion_scale <= 1:
            raise ValueError("Input distortion_scale is not within the required interval of [0.0, 1.0].")
        if not 0 <= prob <= 1:
            raise ValueError("Input prob is not within the required interval of [0.0, 1.0].")
        self.distortion_scale, self.prob, self.interpolation = float(distortion_scale), float(prob), Inter(interpolation)

    def __call__(self, img):
        a = _img(img, "RandomPerspective")
        r = config.py_random()
        if r is not None:  # MindSpore's Python op: random.random() against prob, then randint per coordinate
            chance, randint = r.random, r.randint
        else:
            rng = config.rng()
            chance = lambda: float(rng.random())  # noqa: E731
            randint = lambda lo, hi: int(rng.integers(lo, hi + 1))  # noqa: E731
        if not self.prob > chance():
            return a
        h, w = a.shape[:2]
        hw, hh = int(w / 2 * self.distortion_scale), int(h / 2 * self.distortion_scale)
        tl = [randint(0, hw), randint(0, hh)]
        tr = [randint(w - hw - 1, w - 1), randint(0, hh)]
        br = [randint(w - hw - 1, w - 1), randint(h - hh - 1, h - 1)]
        bl = [randint(0, hw), randint(h - hh - 1, h - 1)]
        start = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
        inter = Inter.CUBIC if self.interpolation in (Inter.BICUBIC, Inter.PILCUBIC) else self.interpolation
        return _perspective(a, start, np.array([tl, tr, br, bl], np.float32), inter, "RandomPerspective")


class PadToSize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.PadToSize(size, offset=None, fill_value=0, padding_mode=Border.CONSTANT)``:
    pads to ``size`` (height, width); ``offset`` (top, left) defaults to centring (half of the margin, rounded
    down, on the top/left)."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = [size, size] if isinstance(size, int) else list(size)
        if len(self.size) != 2 or any(int(s) <= 0 for s in self.size):
            raise ValueError(f"Input size is not within the required interval of [1, 2147483647], got {size}.")
        self.offset = [] if offset is None else ([offset, offset] if isinstance(offset, int) else list(offset))
        if any(int(o) < 0 for o in self.offset):
            raise ValueError(f"Input offset is not within the required interval of [0, 2147483647], got {offset}.")
        self.fill_value = _fill3(fill_value)
        self.padding_mode = Border(padding_mode)

    def __call__(self, img):
        from .transforms import _pad
        a = _img(img, "PadToSize")
        h, w = a.shape[:2]
        th, tw = self.size
        if h > th or w > tw:
            raise RuntimeError(f"PadToSize: the target size to pad should be no less than the original image size, "
                               f"but got target size ({th}, {tw}) and original size ({h}, {w}).")
        if not self.offset:
            top, left = int((th - h) * 0.5), int((tw - w) * 0.5)
        else:
            top, left = self.offset[0], self.offset[-1]
        bottom, right = th - h - top, tw - w - left
        if bottom < 0 or right < 0:
            raise RuntimeError(f"PadToSize: the sum of offset and original image size should be no more than the "
                               f"target size to pad, but got offset ({top}, {left}) plus original size ({h}, {w}) "
                               f"bigger than ({th}, {tw})")
        return _pad(a, (left, top, right, bottom), self.fill_value, self.padding_mode)


class SlicePatches(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.SlicePatches(num_height=1, num_width=1, slice_mode=SliceMode.PAD,
    fill_value=0)``: ``num_height * num_width`` patches, row by row (one output column each); ``PAD`` pads the
    right/bottom with ``fill_value`` to whole patches, ``DROP`` drops the remainder."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        for n, v in (("num_height", num_height), ("num_width", num_width)):
            if not isinstance(v, int) or v < 1:
                raise ValueError(f"Input {n} is not within the required interval of [1, 2147483647].")
        if not 0 <= fill_value <= 255:
            raise ValueError("Input fill_value is not within the required interval of [0, 255].")
        self.num_height, self.num_width = num_height, num_width
        self.slice_mode, self.fill_value = SliceMode(slice_mode), int(fill_value)

    def __call__(self, img):
        a = _img(img, "SlicePatches")
        nh, nw = self.num_height, self.num_width
        if nh == 1 and nw == 1:
            return (a,)
        h, w = a.shape[:2]
        if nh > h:
            raise RuntimeError("SlicePatches: The number of patches on height axis equals 0 or is greater than "
                               f"height, got number of patches:{nh}")
        if nw > w:
            raise RuntimeError("SlicePatches: The number of patches on width axis equals 0 or is greater than "
                               f"width, got number of patches:{nw}")
        ph, pw = h // nh, w // nw
        if self.slice_mode == SliceMode.PAD:
            ph += 1 if h % nh else 0
            pw += 1 if w % nw else 0
            full = np.full((ph * nh, pw * nw) + a.shape[2:], self.fill_value, a.dtype)
            full[:h, :w] = a
            a = full
        return tuple(a[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw].copy() for i in range(nh) for j in range(nw))


class Erase(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Erase(top, left, height, width, value=0.0, inplace=False)``: fills the
    box with ``value`` (one value or one per channel) on an <H, W, 3> image."""

    def __init__(self, top, left, height, width, value=0.0, inplace=False):
        for n, v in (("top", top), ("left", left)):
            if not isinstance(v, int) or v < 0:
                raise ValueError(f"Input {n} is not within the required interval of [0, 2147483647].")
        for n, v in (("height", height), ("width", width)):
            if not isinstance(v, int) or v < 1:
                raise ValueError(f"Input {n} is not within the required interval of [1, 2147483647].")
        self.top, self.left, self.height, self.width = top, left, height, width
        self.value = (value,) if isinstance(value, (int, float)) else tuple(value)
        if len(self.value) not in (1, 3):
            raise TypeError("value should be a number or a sequence of 3 numbers.")
        self.inplace = inplace

    def __call__(self, img):
        a = _arr(img)
        if a.ndim != 3:
            raise RuntimeError(f"Erase: input tensor is not in shape of <H,W,C>, but got rank: {a.ndim}")
        if a.shape[2] != 3:
            raise RuntimeError(f"Erase: channel of input image should be 3, but got: {a.shape[2]}")
        out = a if self.inplace and a.flags.writeable else a.copy()
        val = self.value * 3 if len(self.value) == 1 else self.value
        if out.dtype == np.uint8:
            val = [int(v) for v in val]
        out[self.top:self.top + self.height, self.left:self.left + self.width] = np.asarray(val, out.dtype)
        return out


class CutOut(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.CutOut(length, num_patches=1, is_hwc=True)``: ``num_patches`` black
    ``length`` x ``length`` squares at random positions (which may reach past the border): MindSpore 2.10's draws,
    per patch ``uniform_int(0, H + length) - length`` for the top, then the same for the left
    (``config.op_engine``)."""

    def __init__(self, length, num_patches=1, is_hwc=True):
        if not isinstance(length, int) or length < 1:
            raise ValueError("Input length is not within the required interval of [1, 2147483647].")
        if not isinstance(num_patches, int) or num_patches < 1:
            raise ValueError("Input num_patches is not within the required interval of [1, 2147483647].")
        self.length, self.num_patches, self.is_hwc = length, num_patches, bool(is_hwc)

    def __call__(self, img):
        a = _arr(img)
        if a.ndim != 3:
            raise RuntimeError(f"CutOut: image shape is not <H,W,C> or <C,H,W>, got rank: {a.ndim}")
        out = a.copy()
        view = out if self.is_hwc else out.transpose(1, 2, 0)
        h, w = view.shape[:2]
        if self.length > h or self.length > w:
            raise RuntimeError(f"CutOut: box size is too large for image erase, got box height: {self.length}box "
                               f"weight: {self.length}, and image height: {h}, image width: {w}")
        engine = config.op_engine(self)
        if engine is None:  # worker processes: the row's generator (same distribution)
            rng = config.rng()
            uniform_int = lambda lo, hi: int(rng.integers(lo, hi + 1))  # noqa: E731
        else:
            uniform_int = engine.uniform_int
        for _ in range(self.num_patches):
            y0 = uniform_int(0, h + self.length) - self.length
            x0 = uniform_int(0, w + self.length) - self.length
            view[max(y0, 0):min(y0 + self.length, h), max(x0, 0):min(x0 + self.length, w)] = 0
        return out


class GaussianBlur(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.GaussianBlur(kernel_size, sigma=None)``: OpenCV ``GaussianBlur`` with
    kernel (width, height) and sigma (x, y); ``sigma=None`` is ``0.3 * ((k - 1) * 0.5 - 1) + 0.8`` per axis
    (passed explicitly, as MindSpore: OpenCV's fixed 3x3 table for sigma 0 would differ)."""

    def __init__(self, kernel_size, sigma=None):
        ks = (kernel_size, kernel_size) if isinstance(kernel_size, int) else tuple(kernel_size)
        if len(ks) != 2 or any(not isinstance(k, int) or k < 1 or k % 2 == 0 for k in ks):
            raise ValueError(f"Input kernel_size is not an odd positive number, got {kernel_size}.")
        if sigma is None:  # MindSpore derives it itself (OpenCV's rule) instead of passing 0 to OpenCV
            sg = tuple(0.3 * ((k - 1) * 0.5 - 1) + 0.8 for k in ks)
        elif isinstance(sigma, numbers.Number):
            sg = (float(sigma), float(sigma))
        else:
            sg = tuple(float(s) for s in sigma)
        if len(sg) != 2 or any(s < 0 for s in sg):
            raise ValueError(f"Input sigma is not within the required interval of [0, 16777216], got {sigma}.")
        self.kernel_size, self.sigma = ks, sg

    def __call__(self, img):
        a = _img(img, "GaussianBlur")
        try:
            out = cv2().GaussianBlur(a, self.kernel_size, self.sigma[0], sigmaY=self.sigma[1])
        except cv2().error as e:
            raise RuntimeError(f"GaussianBlur: {str(e).strip().splitlines()[-1]}") from None
        return _keep_channel(a, out)


def _size2(size, name):
    if isinstance(size, int):
        if size <= 0:
            raise ValueError(f"Input size is not within the required interval of [1, 16777216].")
        return size, size
    if len(size) != 2 or any(int(s) <= 0 for s in size):
        raise ValueError(f"{name}: size should be a positive int or a (height, width) pair, got {size}.")
    return int(size[0]), int(size[1])


def _five(a, ch, cw):
    h, w = a.shape[:2]
    if ch > h or cw > w:
        raise ValueError(f"Crop size {(ch, cw)} is larger than input image size {(h, w)}.")
    top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
    return (a[:ch, :cw].copy(), a[:ch, w - cw:].copy(), a[h - ch:, :cw].copy(), a[h - ch:, w - cw:].copy(),
            a[top:top + ch, left:left + cw].copy())


class FiveCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.FiveCrop(size)``: the four corner crops and the centre crop, as a tuple
    (top-left, top-right, bottom-left, bottom-right, centre). Difference: MindSpore's takes a PIL image and
    returns PIL images; this one takes and returns HWC numpy (same pixels)."""

    def __init__(self, size):
        self.size = _size2(size, "FiveCrop")

    def __call__(self, img):
        return _five(_img(img, "FiveCrop"), *self.size)


class TenCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.TenCrop(size, use_vertical_flip=False)``: ``FiveCrop`` of the image and
    of its horizontally (or vertically) flipped copy. HWC numpy in and out (MindSpore's: PIL)."""

    def __init__(self, size, use_vertical_flip=False):
        if not isinstance(use_vertical_flip, bool):
            raise TypeError(f"Argument use_vertical_flip with value {use_vertical_flip} is not of type "
                            "[<class 'bool'>].")
        self.size, self.use_vertical_flip = _size2(size, "TenCrop"), use_vertical_flip

    def __call__(self, img):
        a = _img(img, "TenCrop")
        flipped = a[::-1] if self.use_vertical_flip else a[:, ::-1]
        return _five(a, *self.size) + _five(np.ascontiguousarray(flipped), *self.size)


class RandomResize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomResize(size)``: ``Resize(size)`` with an interpolation drawn
    uniformly from LINEAR, NEAREST, CUBIC and AREA (MindSpore's draw, see ``config.op_engine``)."""

    _MODES = (Inter.LINEAR, Inter.NEAREST, Inter.CUBIC, Inter.AREA)

    def __init__(self, size):
        from .transforms import Resize
        Resize(size)  # argument checks
        self.size = size

    def __call__(self, img):
        from .transforms import _img as timg, _resize
        engine = config.op_engine(self)  # MindSpore's RandomResizeOp: uniform_int(0, 3) picks the interpolation
        mode = self._MODES[engine.uniform_int(0, 3) if engine is not None else int(config.rng().integers(4))]
        return _resize(timg(img, "RandomResize"), self.size, mode, "RandomResize")


class RandomGrayscale(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomGrayscale(prob=0.1)``: with probability ``prob`` the grey image
    (kept 3-channel for RGB input); MindSpore's Python draw (``prob > random.random()``, ``config.py_random``).
    Difference: MindSpore's takes PIL images; this one HWC numpy (OpenCV's RGB2GRAY, as ``Grayscale``)."""

    def __init__(self, prob=0.1):
        if not 0 <= prob <= 1:
            raise ValueError("Input prob is not within the required interval of [0.0, 1.0].")
        self.prob = float(prob)

    def __call__(self, img):
        a = _img(img, "RandomGrayscale")
        r = config.py_random()  # MindSpore's Python op: prob > random.random() converts
        if not self.prob > (r.random() if r is not None else float(config.rng().random())):
            return a
        if a.ndim == 2 or a.shape[2] == 1:
            return a
        g = cv2().cvtColor(a, cv2().COLOR_RGB2GRAY)
        return np.repeat(g[:, :, None], 3, 2)


class ToNumpy(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ToNumpy()``: a PIL image (or Tensor) to a numpy array."""

    def __call__(self, img):
        return np.array(_arr(img))


class ToPIL(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ToPIL()``: a HWC uint8 numpy image to a ``PIL.Image`` (needs Pillow).
    The ms_compat transforms read PIL images through ``numpy.asarray``."""

    def __call__(self, img):
        try:
            from PIL import Image
        except ImportError as e:  # pragma: no cover - Pillow is optional
            raise ImportError("ToPIL needs Pillow: pip install pillow") from e
        if isinstance(img, Image.Image):
            return img
        a = _arr(img)
        if a.ndim == 3 and a.shape[2] == 1:
            a = a[:, :, 0]
        return Image.fromarray(a)
