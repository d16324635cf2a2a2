"""``ops.ROIAlign`` and ``ops.CropAndResize``: bilinear sampling of regions of an image batch, written in torch ops
(no torchvision), following MindSpore 2.10's CPU kernels (roi_align_cpu_kernel.cc: the Caffe2 ROIAlign with
``roi_end_mode``; crop_and_resize_cpu_kernel.cc: TensorFlow's CropAndResize)."""
from __future__ import annotations

import math

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["ROIAlign", "CropAndResize", "STFT"]


def _plain(x):
    return torch.Tensor.as_subclass(torch.as_tensor(x), torch.Tensor)


def _bilinear_caffe2(img, y, x):
    """``img`` (C, H, W); ``y``/``x`` same-shaped sample positions → (C, *y.shape): Caffe2's ROIAlign bilinear
    interpolation (samples outside [-1, H] × [-1, W] are 0, others clamped to the border)."""
    h, w = img.shape[-2:]
    valid = (y >= -1.0) & (y <= h) & (x >= -1.0) & (x <= w)
    y = y.clamp(min=0.0)
    x = x.clamp(min=0.0)
    y0 = y.floor().long()
    x0 = x.floor().long()
    ylast = y0 >= h - 1
    xlast = x0 >= w - 1
    y0 = torch.where(ylast, torch.full_like(y0, h - 1), y0)
    x0 = torch.where(xlast, torch.full_like(x0, w - 1), x0)
    y = torch.where(ylast, y0.to(y.dtype), y)
    x = torch.where(xlast, x0.to(x.dtype), x)
    y1 = torch.where(ylast, y0, y0 + 1)
    x1 = torch.where(xlast, x0, x0 + 1)
    ly, lx = y - y0.to(y.dtype), x - x0.to(x.dtype)
    hy, hx = 1.0 - ly, 1.0 - lx
    flat = img.reshape(img.shape[0], -1)

    def g(yy, xx):
        return flat[:, (yy * w + xx).reshape(-1)].reshape(img.shape[0], *yy.shape)
    out = hy * hx * g(y0, x0) + hy * lx * g(y0, x1) + ly * hx * g(y1, x0) + ly * lx * g(y1, x1)
    return out * valid.to(out.dtype)


class ROIAlign(Primitive):
    """Mirrors ``ops.ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1)``:
    ``(features (N, C, H, W), rois (R, 5) = [batch_index, x1, y1, x2, y2])`` → ``(R, C, pooled_height,
    pooled_width)``, each bin the mean of ``sample_num``² bilinear samples (``sample_num <= 0``: ``ceil(roi size /
    pooled size)`` per axis, as MindSpore). ``roi_end_mode=1`` adds 1 to the ROI end before scaling; ROI sizes are at
    least 1. Differentiable w.r.t. ``features``."""

    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1):
        super().__init__("ROIAlign")
        if roi_end_mode not in (0, 1):
            raise ValueError(f"For 'ROIAlign', 'roi_end_mode' must be 0 or 1, but got {roi_end_mode}.")
        self.pooled_height, self.pooled_width = int(pooled_height), int(pooled_width)
        self.spatial_scale, self.sample_num, self.roi_end_mode = float(spatial_scale), int(sample_num), roi_end_mode

    def __call__(self, features, rois):
        feats, rois_t = _plain(features), _plain(rois)
        ph, pw, sc = self.pooled_height, self.pooled_width, self.spatial_scale
        outs = []
        for r in rois_t.detach().to(torch.float64).cpu().tolist():
            b = int(round(r[0] + 7e-5))
            if abs(r[1]) < 1e-3 and abs(r[3]) < 1e-3:  # MindSpore's kernel skips (leaves unwritten) such ROIs
                outs.append(feats.new_zeros((feats.shape[1], ph, pw)))
                continue
            sw, sh = r[1] * sc, r[2] * sc
            ew, eh = (r[3] + self.roi_end_mode) * sc, (r[4] + self.roi_end_mode) * sc
            rw, rh = ew - sw, eh - sh
            if self.roi_end_mode == 0:  # MindSpore: malformed ROIs forced to 1 x 1 only in the historical mode
                rw, rh = max(rw, 1.0), max(rh, 1.0)
            bh, bw = rh / ph, rw / pw
            gh = self.sample_num if self.sample_num > 0 else int(math.floor(rh / ph))
            gw = self.sample_num if self.sample_num > 0 else int(math.floor(rw / pw))
            cnt = float(gh * gw)  # 0 (a ROI smaller than a bin with sample_num <= 0) gives NaN, as MindSpore
            dt = feats.dtype if feats.is_floating_point() else torch.float32
            f64 = torch.float64
            iy = torch.arange(ph, dtype=f64)[:, None] * bh + (torch.arange(gh, dtype=f64) + 0.5) * bh / gh
            ix = torch.arange(pw, dtype=f64)[:, None] * bw + (torch.arange(gw, dtype=f64) + 0.5) * bw / gw
            ys = (sh + iy).to(dt).to(feats.device)  # (ph, gh)
            xs = (sw + ix).to(dt).to(feats.device)  # (pw, gw)
            yy = ys[:, :, None, None].expand(ph, gh, pw, gw)
            xx = xs[None, None, :, :].expand(ph, gh, pw, gw)
            v = _bilinear_caffe2(feats[b].to(dt), yy, xx)  # (C, ph, gh, pw, gw)
            outs.append(v.sum(dim=(2, 4)) / cnt)
        if not outs:
            return wrap(feats.new_zeros((0, feats.shape[1], ph, pw)))
        return wrap(torch.stack(outs).to(feats.dtype))


