"""Image Cells of ``mindspore.nn``: ``ImageGradients``, ``SSIM``, ``MSSSIM``, ``PSNR``, ``CentralCrop``.

``SSIM``/``MSSSIM`` hold their Gaussian windows as non-trainable Conv2d weights (``conv.weight``,
``multi_convs_list.N.weight``) like MindSpore, so checkpoints keep the same names."""
from __future__ import annotations

import math

import numpy as np
import torch
import torch.nn.functional as tF

from ..cell import Cell
from .conv import Conv2d
from .container import CellList
from ...common.tensor import Tensor

__all__ = ["ImageGradients", "SSIM", "MSSSIM", "PSNR", "CentralCrop"]


def _check_4d(x, name, cls):
    if x.dim() != 4:
        raise ValueError(f"For '{cls}', the dimension of '{name}' must be 4d, but got {x.dim()}.")


def _dtype_max(dtype):
    return float(torch.iinfo(dtype).max) if not dtype.is_floating_point else 1.0


def _to_float(img, max_val):
    out = img.float() if torch.is_tensor(img) else torch.tensor(float(img))
    return out * (1.0 / max_val) if max_val > 1.0 else out


class ImageGradients(Cell):
    """Mirrors ``nn.ImageGradients()``: ``(images)`` NCHW → ``(dy, dx)`` forward differences with a zero
    last row/column."""

    def construct(self, images):
        _check_4d(images, "images", "ImageGradients")
        dy = torch.zeros_like(images)
        dx = torch.zeros_like(images)
        if images.shape[2] > 1:
            dy[:, :, :-1] = images[:, :, 1:] - images[:, :, :-1]
        if images.shape[3] > 1:
            dx[:, :, :, :-1] = images[:, :, :, 1:] - images[:, :, :, :-1]
        return dy, dx


def _window(size, sigma):
    ax = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float32)
    g = np.exp(-(ax[:, None] ** 2 + ax[None, :] ** 2) / (2 * sigma ** 2))
    return (g / g.sum()).astype(np.float32)[None, None]


def _ssim_cs(c1, c2, img1, img2, weight):
    n, c, h, w = img1.shape
    a = img1.reshape(n * c, 1, h, w)
    b = img2.reshape(n * c, 1, h, w)
    conv = lambda t: tF.conv2d(t, weight)  # noqa: E731
    mu1, mu2 = conv(a), conv(b)
    s1 = conv(a * a) - mu1 * mu1
    s2 = conv(b * b) - mu2 * mu2
    s12 = conv(a * b) - mu1 * mu2
    v1, v2 = 2 * s12 + c2, s1 + s2 + c2
    ssim = ((2 * mu1 * mu2 + c1) * v1) / ((mu1 * mu1 + mu2 * mu2 + c1) * v2)
    cs = v1 / v2
    return ssim.reshape(n, c, -1).mean(-1), cs.reshape(n, c, -1).mean(-1)


def _check_common(cls, max_val, filter_size, filter_sigma, k1, k2):
    if not isinstance(max_val, (int, float)) or isinstance(max_val, bool) or max_val <= 0:
        raise ValueError(f"For '{cls}', 'max_val' must be a number greater than 0, but got {max_val}.")
    if not isinstance(filter_size, int) or filter_size < 1:
        raise ValueError(f"For '{cls}', 'filter_size' must be an int >= 1, but got {filter_size}.")
    if not isinstance(filter_sigma, float) or filter_sigma <= 0:
        raise ValueError(f"For '{cls}', 'filter_sigma' must be a positive float, but got {filter_sigma}.")
    if not isinstance(k1, float) or not isinstance(k2, float):
        raise TypeError(f"For '{cls}', 'k1' and 'k2' must be float.")


