"""Further ``mindspore.ops`` functions: random samplers (``gumbel_softmax``, ``laplace``,
``random_gamma``, ``random_poisson``, ``multinomial_with_replacement``), LU/QR helpers, extra losses,
LP pooling / max-unpooling, ``histc``, bounding boxes, ``rms_norm``/``swiglu`` and the in-place tensor
helpers (``zero_``, ``uniform_``, ``clamp_``...). The seeded samplers (``laplace``, ``random_gamma``,
``random_poisson``, ``multinomial_with_replacement``) draw MindSpore's numbers (``common/op_random.py``,
``common/poisson_kernel.py``); the others, and those without a seed, use torch's generator."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .._utils import ms_dtype, wrap, to_tensor, shape_tuple

__all__ = ["gumbel_softmax", "laplace", "random_gamma", "random_poisson", "multinomial_with_replacement", "lstsq",
           "lu_solve", "lu_unpack", "geqrf", "orgqr", "ormqr", "matrix_solve", "pdist", "nextafter", "eps",
           "is_nonzero", "hinge_embedding_loss", "gaussian_nll_loss", "multilabel_soft_margin_loss", "mse_loss_ext",
           "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d", "max_unpool3d", "histc", "approximate_equal",
           "adjoint", "unique_with_pad", "bounding_box_encode", "bounding_box_decode", "check_valid", "baddbmm_ext",
           "einsum_ext", "float_power_ext", "swiglu", "rms_norm", "zero_", "uniform_", "normal_", "clamp_", "tanh_",
           "erfinv_", "put_", "fills", "identity", "reshape_", "eig", "eigvals",
           "ctc_greedy_decoder"]


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """Mirrors ``ops.gumbel_softmax(logits, tau=1.0, hard=False, dim=-1)`` (straight-through one-hot when
    ``hard``)."""
    if tau <= 0:
        raise ValueError(f"For 'gumbel_softmax', 'tau' must be greater than 0, but got {tau}.")
    return tF.gumbel_softmax(logits, tau=tau, hard=hard, dim=dim)


def _shape(op, shape):
    return shape_tuple(op, shape)


def laplace(shape, mean, lambda_param, seed=None):
    """Mirrors ``ops.laplace(shape, mean, lambda_param, seed=None)``: Laplace(mean, lambda_param) samples of
    the broadcast shape, ``StandardLaplace(shape) * lambda_param + mean`` as MindSpore — its numbers with a
    global or op seed (``common/op_random.py``); torch's generator with neither."""
    import ms_compat.common.op_random as op_random
    from .random_func import from_kernel
    mean, lam = to_tensor(mean, torch.float32), to_tensor(lambda_param, torch.float32)
    shp = _shape("laplace", shape)
    seeds = op_random.kernel_seeds(seed, "laplace")
    if seeds is not None:
        rnd = from_kernel(op_random.RandomKernel(*seeds).standard_laplace(shp)).to(mean.device)
        return rnd * lam + mean
    out_shape = torch.broadcast_shapes(shp, mean.shape, lam.shape)
    return wrap(torch.distributions.Laplace(mean.expand(out_shape), lam.expand(out_shape)).sample())


def random_gamma(shape, alpha, seed=None):
    """Mirrors ``ops.random_gamma(shape, alpha, seed=None)``: Gamma(alpha, 1) samples of shape
    ``shape + alpha.shape`` in ``alpha``'s dtype. With a global or op seed MindSpore 2.10's numbers (its
    ``RandomGamma`` kernel, TensorFlow's sampler on Philox: ``common/op_random.py``); torch's generator with
    neither."""
    import ms_compat.common.op_random as op_random
    return _gamma_kernel_samples(shape, alpha, op_random.kernel_seeds(seed, "random_gamma"))