class CropAndResize(Primitive):
    """Mirrors ``ops.CropAndResize(method="bilinear", extrapolation_value=0.0)``: ``(image (B, H, W, C), boxes (N, 4)
    = normalized [y1, x1, y2, x2], box_index (N,), crop_size (h, w))`` → float32 ``(N, h, w, C)`` (TensorFlow's
    CropAndResize; samples outside the image get ``extrapolation_value``). ``method``: ``"bilinear"``,
    ``"nearest"`` (rounding half away from zero) or ``"bilinear_v2"`` (MindSpore's variant: half-pixel centres
    over the box's truncated integer pixel span, no extrapolation). Difference: where MindSpore's ``bilinear_v2``
    reads past the image (a box beyond [0, 1]) it returns whatever memory holds; ms_compat clamps to the border."""

    def __init__(self, method="bilinear", extrapolation_value=0.0):
        super().__init__("CropAndResize")
        if method not in ("bilinear", "nearest", "bilinear_v2"):
            raise ValueError(f"For 'CropAndResize', 'method' must be 'bilinear', 'nearest' or 'bilinear_v2', "
                             f"but got {method!r}.")
        self.method, self.extrapolation_value = method, float(extrapolation_value)

    def __call__(self, image, boxes, box_index, crop_size):
        img = _plain(image).to(torch.float32)
        bx = _plain(boxes).to(torch.float32)
        bi = _plain(box_index).long()
        ch, cw = (int(v) for v in (crop_size.tolist() if hasattr(crop_size, "tolist") else crop_size))
        _, h, w, c = img.shape
        y1, x1, y2, x2 = (bx[:, k:k + 1] for k in range(4))
        ar_h = torch.arange(ch, dtype=torch.float32)[None]
        ar_w = torch.arange(cw, dtype=torch.float32)[None]
        ys = y1 * (h - 1) + ar_h * ((y2 - y1) * (h - 1) / (ch - 1)) if ch > 1 else 0.5 * (y1 + y2) * (h - 1)
        xs = x1 * (w - 1) + ar_w * ((x2 - x1) * (w - 1) / (cw - 1)) if cw > 1 else 0.5 * (x1 + x2) * (w - 1)
        vy = (ys >= 0) & (ys <= h - 1)  # (N, ch)
        vx = (xs >= 0) & (xs <= w - 1)
        imgs = img[bi]  # (N, H, W, C)
        n = imgs.shape[0]
        nidx = torch.arange(n)[:, None, None]
        if self.method == "bilinear_v2":
            return wrap(self._bilinear_v2(imgs, bx, ch, cw))
        if self.method == "nearest":
            iy = (torch.sign(ys) * torch.floor(ys.abs() + 0.5)).long().clamp(0, h - 1)  # roundf: half away from 0
            ix = (torch.sign(xs) * torch.floor(xs.abs() + 0.5)).long().clamp(0, w - 1)
            out = imgs[nidx, iy[:, :, None], ix[:, None, :]]
        else:
            ty, tx = ys.floor().long().clamp(0, h - 1), xs.floor().long().clamp(0, w - 1)
            by, bxx = ys.ceil().long().clamp(0, h - 1), xs.ceil().long().clamp(0, w - 1)
            ly = (ys - ys.floor())[:, :, None, None]
            lx = (xs - xs.floor())[:, None, :, None]
            tl = imgs[nidx, ty[:, :, None], tx[:, None, :]]
            tr = imgs[nidx, ty[:, :, None], bxx[:, None, :]]
            bl = imgs[nidx, by[:, :, None], tx[:, None, :]]
            br = imgs[nidx, by[:, :, None], bxx[:, None, :]]
            top = tl + (tr - tl) * lx
            bot = bl + (br - bl) * lx
            out = top + (bot - top) * ly
        valid = (vy[:, :, None] & vx[:, None, :])[..., None]
        out = torch.where(valid, out, torch.full_like(out, self.extrapolation_value))
        return wrap(out)

    @staticmethod
    def _bilinear_v2(imgs, bx, ch, cw):
        _, h, w, _ = imgs.shape
        ty, by, ly = _v2_axis(bx[:, 0:1], bx[:, 2:3], h, ch)
        tx, rx, lx = _v2_axis(bx[:, 1:2], bx[:, 3:4], w, cw)
        nidx = torch.arange(imgs.shape[0])[:, None, None]
        ly, lx = ly[:, :, None, None], lx[:, None, :, None]
        tl = imgs[nidx, ty[:, :, None], tx[:, None, :]]
        tr = imgs[nidx, ty[:, :, None], rx[:, None, :]]
        bl = imgs[nidx, by[:, :, None], tx[:, None, :]]
        br = imgs[nidx, by[:, :, None], rx[:, None, :]]
        return tl * (1 - ly) * (1 - lx) + br * ly * lx + tr * (1 - ly) * lx + bl * ly * (1 - lx)


