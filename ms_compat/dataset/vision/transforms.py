"""Mirrors ``mindspore.dataset.vision.transforms``: image transforms on HWC numpy arrays.

Same conventions as MindSpore: HWC (or HW) numpy in, numpy out; ``Decode`` gives RGB uint8.
Deterministic transforms call the OpenCV kernels MindSpore's C++ ops call, with the same flags and
rounding, and are pixel-equal to MindSpore 2.10 (tests/dataset/test_vision.py compares stored
MindSpore outputs). Random transforms draw from the same distributions as MindSpore's, from the
pipeline generator seeded by ``dataset.config.set_seed`` (reproducible; not MindSpore's numbers).
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from ._cv import cv2, decode
from .utils import AutoAugmentPolicy, Border, ConvertMode, ImageBatchFormat, Inter

__all__ = ["Decode", "Resize", "CenterCrop", "Normalize", "HWC2CHW", "Rescale", "ToTensor", "Pad", "Grayscale",
           "ConvertColor", "Crop", "HorizontalFlip", "VerticalFlip", "Rotate", "RandomResizedCrop", "RandomCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "RandomRotation", "RandomColorAdjust", "RandomErasing",
           "CutMixBatch", "MixUpBatch", "ToType", "Inter", "Border", "ImageBatchFormat", "ConvertMode",
           "AutoAugmentPolicy", "NormalizePad", "ResizedCrop", "Invert", "AdjustBrightness", "encode_jpeg",
           "encode_png", "read_file", "write_file", "read_image", "AutoAugment", "RandAugment", "TrivialAugmentWide",
           "RandomCropDecodeResize", "AutoContrast", "Equalize", "Posterize", "Solarize", "RandomInvert",
           "RandomEqualize", "RandomAutoContrast", "RandomAdjustSharpness", "RandomPosterize", "RandomSolarize",
           "RandomSharpness", "RandomAffine"]


def _img(x, name, min_dim=2):
    a = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    if a.ndim < min_dim or a.ndim > 3:
        raise RuntimeError(f"{name}: the input image should be in shape of <H, W> or <H, W, C>, but got rank "
                           f"{a.ndim} (shape {list(a.shape)}).")
    return a


def _cv_inter(mode, name):
    c = cv2()
    table = {Inter.NEAREST: c.INTER_NEAREST, Inter.LINEAR: c.INTER_LINEAR, Inter.CUBIC: c.INTER_CUBIC,
             Inter.AREA: c.INTER_AREA}
    mode = Inter(mode)
    if mode not in table:
        raise NotImplementedError(f"{name}: interpolation {mode.name} is not supported by ms_compat yet "
                                  "(NEAREST, LINEAR/BILINEAR, CUBIC/BICUBIC and AREA are).")
    return table[mode]


def _cv_call(fn, img, *args, **kw):
    """Runs an OpenCV function on HWC/HW data, keeping a trailing channel of 1 as MindSpore does; OpenCV's
    errors (wrong channel count...) become RuntimeError, as MindSpore's kernels raise."""
    try:
        out = fn(np.ascontiguousarray(img), *args, **kw)
    except cv2().error as e:
        raise RuntimeError(f"{getattr(fn, '__name__', 'OpenCV')}: invalid input image of shape {list(img.shape)} "
                           f"{img.dtype}: {str(e).strip().splitlines()[-1]}") from None
    if img.ndim == 3 and out.ndim == 2:
        out = out[:, :, None]
    return out


def _size_pair(size, name):
    if isinstance(size, numbers.Integral):
        if size <= 0:
            raise ValueError(f"Input size is not within the required interval of [1, 16777216].")
        return int(size), int(size)
    if len(size) != 2 or any(int(s) <= 0 for s in size):
        raise ValueError(f"{name}: size should be a positive int or a (height, width) pair, got {size}.")
    return int(size[0]), int(size[1])


def _resize(img, size, interpolation, name="Resize"):
    h, w = img.shape[:2]
    if isinstance(size, numbers.Integral) or len(size) == 1:
        s = int(size if isinstance(size, numbers.Integral) else size[0])
        if h <= w:
            oh, ow = s, int(w * s / h)
        else:
            oh, ow = int(h * s / w), s
    else:
        oh, ow = int(size[0]), int(size[1])
    if oh <= 0 or ow <= 0:
        raise RuntimeError(f"{name}: the resized shape ({oh}, {ow}) of an image of shape {list(img.shape)} is empty.")
    if Inter(interpolation) == Inter.CUBIC and img.dtype == np.uint8:
        return _resize_cubic_u8(img, oh, ow)
    return _cv_call(cv2().resize, img, (ow, oh), interpolation=_cv_inter(interpolation, name))


def _cubic_table(insz, outsz):
    """OpenCV's bicubic taps (A = -0.75) for one axis: source indices (clamped) and fixed-point weights."""
    scale = insz / outsz
    f = ((np.arange(outsz) + 0.5) * scale - 0.5).astype(np.float32)
    s = np.floor(f)
    x = (f - s).astype(np.float32)
    a = np.float32(-0.75)
    c0 = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    c1 = ((a + 2) * x - (a + 3)) * x * x + 1
    c2 = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1
    c = np.stack([c0, c1, c2, 1 - c0 - c1 - c2], -1).astype(np.float32)
    idx = np.clip(s.astype(np.int64)[:, None] + np.arange(-1, 3)[None], 0, insz - 1)
    return idx, np.rint(c * np.float32(2048)).astype(np.int64)


def _resize_cubic_u8(img, oh, ow):
    """Bicubic resize of uint8 images exactly as MindSpore's OpenCV (4.5) computes it: fixed-point horizontal
    pass, float vertical pass rounded to nearest even (the SIMD path). Current OpenCV rounds some pixels
    differently (off by one), hence this numpy version."""
    squeeze = img.ndim == 2
    src = (img[:, :, None] if squeeze else img).astype(np.int64)
    h, w = src.shape[:2]
    xi, xc = _cubic_table(w, ow)
    yi, yc = _cubic_table(h, oh)
    hb = (src[:, xi] * xc[None, :, :, None]).sum(2)  # (h, ow, c) integer sums
    rows = hb[yi].astype(np.float32)  # (oh, 4, ow, c)
    b = (yc.astype(np.float32) / np.float32(2048 * 2048))[:, :, None, None]
    v = rows[:, 0] * b[:, 0] + rows[:, 1] * b[:, 1] + rows[:, 2] * b[:, 2] + rows[:, 3] * b[:, 3]
    out = np.clip(np.rint(v), 0, 255).astype(np.uint8)
    return out[:, :, 0] if squeeze else out