def _gamma_kernel_samples(shape, alpha, seeds, kernel=None):
    """``RandomGamma(*seeds)(shape, alpha)``: a fresh kernel, or ``kernel`` (``[next Philox block]``, kept by a
    Primitive and moved on by 256 blocks per output); torch's generator when ``seeds`` is None."""
    import numpy as np

    import ms_compat.common.op_random as op_random
    from .random_func import from_kernel
    alpha = to_tensor(alpha)
    shp = _shape("random_gamma", shape)
    full = shp + tuple(alpha.shape)
    if seeds is None:
        return wrap(torch._standard_gamma(alpha.expand(full).contiguous()))
    a = alpha.detach().cpu().numpy()
    per_alpha = int(np.prod(shp))
    first = 0
    if kernel is not None:
        first, kernel[0] = kernel[0], kernel[0] + 256 * per_alpha * a.size
    res = op_random.random_gamma(*seeds, first, a.reshape(-1).astype(np.float64), per_alpha)
    return from_kernel(res.reshape(full).astype(a.dtype)).to(alpha.device)


def random_poisson(shape, rate, seed=None, dtype=torch.float32):
    """Mirrors ``ops.random_poisson(shape, rate, seed=None, dtype=mstype.float32)``: Poisson(rate) samples of shape
    ``shape + rate.shape``. With a global or op seed MindSpore 2.10's numbers (its ``RandomPoisson`` kernel, a fresh
    one per call: ``common/poisson_kernel.py``); torch's generator with neither. Difference: a NaN rate raises
    ValueError (MindSpore's kernel never returns)."""
    import ms_compat.common.op_random as op_random
    return _poisson_kernel_samples(shape, rate, dtype, op_random.kernel_seeds(seed, "random_poisson"))


def _poisson_kernel_samples(shape, rate, dtype, seeds, kernel=None):
    """``RandomPoisson(*seeds, dtype)(shape, rate)`` with a fresh kernel, or ``kernel`` (a ``PoissonKernel`` a
    Primitive keeps); torch's generator when ``seeds`` is None."""
    import numpy as np

    from ms_compat.common.poisson_kernel import PoissonKernel
    from ms_compat.common.tensor import run_plain
    from .random_func import from_kernel
    rate = to_tensor(rate)
    _check_poisson_inputs(shape, rate)
    shp = _shape("random_poisson", shape)
    full = shp + tuple(rate.shape)
    out_dtype = ms_dtype("random_poisson", dtype)
    if seeds is None:
        return wrap(torch.poisson(rate.float().expand(full).contiguous()).to(out_dtype))
    kernel = kernel if kernel is not None else PoissonKernel(*seeds)
    per_rate = 1
    for s in shp:
        per_rate *= s
    rates = run_plain(lambda r: r.detach().to("cpu", torch.float64).reshape(-1), rate).numpy()
    res = kernel.samples(rates, per_rate)
    if not out_dtype.is_floating_point:  # the kernel's +inf for an integer output is NumTraits<int>::infinity(): 0
        res[np.isinf(res)] = 0
    out = from_kernel(res.reshape(full))
    return run_plain(lambda o: o.to(rate.device, out_dtype), out)


_POISSON_RATE_DTYPES = (torch.float16, torch.float32, torch.float64, torch.int32, torch.int64)


