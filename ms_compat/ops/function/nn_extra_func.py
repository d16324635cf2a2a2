"""Neural-network functions of ``mindspore.ops`` beyond nn_func: shrink activations, ``threshold``,
``lrn`` (TensorFlow-style local response normalisation), ``clip_by_norm``/``clip_by_global_norm``,
margin and CTC losses, window functions and the ``fft`` family."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .._utils import check_tensor, ms_dtype, wrap

__all__ = ["hardshrink", "soft_shrink", "softshrink", "tanhshrink", "threshold", "lrn", "clip_by_norm",
           "clip_by_global_norm", "multi_margin_loss", "triplet_margin_loss", "multilabel_margin_loss", "ctc_loss",
           "hann_window", "hamming_window", "bartlett_window", "blackman_window", "kaiser_window", "fft", "ifft",
           "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2", "rfftn", "irfftn", "fftshift",
           "ifftshift", "fftfreq", "rfftfreq"]

_REDUCTIONS = ("mean", "sum", "none")


def _reduction(op, reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"For '{op}', the 'reduction' must be in ['mean', 'sum', 'none'], but got {reduction}.")
    return reduction


def hardshrink(input, lambd=0.5):
    """Mirrors ``ops.hardshrink(input, lambd=0.5)``."""
    return tF.hardshrink(input, lambd)


def soft_shrink(input, lambd=0.5):
    """Mirrors ``ops.soft_shrink(input, lambd=0.5)`` (also ``ops.softshrink``)."""
    if lambd < 0:
        raise ValueError(f"For 'SoftShrink', the 'lambd' must be no less than 0, but got {lambd}.")
    return tF.softshrink(input, lambd)


softshrink = soft_shrink


def tanhshrink(input):
    """Mirrors ``ops.tanhshrink(input)``: ``x - tanh(x)``."""
    return tF.tanhshrink(input)


def threshold(input, thr, value):
    """Mirrors ``ops.threshold(input, thr, value)``: ``input`` where ``input > thr``, else ``value``."""
    return tF.threshold(input, thr, value)


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Mirrors ``ops.lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')``
    (TensorFlow's definition, NCHW): ``x / (bias + alpha * sum_{|c'-c|<=r} x[c']**2) ** beta``; unlike
    ``torch.nn.functional.local_response_norm`` ``alpha`` is not divided by the window size."""
    check_tensor("lrn", x, "x")
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"For 'LRN', the 'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region}.")
    r = int(depth_radius)
    sq = (x * x).unsqueeze(1)  # N,1,C,H,W
    pad = tF.pad(sq, (0, 0, 0, 0, r, r))  # zero-pad the channel axis
    s = tF.avg_pool3d(pad, (2 * r + 1, 1, 1), stride=1).squeeze(1) * (2 * r + 1)
    return x / (bias + alpha * s) ** beta


def _norms(tensors, norm_type):
    return torch.stack([torch.linalg.vector_norm(t.float(), norm_type) for t in tensors])


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Mirrors ``ops.clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False)``: ``x`` (a Tensor
    or tuple) scaled by ``min(1, max_norm / (total_norm + 1e-6))``, the total norm taken over all of
    them; returns the same structure. Difference: for odd ``norm_type`` (e.g. 1.0) MindSpore 2.10 CPU sums
    ``x**p`` without taking ``|x|`` (a negative "norm" can flip signs); ms_compat uses the true p-norm."""
    single = isinstance(x, torch.Tensor)
    xs = [x] if single else list(x)
    total = torch.linalg.vector_norm(_norms(xs, norm_type), norm_type)
    if error_if_nonfinite and not bool(torch.isfinite(total)):
        raise RuntimeError(f"For 'clip_by_norm', the total norm of order {norm_type} is non-finite.")
    coef = torch.clamp(max_norm / (total + 1e-6), max=1.0)
    out = [t * coef.to(t.dtype) for t in xs]
    return out[0] if single else tuple(out)


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Mirrors ``ops.clip_by_global_norm(x, clip_norm=1.0, use_norm=None)``: each tensor of the tuple
    ``x`` times ``clip_norm / max(global_norm, clip_norm)``. ``use_norm`` must be None (as in MindSpore)."""
    if use_norm is not None:
        raise ValueError("For '_ClipByGlobalNorm', input 'use_norm' only supports None currently, but got "
                         f"'use_norm': {use_norm}")
    xs = list(x)
    g = torch.sqrt(sum((t.float() ** 2).sum() for t in xs))
    scale = clip_norm / torch.maximum(g, torch.tensor(float(clip_norm)))
    return tuple(t * scale.to(t.dtype) for t in xs)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """Mirrors ``ops.multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction='mean')``."""
    if p not in (1, 2):
        raise ValueError(f"For 'multi_margin_loss', 'p' must be 1 or 2, but got {p}.")
    return tF.multi_margin_loss(input, target.long(), p=p, margin=margin, weight=weight,
                                reduction=_reduction("multi_margin_loss", reduction))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction="mean"):
    """Mirrors ``ops.triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06,
    swap=False, reduction='mean')`` (MindSpore 2.10 has no CPU kernel; formula as documented)."""
    return tF.triplet_margin_loss(anchor, positive, negative, margin=float(margin), p=p, eps=eps, swap=swap,
                                  reduction=_reduction("triplet_margin_loss", reduction))