def _v2_axis(lo, hi, size, n_out):
    """MindSpore's ``bilinear_v2`` sample positions on one axis: the box's integer pixel span (C++ truncation),
    half-pixel centres; → (low index, high index, lerp), each (N, n_out)."""
    a = torch.trunc(lo * size).long()
    b = torch.trunc(hi * size).long()
    span = torch.clamp(b - a + 1, min=1)  # (N, 1)
    pt = (torch.arange(n_out, dtype=torch.float32)[None] + 0.5) * (span.float() / n_out) - 0.5
    low = torch.minimum(torch.clamp(pt.floor().long(), min=0), span - 1)
    high = torch.minimum(torch.clamp(pt.ceil().long(), min=0), span - 1)
    lerp = pt - low.float()
    return (a + low).clamp(0, size - 1), (a + high).clamp(0, size - 1), lerp


class STFT(Primitive):
    """Mirrors ``ops.STFT(n_fft, hop_length, win_length, normalized, onesided, return_complex)``: ``(x (L,) or
    (B, L), window (win_length,))`` → the short-time Fourier transform of the (already padded) signal, ``(*, N, T)``
    complex when ``return_complex`` else ``(*, N, T, 2)`` real; no centring (``ops.stft`` pads). A window shorter
    than ``n_fft`` is centred in ``n_fft`` zeros (as MindSpore 2.10's CPU kernel, checked; its ``ops.stft`` docs
    say ones). Differentiable (MindSpore 2.10 defines no bprop for STFT)."""

    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        super().__init__("STFT")
        self.n_fft, self.hop_length, self.win_length = int(n_fft), int(hop_length), int(win_length)
        self.normalized, self.onesided, self.return_complex = bool(normalized), bool(onesided), bool(return_complex)

    def __call__(self, x, window):
        xt, wt = _plain(x), _plain(window)
        if xt.dim() not in (1, 2):
            raise ValueError(f"For 'STFT', 'x' must be a 1-D or 2-D tensor, but got {xt.dim()}-D.")
        if not xt.is_floating_point() and not xt.is_complex():
            xt = xt.to(torch.float32)
        if xt.is_complex() and not wt.is_complex():
            wt = wt.to(xt.dtype)
        elif not xt.is_complex():
            if wt.is_complex():
                xt = xt.to(wt.dtype)
            else:
                wt = wt.to(xt.dtype)
        out = torch.stft(xt, self.n_fft, self.hop_length, self.win_length, wt, center=False,
                         normalized=self.normalized, onesided=self.onesided, return_complex=True)
        return wrap(out if self.return_complex else torch.view_as_real(out))