def _check_poisson_inputs(shape, rate):
    """MindSpore's checks on ``RandomPoisson``'s inputs (its messages)."""
    from ...common.dtype import dtype_str
    if not isinstance(shape, torch.Tensor):
        raise TypeError("For primitive[RandomPoisson], the input argument[shape] must be a type of {Int32, Int64}, "
                        f"but got {type(shape).__name__.capitalize()}.")
    if shape.dtype not in (torch.int32, torch.int64):
        raise TypeError("For primitive[RandomPoisson], the input argument[shape] must be a type of {Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{dtype_str(shape.dtype)}].")
    if rate.dtype not in _POISSON_RATE_DTYPES:
        raise TypeError("For primitive[RandomPoisson], the input argument[rate] must be a type of {Tensor[Float16], "
                        "Tensor[Float32], Tensor[Float64], Tensor[Int32], Tensor[Int64]}, but got "
                        f"Tensor[{dtype_str(rate.dtype)}].")
    if shape.dim() != 1:
        raise ValueError(f"For RandomPoisson, the argument[shape] must be a 1-D tensor, but got {shape.dim()}-D")
    values = shape.tolist()
    if any(v < 0 for v in values):
        raise ValueError("For primitive[RandomPoisson], the attribute[shape] should be a vector with all positive "
                         f"item. but got [{''.join(f'{v}, ' for v in values)}].")


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """Mirrors ``ops.multinomial_with_replacement(x, seed, offset, numsamples, replacement=False)``: int64 indices
    of shape ``x.shape[:-1] + (numsamples,)``. Unless ``seed`` and ``offset`` are both 0 (MindSpore:
    nondeterministic; here torch's generator), MindSpore 2.10's numbers: its kernel starts Philox from
    ``(seed, offset)`` every call, so the same inputs give the same samples (``common/op_random.py``)."""
    return _multinomial_with_replacement(x, seed, offset, numsamples, replacement)


def _multinomial_with_replacement(x, seed, offset, numsamples, replacement, kernel=None):
    """``MultinomialWithReplacement(numsamples, replacement)(x, seed, offset)`` with a fresh kernel, or ``kernel``
    (an ``op_random.MultinomialWithReplacementKernel`` a Primitive keeps)."""
    import numpy as np

    import ms_compat.common.op_random as op_random
    from .random_func import from_kernel
    seed = int(seed.item()) if isinstance(seed, torch.Tensor) else int(seed)
    offset = int(offset.item()) if isinstance(offset, torch.Tensor) else int(offset)
    n = int(numsamples)
    if n <= 0:
        raise ValueError(f"For 'MultinomialWithReplacement', 'numsamples' should be a nonnegative number, but got "
                         f"{n}.")
    if x.dim() not in (1, 2):
        raise ValueError(f"For 'MultinomialWithReplacement', 'x' must have a rank of 1 or 2, but got rank {x.dim()}.")
    if not replacement and n > x.shape[-1]:
        raise ValueError(f"For 'MultinomialWithReplacement', the value of numsamples must equal or less than "
                         f"x_shape[-1], but got {n}.")
    weights = x.detach().cpu().numpy()
    if (weights < 0).any():
        raise ValueError("For 'MultinomialWithReplacement' , each element of 'x' must be equal or greater than 0. ")
    if (weights.reshape(-1, weights.shape[-1]).astype(np.float64).sum(-1) <= 0).any():
        raise ValueError("For 'MultinomialWithReplacement' , the sum of each row of 'x' must be greater than 0. ")
    if seed == 0 and offset == 0:
        return wrap(torch.multinomial(x.float(), n, replacement=replacement))
    if kernel is None:
        out = op_random.multinomial_with_replacement(weights, seed, offset, n, bool(replacement))
    else:
        out = kernel(weights, seed, offset, n, bool(replacement))
    return from_kernel(out.reshape(tuple(x.shape[:-1]) + (n,))).to(x.device)


def lstsq(input, A):
    """Mirrors ``ops.lstsq(input, A)``: least-squares solution ``X`` of ``input @ X = A``."""
    return torch.linalg.lstsq(input, A).solution


def lu_solve(b, LU_data, LU_pivots):
    """Mirrors ``ops.lu_solve(b, LU_data, LU_pivots)``: solves ``A x = b`` from ``torch.linalg.lu_factor``-style
    data (1-based pivots)."""
    return torch.linalg.lu_solve(LU_data, LU_pivots.int(), b)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """Mirrors ``ops.lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True)``: ``(P, L, U)``."""
    p, l, u = torch.lu_unpack(LU_data, LU_pivots.int(), unpack_data=unpack_data, unpack_pivots=unpack_pivots)
    return wrap(p), wrap(l), wrap(u)


def geqrf(input):
    """Mirrors ``ops.geqrf(input)``: LAPACK's ``(a, tau)`` Householder QR."""
    a, tau = torch.geqrf(input)
    return wrap(a), wrap(tau)