def multilabel_margin_loss(input, target, reduction="mean"):
    """Mirrors ``ops.multilabel_margin_loss(input, target, reduction='mean')`` (MindSpore 2.10 has no CPU
    kernel; formula as documented: targets after the first -1 are ignored)."""
    return tF.multilabel_margin_loss(input, target.long(), reduction=_reduction("multilabel_margin_loss",
                                                                                reduction))


def _ctc_log_alpha(log_probs, targets, input_lengths, target_lengths, blank):
    """CTC forward variables ``log_alpha`` (N, T, 2*S+1) over the blank-extended targets; entries past
    a sample's input length or extended-target length stay at -inf."""
    t_max, n, _ = log_probs.shape
    s_max = targets.shape[-1] if targets.dim() == 2 else int(target_lengths.max())
    width = 2 * s_max + 1
    neg = float("-inf")
    if targets.dim() == 1:  # concatenated targets
        padded = torch.full((n, s_max), blank, dtype=torch.long)
        off = 0
        for i, ln in enumerate(target_lengths.tolist()):
            padded[i, :ln] = targets[off:off + ln]
            off += ln
        targets = padded
    ext = torch.full((n, width), blank, dtype=torch.long, device=log_probs.device)
    ext[:, 1::2] = targets.long()
    lp = log_probs.permute(1, 0, 2).gather(2, ext.unsqueeze(1).expand(n, t_max, width))  # N,T,W
    s_idx = torch.arange(width, device=log_probs.device)
    valid_s = s_idx.unsqueeze(0) < (2 * target_lengths.long() + 1).unsqueeze(1)
    skip = torch.zeros((n, width), dtype=torch.bool, device=log_probs.device)
    skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
    alphas = []
    a = torch.full((n, width), neg, dtype=log_probs.dtype, device=log_probs.device)
    a[:, 0] = lp[:, 0, 0]
    a[:, 1] = torch.where(target_lengths > 0, lp[:, 0, 1], torch.full_like(lp[:, 0, 1], neg))
    a = torch.where(valid_s, a, torch.full_like(a, neg))
    alphas.append(a)
    for t in range(1, t_max):
        prev = alphas[-1]
        s1 = torch.cat([torch.full((n, 1), neg, dtype=a.dtype), prev[:, :-1]], 1)
        s2 = torch.cat([torch.full((n, 2), neg, dtype=a.dtype), prev[:, :-2]], 1)
        s2 = torch.where(skip, s2, torch.full_like(s2, neg))
        cur = torch.logsumexp(torch.stack([prev, s1, s2]), 0) + lp[:, t]
        active = (t < input_lengths.long()).unsqueeze(1) & valid_s
        alphas.append(torch.where(active, cur, torch.full_like(cur, neg)))
    return torch.stack(alphas, 1)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """Mirrors ``ops.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean',
    zero_infinity=False)``: ``log_probs`` (T, N, C); returns ``(loss, log_alpha)`` as MindSpore does
    (``log_alpha`` (N, T, 2*S+1): the CTC forward variables, -inf where unreachable)."""
    loss = tF.ctc_loss(log_probs, targets.long(), input_lengths.long(), target_lengths.long(), blank=blank,
                       reduction=_reduction("ctc_loss", reduction), zero_infinity=zero_infinity)
    with torch.no_grad():
        log_alpha = _ctc_log_alpha(log_probs.detach(), targets, input_lengths, target_lengths, blank)
    return loss, wrap(log_alpha)