class Decode(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Decode(to_pil=False)``: encoded bytes (1-D uint8) -> HWC uint8 RGB."""

    def __init__(self, to_pil=False):
        if to_pil:
            raise NotImplementedError("Decode(to_pil=True) is not supported by ms_compat (no PIL pipeline); "
                                      "decode to numpy.")

    def __call__(self, img):
        a = np.asarray(img)
        if a.dtype != np.uint8 or a.ndim != 1:
            if a.dtype.kind == "S" or isinstance(img, bytes):
                a = np.frombuffer(bytes(img), np.uint8)
            else:
                raise TypeError(f"Decode: the input should be the encoded image bytes as a 1-D uint8 array, got "
                                f"shape {list(a.shape)} {a.dtype}.")
        return decode(a)


class Resize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Resize(size, interpolation=Inter.LINEAR)``: an int resizes the
    shorter side (the other one is ``int(long * size / short)``), a pair is ``(height, width)``."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        if isinstance(size, (list, tuple)):
            if len(size) not in (1, 2) or any(not isinstance(s, int) or s <= 0 for s in size):
                raise ValueError(f"Resize: size should be a positive int or a sequence of 1 or 2 positive ints, "
                                 f"got {size}.")
        elif not isinstance(size, int) or size <= 0:
            raise ValueError(f"Input size is not within the required interval of [1, 16777216].")
        self.size, self.interpolation = size, Inter(interpolation)

    def __call__(self, img):
        return _resize(_img(img, "Resize"), self.size, self.interpolation)


class Crop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Crop(coordinates, size)``: ``coordinates = (top, left)``."""

    def __init__(self, coordinates, size):
        self.top, self.left = int(coordinates[0]), int(coordinates[1])
        self.size = _size_pair(size, "Crop")

    def __call__(self, img):
        img = _img(img, "Crop")
        h, w = self.size
        if self.top + h > img.shape[0] or self.left + w > img.shape[1]:
            raise RuntimeError(f"Crop: the crop box (top {self.top}, left {self.left}, size {h}x{w}) is outside the "
                               f"image of shape {list(img.shape)}.")
        return img[self.top:self.top + h, self.left:self.left + w].copy()


class CenterCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.CenterCrop(size)``; a crop larger than the image pads it with 0
    around first (as MindSpore)."""

    def __init__(self, size):
        self.size = _size_pair(size, "CenterCrop")

    def __call__(self, img):
        img = _img(img, "CenterCrop")
        ch, cw = self.size
        h, w = img.shape[:2]
        if ch - h >= 3 * h or cw - w >= 3 * w:  # MindSpore's limit (measured: 9 -> 36 fails, 12 -> 36 pads)
            raise RuntimeError(f"CenterCrop: Padding size cannot be more than 3 times of the original image size: "
                               f"crop {ch}x{cw} of an image of {h}x{w}.")
        if ch > h or cw > w:  # MindSpore pads the larger half on the top / left
            dh, dw = max(0, ch - h), max(0, cw - w)
            pt, pl = dh - dh // 2, dw - dw // 2
            pb, pr = dh // 2, dw // 2
            img = _pad(img, (pl, pt, pr, pb), 0, Border.CONSTANT)
            h, w = img.shape[:2]
        top, left = (h - ch) // 2, (w - cw) // 2
        return img[top:top + ch, left:left + cw].copy()


class Normalize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Normalize(mean, std, is_hwc=True)``: ``(img - mean) / std`` in float32."""

    def __init__(self, mean, std, is_hwc=True):
        if len(mean) != len(std):
            raise ValueError("Normalize: mean and std should have the same length.")
        if any(s <= 0 for s in std):
            raise ValueError("Normalize: std should be greater than 0.")
        self.mean, self.std, self.is_hwc = list(mean), list(std), is_hwc

    def __call__(self, img):
        img = _img(img, "Normalize")
        mean = np.asarray(self.mean, np.float32)
        std = np.asarray(self.std, np.float32)
        if not self.is_hwc:
            mean, std = mean[:, None, None], std[:, None, None]
        nch = (img.shape[-1] if self.is_hwc else img.shape[0]) if img.ndim == 3 else 1
        if len(self.mean) not in (1, nch):
            raise RuntimeError(f"Normalize: the image has {nch} channels but mean/std have {len(self.mean)} values.")
        out = img.astype(np.float32)  # a new array: the two in-place passes make no temporaries
        out -= mean
        out /= std
        return out


class NormalizePad(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.NormalizePad``: ``Normalize`` plus a channel of zeros."""

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        self.norm, self.dtype, self.is_hwc = Normalize(mean, std, is_hwc), np.dtype(dtype), is_hwc

    def __call__(self, img):
        out = self.norm(img)
        axis = -1 if self.is_hwc else 0
        pad_shape = list(out.shape)
        pad_shape[axis] = 1
        return np.concatenate([out, np.zeros(pad_shape, np.float32)], axis).astype(self.dtype)


class HWC2CHW(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.HWC2CHW``."""

    def __call__(self, img):
        img = _img(img, "HWC2CHW")
        if img.ndim == 2:  # MindSpore leaves a 2-D image as it is
            return img.copy()
        return np.ascontiguousarray(img.transpose(2, 0, 1))


class Rescale(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Rescale(rescale, shift)``: ``img * rescale + shift`` in float32."""

    def __init__(self, rescale, shift):
        self.rescale, self.shift = float(rescale), float(shift)

    def __call__(self, img):
        a = np.asarray(img)
        return (a.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift)).astype(np.float32)


class ToTensor(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ToTensor(output_type=np.float32)``: HWC [0, 255] -> CHW [0, 1] (times the
    float32 ``1/255``, bit for bit MindSpore's)."""

    def __init__(self, output_type=np.float32):
        from ..transforms.transforms import _np_dtype
        self.output_type = _np_dtype(output_type)

    def __call__(self, img):
        a = _img(img, "ToTensor")
        if a.ndim == 2:
            a = a[:, :, None]
        # MindSpore scales by the float32 1/255 (a product, not a division: they differ in the last bit)
        return np.ascontiguousarray((a.astype(np.float32) * np.float32(1.0 / 255.0)).transpose(2, 0, 1)).astype(
            self.output_type)


class ToType(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ToType(data_type)`` (same as ``transforms.TypeCast``)."""

    def __init__(self, data_type):
        from ..transforms.transforms import TypeCast
        self._cast = TypeCast(data_type)

    def __call__(self, img):
        return self._cast(img)


_BORDER = {Border.CONSTANT: "BORDER_CONSTANT", Border.EDGE: "BORDER_REPLICATE", Border.REFLECT: "BORDER_REFLECT_101",
           Border.SYMMETRIC: "BORDER_REFLECT"}


def _padding4(padding):
    if isinstance(padding, numbers.Integral):
        return (int(padding),) * 4
    padding = [int(p) for p in padding]
    if len(padding) == 2:
        return padding[0], padding[1], padding[0], padding[1]
    if len(padding) == 4:
        return tuple(padding)
    raise ValueError("padding should be an int or a sequence of 2 or 4 ints.")


def _pad(img, padding, fill_value, mode):
    left, top, right, bottom = _padding4(padding)
    mode = Border(mode)
    fill = fill_value if isinstance(fill_value, tuple) else (fill_value,) * 3
    if mode == Border.CONSTANT and img.ndim == 3 and img.shape[2] not in (1, 3, 4):
        out = np.pad(img, ((top, bottom), (left, right), (0, 0)), constant_values=fill[0])
        return out
    return _cv_call(cv2().copyMakeBorder, img, top, bottom, left, right, getattr(cv2(), _BORDER[mode]),
                    value=tuple(float(v) for v in fill) + (0.0,) * (4 - len(fill)))


class Pad(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Pad(padding, fill_value=0, padding_mode=Border.CONSTANT)``: padding
    ``(left, top, right, bottom)``, ``(left/right, top/bottom)`` or one int."""

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        _padding4(padding)
        self.padding, self.fill_value, self.padding_mode = padding, fill_value, Border(padding_mode)

    def __call__(self, img):
        return _pad(_img(img, "Pad"), self.padding, self.fill_value, self.padding_mode)


class Grayscale(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Grayscale(num_output_channels=1)``. Difference: MindSpore's takes PIL
    images only (TypeError on numpy); this one takes HWC RGB numpy (OpenCV's RGB2GRAY, output (H, W, 1) or
    (H, W, 3))."""

    def __init__(self, num_output_channels=1):
        if num_output_channels not in (1, 3):
            raise ValueError("num_output_channels should be 1 or 3.")
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        img = _img(img, "Grayscale", 3)
        g = cv2().cvtColor(np.ascontiguousarray(img), cv2().COLOR_RGB2GRAY)
        if self.num_output_channels == 3:
            return np.repeat(g[:, :, None], 3, axis=2)
        return g[:, :, None]


_CONVERT = {0: "COLOR_BGR2BGRA", 1: "COLOR_BGRA2BGR", 2: "COLOR_BGR2RGBA", 3: "COLOR_RGBA2BGR", 4: "COLOR_BGR2RGB",
            5: "COLOR_BGRA2RGBA", 6: "COLOR_BGR2GRAY", 7: "COLOR_RGB2GRAY", 8: "COLOR_GRAY2BGR", 9: "COLOR_GRAY2BGRA",
            10: "COLOR_BGRA2GRAY", 11: "COLOR_RGBA2GRAY"}


class ConvertColor(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ConvertColor(convert_mode)`` (OpenCV's ``cvtColor``)."""

    def __init__(self, convert_mode):
        self.convert_mode = ConvertMode(convert_mode)

    def __call__(self, img):
        img = _img(img, "ConvertColor")
        out = _cv_call(cv2().cvtColor, img, getattr(cv2(), _CONVERT[int(self.convert_mode)]))
        return out[:, :, 0] if out.ndim == 3 and out.shape[2] == 1 and img.shape[-1] != 1 else out


class HorizontalFlip(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.HorizontalFlip``."""

    def __call__(self, img):
        return np.ascontiguousarray(_img(img, "HorizontalFlip")[:, ::-1])


class VerticalFlip(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.VerticalFlip``."""

    def __call__(self, img):
        return np.ascontiguousarray(_img(img, "VerticalFlip")[::-1])


class Invert(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Invert`` (uint8: ``255 - img``)."""

    def __call__(self, img):
        img = _img(img, "Invert")
        if img.ndim != 3 or img.shape[2] != 3:
            raise RuntimeError(f"Invert: the input image should be in shape of <H, W, 3>, got {list(img.shape)}.")
        return (255 - img.astype(np.int32)).astype(np.uint8)


def _rotate(img, degrees, resample, expand, center, fill_value):
    h, w = img.shape[:2]
    cx, cy = ((w - 1) / 2.0, (h - 1) / 2.0) if center is None else (float(center[0]), float(center[1]))
    m = cv2().getRotationMatrix2D((cx, cy), degrees, 1.0)
    ow, oh = w, h
    if expand:  # OpenCV's RotatedRect bounding box, as MindSpore
        pts = cv2().boxPoints(((cx, cy), (float(w), float(h)), degrees))
        bw, bh = float(pts[:, 0].max() - pts[:, 0].min()), float(pts[:, 1].max() - pts[:, 1].min())
        m[0, 2] += bw / 2.0 - w / 2.0
        m[1, 2] += bh / 2.0 - h / 2.0
        ow, oh = int(round(bw)), int(round(bh))
    # MindSpore's Rotate kernel takes the fill colour as (r, g, b) and builds cv::Scalar(b, g, r): a fill tuple
    # lands reversed on the channels (checked against MindSpore 2.10)
    fill = tuple(fill_value)[::-1] if isinstance(fill_value, (tuple, list)) else (fill_value,) * 3
    return _cv_call(cv2().warpAffine, img, m, (ow, oh), flags=_cv_inter(resample, "Rotate"),
                    borderMode=cv2().BORDER_CONSTANT, borderValue=tuple(float(v) for v in fill))


class Rotate(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Rotate(degrees, resample=Inter.NEAREST, expand=False, center=None,
    fill_value=0)`` (counter-clockwise degrees)."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        self.degrees, self.resample, self.expand = float(degrees), Inter(resample), expand
        self.center, self.fill_value = center, fill_value

    def __call__(self, img):
        return _rotate(_img(img, "Rotate"), self.degrees, self.resample, self.expand, self.center, self.fill_value)


class ResizedCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ResizedCrop(top, left, height, width, size, interpolation)``."""

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        self.box, self.size = (top, left, height, width), _size_pair(size, "ResizedCrop")
        self.interpolation = interpolation

    def __call__(self, img):
        t, l, h, w = self.box
        return _resize(_img(img, "ResizedCrop")[t:t + h, l:l + w], self.size, self.interpolation, "ResizedCrop")


# ---------------------------------------------------------------- random transforms


def _uniform(lo, hi):
    return float(config.rng().uniform(lo, hi)) if hi > lo else float(lo)


def _chance(prob):
    return float(config.rng().random()) < prob


def _check_prob(prob):
    if not 0.0 <= float(prob) <= 1.0:
        raise ValueError(f"Input prob is not within the required interval of [0.0, 1.0].")
    return float(prob)


class RandomResizedCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomResizedCrop(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)``: area fraction uniform in ``scale``, log-ratio uniform
    in ``log(ratio)``; after ``max_attempts`` misses, the central crop clamped to ``ratio``. Inside a ``map`` the
    box is MindSpore's, draw for draw (``_box_mindspore``, see ``config.op_engine``)."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        self.size = _size_pair(size, "RandomResizedCrop")
        if scale[0] > scale[1] or scale[0] < 0:
            raise ValueError("scale should be in (min, max) format with 0 <= min <= max.")
        if ratio[0] > ratio[1] or ratio[0] <= 0:
            raise ValueError("ratio should be in (min, max) format with 0 < min <= max.")
        self.scale, self.ratio, self.interpolation = tuple(scale), tuple(ratio), Inter(interpolation)
        self.max_attempts = max_attempts

    def _box_mindspore(self, engine, h, w):
        """MindSpore's ``RandomCropAndResizeOp::GetCropBox``, draw for draw: scale and log-aspect from
        ``uniform_real_distribution<float>``, ``cw = round(sqrt(h*w*scale*aspect))``, ``ch = round(cw / aspect)``,
        then ``uniform_int`` for the left and the top edge; after ``max_attempts`` misses the centred crop."""
        f32 = np.float32
        lo_s, hi_s = float(f32(self.scale[0])), float(f32(self.scale[1]))
        lo_a, hi_a = float(f32(math.log(float(f32(self.ratio[0]))))), float(f32(math.log(float(f32(self.ratio[1])))))
        for _ in range(self.max_attempts):
            scale = engine.uniform_float(lo_s, hi_s)
            aspect = float(np.exp(f32(engine.uniform_float(lo_a, hi_a))))
            cw = max(1, int(math.floor(math.sqrt(h * w * scale * aspect) + 0.5)))
            ch = max(1, int(math.floor(cw / aspect + 0.5)))
            if cw <= w and ch <= h:
                left = engine.uniform_int(0, w - cw)
                top = engine.uniform_int(0, h - ch)
                return top, left, ch, cw
        lb, ub = float(f32(self.ratio[0])), float(f32(self.ratio[1]))
        in_ratio = w / h
        if in_ratio < lb:
            cw, ch = w, int(math.floor(w / lb + 0.5))
        elif in_ratio > ub:
            ch, cw = h, int(math.floor(h * ub + 0.5))
        else:
            cw, ch = w, h
        cw, ch = max(cw, 1), max(ch, 1)
        return (int(math.floor(float(f32(h - ch) / f32(2.0)) + 0.5)), int(math.floor(float(f32(w - cw) / f32(2.0)) + 0.5)),
                ch, cw)

    def _box(self, h, w):
        engine = config.op_engine(self)
        if engine is not None:
            return self._box_mindspore(engine, h, w)
        area = h * w
        log_r = (math.log(self.ratio[0]), math.log(self.ratio[1]))
        for _ in range(self.max_attempts):
            target = area * _uniform(*self.scale)
            ar = math.exp(_uniform(*log_r))
            cw, ch = int(round(math.sqrt(target * ar))), int(round(math.sqrt(target / ar)))
            if 0 < cw <= w and 0 < ch <= h:
                top = int(config.rng().integers(0, h - ch + 1))
                left = int(config.rng().integers(0, w - cw + 1))
                return top, left, ch, cw
        in_ratio = w / h
        if in_ratio < self.ratio[0]:
            cw, ch = w, int(round(w / self.ratio[0]))
        elif in_ratio > self.ratio[1]:
            ch, cw = h, int(round(h * self.ratio[1]))
        else:
            cw, ch = w, h
        return (h - ch) // 2, (w - cw) // 2, ch, cw

    def __call__(self, img):
        img = _img(img, "RandomResizedCrop")
        t, l, ch, cw = self._box(*img.shape[:2])
        return _resize(img[t:t + ch, l:l + cw], self.size, self.interpolation, "RandomResizedCrop")


class RandomCrop(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomCrop(size, padding=None, pad_if_needed=False, fill_value=0,
    padding_mode=Border.CONSTANT)``; inside a ``map`` it draws MindSpore's corner (``uniform_int`` for the left,
    then the top edge; nothing when the padded image is the crop size, see ``config.op_engine``)."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _size_pair(size, "RandomCrop")
        self.padding, self.pad_if_needed = padding, pad_if_needed
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img):
        img = _img(img, "RandomCrop")
        if self.padding is not None:
            img = _pad(img, self.padding, self.fill_value, self.padding_mode)
        ch, cw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (h < ch or w < cw):
            dh, dw = max(0, ch - h), max(0, cw - w)
            img = _pad(img, (dw, dh, dw, dh), self.fill_value, self.padding_mode)
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError(f"RandomCrop: the crop size ({ch}, {cw}) is larger than the (padded) image "
                               f"{list(img.shape)}; set pad_if_needed=True.")
        if h == ch and w == cw:  # MindSpore draws nothing then
            return img.copy()
        engine = config.op_engine(self)
        if engine is not None:  # MindSpore's draws: x (left) first, then y (top)
            left = engine.uniform_int(0, w - cw)
            top = engine.uniform_int(0, h - ch)
        else:
            top = int(config.rng().integers(0, h - ch + 1))
            left = int(config.rng().integers(0, w - cw + 1))
        return img[top:top + ch, left:left + cw].copy()


def _bernoulli(op, prob):
    engine = config.op_engine(op)
    return engine.bernoulli(prob) if engine is not None else _chance(prob)


class RandomHorizontalFlip(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomHorizontalFlip(prob=0.5)``; inside a ``map`` it draws MindSpore's
    numbers (``std::bernoulli_distribution(prob)`` per row, see ``config.op_engine``)."""

    def __init__(self, prob=0.5):
        self.prob = _check_prob(prob)

    def __call__(self, img):
        img = _img(img, "RandomHorizontalFlip")
        return np.ascontiguousarray(img[:, ::-1]) if _bernoulli(self, self.prob) else img


class RandomVerticalFlip(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomVerticalFlip(prob=0.5)``; MindSpore's draws inside a ``map``
    (as ``RandomHorizontalFlip``)."""

    def __init__(self, prob=0.5):
        self.prob = _check_prob(prob)

    def __call__(self, img):
        img = _img(img, "RandomVerticalFlip")
        return np.ascontiguousarray(img[::-1]) if _bernoulli(self, self.prob) else img


class RandomRotation(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomRotation(degrees, resample=Inter.NEAREST, expand=False,
    center=None, fill_value=0)``: angle uniform in ``[-degrees, degrees]`` (or the given range); MindSpore's angle
    inside a ``map`` (see ``config.op_engine``)."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("degrees should be non-negative when it is a single number.")
            degrees = (-float(degrees), float(degrees))
        self.degrees, self.resample, self.expand = tuple(degrees), Inter(resample), expand
        self.center, self.fill_value = center, fill_value

    def __call__(self, img):
        engine = config.op_engine(self)
        if engine is None:
            angle = _uniform(*self.degrees)
        else:  # MindSpore's RandomRotationOp: mid + uniform_real<float>(-1, 1) * half-range, in float32
            f32 = np.float32
            lo, hi = f32(self.degrees[0]), f32(self.degrees[1])
            r = f32(engine.uniform_float(-1.0, 1.0))
            angle = float(f32((hi + lo) / f32(2)) + r * f32((hi - lo) / f32(2)))
        return _rotate(_img(img, "RandomRotation"), angle, self.resample, self.expand, self.center, self.fill_value)


def _blend(img, other, factor):
    out = img.astype(np.float32) * factor + other.astype(np.float32) * (1.0 - factor)
    return np.clip(out, 0, 255).astype(img.dtype) if img.dtype == np.uint8 else out.astype(img.dtype)


def _factor_range(v, name, center=1.0, bound=None):
    if isinstance(v, numbers.Number):
        if v < 0:
            raise ValueError(f"{name} should be non-negative.")
        lo, hi = center - v, center + v
        return (max(0.0, lo), hi) if bound is None else (max(lo, -bound), min(hi, bound))
    return float(v[0]), float(v[1])


def _same(a, b):
    """MindSpore's ``CmpFloat``: equal within float32's epsilon."""
    return abs(float(np.float32(a)) - float(np.float32(b))) < float(np.finfo(np.float32).eps)


class RandomColorAdjust(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomColorAdjust(brightness=(1, 1), contrast=(1, 1),
    saturation=(1, 1), hue=(0, 0))``: factors uniform in the ranges, the four adjustments in a random order (RGB
    uint8 in); MindSpore's draws (see ``config.op_engine``)."""

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        self.brightness = _factor_range(brightness, "brightness")
        self.contrast = _factor_range(contrast, "contrast")
        self.saturation = _factor_range(saturation, "saturation")
        self.hue = _factor_range(hue, "hue", 0.0, 0.5)
        if not -0.5 <= self.hue[0] <= self.hue[1] <= 0.5:
            raise ValueError("hue should be within [-0.5, 0.5].")

    def _mindspore(self, engine, img):
        """MindSpore's ``RandomColorAdjustOp``: ``std::shuffle`` of the four adjustments, then for each in that
        order (unless its range is the identity) a ``uniform_real_distribution<float>`` factor and the kernel."""
        from . import adjust
        kernels = {"brightness": (self.brightness, 1.0, adjust.brightness),
                   "contrast": (self.contrast, 1.0, adjust.contrast),
                   "saturation": (self.saturation, 1.0, adjust.saturation),
                   "hue": (self.hue, 0.0, adjust.hue)}
        for name in engine.shuffle(["brightness", "contrast", "saturation", "hue"]):
            (lo, hi), identity, kernel = kernels[name]
            if _same(lo, hi) and _same(lo, identity):
                continue
            img = kernel(img, engine.uniform_float(lo, hi))
        return img

    def __call__(self, img):
        img = np.ascontiguousarray(_img(img, "RandomColorAdjust", 3))
        engine = config.op_engine(self)
        if engine is not None:
            return self._mindspore(engine, img)
        b, c, s, h = (_uniform(*self.brightness), _uniform(*self.contrast), _uniform(*self.saturation),
                      _uniform(*self.hue))
        from . import adjust
        if b != 1:
            img = adjust.brightness(img, b)
        if c != 1:
            img = adjust.contrast(img, c)
        if s != 1:
            img = adjust.saturation(img, s)
        if h != 0:
            img = adjust.hue(img, h)
        return img


class RandomErasing(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomErasing(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3),
    value=0, inplace=False, max_attempts=10)`` on a CHW array (after ``ToTensor``): MindSpore's Python op — area
    fraction uniform in ``scale``, aspect ratio uniform in ``ratio``, ``w = round(sqrt(area * ratio))``,
    ``h = round(w / ratio)``, the corner by ``randint``; ``value='random'`` erases with ``numpy.random.normal``.
    Called directly or in a one-worker ``map`` it draws MindSpore's numbers from Python's ``random`` (seeded by
    ``set_seed``, see ``config.py_random``); with several workers MindSpore's draws depend on thread timing,
    and these come from the row's generator."""

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, max_attempts=10):
        self.prob, self.scale, self.ratio = _check_prob(prob), tuple(scale), tuple(ratio)
        self.value, self.inplace, self.max_attempts = value, inplace, max_attempts

    def __call__(self, img):
        a = np.asarray(img)
        if a.ndim != 3:
            raise RuntimeError(f"RandomErasing: the input should be a CHW image, got shape {list(a.shape)}.")
        r = config.py_random()
        if r is not None:
            chance, uniform, randint = r.random, r.uniform, r.randint
            normal = np.random.normal
        else:
            g = config.rng()
            chance, uniform = (lambda: float(g.random())), (lambda lo, hi: float(g.uniform(lo, hi)))
            randint = lambda lo, hi: int(g.integers(lo, hi + 1))  # noqa: E731
            normal = lambda loc, scale, size: g.normal(loc, scale, size)  # noqa: E731
        if not self.prob > chance():
            return a
        c, h, w = a.shape
        for _ in range(self.max_attempts):
            area = uniform(self.scale[0], self.scale[1]) * (h * w)
            aspect = uniform(self.ratio[0], self.ratio[1])
            ew = int(round(math.sqrt(area * aspect)))
            eh = int(round(ew / aspect))
            if eh < h and ew < w:
                top, left = randint(0, h - eh), randint(0, w - ew)
                if isinstance(self.value, numbers.Number):
                    val = self.value
                elif isinstance(self.value, (str, bytes)):
                    val = normal(0.0, 1.0, (c, eh, ew))
                else:
                    val = np.ones((c, eh, ew)) * np.array(self.value)[:, None, None]
                out = a if self.inplace else a.copy()
                out[:, top:top + eh, left:left + ew] = val
                return out
        return a if self.inplace else a.copy()


def _batch_check(images, labels, name):
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 4:
        raise RuntimeError(f"{name}: the image batch should be of rank 4, got shape {list(images.shape)}.")
    if labels.ndim != 2:
        raise RuntimeError(f"{name}: the labels should be one-hot of shape (N, num_classes), got shape "
                           f"{list(labels.shape)}. Apply transforms.OneHot to the label column first.")
    return images, labels


def _weighted(a, wa, b, wb):
    """``a * wa + b * wb`` as OpenCV 4.5's ``addWeighted`` (MindSpore's matrix expressions): float32 weights, the
    second product rounded to float32 and fused into the first; uint8 rounded to nearest even and saturated."""
    t = (b.astype(np.float64) * float(np.float32(wb))).astype(np.float32).astype(np.float64)
    v = (a.astype(np.float64) * float(np.float32(wa)) + t).astype(np.float32)
    if a.dtype == np.uint8:
        return np.clip(np.rint(v), 0, 255).astype(np.uint8)
    return v.astype(a.dtype)


def _beta_lam(gamma_alpha, gamma_beta, engine):
    """``x1 / (x1 + x2)`` of a draw of each of two ``std::gamma_distribution<float>(alpha, 1)`` objects (each keeps
    its own normal distribution, so its saved normal value serves its next draw): a Beta(alpha, alpha)."""
    f32 = np.float32
    x1, x2 = gamma_alpha.draw(engine), gamma_beta.draw(engine)
    return float(f32(f32(x1) / f32(f32(x1) + f32(x2))))


class MixUpBatch(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.MixUpBatch(alpha=1.0)`` on a batch (images NHWC/NCHW, one-hot labels):
    ``lam ~ Beta(alpha, alpha)``; each image/label mixed with another of the batch (a random permutation). The
    draws are MindSpore's ``MixUpBatchOp``'s (two ``gamma_distribution<float>`` draws, then ``std::shuffle`` of
    the batch indices; see ``config.op_engine``), the mix OpenCV's ``addWeighted``."""

    def __init__(self, alpha=1.0):
        if alpha <= 0:
            raise ValueError("alpha should be greater than 0.")
        self.alpha = float(alpha)

    def __call__(self, images, labels):
        images, labels = _batch_check(images, labels, "MixUpBatch")
        engine = config.op_engine(self)
        f32 = np.float32
        if engine is not None:
            from ..core.cpp_random import GammaFloat
            lam = _beta_lam(GammaFloat(self.alpha), GammaFloat(self.alpha), engine)
            perm = np.asarray(engine.shuffle(list(range(len(images)))), np.int64)
        else:
            rng = config.rng()
            lam = float(f32(rng.beta(self.alpha, self.alpha)))
            perm = rng.permutation(len(images))
        lab = (f32(lam) * labels.astype(np.float32) + f32(f32(1) - f32(lam)) * labels[perm].astype(np.float32))
        out = np.stack([_weighted(images[i], lam, images[perm[i]], f32(1) - f32(lam)) for i in range(len(images))])
        return out.astype(images.dtype), lab.astype(np.float32)


class CutMixBatch(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.CutMixBatch(image_batch_format, alpha=1.0, prob=1.0)`` on a batch
    (images NHWC/NCHW, one-hot numeric labels ``(N, C)`` or ``(N, L, C)``): MindSpore 2.10's ``CutMixBatchOp``
    draw for draw (see ``config.op_engine``). The batch indices are ``std::shuffle``d; then per image
    ``lam = x1 / (x1 + x2)``, one draw from each of two ``gamma_distribution<float>(alpha)`` objects made per
    batch (each keeps its normal's second value for its next draw), and a ``uniform_real<double>`` against
    ``prob`` (drawn whether or not the image is cut); a cut image takes a box of ``int(W * sqrt(1 - lam))`` x
    ``int(H * sqrt(1 - lam))`` centred at ``uniform_int(0, W)``, ``uniform_int(0, H)``, clamped into the image
    (at least 1 pixel, at most ``W - 1`` / ``H - 1``), from image ``perm[i]`` of the input; its labels become
    ``l * label + (1 - l) * label[perm[i]]`` in float32, ``l`` one minus the box's share of the image."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        self.fmt, self.alpha, self.prob = ImageBatchFormat(image_batch_format), float(alpha), _check_prob(prob)

    def __call__(self, images, labels):
        images, labels = _batch_check_cutmix(images, labels, self.fmt)
        f32 = np.float32
        engine = config.op_engine(self)
        n = len(images)
        if engine is not None:
            from ..core.cpp_random import GammaFloat
            perm = engine.shuffle(list(range(n)))
            gammas = GammaFloat(self.alpha), GammaFloat(self.alpha)
            lam_of, chance, uniform_int = (lambda: _beta_lam(*gammas, engine)), engine.canonical_double, \
                engine.uniform_int
        else:  # worker processes: the row's generator (same distributions)
            rng = config.rng()
            perm = rng.permutation(n).tolist()
            lam_of, chance = (lambda: float(f32(rng.beta(self.alpha, self.alpha)))), (lambda: float(rng.random()))
            uniform_int = lambda lo, hi: int(rng.integers(lo, hi + 1))  # noqa: E731
        nhwc = self.fmt == ImageBatchFormat.NHWC
        h, w = images.shape[1:3] if nhwc else images.shape[2:4]
        labels32 = labels.astype(np.float32)
        out, lab = images.copy(), labels32.copy()
        for i in range(n):
            lam = lam_of()
            if not chance() < self.prob:
                continue
            ratio = f32(math.sqrt(f32(f32(1) - f32(lam))))
            cut_w, cut_h = int(f32(w) * ratio), int(f32(h) * ratio)
            cx = uniform_int(0, w)
            cy = uniform_int(0, h)
            x, y = min(max(cx - cut_w // 2, 0), w - 1), min(max(cy - cut_h // 2, 0), h - 1)
            x2, y2 = min(max(cx + cut_w // 2, 0), w - 1), min(max(cy + cut_h // 2, 0), h - 1)
            cw, ch = min(max(x2 - x, 1), w - 1), min(max(y2 - y, 1), h - 1)
            j = perm[i]
            if nhwc:
                out[i, y:y + ch, x:x + cw] = images[j, y:y + ch, x:x + cw]
            else:
                out[i, :, y:y + ch, x:x + cw] = images[j, :, y:y + ch, x:x + cw]
            keep = f32(f32(1) - f32(f32(cw * ch) / f32(h * w)))
            lab[i] = keep * labels32[i] + f32(f32(1) - keep) * labels32[j]
        return out, lab


def _batch_check_cutmix(images, labels, fmt):
    """MindSpore 2.10's ``CutMixBatchOp`` input checks, with its messages."""
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 4:
        msg = ("CutMixBatch: input image is not in shape of <B,H,W,C> or <B,C,H,W>, but got dimension: "
               f"{images.ndim}")
        raise RuntimeError(msg + (". You may need to perform Batch first." if images.ndim == 3 else ""))
    channels = images.shape[1] if fmt == ImageBatchFormat.NCHW else images.shape[3]
    if channels not in (1, 3):
        raise RuntimeError(f"CutMixBatch: input image is not in channel of 1 or 3, but got channel: {channels}")
    if labels.dtype.kind not in "iuf":
        raise RuntimeError(f"CutMixBatch: invalid label type, label must be in a numeric type, but got: "
                           f"{labels.dtype}. You may need to perform OneHot first.")
    if labels.ndim not in (2, 3):
        raise RuntimeError("CutMixBatch: input label is not in shape of <Batch,Class> or <Batch,Row,Class>, but got "
                           f"dimension: {labels.ndim}. You may need to perform OneHot and Batch first.")
    if images.shape[0] != labels.shape[0]:
        raise RuntimeError(f"CutMixBatch: batch sizes of image and label must be the same, but got image size: "
                           f"{images.shape[0]} and label size: {labels.shape[0]}")
    return images, labels


# ---------------------------------------------------------------- file / codec functions


def encode_jpeg(image, quality=75):
    """Mirrors ``mindspore.dataset.vision.encode_jpeg(image, quality=75)``: HWC RGB uint8 -> JPEG bytes (1-D
    uint8). OpenCV's libjpeg: the bytes may differ from MindSpore's encoder; the decoded pixels are JPEG's."""
    img = _img(image, "encode_jpeg")
    if not 1 <= int(quality) <= 100:
        raise ValueError(f"Invalid quality {quality}, should be in range of [1, 100].")
    bgr = cv2().cvtColor(np.ascontiguousarray(img), cv2().COLOR_RGB2BGR) if img.ndim == 3 and img.shape[2] == 3 else img
    ok, buf = cv2().imencode(".jpg", bgr, [cv2().IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("encode_jpeg: OpenCV could not encode the image.")
    return buf.ravel()


def encode_png(image, compression_level=6):
    """Mirrors ``mindspore.dataset.vision.encode_png(image, compression_level=6)``."""
    img = _img(image, "encode_png")
    bgr = cv2().cvtColor(np.ascontiguousarray(img), cv2().COLOR_RGB2BGR) if img.ndim == 3 and img.shape[2] == 3 else img
    ok, buf = cv2().imencode(".png", bgr, [cv2().IMWRITE_PNG_COMPRESSION, int(compression_level)])
    if not ok:
        raise RuntimeError("encode_png: OpenCV could not encode the image.")
    return buf.ravel()


def read_file(filename):
    """Mirrors ``mindspore.dataset.vision.read_file``: the file's bytes as 1-D uint8."""
    with open(filename, "rb") as f:
        return np.frombuffer(f.read(), np.uint8)


def write_file(filename, data):
    """Mirrors ``mindspore.dataset.vision.write_file``: writes 1-D uint8 ``data`` to ``filename``."""
    with open(filename, "wb") as f:
        f.write(np.asarray(data, np.uint8).tobytes())


def read_image(filename, mode=None):
    """Mirrors ``mindspore.dataset.vision.read_image(filename, mode=ImageReadMode.UNCHANGED)`` (color images:
    HWC RGB uint8)."""
    return decode(read_file(filename), filename)


class AutoAugment(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AutoAugment(policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST,
    fill_value=0)``: one random sub-policy of the learned ImageNet/CIFAR10/SVHN policies (RGB uint8 HWC)."""

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST, fill_value=0):
        self.policy, self.interpolation, self.fill_value = AutoAugmentPolicy(policy), Inter(interpolation), fill_value

    def __call__(self, img):
        from ._augment import auto_augment
        return auto_augment(img, self.policy, self.interpolation, self.fill_value, config.op_engine(self))


class RandAugment(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandAugment(num_ops=2, magnitude=9, num_magnitude_bins=31,
    interpolation=Inter.NEAREST, fill_value=0)``."""

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        if not 0 <= magnitude < num_magnitude_bins:
            raise ValueError(f"Input magnitude is not within the required interval of [0, {num_magnitude_bins}).")
        self.num_ops, self.magnitude, self.bins = num_ops, magnitude, num_magnitude_bins
        self.interpolation, self.fill_value = Inter(interpolation), fill_value

    def __call__(self, img):
        from ._augment import rand_augment
        return rand_augment(img, self.num_ops, self.magnitude, self.bins, self.interpolation, self.fill_value,
                            config.op_engine(self))


class TrivialAugmentWide(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.TrivialAugmentWide(num_magnitude_bins=31, interpolation=Inter.NEAREST,
    fill_value=0)``: one random op at a random magnitude."""

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        if num_magnitude_bins < 2:
            raise ValueError("num_magnitude_bins should be at least 2.")
        self.bins, self.interpolation, self.fill_value = num_magnitude_bins, Inter(interpolation), fill_value

    def __call__(self, img):
        from ._augment import trivial_augment_wide
        return trivial_augment_wide(img, self.bins, self.interpolation, self.fill_value, config.op_engine(self))


class RandomCropDecodeResize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomCropDecodeResize(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)``: ``Decode`` then ``RandomResizedCrop`` (same pixels as
    MindSpore's fused partial decode of the crop)."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        self._decode = Decode()
        self._crop = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)

    def __call__(self, img):
        return self._crop(self._decode(img))


def _per_channel(fn, img):
    """Runs a per-channel uint8 kernel on HW, HW1 or HWC images."""
    if img.dtype != np.uint8:
        raise RuntimeError(f"the input image should be uint8, got {img.dtype}.")
    if img.ndim == 2:
        return fn(img[:, :, None])[:, :, 0]
    return fn(img)


def _rgb(img, name):
    from ._augment import _check
    return _check(img, name)


class AutoContrast(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.AutoContrast(cutoff=0.0, ignore=None)`` (per channel; cutoff 0 only)."""

    def __init__(self, cutoff=0.0, ignore=None):
        if cutoff or ignore is not None:
            raise NotImplementedError("AutoContrast(cutoff/ignore) is not supported by ms_compat yet.")

    def __call__(self, img):
        from ._augment import _autocontrast
        return _per_channel(_autocontrast, _img(img, "AutoContrast"))


class Equalize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Equalize`` (OpenCV's equalizeHist per channel)."""

    def __call__(self, img):
        from ._augment import _equalize
        return _per_channel(_equalize, _img(img, "Equalize"))


class Posterize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Posterize(bits)``: keeps the ``bits`` high bits."""

    def __init__(self, bits):
        if not 0 <= bits <= 8:
            raise ValueError("bits should be within [0, 8].")
        self.bits = int(bits)

    def __call__(self, img):
        a = _img(img, "Posterize")
        return (a & np.uint8((0xFF << (8 - self.bits)) & 0xFF)).astype(np.uint8)


class Solarize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.Solarize(threshold)``: inverts pixels within ``[min, max]``."""

    def __init__(self, threshold):
        self.threshold = (threshold, 255) if isinstance(threshold, numbers.Number) else tuple(threshold)

    def __call__(self, img):
        a = _img(img, "Solarize")
        lo, hi = self.threshold
        return np.where((a >= lo) & (a <= hi), 255 - a, a).astype(a.dtype)


class _RandomApplyOp(TensorOperation):
    """The kernel applied when MindSpore's ``std::bernoulli_distribution(prob)`` says so (see ``config.op_engine``)."""

    def __init__(self, op, prob):
        self._op, self.prob = op, _check_prob(prob)

    def __call__(self, img):
        return self._op(img) if _bernoulli(self, self.prob) else img


class RandomInvert(_RandomApplyOp):
    """Mirrors ``mindspore.dataset.vision.RandomInvert(prob=0.5)``."""

    def __init__(self, prob=0.5):
        super().__init__(Invert(), prob)


class RandomEqualize(_RandomApplyOp):
    """Mirrors ``mindspore.dataset.vision.RandomEqualize(prob=0.5)``."""

    def __init__(self, prob=0.5):
        super().__init__(Equalize(), prob)


class RandomAutoContrast(_RandomApplyOp):
    """Mirrors ``mindspore.dataset.vision.RandomAutoContrast(cutoff=0.0, ignore=None, prob=0.5)``."""

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        super().__init__(AutoContrast(cutoff, ignore), prob)


class RandomAdjustSharpness(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomAdjustSharpness(degree, prob=0.5)``."""

    def __init__(self, degree, prob=0.5):
        self.degree, self.prob = float(degree), _check_prob(prob)

    def __call__(self, img):
        from .adjust import sharpness
        img = _rgb(img, "RandomAdjustSharpness")
        return sharpness(img, self.degree) if _bernoulli(self, self.prob) else img


class RandomPosterize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomPosterize(bits=(8, 8))``: bits uniform in the range."""

    def __init__(self, bits=(8, 8)):
        self.bits = (bits, bits) if isinstance(bits, int) else tuple(bits)

    def __call__(self, img):
        lo, hi = self.bits
        if lo == hi:  # MindSpore draws nothing then
            return Posterize(lo)(img)
        engine = config.op_engine(self)
        bits = engine.uniform_int(lo, hi) if engine is not None else int(config.rng().integers(lo, hi + 1))
        return Posterize(bits)(img)


class RandomSolarize(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomSolarize(threshold=(0, 255))``: a random sub-range."""

    def __init__(self, threshold=(0, 255)):
        self.threshold = tuple(threshold)

    def __call__(self, img):
        lo, hi = self.threshold
        engine = config.op_engine(self)
        if engine is not None:  # MindSpore's RandomSolarizeOp: two uniform_int draws, the smaller one first
            a, b = sorted((engine.uniform_int(lo, hi), engine.uniform_int(lo, hi)))
        else:
            a, b = sorted(int(config.rng().integers(lo, hi + 1)) for _ in range(2))
        return Solarize((a, b))(img)


class RandomSharpness(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomSharpness(degrees=(0.1, 1.9))``."""

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = tuple(degrees)

    def __call__(self, img):
        from .adjust import sharpness_op as _sharpness
        engine = config.op_engine(self)
        if engine is None:
            return _sharpness(_rgb(img, "RandomSharpness"), _uniform(*self.degrees))
        # MindSpore's RandomSharpnessOp: mid + uniform_real<float>(-1, 1) * half-range, in float32
        f32 = np.float32
        lo, hi = f32(self.degrees[0]), f32(self.degrees[1])
        r = f32(engine.uniform_float(-1.0, 1.0))
        return _sharpness(_rgb(img, "RandomSharpness"), float(f32((hi + lo) / f32(2)) + r * f32((hi - lo) / f32(2))))


class RandomAffine(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomAffine(degrees, translate=None, scale=None, shear=None,
    resample=Inter.NEAREST, fill_value=0)``: MindSpore's ``RandomAffineOp`` — six
    ``uniform_real_distribution<float>`` draws (angle, x and y translation, scale, x and y shear; a draw even for
    a range left at its default; the translations as fractions of the width and height), then ``Affine`` with
    them (see ``config.op_engine``)."""

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST, fill_value=0):
        self.degrees = (-float(degrees), float(degrees)) if isinstance(degrees, numbers.Number) else \
            tuple(float(d) for d in degrees)
        translate = (0.0, 0.0, 0.0, 0.0) if translate is None else tuple(float(t) for t in translate)
        self.translate = translate + (0.0,) * (4 - len(translate))
        self.scale = (1.0, 1.0) if scale is None else tuple(float(v) for v in scale)
        if shear is None or isinstance(shear, numbers.Number):
            s = float(shear or 0)
            self.shear = (-s, s, 0.0, 0.0)
        else:
            self.shear = tuple(float(v) for v in shear) + (0.0,) * (4 - len(shear))
        self.resample, self.fill_value = Inter(resample), fill_value

    def __call__(self, img):
        from .geometry import Affine
        img = _img(img, "RandomAffine")
        h, w = img.shape[:2]
        f32 = np.float32
        engine = config.op_engine(self)
        if engine is not None:
            draw = engine.uniform_float
        else:
            def draw(lo, hi):
                return float(f32(_uniform(float(f32(lo)), float(f32(hi)))))
        t = self.translate
        degrees = draw(*self.degrees)
        tx = draw(t[0], t[1])
        ty = draw(t[2], t[3])
        scale = draw(*self.scale)
        shear_x = draw(self.shear[0], self.shear[1])
        shear_y = draw(self.shear[2], self.shear[3])
        return Affine(math.fmod(degrees, 360.0), [tx, ty], scale, [shear_x, shear_y], self.resample,
                      self.fill_value)(img)


def write_jpeg(filename, image, quality=75):
    """Mirrors ``mindspore.dataset.vision.write_jpeg(filename, image, quality=75)``: ``encode_jpeg`` to a file."""
    write_file(filename, encode_jpeg(image, quality))


def write_png(filename, image, compression_level=6):
    """Mirrors ``mindspore.dataset.vision.write_png(filename, image, compression_level=6)``."""
    write_file(filename, encode_png(image, compression_level))


# the transforms kept in their own modules (one family each), exported here as in MindSpore's transforms.py
from .adjust import *  # noqa: E402,F401,F403
from .adjust import __all__ as _adjust_all  # noqa: E402
from .adjust import AdjustBrightness  # noqa: E402,F401
from .bbox import *  # noqa: E402,F401,F403
from .bbox import __all__ as _bbox_all  # noqa: E402
from .compound import *  # noqa: E402,F401,F403
from .compound import __all__ as _compound_all  # noqa: E402
from .geometry import *  # noqa: E402,F401,F403
from .geometry import __all__ as _geometry_all  # noqa: E402

__all__ += ["write_jpeg", "write_png"] + _adjust_all + _bbox_all + _compound_all + _geometry_all