def orgqr(input, input2):
    """Mirrors ``ops.orgqr(input, input2)``: explicit Q from ``geqrf`` output."""
    return torch.linalg.householder_product(input, input2)


def ormqr(input, tau, other, left=True, transpose=False):
    """Mirrors ``ops.ormqr(input, tau, other, left=True, transpose=False)``."""
    return torch.ormqr(input, tau, other, left=left, transpose=transpose)


def matrix_solve(matrix, rhs, adjoint=False):
    """Mirrors ``ops.matrix_solve(matrix, rhs, adjoint=False)``."""
    return torch.linalg.solve(matrix.mH if adjoint else matrix, rhs)


def pdist(input, p=2.0):
    """Mirrors ``ops.pdist(input, p=2.0)``: condensed pairwise row distances (batched over leading dims)."""
    if input.dim() == 2:
        return torch.pdist(input, p)
    n = input.shape[-2]
    i, j = torch.triu_indices(n, n, 1)
    return torch.linalg.vector_norm(input[..., i, :] - input[..., j, :], p, dim=-1)


def nextafter(input, other):
    """Mirrors ``ops.nextafter(input, other)``."""
    return torch.nextafter(input, other)


def eps(x):
    """Mirrors ``ops.eps(x)``: a tensor like ``x`` holding its dtype's machine epsilon."""
    return torch.full_like(x, torch.finfo(x.dtype).eps)


def is_nonzero(input):
    """Mirrors ``ops.is_nonzero(input)``: the truth of a one-element tensor (a Python bool)."""
    if input.numel() != 1:
        raise RuntimeError(f"For 'is_nonzero', the input must have exactly one element, but got {input.numel()}.")
    return bool(input.reshape(-1)[0] != 0)


def _red(op, reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"For '{op}', 'reduction' must be in ['mean', 'sum', 'none'], but got {reduction}.")
    return reduction


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    """Mirrors ``ops.hinge_embedding_loss(inputs, targets, margin=1.0, reduction='mean')``."""
    return tF.hinge_embedding_loss(inputs, targets.to(inputs.dtype), margin=float(margin),
                                   reduction=_red("hinge_embedding_loss", reduction))


def gaussian_nll_loss(x, target, var, full=False, eps=1e-06, reduction="mean"):
    """Mirrors ``ops.gaussian_nll_loss(x, target, var, full=False, eps=1e-06, reduction='mean')``."""
    return tF.gaussian_nll_loss(x, target, var, full=full, eps=eps, reduction=_red("gaussian_nll_loss", reduction))


def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    """Mirrors ``ops.multilabel_soft_margin_loss(input, target, weight=None, reduction='mean')``."""
    return tF.multilabel_soft_margin_loss(input, target.to(input.dtype), weight=weight,
                                          reduction=_red("multilabel_soft_margin_loss", reduction))


