"""Transforms of an image and its bounding boxes (two columns: image HWC, bbox (N, >= 4) float32 rows
``[x, y, width, height, ...]``), as MindSpore's ``*WithBBox`` ops and ``BoundingBoxAugment``.

The random ones draw MindSpore's numbers (``config.op_engine``). Box updates follow MindSpore's
``kernels/image/bounding_box.cc``: a resize scales by ``new / old`` (float32),
a crop keeps the boxes overlapping the crop, clipped to it and shifted to its origin; flips mirror ``x``
(``W - x - w``) or ``y``. Images go through the same kernels as ``Resize``/``Crop``/flips
(tests/dataset/test_vision.py compares ``ResizeWithBBox`` and the flips with MindSpore 2.10).
"""
from __future__ import annotations

import numpy as np

from ..core import config
from ..transforms.transforms import TensorOperation
from .utils import Border, Inter

__all__ = ["ResizeWithBBox", "RandomResizeWithBBox", "RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox",
           "RandomCropWithBBox", "RandomResizedCropWithBBox", "BoundingBoxAugment"]


def _arr(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


def _check(img, bbox):
    img, bbox = _arr(img), _arr(bbox)
    if bbox.ndim < 2:
        raise RuntimeError(f"BoundingBox: bounding boxes should have to be two-dimensional matrix at least, but got "
                           f"{bbox.ndim} dimension.")
    if bbox.shape[1] < 4:
        raise RuntimeError(f"BoundingBox: bounding boxes should be have at least 4 features, but got: {bbox.shape[1]}")
    h, w = img.shape[:2]
    b = bbox.astype(np.float32)
    for x, y, bw, bh in b[:, :4]:
        if x + bw > w or y + bh > h:
            raise RuntimeError(f"BoundingBox: bounding boxes is out of bounds of the image, as image width: {w}, "
                               f"bbox width coordinate: {x + bw}, and image height: {h}, bbox height coordinate: "
                               f"{y + bh}")
        if int(x) < 0 or int(y) < 0:
            raise RuntimeError(f"BoundingBox: the coordinates of the bounding boxes has negative value, got: "
                               f"({x},{y}).")
    return img, b


def _resize_boxes(b, ow, oh, w, h):
    out = b.copy()
    rw, rh = np.float32(ow * 1.0 / w), np.float32(oh * 1.0 / h)
    out[:, 0] *= rw
    out[:, 2] *= rw
    out[:, 1] *= rh
    out[:, 3] *= rh
    return out


def _crop_boxes(b, x0, y0, x1, y1):
    keep = []
    out = b.copy()
    f = np.float32
    for i, (x, y, bw, bh) in enumerate(b[:, :4]):
        xmax, ymax = f(x + bw), f(y + bh)
        if x > x1 or y > y1 or xmax < x0 or ymax < y0:
            continue
        keep.append(i)
        nx = max(f(x - min(f(0), f(x - x0)) - x0), f(0))
        ny = max(f(y - min(f(0), f(y - y0)) - y0), f(0))
        nxm = min(f(xmax - max(f(0), f(xmax - x1)) - x0), f(x1 - x0))
        nym = min(f(ymax - max(f(0), f(ymax - y1)) - y0), f(y1 - y0))
        out[i, :4] = [nx, ny, f(nxm - nx), f(nym - ny)]
    return out[keep].reshape(len(keep), b.shape[1])


class ResizeWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.ResizeWithBBox(size, interpolation=Inter.LINEAR)``."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        from .transforms import Resize
        self._resize = Resize(size, interpolation)
        self.size, self.interpolation = size, Inter(interpolation)

    def __call__(self, img, bbox):
        img, b = _check(img, bbox)
        out = self._resize(img)
        return out, _resize_boxes(b, out.shape[1], out.shape[0], img.shape[1], img.shape[0])


class RandomResizeWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomResizeWithBBox(size)``: ``ResizeWithBBox`` with a random
    interpolation (LINEAR, NEAREST, CUBIC, AREA)."""

    def __init__(self, size):
        from .transforms import Resize
        Resize(size)
        self.size = size

    def __call__(self, img, bbox):
        from .geometry import RandomResize
        engine = config.op_engine(self)  # MindSpore's draw: uniform_int(0, 3) picks the interpolation
        mode = RandomResize._MODES[engine.uniform_int(0, 3) if engine is not None else int(config.rng().integers(4))]
        return ResizeWithBBox(self.size, mode)(img, bbox)


class RandomHorizontalFlipWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomHorizontalFlipWithBBox(prob=0.5)``: boxes get ``x = W - x - w``."""

    def __init__(self, prob=0.5):
        from .transforms import _check_prob
        self.prob = _check_prob(prob)

    def __call__(self, img, bbox):
        from .transforms import _bernoulli
        img, b = _check(img, bbox)
        if not _bernoulli(self, self.prob):
            return img, b
        out = b.copy()
        out[:, 0] = np.float32(img.shape[1]) - b[:, 0] - b[:, 2]
        return np.ascontiguousarray(img[:, ::-1]), out


class RandomVerticalFlipWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomVerticalFlipWithBBox(prob=0.5)``: boxes get ``y = H - y - h``."""

    def __init__(self, prob=0.5):
        from .transforms import _check_prob
        self.prob = _check_prob(prob)

    def __call__(self, img, bbox):
        from .transforms import _bernoulli
        img, b = _check(img, bbox)
        if not _bernoulli(self, self.prob):
            return img, b
        out = b.copy()
        out[:, 1] = np.float32(img.shape[0]) - b[:, 1] - b[:, 3]
        return np.ascontiguousarray(img[::-1]), out


class RandomCropWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomCropWithBBox(size, padding=None, pad_if_needed=False,
    fill_value=0, padding_mode=Border.CONSTANT)``: padding shifts the boxes; the crop keeps the overlapping
    ones, clipped."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        from .transforms import _size_pair
        self.size = _size_pair(size, "RandomCropWithBBox")
        self.padding, self.pad_if_needed = padding, pad_if_needed
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img, bbox):
        from .transforms import _pad, _padding4
        img, b = _check(img, bbox)
        b = b.copy()
        if self.padding is not None:
            left, top, _, _ = _padding4(self.padding)
            img = _pad(img, self.padding, self.fill_value, self.padding_mode)
            b[:, 0] += left
            b[:, 1] += top
        ch, cw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (h < ch or w < cw):
            dh, dw = max(0, ch - h), max(0, cw - w)
            img = _pad(img, (dw, dh, dw, dh), self.fill_value, self.padding_mode)
            b[:, 0] += dw
            b[:, 1] += dh
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError(f"RandomCropWithBBox: the crop size ({ch}, {cw}) is larger than the (padded) image "
                               f"{list(img.shape)}; set pad_if_needed=True.")
        if h == ch and w == cw:  # MindSpore draws nothing then
            return img.copy(), b
        engine = config.op_engine(self)
        if engine is not None:  # MindSpore's RandomCropOp::GenRandomXY: x (left) first, then y (top)
            left = engine.uniform_int(0, w - cw)
            top = engine.uniform_int(0, h - ch)
        else:
            top = int(config.rng().integers(0, h - ch + 1))
            left = int(config.rng().integers(0, w - cw + 1))
        return img[top:top + ch, left:left + cw].copy(), _crop_boxes(b, left, top, left + cw, top + ch)


class RandomResizedCropWithBBox(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.RandomResizedCropWithBBox(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)``: ``RandomResizedCrop``'s box, boxes cropped then scaled."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        from .transforms import RandomResizedCrop
        self._crop = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)

    def __call__(self, img, bbox):
        from .transforms import _resize
        img, b = _check(img, bbox)
        t, l, ch, cw = self._crop._box(*img.shape[:2])
        boxes = _crop_boxes(b, l, t, l + cw, t + ch)
        out = _resize(img[t:t + ch, l:l + cw], self._crop.size, self._crop.interpolation, "RandomResizedCropWithBBox")
        return out, _resize_boxes(boxes, out.shape[1], out.shape[0], cw, ch)


class BoundingBoxAugment(TensorOperation):
    """Mirrors ``mindspore.dataset.vision.BoundingBoxAugment(transform, ratio=0.3)``: ``transform`` applied to the
    image region of each box, in turn, chosen when a ``uniform_real<float>(0, 1)`` draw is below ``ratio`` (the
    region resized back when the transform changes its size); the boxes are unchanged. MindSpore 2.10's draws
    (``config.op_engine``); ``transform`` draws as a transform inside a compound one (``config.nested_ops``)."""

    def __init__(self, transform, ratio=0.3):
        if not 0 <= ratio <= 1:
            raise ValueError("Input ratio is not within the required interval of [0.0, 1.0].")
        self.transform, self.ratio = transform, float(ratio)

    def __call__(self, img, bbox):
        from .transforms import _resize
        img, b = _check(img, bbox)
        out = img.copy()
        engine = config.op_engine(self)
        if engine is None:  # worker processes: the row's generator (same distribution)
            rng = config.rng()
            chance = lambda: float(rng.random())  # noqa: E731
        else:
            chance = engine.canonical_float
        ratio = np.float32(self.ratio)
        for i in range(len(b)):
            if not chance() < ratio:
                continue
            x, y, bw, bh = (int(v) for v in b[i, :4])
            if bw <= 0 or bh <= 0:
                continue
            with config.nested_ops():
                region = self.transform(out[y:y + bh, x:x + bw].copy())
            region = np.asarray(region)
            if region.shape[:2] != (bh, bw):
                region = _resize(region, (bh, bw), Inter.LINEAR, "BoundingBoxAugment")
            out[y:y + bh, x:x + bw] = region.reshape(out[y:y + bh, x:x + bw].shape)
        return out, b