def _window(op, fn, window_length, dtype, default=torch.float32, **kw):
    n = int(window_length.reshape(-1)[0]) if isinstance(window_length, torch.Tensor) else int(window_length)
    return wrap(fn(n, dtype=ms_dtype(op, dtype) or default, **kw))


def hann_window(window_length, periodic=True, *, dtype=None):
    """Mirrors ``ops.hann_window(window_length, periodic=True, *, dtype=None)`` (float64 when ``dtype`` is None,
    as MindSpore 2.10 returns)."""
    return _window("hann_window", torch.hann_window, window_length, dtype, torch.float64, periodic=periodic)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """Mirrors ``ops.hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None)``."""
    return _window("hamming_window", torch.hamming_window, window_length, dtype, periodic=periodic, alpha=alpha,
                   beta=beta)


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """Mirrors ``ops.bartlett_window(window_length, periodic=True, *, dtype=None)``."""
    return _window("bartlett_window", torch.bartlett_window, window_length, dtype, periodic=periodic)


def blackman_window(window_length, periodic=True, *, dtype=None):
    """Mirrors ``ops.blackman_window(window_length, periodic=True, *, dtype=None)``."""
    return _window("blackman_window", torch.blackman_window, window_length, dtype, periodic=periodic)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """Mirrors ``ops.kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None)`` (float64 when
    ``dtype`` is None, as MindSpore 2.10 returns)."""
    return _window("kaiser_window", torch.kaiser_window, window_length, dtype, torch.float64, periodic=periodic,
                   beta=beta)


def _fft1(name):
    f = getattr(torch.fft, name)

    def fn(input, n=None, dim=-1, norm=None):
        if not input.is_floating_point() and not input.is_complex():
            input = input.float()
        return f(input, n=n, dim=dim, norm=norm)
    fn.__name__ = name
    fn.__doc__ = f"Mirrors ``ops.{name}(input, n=None, dim=-1, norm=None)`` (``torch.fft.{name}``)."
    return fn


def _fftn(name, default_dim):
    f = getattr(torch.fft, name)

    def fn(input, s=None, dim=default_dim, norm=None):
        if not input.is_floating_point() and not input.is_complex():
            input = input.float()
        return f(input, s=s, dim=dim, norm=norm)
    fn.__name__ = name
    fn.__doc__ = f"Mirrors ``ops.{name}(input, s=None, dim={default_dim}, norm=None)`` (``torch.fft.{name}``)."
    return fn


fft, ifft, rfft, irfft = _fft1("fft"), _fft1("ifft"), _fft1("rfft"), _fft1("irfft")
fft2, ifft2, rfft2, irfft2 = _fftn("fft2", (-2, -1)), _fftn("ifft2", (-2, -1)), _fftn("rfft2", (-2, -1)), \
    _fftn("irfft2", (-2, -1))
fftn, ifftn, rfftn, irfftn = _fftn("fftn", None), _fftn("ifftn", None), _fftn("rfftn", None), _fftn("irfftn", None)


def fftshift(input, dim=None):
    """Mirrors ``ops.fftshift(input, dim=None)``."""
    return torch.fft.fftshift(input, dim=dim)


def ifftshift(input, dim=None):
    """Mirrors ``ops.ifftshift(input, dim=None)``."""
    return torch.fft.ifftshift(input, dim=dim)


def fftfreq(n, d=1.0, dtype=None):
    """Mirrors ``ops.fftfreq(n, d=1.0, dtype=None)`` (float32 by default)."""
    return wrap(torch.fft.fftfreq(int(n), d=d, dtype=ms_dtype("fftfreq", dtype) or torch.float32))


def rfftfreq(n, d=1.0, dtype=None):
    """Mirrors ``ops.rfftfreq(n, d=1.0, dtype=None)``."""
    return wrap(torch.fft.rfftfreq(int(n), d=d, dtype=ms_dtype("rfftfreq", dtype) or torch.float32))