def mse_loss_ext(input, target, reduction="mean"):
    """Mirrors ``ops.mse_loss_ext(input, target, reduction='mean')``."""
    return tF.mse_loss(input, target, reduction=_red("mse_loss_ext", reduction))


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Mirrors ``ops.lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False)``."""
    return tF.lp_pool1d(x, float(norm_type), kernel_size, stride, ceil_mode)


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Mirrors ``ops.lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False)``."""
    return tF.lp_pool2d(x, float(norm_type), kernel_size, stride, ceil_mode)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirrors ``ops.max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None)``."""
    return tF.max_unpool1d(x, indices.long(), kernel_size, stride, padding, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirrors ``ops.max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None)``."""
    return tF.max_unpool2d(x, indices.long(), kernel_size, stride, padding, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirrors ``ops.max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None)``."""
    return tF.max_unpool3d(x, indices.long(), kernel_size, stride, padding, output_size)


def histc(input, bins=100, min=0.0, max=0.0):
    """Mirrors ``ops.histc(input, bins=100, min=0.0, max=0.0)`` (``min == max`` → data range)."""
    return torch.histc(input.float(), bins=bins, min=min, max=max).to(input.dtype)


def approximate_equal(x, y, tolerance=1e-05):
    """Mirrors ``ops.approximate_equal(x, y, tolerance=1e-05)``: ``|x - y| < tolerance``."""
    return torch.abs(x - y) < tolerance


def adjoint(x):
    """Mirrors ``ops.adjoint(x)``: conjugate transpose of the last two axes."""
    return x.mH.resolve_conj() if x.is_complex() else torch.Tensor.transpose(x, -2, -1)


def unique_with_pad(x, pad_num):
    """Mirrors ``ops.unique_with_pad(x, pad_num)``: ``(unique values in first-seen order padded with
    pad_num to len(x), index of each element into them)`` for 1-D ``x``."""
    vals = x.tolist()
    order, idx = {}, []
    for v in vals:
        if v not in order:
            order[v] = len(order)
        idx.append(order[v])
    uniq = list(order) + [pad_num] * (len(vals) - len(order))
    return wrap(torch.tensor(uniq, dtype=x.dtype)), wrap(torch.tensor(idx, dtype=x.dtype))


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
    """Mirrors ``ops.bounding_box_encode(anchor_box, groundtruth_box, means, stds)``: deltas
    ``(dx, dy, dw, dh)`` of (x1, y1, x2, y2) boxes with MindSpore's ``+1`` pixel widths, normalised."""
    a, g = anchor_box.float(), groundtruth_box.float()
    pw, ph = a[:, 2] - a[:, 0] + 1.0, a[:, 3] - a[:, 1] + 1.0
    px, py = a[:, 0] + 0.5 * pw, a[:, 1] + 0.5 * ph
    gw, gh = g[:, 2] - g[:, 0] + 1.0, g[:, 3] - g[:, 1] + 1.0
    gx, gy = g[:, 0] + 0.5 * gw, g[:, 1] + 0.5 * gh
    d = torch.stack([(gx - px) / pw, (gy - py) / ph, torch.log(gw / pw), torch.log(gh / ph)], -1)
    return ((d - torch.tensor(means)) / torch.tensor(stds)).to(anchor_box.dtype)


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                        wh_ratio_clip=0.016):
    """Mirrors ``ops.bounding_box_decode(anchor_box, deltas, max_shape, means, stds, wh_ratio_clip=0.016)``:
    inverse of ``bounding_box_encode`` (centre ``(x1 + x2) / 2``, size ``x2 - x1 + 1``) with x clipped to
    ``[0, max_shape[1]]`` and y to ``[0, max_shape[0]]``, as measured on MindSpore 2.10."""
    import math
    a = anchor_box.float()
    d = deltas.float() * torch.tensor(stds) + torch.tensor(means)
    clip = abs(math.log(wh_ratio_clip))
    dw, dh = d[:, 2].clamp(-clip, clip), d[:, 3].clamp(-clip, clip)
    pw, ph = a[:, 2] - a[:, 0] + 1.0, a[:, 3] - a[:, 1] + 1.0
    px, py = (a[:, 0] + a[:, 2]) * 0.5, (a[:, 1] + a[:, 3]) * 0.5
    gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
    gw, gh = pw * torch.exp(dw), ph * torch.exp(dh)
    x1, y1 = gx - 0.5 * (gw - 1.0), gy - 0.5 * (gh - 1.0)
    x2, y2 = gx + 0.5 * (gw - 1.0), gy + 0.5 * (gh - 1.0)
    h, w = max_shape[0], max_shape[1]
    out = torch.stack([x1.clamp(0, w), y1.clamp(0, h), x2.clamp(0, w), y2.clamp(0, h)], -1)
    return out.to(anchor_box.dtype)