class SSIM(Cell):
    """Mirrors ``nn.SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)``: ``(img1, img2)``
    NCHW → per-image SSIM (mean over channels of the valid-window SSIM map)."""

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        _check_common("SSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.conv = Conv2d(1, 1, filter_size, pad_mode="valid", weight_init=Tensor(_window(filter_size, filter_sigma)))
        self.conv.weight.requires_grad = False

    def construct(self, img1, img2):
        if img1.dtype not in (torch.float32, torch.float16):
            raise TypeError(f"For 'SSIM', the dtype of 'img1' must be float32 or float16, but got {img1.dtype}.")
        _check_4d(img1, "img1", "SSIM")
        if img1.shape[2] < self.filter_size or img1.shape[3] < self.filter_size:
            raise ValueError(f"For 'SSIM', the height and width of 'img1' must be >= filter_size {self.filter_size}.")
        if img1.shape != img2.shape or img1.dtype != img2.dtype:
            raise ValueError("For 'SSIM', 'img1' and 'img2' must have the same shape and dtype.")
        dmax = _dtype_max(img1.dtype)
        mv = float(_to_float(self.max_val, dmax))
        a, b = _to_float(img1, dmax), _to_float(img2, dmax)
        ssim, _ = _ssim_cs((self.k1 * mv) ** 2, (self.k2 * mv) ** 2, a, b, self.conv.weight.float())
        return ssim.mean(-1)


class MSSSIM(Cell):
    """Mirrors ``nn.MSSSIM(max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
    filter_sigma=1.5, k1=0.01, k2=0.03)``: multi-scale SSIM with 2x2 average-pool downsampling."""

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
                 filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        _check_common("MSSSIM", max_val, filter_size, filter_sigma, k1, k2)
        if not isinstance(power_factors, (tuple, list)):
            raise TypeError(f"For 'MSSSIM', 'power_factors' must be tuple or list, but got {type(power_factors)}.")
        self.max_val, self.filter_size, self.k1, self.k2 = max_val, filter_size, k1, k2
        self.level = len(power_factors)
        w = Tensor(_window(filter_size, filter_sigma))
        convs = []
        for _ in range(self.level):
            conv = Conv2d(1, 1, filter_size, pad_mode="valid", weight_init=w)
            conv.weight.requires_grad = False
            convs.append(conv)
        self.multi_convs_list = CellList(convs)
        self.register_buffer("_power", torch.tensor(list(power_factors), dtype=torch.float32), persistent=False)

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "MSSSIM")
        _check_4d(img2, "img2", "MSSSIM")
        if img1.shape != img2.shape or img1.dtype != img2.dtype:
            raise ValueError("For 'MSSSIM', 'img1' and 'img2' must have the same shape and dtype.")
        dmax = _dtype_max(img1.dtype)
        mv = float(_to_float(self.max_val, dmax))
        a, b = _to_float(img1, dmax), _to_float(img2, dmax)
        c1, c2 = (self.k1 * mv) ** 2, (self.k2 * mv) ** 2
        mcs = []
        sim = None
        for i in range(self.level):
            sim, cs = _ssim_cs(c1, c2, a, b, self.multi_convs_list[i].weight.float())
            mcs.append(torch.relu(cs))
            a, b = tF.avg_pool2d(a, 2, 2), tF.avg_pool2d(b, 2, 2)
        stacked = torch.stack(mcs[:-1] + [torch.relu(sim)], -1)
        return torch.pow(stacked, self._power).prod(-1).mean(-1)


class PSNR(Cell):
    """Mirrors ``nn.PSNR(max_val=1.0)``: ``(img1, img2)`` NCHW → ``10 log10(max_val² / mse)`` per image
    (integer images are scaled to [0, 1] by their dtype's maximum first). MindSpore 2.10 CPU raises in
    ``ScalarCast`` for this cell; ms_compat computes the documented formula."""

    def __init__(self, max_val=1.0):
        super().__init__()
        if not isinstance(max_val, (int, float)) or isinstance(max_val, bool) or max_val <= 0:
            raise ValueError(f"For 'PSNR', 'max_val' must be a number greater than 0, but got {max_val}.")
        self.max_val = max_val

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "PSNR")
        _check_4d(img2, "img2", "PSNR")
        if img1.shape != img2.shape or img1.dtype != img2.dtype:
            raise ValueError("For 'PSNR', 'img1' and 'img2' must have the same shape and dtype.")
        dmax = _dtype_max(img1.dtype)
        mv = float(_to_float(self.max_val, dmax))
        a, b = _to_float(img1, dmax), _to_float(img2, dmax)
        mse = torch.mean((a - b) ** 2, dim=(-3, -2, -1))
        return 10 * torch.log(mv * mv / mse) / math.log(10.0)


class CentralCrop(Cell):
    """Mirrors ``nn.CentralCrop(central_fraction)``: the centre ``central_fraction`` of a CHW or NCHW image
    (start ``int((h - h * f) / 2)`` on each side)."""

    def __init__(self, central_fraction):
        super().__init__()
        if not isinstance(central_fraction, float):
            raise TypeError(f"For 'CentralCrop', 'central_fraction' must be float, but got {type(central_fraction)}.")
        if not 0.0 < central_fraction <= 1.0:
            raise ValueError(f"For 'CentralCrop', 'central_fraction' must be in range (0.0, 1.0], but got "
                             f"{central_fraction}.")
        self.central_fraction = central_fraction

    def construct(self, image):
        if image.dim() not in (3, 4):
            raise ValueError(f"CentralCrop image must be 3d or 4d, but got shape {tuple(image.shape)}")
        if self.central_fraction == 1.0:
            return image
        h, w = image.shape[-2], image.shape[-1]
        hs = int((float(h) - float(h * self.central_fraction)) / 2)
        ws = int((float(w) - float(w * self.central_fraction)) / 2)
        return image[..., hs:h - hs, ws:w - ws]