def check_valid(bboxes, img_metas):
    """Mirrors ``ops.check_valid(bboxes, img_metas)``: whether each (x1, y1, x2, y2) box lies inside the
    image ``(h, w, ratio)`` scaled by ``ratio``."""
    h = img_metas[0] * img_metas[2]
    w = img_metas[1] * img_metas[2]
    b = bboxes
    return (b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1)


def baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1):
    """Mirrors ``ops.baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1)``."""
    return torch.baddbmm(input, batch1, batch2, beta=beta, alpha=alpha)


def einsum_ext(equation, *operands):
    """Mirrors ``ops.einsum_ext(equation, *operands)``."""
    return torch.einsum(equation, *operands)


def float_power_ext(input, exponent):
    """Mirrors ``ops.float_power_ext(input, exponent)`` (float64 result)."""
    return torch.float_power(input, exponent)


def swiglu(input, dim=-1):
    """Mirrors ``ops.swiglu(input, dim=-1)``: ``silu(a) * b`` for the two halves ``a, b`` along ``dim``."""
    a, b = torch.chunk(input, 2, dim)
    return tF.silu(a) * b


def rms_norm(x, gamma, epsilon=1e-06):
    """Mirrors ``ops.rms_norm(x, gamma, epsilon=1e-06)``: ``(x * rsqrt(mean(x**2, -1) + eps) * gamma, rstd)``
    with the mean over the trailing ``gamma.dim()`` axes."""
    dims = tuple(range(x.dim() - gamma.dim(), x.dim()))
    rstd = torch.rsqrt(torch.mean(x.float() ** 2, dim=dims, keepdim=True) + epsilon)
    return (x.float() * rstd * gamma.float()).to(x.dtype), rstd


def zero_(input):
    """Mirrors ``ops.zero_(input)``: fills with 0 in place, returns ``input``."""
    return input.zero_()


def uniform_(input, from_=0, to=1, *, generator=None):
    """Mirrors ``ops.uniform_(input, from_=0, to=1, *, generator=None)`` (in place)."""
    return input.uniform_(from_, to, generator=generator)


def normal_(input, mean=0, std=1, *, generator=None):
    """Mirrors ``ops.normal_(input, mean=0, std=1, *, generator=None)`` (in place)."""
    return input.normal_(mean, std, generator=generator)


def clamp_(input, min=None, max=None):
    """Mirrors ``ops.clamp_(input, min=None, max=None)`` (in place)."""
    return input.clamp_(min, max)


def tanh_(input):
    """Mirrors ``ops.tanh_(input)`` (in place)."""
    return input.tanh_()


def erfinv_(input):
    """Mirrors ``ops.erfinv_(input)`` (in place)."""
    return input.erfinv_()


def put_(input, index, source, accumulate=False):
    """Mirrors ``ops.put_(input, index, source, accumulate=False)``: writes ``source`` at flat ``index`` in place."""
    return input.put_(index.long(), source.to(input.dtype), accumulate=accumulate)


def fills(x, value):
    """Mirrors ``ops.fills(x, value)``: a tensor like ``x`` filled with ``value``."""
    return torch.full_like(x, float(value) if x.is_floating_point() else value)


def identity(x):
    """Mirrors ``ops.identity(x)``: ``x`` itself."""
    return x


def reshape_(input, shape):
    """Mirrors ``ops.reshape_(input, shape)``."""
    return input.reshape(shape_tuple("reshape_", shape))


def eig(A):
    """Mirrors ``ops.eig(A)``: ``(eigenvalues, eigenvectors)`` (complex; LAPACK's order, which may differ from
    MindSpore's)."""
    w, v = torch.linalg.eig(A)
    return wrap(w), wrap(v)


def eigvals(A):
    """Mirrors ``ops.eigvals(A)`` (complex; order may differ from MindSpore's)."""
    return torch.linalg.eigvals(A)


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Mirrors ``ops.ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True)`` (see the
    ``CTCGreedyDecoder`` Primitive)."""
    from ..operations.pool_resize_ops import CTCGreedyDecoder
    return CTCGreedyDecoder(merge_repeated)(inputs, sequence_length)
