"""How a ``mint`` reference is computed when MindSpore 2.10's CPU build has no kernel for the mint op.
Used only by tools/reference/gen_mint.py, under real MindSpore.

``adapters(ms, ops, nn, P)`` returns ``{"<mint path>": (source, callable)}``. The generator re-runs a
failing case with a stand-in ``mint`` whose attributes are these callables (same signature as the mint
function or class), so one case table serves both. ``source`` is recorded per case:

* ``"classic:<op>"`` — the equivalent classic MindSpore op, run under MindSpore (gradients from ``ms.grad``);
* ``"formula"`` — MindSpore's documented formula evaluated in numpy float64 (the result cast to the dtype the
  mint documentation gives; gradients by central finite differences in the generator).
"""
import numpy as np


EXTRA_SOURCES = []  # adapters that switch to a formula for some arguments say so here


def _np(v):
    return v.asnumpy() if hasattr(v, "asnumpy") else v


def adapters(ms, ops, nn, P):  # noqa: C901 - one table
    T = ms.Tensor
    f32, i64 = ms.float32, ms.int64

    def formula(fn, dtype=None):
        """A numpy formula as a mint-signature callable: Tensor args → float64 arrays; result → Tensor."""
        def call(*args, **kwargs):
            a = [_np(x).astype(np.float64) if hasattr(x, "asnumpy") and _np(x).dtype.kind == "f" else _np(x)
                 for x in args]
            k = {n: (ms.dtype_to_nptype(v) if n == "dtype" and v is not None else _np(v)) for n, v in kwargs.items()}
            out = fn(*a, **k)
            # float results in the float dtype of the inputs (float32 unless an input says otherwise)
            fdt = next((_np(x).dtype for x in args if hasattr(x, "asnumpy") and _np(x).dtype.kind == "f"), np.float32)

            def conv(o, d):
                o = np.asarray(o)
                if d is None and o.dtype == np.float64 and k.get("dtype") is None:
                    d = fdt
                return T(o.astype(d)) if d is not None else T(o)
            if isinstance(out, tuple):
                ds = dtype if isinstance(dtype, tuple) else (dtype,) * len(out)
                return tuple(conv(o, d) for o, d in zip(out, ds))
            return conv(out, dtype)
        return ("formula", call)

    def c(desc, fn):
        return ("classic:" + desc, fn)

    def idx(desc, fn):
        """A classic op whose index outputs are int32: mint documents int64."""
        def call(*a, **k):
            out = fn(*a, **k)
            fix = lambda o: o.astype(i64) if o.dtype == ms.int32 else o  # noqa: E731
            return tuple(fix(o) for o in out) if isinstance(out, tuple) else fix(out)
        return ("classic:" + desc, call)

    def same(*names):
        return {n: c("ops." + n, getattr(ops, n)) for n in names}

    def pair(k):
        return tuple(k) if isinstance(k, (tuple, list)) else (k, k)

    # ---- convolution through the classic Conv2D kernel (1d: an extra axis; 3d: ops.conv3d)
    def conv_nd(n, input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
        if n == 1:
            st = stride[0] if isinstance(stride, (tuple, list)) else stride
            dl = dilation[0] if isinstance(dilation, (tuple, list)) else dilation
            pd = padding if isinstance(padding, str) else (padding[0] if isinstance(padding, (tuple, list)) else padding)
            out = conv_nd(2, input.expand_dims(2), weight.expand_dims(2), bias, (1, st),
                          pd if isinstance(pd, str) else (0, pd), (1, dl), groups)
            return out.squeeze(2)
        if isinstance(padding, str):
            kw = {"pad_mode": padding}
        else:
            p = tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * n
            kw = {"pad_mode": "pad", "padding": p}
        f = ops.conv2d if n == 2 else ops.conv3d
        out = f(input, weight, None, stride, dilation=dilation, groups=groups, **kw)
        if bias is not None:
            out = out + bias.reshape((1, -1) + (1,) * n)
        return out

    def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
        s, p, op_, d = pair(stride), pair(padding), pair(output_padding), pair(dilation)
        k = weight.shape[2:]
        n, _, h, w = input.shape
        cout = weight.shape[1] * groups
        size = (n, cout, (h - 1) * s[0] - 2 * p[0] + d[0] * (k[0] - 1) + op_[0] + 1,
                (w - 1) * s[1] - 2 * p[1] + d[1] * (k[1] - 1) + op_[1] + 1)
        prim = P.Conv2DTranspose(cout, k, pad_mode="pad", pad=(p[0], p[0], p[1], p[1]), stride=s, dilation=d, group=groups)
        out = prim(input, weight, size)
        return out + bias.reshape(1, -1, 1, 1) if bias is not None else out

    def pad_np(x, pad, mode="constant", value=None):
        widths = [(0, 0)] * x.ndim
        for i in range(len(pad) // 2):
            widths[x.ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
        if mode == "constant":
            return np.pad(x, widths, "constant", constant_values=0.0 if value is None else value)
        return np.pad(x, widths, {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}[mode])

    pad_formula = formula(pad_np)[1]

    def pad_fn(input, pad, mode="constant", value=None):
        return pad_formula(input, tuple(pad), mode, value)

    def adaptive_np(x, output_size, fn, nd):
        out_sz = tuple(output_size) if isinstance(output_size, (tuple, list)) else (output_size,) * nd
        in_sz = x.shape[-nd:]
        res = np.zeros(x.shape[:-nd] + out_sz)
        for o in np.ndindex(*out_sz):
            sl = tuple(slice(int(np.floor(o[d] * in_sz[d] / out_sz[d])), int(np.ceil((o[d] + 1) * in_sz[d] / out_sz[d])))
                       for d in range(nd))
            res[(Ellipsis,) + o] = fn(x[(Ellipsis,) + sl], axis=tuple(range(-nd, 0)))
        return res

    def conv_transpose2d_np(x, w, b=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
        s, p, op_, d = pair(stride), pair(padding), pair(output_padding), pair(dilation)
        n, cin, h, wd = x.shape
        _, cout_g, kh, kw = w.shape
        H = (h - 1) * s[0] + d[0] * (kh - 1) + 1 + op_[0]
        W = (wd - 1) * s[1] + d[1] * (kw - 1) + 1 + op_[1]
        out = np.zeros((n, cout_g * groups, H, W))
        cg = cin // groups
        for g in range(groups):
            xs, ws = x[:, g * cg:(g + 1) * cg], w[g * cg:(g + 1) * cg]
            for i in range(kh):
                for j in range(kw):
                    contrib = np.einsum("ncij,co->noij", xs, ws[:, :, i, j])
                    out[:, g * cout_g:(g + 1) * cout_g, i * d[0]:i * d[0] + (h - 1) * s[0] + 1:s[0],
                        j * d[1]:j * d[1] + (wd - 1) * s[1] + 1:s[1]] += contrib
        out = out[:, :, p[0]:H - p[0] + 0, p[1]:W - p[1]]
        out = out[:, :, :H - 2 * p[0], :W - 2 * p[1]] if p[0] or p[1] else out
        return out + b.reshape(1, -1, 1, 1) if b is not None else out

    from math import erf as _erf
    erf_np = np.vectorize(_erf)

    def conv_tbc_np(x, w, b, pad=0):
        xp = np.pad(x, ((pad, pad), (0, 0), (0, 0)))
        k = w.shape[0]
        return sum(np.einsum("tbc,co->tbo", xp[i:i + xp.shape[0] - k + 1], w[i]) for i in range(k)) + b

    def gather_stats_np(x, mean, invstd, rm=None, rv=None, momentum=0.1, eps=1e-5, counts=None):
        var_i = 1 / invstd ** 2 - eps
        total = counts.sum()
        mu = (mean * counts[:, None]).sum(0) / total
        var = ((var_i + mean ** 2) * counts[:, None]).sum(0) / total - mu ** 2
        return mu, 1 / np.sqrt(var + eps)

    def avg(nd):
        f = {1: ops.avg_pool1d, 2: ops.avg_pool2d, 3: ops.avg_pool3d}[nd]

        def avg_pool(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                     divisor_override=None):
            kw = {} if nd == 1 else {"divisor_override": divisor_override or 0}
            return f(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                     count_include_pad, **kw)
        return avg_pool

    def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
        return ops.max_pool2d(input, kernel_size, stride, padding, dilation, return_indices, ceil_mode)

    def cubic_w(t, A=-0.75):
        t = np.abs(t)
        return np.where(t <= 1, ((A + 2) * t - (A + 3)) * t * t + 1,
                        np.where(t < 2, ((A * t - 5 * A) * t + 8 * A) * t - 4 * A, 0.0))

    def bicubic_np(x, size, align_corners=False):
        """Cubic convolution (A = -0.75) along H then W, borders clamped: the documented bicubic mode."""
        for axis, out_n in ((2, size[0]), (3, size[1])):
            in_n = x.shape[axis]
            d = np.arange(out_n, dtype=np.float64)
            if align_corners:
                src = d * ((in_n - 1) / (out_n - 1) if out_n > 1 else 0.0)
            else:
                src = (d + 0.5) * (in_n / out_n) - 0.5
            i0 = np.floor(src).astype(int)
            t = src - i0
            acc = 0
            for k in range(-1, 3):
                idx = np.clip(i0 + k, 0, in_n - 1)
                w = cubic_w(t - k).reshape([-1 if a == axis else 1 for a in range(x.ndim)])
                acc = acc + np.take(x, idx, axis=axis) * w
            x = acc
        return x

    bicubic_formula = formula(lambda x, size, align_corners=False: bicubic_np(x, size, align_corners))[1]

    def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        if scale_factor is not None and mode != "nearest":
            # an integral scale: the output size gives the same sampling grid
            nd = input.ndim - 2
            sf = scale_factor if isinstance(scale_factor, (tuple, list)) else (scale_factor,) * nd
            size, scale_factor = tuple(int(input.shape[2 + i] * sf[i]) for i in range(nd)), None
        if mode == "bicubic":  # MindSpore's classic ResizeBicubic uses another kernel: the formula instead
            EXTRA_SOURCES.append("formula")
            return bicubic_formula(input, tuple(size), bool(align_corners))
        return ops.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)

    def batch_norm_np(x, rm, rv, w=None, b=None, training=False, momentum=0.1, eps=1e-5):
        axes = tuple(i for i in range(x.ndim) if i != 1)
        shape = [1, -1] + [1] * (x.ndim - 2)
        if training:
            mean, var = x.mean(axes), x.var(axes)
            n = x.size / x.shape[1]
            new_rm = (1 - momentum) * rm + momentum * mean if rm is not None else None
            new_rv = (1 - momentum) * rv + momentum * var * n / (n - 1) if rv is not None else None
        else:
            mean, var, new_rm, new_rv = rm, rv, rm, rv
        y = (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps)
        if w is not None:
            y = y * w.reshape(shape)
        if b is not None:
            y = y + b.reshape(shape)
        return y, new_rm, new_rv

    bn_formula = formula(lambda *a, **k: batch_norm_np(*a, **k))[1]

    def batch_norm_inplace(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1,
                           eps=1e-5):
        """The formula, with the running statistics updated in place as the mint op does in training."""
        y, rm, rv = bn_formula(input, running_mean, running_var, weight, bias, training, momentum, eps)
        if training:
            running_mean.assign_value(rm.astype(running_mean.dtype))
            running_var.assign_value(rv.astype(running_var.dtype))
        return y

    def layer_norm_np(x, normalized_shape, weight=None, bias=None, eps=1e-5):
        axes = tuple(range(x.ndim - len(tuple(normalized_shape)), x.ndim))
        y = (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + eps)
        return y * (1 if weight is None else weight) + (0 if bias is None else bias)

    def group_norm_np(x, g, w=None, b=None, eps=1e-5):
        n, cc = x.shape[:2]
        r = x.reshape(n, g, -1)
        y = ((r - r.mean(-1, keepdims=True)) / np.sqrt(r.var(-1, keepdims=True) + eps)).reshape(x.shape)
        shape = [1, -1] + [1] * (x.ndim - 2)
        return y * w.reshape(shape) + b.reshape(shape)

    def reduce(v, reduction):
        return v.mean() if reduction == "mean" else v.sum() if reduction == "sum" else v

    def kl_div_np(x, y, reduction="mean", log_target=False):
        v = np.exp(y) * (y - x) if log_target else np.where(y > 0, y * (np.log(np.where(y > 0, y, 1)) - x), 0)
        return v.sum() / x.shape[0] if reduction == "batchmean" else reduce(v, reduction)

    def cosine_embedding_np(a, b, t, margin=0.0, reduction="mean"):
        cos = (a * b).sum(-1) / np.sqrt(((a * a).sum(-1) + 1e-12) * ((b * b).sum(-1) + 1e-12))
        return reduce(np.where(t == 1, 1 - cos, np.maximum(0, cos - margin)), reduction)

    def unique_np(x, sorted=True, return_inverse=False, return_counts=False, dim=None):
        u, inv, cnt = np.unique(x, return_inverse=True, return_counts=True)
        out = (u,) + ((inv.reshape(x.shape),) if return_inverse else ()) + ((cnt,) if return_counts else ())
        return out if len(out) > 1 else u

    def unique_consecutive_np(x, return_inverse=False, return_counts=False, dim=None):
        keep = np.concatenate([[True], x[1:] != x[:-1]])
        u = x[keep]
        inv = np.cumsum(keep) - 1
        cnt = np.diff(np.append(np.nonzero(keep)[0], len(x)))
        out = (u,) + ((inv,) if return_inverse else ()) + ((cnt,) if return_counts else ())
        return out if len(out) > 1 else u

    def softmax_dim(x, dim):
        return dim if dim is not None else (0 if x.ndim in (0, 1, 3) else 1)

    def log_softmax_np(x, dim=None, dtype=None):
        d = softmax_dim(x, dim)
        z = x - x.max(d, keepdims=True)
        return z - np.log(np.exp(z).sum(d, keepdims=True))

    def median_np(x, dim=None, keepdim=False):
        if dim is None:
            return np.sort(x.reshape(-1))[(x.size - 1) // 2]
        idx = np.argsort(x, dim, kind="stable")
        k = (x.shape[dim] - 1) // 2
        i = np.take(idx, [k], dim)
        v = np.take_along_axis(x, i, dim)
        return (v if keepdim else v.squeeze(dim)), (i if keepdim else i.squeeze(dim))

    def std_np(x, dim=None, correction=1, keepdim=False):
        return np.sqrt(x.var(axis=dim, ddof=correction, keepdims=keepdim))

    def norm_np(x, p="fro", dim=None, keepdim=False, dtype=None):
        if p == "fro" or p is None:
            p = 2
        a = np.abs(x)
        if p == float("inf"):
            return a.max(axis=dim, keepdims=keepdim)
        return (a ** p).sum(axis=dim, keepdims=keepdim) ** (1.0 / p)

    def matrix_norm_np(A, ord="fro", dim=(-2, -1), keepdim=False, dtype=None):
        if ord == "fro":
            return np.sqrt((A * A).sum(axis=tuple(dim), keepdims=keepdim))
        return np.linalg.norm(A, ord, axis=tuple(dim), keepdims=keepdim)

    def linalg_norm_np(A, ord=None, dim=None, keepdim=False, dtype=None):
        if dim is None and ord is None:
            return np.sqrt((A * A).sum())
        return np.linalg.norm(A, ord, axis=dim, keepdims=keepdim)

    def triangular_solve_np(b, A, upper=True, transpose=False, unitriangular=False):
        M = np.triu(A) if upper else np.tril(A)
        if unitriangular:
            M = M - np.diag(np.diag(M)) + np.eye(len(M))
        if transpose:
            M = M.T
        return np.linalg.solve(M, b), M if not transpose else M.T

    def histc_np(x, bins=100, min=0, max=0):
        lo, hi = (x.min(), x.max()) if min == 0 and max == 0 else (min, max)
        return np.histogram(x, bins, (lo, hi))[0].astype(x.dtype)  # the input's dtype (documented example)

    def scatter_add_np(x, dim, index, src):
        out = x.copy()
        for idx in np.ndindex(index.shape):
            tgt = list(idx)
            tgt[dim] = index[idx]
            out[tuple(tgt)] += src[idx]
        return out

    def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        if target.dtype not in (ms.float16, ms.float32, ms.float64):
            target = target.astype(ms.int32)
        return ops.cross_entropy(input, target, weight, ignore_index, reduction, label_smoothing)

    def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
        return ops.nll_loss(input, target.astype(ms.int32), weight, ignore_index, reduction)

    def one_hot(tensor, num_classes=-1):
        n = int(tensor.max().asnumpy()) + 1 if num_classes == -1 else num_classes
        return ops.one_hot(tensor, n, T(1, i64), T(0, i64))

    def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
        return ops.fold(input, T(list(pair(output_size)), ms.int32), kernel_size, dilation, padding, stride)

    def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
        return ops.gather(weight, input, 0)

    fns = {
        **same("acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "asin", "asinh",
               "atan", "atan2", "log2", "log10", "logaddexp", "logaddexp2", "exp2", "frac", "isneginf", "inverse",
               "trace", "tril", "equal", "bitwise_or", "bitwise_xor", "mv", "outer"),
        # counts are integers (documented examples); weighted counts take the weights' dtype
        "bincount": c("ops.bincount", lambda x, weights=None, minlength=0: ops.bincount(x, weights, minlength).astype(
            i64 if weights is None else weights.dtype)),
        "bitwise_not": c("ops.invert", ops.invert),
        "clone": c("ops.deepcopy", ops.deepcopy),
        "mm": c("ops.matmul", ops.matmul),
        "dot": c("ops.matmul", lambda a, b: ops.matmul(a, b)),
        "addmm": c("ops.matmul", lambda i, a, b, *, beta=1, alpha=1: beta * i + alpha * ops.matmul(a, b)),
        "addbmm": c("ops.bmm", lambda i, a, b, *, beta=1, alpha=1: beta * i + alpha * ops.bmm(a, b).sum(0)),
        "baddbmm": c("ops.bmm", lambda i, a, b, *, beta=1, alpha=1: beta * i + alpha * ops.bmm(a, b)),
        "addmv": c("ops.mv", lambda i, a, v, *, beta=1, alpha=1: beta * i + alpha * ops.mv(a, v)),
        "addcdiv": c("ops.div", lambda i, a, b, *, value=1: i + value * ops.div(a, b)),
        "addcmul": c("ops.mul", lambda i, a, b, *, value=1: i + value * ops.mul(a, b)),
        "argmax": idx("ops.argmax", lambda input, dim=None, keepdim=False: ops.argmax(input, dim, keepdim)),
        "argmin": idx("ops.argmin", lambda input, dim=None, keepdim=False: ops.argmin(input, dim, keepdim)),
        "argsort": idx("ops.argsort", lambda input, dim=-1, descending=False, stable=False: ops.argsort(input, dim, descending)),
        "sort": idx("ops.sort", lambda input, *, dim=-1, descending=False, stable=False: ops.sort(input, dim, descending)),
        "topk": idx("ops.topk", ops.topk),
        "cumsum": c("ops.cumsum", lambda input, dim, dtype=None: ops.cumsum(input, dim, dtype)),
        "cummin": idx("ops.cummin", ops.cummin),
        "count_nonzero": idx("ops.count_nonzero", lambda input, dim=None: ops.count_nonzero(input, () if dim is None else dim)),
        "index_select": c("ops.index_select", ops.index_select),
        "stack": c("ops.stack", ops.stack),
        "repeat_interleave": c("ops.repeat_interleave", lambda input, repeats, dim=None, *, output_size=None:
                               ops.repeat_interleave(input, repeats, dim)),
        "logsumexp": c("ops.logsumexp", ops.logsumexp),
        "conv2d": c("ops.conv2d", lambda *a, **k: conv_nd(2, *a, **k)),
        "ones_like": c("ops.ones_like", lambda input, *, dtype=None: ops.ones_like(input, dtype=dtype)),
        "zeros_like": c("ops.zeros_like", lambda input, *, dtype=None: ops.zeros_like(input, dtype=dtype)),
        "full_like": formula(lambda x, v, dtype=None: np.full(x.shape, v).astype(np.asarray(x).dtype)),
        # creation: mint's documented dtype rules (int -> int64, float -> float32, bool -> bool)
        "full": formula(lambda size, v, dtype=None: np.full(size, v, dtype=dtype or
                        (np.bool_ if isinstance(v, (bool, np.bool_)) else np.int64 if isinstance(v, int) else np.float32))),
        "arange": formula(lambda start=0, end=None, step=1, dtype=None: np.arange(start, end, step).astype(
            dtype or (np.int64 if all(isinstance(v, int) for v in (start, end, step) if v is not None)
                      else np.float32))),
        "linspace": formula(lambda start, end, steps, dtype=None: np.linspace(start, end, steps).astype(dtype or np.float32)),
        "diag": formula(lambda x, diagonal=0: np.diag(x, diagonal)),
        "roll": formula(lambda x, shifts, dims=None: np.roll(x, shifts, dims)),
        "take": formula(lambda x, i: np.take(x, i)),
        "nonzero": formula(lambda x, as_tuple=False: tuple(v.astype(np.int64) for v in np.nonzero(x)) if as_tuple
                           else np.argwhere(x).astype(np.int64)),
        "where": formula(lambda c_, x=None, y=None: tuple(v.astype(np.int64) for v in np.nonzero(c_)) if x is None
                         else np.where(c_, x, y)),
        "unique": formula(unique_np),
        "unique_consecutive": formula(unique_consecutive_np),
        "median": formula(median_np),
        "std": formula(std_np),
        "var": formula(lambda x, dim=None, correction=1, keepdim=False: x.var(axis=dim, ddof=correction, keepdims=keepdim)),
        "std_mean": formula(lambda x, dim=None, correction=1, keepdim=False: (std_np(x, dim, correction, keepdim),
                                                                             x.mean(axis=dim, keepdims=keepdim))),
        "var_mean": formula(lambda x, dim=None, correction=1, keepdim=False: (x.var(axis=dim, ddof=correction, keepdims=keepdim),
                                                                             x.mean(axis=dim, keepdims=keepdim))),
        "norm": formula(norm_np),
        "histc": formula(histc_np),
        "scatter_add": formula(scatter_add_np),
        "triangular_solve": formula(triangular_solve_np),
        "batch_norm_stats": formula(lambda x, eps: (x.mean((0, 2, 3)), 1 / np.sqrt(x.var((0, 2, 3)) + eps))),
        "batch_norm_elemt": formula(lambda x, w, b, mu, iv, eps=1e-5: (x - mu.reshape(1, -1, 1, 1)) * iv.reshape(1, -1, 1, 1)
                                    * w.reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1)),
        "linalg.inv": formula(np.linalg.inv),
        "linalg.vector_norm": formula(lambda x, ord=2, dim=None, keepdim=False, dtype=None: norm_np(x, ord, dim, keepdim)),
        "linalg.matrix_norm": formula(matrix_norm_np),
        "linalg.norm": formula(linalg_norm_np),
        "linalg.qr": formula(lambda A, mode="reduced": np.linalg.qr(A, mode)),
        "special.exp2": c("ops.exp2", ops.exp2),
        "special.log_softmax": formula(log_softmax_np),
        # ---- nn.functional
        "nn.functional.adaptive_avg_pool2d": c("ops.adaptive_avg_pool2d", ops.adaptive_avg_pool2d),
        "nn.functional.adaptive_avg_pool3d": c("ops.adaptive_avg_pool3d", ops.adaptive_avg_pool3d),
        "nn.functional.avg_pool1d": c("ops.avg_pool1d", avg(1)),
        "nn.functional.avg_pool2d": c("ops.avg_pool2d", avg(2)),
        "nn.functional.avg_pool3d": c("ops.avg_pool3d", avg(3)),
        "nn.functional.max_pool2d": idx("ops.max_pool2d", max_pool2d),
        "nn.functional.max_unpool2d": c("ops.max_unpool2d", ops.max_unpool2d),
        "nn.functional.batch_norm": ("formula", batch_norm_inplace),
        "nn.functional.conv2d": c("ops.conv2d", lambda *a, **k: conv_nd(2, *a, **k)),
        "nn.functional.conv1d": c("ops.conv2d", lambda *a, **k: conv_nd(1, *a, **k)),
        "nn.functional.conv3d": c("ops.conv3d", lambda *a, **k: conv_nd(3, *a, **k)),
        "nn.functional.cross_entropy": c("ops.cross_entropy", cross_entropy),
        "nn.functional.nll_loss": c("ops.nll_loss", nll_loss),
        "nn.functional.embedding": c("ops.gather", embedding),
        "nn.functional.fold": c("ops.fold", fold),
        "nn.functional.unfold": c("ops.unfold", ops.unfold),
        "nn.functional.gelu": c("ops.gelu", lambda x, *, approximate="none": ops.gelu(x, approximate)),
        "nn.functional.hardtanh": c("ops.hardtanh", lambda x, min_val=-1.0, max_val=1.0, inplace=False:
                                    ops.hardtanh(x, min_val, max_val)),
        "nn.functional.relu6": c("ops.relu6", lambda x, inplace=False: ops.relu6(x)),
        # MindSpore 2.10's CPU SeLU gradient is wrong for x < 0: the documented formula instead
        "nn.functional.selu": formula(lambda x: 1.0507009873554805 * np.where(
            x > 0, x, 1.6732632423543772 * (np.exp(x) - 1))),
        "nn.functional.mish": c("ops.mish", ops.mish),
        "nn.functional.logsigmoid": c("ops.logsigmoid", ops.logsigmoid),
        "nn.functional.leaky_relu": c("ops.leaky_relu", lambda x, negative_slope=0.01: ops.leaky_relu(x, negative_slope)),
        "nn.functional.threshold": c("ops.threshold", lambda x, t, v, inplace=False: ops.threshold(x, t, v)),
        "nn.functional.log_softmax": formula(log_softmax_np),
        "nn.functional.interpolate": c("ops.interpolate", interpolate),
        "nn.functional.upsample": c("ops.interpolate", lambda input, size=None, scale_factor=None, mode="nearest",
                                    align_corners=None: interpolate(input, size, scale_factor, mode, align_corners)),
        "nn.functional.pad": ("formula", pad_fn),
        "nn.functional.adaptive_avg_pool1d": formula(lambda x, o: adaptive_np(x, o, np.mean, 1)),
        "nn.functional.adaptive_max_pool1d": formula(lambda x, o, return_indices=False: adaptive_np(x, o, np.max, 1)),
        "nn.functional.elu": formula(lambda x, alpha=1.0, inplace=False: np.where(x > 0, x, alpha * (np.exp(x) - 1))),
        "nn.functional.conv_transpose2d": formula(conv_transpose2d_np),
        "nn.functional.softplus": formula(lambda x, beta=1, threshold=20: np.where(
            beta * x > threshold, x, np.log1p(np.exp(beta * x)) / beta)),
        "vdot": formula(lambda a, b: (np.conj(a) * b).sum()),
        "einsum": formula(lambda eq, *xs: np.einsum(eq, *xs)),
        "conv_tbc": formula(conv_tbc_np),
        "npu_gelu": formula(lambda x, approximate="none": 0.5 * x * (1 + erf_np(x / np.sqrt(2)))),
        "round": formula(lambda x, decimals=0: np.round(x, decimals)),
        "searchsorted": formula(lambda s_, v, out_int32=False, right=False, side=None, sorter=None: np.searchsorted(
            s_, v, "right" if right or side == "right" else "left").astype(np.int32 if out_int32 else np.int64)),
        "batch_norm_gather_stats_with_counts": formula(gather_stats_np),
        "nn.functional.one_hot": c("ops.one_hot", one_hot),
        "nn.functional.layer_norm": formula(layer_norm_np),
        "nn.functional.group_norm": formula(group_norm_np),
        "nn.functional.normalize": formula(lambda x, p=2.0, dim=1, eps=1e-12: x / np.maximum(
            (np.abs(x) ** p).sum(dim, keepdims=True) ** (1 / p), eps)),
        "nn.functional.l1_loss": c("ops.abs", lambda x, y, reduction="mean": reduce(ops.abs(x - y), reduction)),
        "nn.functional.mse_loss": c("ops.square", lambda x, y, reduction="mean": reduce(ops.square(x - y), reduction)),
        "nn.functional.soft_margin_loss": formula(lambda x, y, reduction="mean": reduce(np.log1p(np.exp(-y * x)), reduction)),
        "nn.functional.kl_div": formula(kl_div_np),
        "nn.functional.cosine_embedding_loss": formula(cosine_embedding_np),
        "nn.functional.dropout2d": formula(lambda x, p=0.5, training=True, inplace=False: x),
    }

    # ---- random functions (only shape and dtype are compared): numpy draws, mint's documented dtypes
    rs = np.random.RandomState(0)

    def size_of(size):
        return tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else tuple(size)

    def npd(dtype, default):
        return ms.dtype_to_nptype(dtype) if dtype is not None else default

    def rand_like_(x, dtype=None, device=None, fn=None):
        return T(fn(x.shape).astype(npd(dtype, ms.dtype_to_nptype(x.dtype))))

    def randint_(*args, generator=None, dtype=None, device=None):
        low, high, size = (0,) + tuple(args) if len(args) == 2 else args
        return T(rs.randint(low, high, size).astype(npd(dtype, np.int64)))

    fns.update({
        "rand": ("formula", lambda *size, generator=None, dtype=None, device=None:
                 T(rs.rand(*size_of(size)).astype(npd(dtype, np.float32)))),
        "randn": ("formula", lambda *size, generator=None, dtype=None, device=None:
                  T(rs.randn(*size_of(size)).astype(npd(dtype, np.float32)))),
        "randint": ("formula", randint_),
        "randperm": ("formula", lambda n, *, generator=None, dtype=ms.int64: T(rs.permutation(n).astype(npd(dtype, np.int64)))),
        "rand_like": ("formula", lambda x, *, dtype=None, device=None: rand_like_(x, dtype, fn=lambda s_: rs.rand(*s_))),
        "randn_like": ("formula", lambda x, *, dtype=None, device=None: rand_like_(x, dtype, fn=lambda s_: rs.randn(*s_))),
        "randint_like": ("formula", lambda x, low, high=None, *, dtype=None, device=None: T(
            rs.randint(0 if high is None else low, low if high is None else high, x.shape).astype(
                npd(dtype, ms.dtype_to_nptype(x.dtype))))),
        "normal": ("formula", lambda mean=0.0, std=1.0, size=None, generator=None: T(
            (rs.randn(*np.broadcast(_np(mean), _np(std)).shape) if size is None else rs.randn(*size)).astype(np.float32))),
        "bernoulli": ("formula", lambda x, *, generator=None: T((rs.rand(*x.shape) < _np(x)).astype(
            ms.dtype_to_nptype(x.dtype)))),
        "multinomial": ("formula", lambda x, n, replacement=False, *, generator=None: T(
            np.zeros(x.shape[:-1] + (n,), np.int64))),
        "nn.functional.dropout": ("formula", lambda x, p=0.5, training=True, inplace=False: T(
            (_np(x) * (rs.rand(*x.shape) >= p) / (1 - p)).astype(ms.dtype_to_nptype(x.dtype)))),
    })

    # ---- nn layers: Cells with mint's parameter names whose construct uses the adapters above
    def fn_layer(desc_fn, **fixed):
        src, f = desc_fn

        def make(*args, **kwargs):
            class _L(ms.nn.Cell):
                def construct(self, *xs):
                    return f(*xs, *args, **{**fixed, **kwargs})
            return _L()
        return (src, make)

    def conv_layer(n, transposed=False):
        def make(in_channels, out_channels, kernel_size, stride=1, padding=0, *rest, **kw):
            names = (["output_padding", "groups", "bias", "dilation", "padding_mode", "dtype"] if transposed else
                     ["dilation", "groups", "bias", "padding_mode", "dtype"])
            cfg = {"output_padding": 0, "groups": 1, "bias": True, "dilation": 1, "padding_mode": "zeros"}
            cfg.update(dict(zip(names, rest)))
            cfg.update(kw)
            k = tuple(kernel_size) if isinstance(kernel_size, (tuple, list)) else (kernel_size,) * n
            g = cfg["groups"]

            class _Conv(ms.nn.Cell):
                def __init__(self):
                    super().__init__()
                    shape = (in_channels, out_channels // g) + k if transposed else (out_channels, in_channels // g) + k
                    self.weight = ms.Parameter(T(np.zeros(shape, np.float32)), "weight")
                    self.bias = ms.Parameter(T(np.zeros(out_channels, np.float32)), "bias") if cfg["bias"] else None

                def construct(self, x, output_size=None):
                    if transposed:
                        op = cfg["output_padding"]
                        if output_size is not None:
                            s, p = pair(stride), pair(padding)
                            op = tuple(output_size[i] - ((x.shape[2 + i] - 1) * s[i] - 2 * p[i] + (k[i] - 1) + 1)
                                       for i in range(2))
                        return fns["nn.functional.conv_transpose2d"][1](x, self.weight, self.bias, stride, padding, op, g,
                                                                         cfg["dilation"])
                    pad = padding
                    if cfg["padding_mode"] != "zeros":
                        d = cfg["dilation"]
                        d = tuple(d) if isinstance(d, (tuple, list)) else (d,) * n
                        if isinstance(padding, str):
                            rp = []
                            for i in range(n - 1, -1, -1):
                                tot = d[i] * (k[i] - 1)
                                rp += [tot // 2, tot - tot // 2]
                        else:
                            pp = tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * n
                            rp = [v for v in reversed(pp) for _ in range(2)]
                        x = ops.pad(x, tuple(rp), cfg["padding_mode"])
                        pad = 0
                    return conv_nd(n, x, self.weight, self.bias, stride, pad, cfg["dilation"], g)
            return _Conv()
        return ("formula" if transposed else "classic:" + ("ops.conv2d" if n < 3 else "ops.conv3d"), make)

    def bn_layer(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
        class _BN(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                z, o = np.zeros(num_features, np.float32), np.ones(num_features, np.float32)
                self.weight = ms.Parameter(T(o), "weight") if affine else None
                self.bias = ms.Parameter(T(z), "bias") if affine else None
                if track_running_stats:
                    self.running_mean = ms.Parameter(T(z), "running_mean", requires_grad=False)
                    self.running_var = ms.Parameter(T(o), "running_var", requires_grad=False)
                else:
                    self.running_mean = self.running_var = None
                self.count = 0

            def construct(self, x):
                training = self.training or self.running_mean is None
                factor = momentum
                if self.training and self.running_mean is not None:
                    self.count += 1
                    if momentum is None:
                        factor = 1.0 / self.count
                shape = (1, -1) + (1,) * (x.ndim - 2)
                axes = tuple(i for i in range(x.ndim) if i != 1)
                if training:
                    mean = x.mean(axes)
                    var = ((x - mean.reshape(shape)) ** 2).mean(axes)
                    if self.running_mean is not None and self.training:
                        n = x.size / x.shape[1]
                        self.running_mean.set_data((1 - factor) * self.running_mean + factor * mean)
                        self.running_var.set_data((1 - factor) * self.running_var + factor * var * n / (n - 1))
                else:
                    mean, var = self.running_mean, self.running_var
                y = (x - mean.reshape(shape)) / ops.sqrt(var.reshape(shape) + eps)
                if self.weight is not None:
                    y = y * self.weight.reshape(shape) + self.bias.reshape(shape)
                return y
        return _BN()

    def ln_layer(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None):
        ns = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)

        class _LN(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.weight = ms.Parameter(T(np.ones(ns, np.float32)), "weight")
                self.bias = ms.Parameter(T(np.zeros(ns, np.float32)), "bias") if bias else None

            def construct(self, x):
                axes = tuple(range(x.ndim - len(ns), x.ndim))
                mu = x.mean(axes, keep_dims=True)
                var = ((x - mu) ** 2).mean(axes, keep_dims=True)
                y = (x - mu) / ops.sqrt(var + eps) * self.weight
                return y + self.bias if self.bias is not None else y
        return _LN()

    def emb_layer(num_embeddings, embedding_dim, padding_idx=None, *a, **k):
        class _E(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.weight = ms.Parameter(T(np.zeros((num_embeddings, embedding_dim), np.float32)), "weight")

            def construct(self, i):
                return ops.gather(self.weight, i, 0)
        return _E()

    def pad_layer(n, mode, with_value=True):  # noqa: ARG001
        def make(padding, value=0.0):
            p = tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * (2 * n)

            class _P(ms.nn.Cell):
                def construct(self, x):
                    return pad_fn(x, p, mode, value if mode == "constant" else None)
            return _P()
        return ("formula", make)

    def loss_layer(key, *names):
        src, f = fns["nn.functional." + key]

        def make(*args, **kwargs):
            cfg = dict(zip(names, args))
            cfg.update(kwargs)

            class _Loss(ms.nn.Cell):
                def construct(self, *xs):
                    return f(*xs, **cfg)
            return _Loss()
        return (src, make)

    F = lambda k: fns["nn.functional." + k]  # noqa: E731
    fns.update({
        "nn.Conv1d": conv_layer(1), "nn.Conv2d": conv_layer(2), "nn.Conv3d": conv_layer(3),
        "nn.ConvTranspose2d": conv_layer(2, True),
        "nn.BatchNorm1d": ("formula", bn_layer), "nn.BatchNorm2d": ("formula", bn_layer),
        "nn.BatchNorm3d": ("formula", bn_layer),
        "nn.LayerNorm": ("formula", ln_layer), "nn.Embedding": ("classic:ops.gather", emb_layer),
        "nn.ReLU6": fn_layer(F("relu6")), "nn.SELU": fn_layer(F("selu")), "nn.Mish": fn_layer(F("mish")),
        "nn.LogSigmoid": fn_layer(F("logsigmoid")),
        "nn.GELU": (F("gelu")[0], lambda approximate="none": fn_layer(F("gelu"), approximate=approximate)[1]()),
        "nn.ELU": (F("elu")[0], lambda alpha=1.0, inplace=False: fn_layer(F("elu"), alpha=alpha)[1]()),
        "nn.Hardtanh": (F("hardtanh")[0], lambda min_val=-1.0, max_val=1.0, inplace=False:
                        fn_layer(F("hardtanh"), min_val=min_val, max_val=max_val)[1]()),
        "nn.Threshold": fn_layer(F("threshold")),
        "nn.LogSoftmax": ("formula", lambda dim=None: fn_layer(F("log_softmax"), dim=dim)[1]()),
        "nn.Fold": fn_layer(F("fold")), "nn.Unfold": fn_layer(F("unfold")),
        "nn.Upsample": fn_layer(F("interpolate")),
        "nn.UpsamplingNearest2d": (F("interpolate")[0], lambda size=None, scale_factor=None:
                                   fn_layer(F("interpolate"), size=size, scale_factor=scale_factor)[1]()),
        "nn.UpsamplingBilinear2d": (F("interpolate")[0], lambda size=None, scale_factor=None:
                                    fn_layer(F("interpolate"), size=size, scale_factor=scale_factor, mode="bilinear",
                                             align_corners=True)[1]()),
        "nn.AvgPool1d": fn_layer(F("avg_pool1d")), "nn.AvgPool2d": fn_layer(F("avg_pool2d")),
        "nn.AvgPool3d": fn_layer(F("avg_pool3d")),
        "nn.MaxPool2d": (F("max_pool2d")[0], lambda kernel_size=1, stride=None, padding=0, dilation=1,
                         return_indices=False, ceil_mode=False: fn_layer(
            F("max_pool2d"), kernel_size=kernel_size, stride=stride, padding=padding, dilation=dilation,
            ceil_mode=ceil_mode, return_indices=return_indices)[1]()),
        "nn.MaxUnpool2d": fn_layer(F("max_unpool2d")),
        "nn.AdaptiveAvgPool1d": fn_layer(F("adaptive_avg_pool1d")),
        "nn.AdaptiveAvgPool2d": fn_layer(F("adaptive_avg_pool2d")),
        "nn.AdaptiveAvgPool3d": fn_layer(F("adaptive_avg_pool3d")),
        "nn.AdaptiveMaxPool1d": fn_layer(F("adaptive_max_pool1d")),
        **{f"nn.ConstantPad{n}d": pad_layer(n, "constant") for n in (1, 2, 3)},
        **{f"nn.ZeroPad{n}d": pad_layer(n, "constant") for n in (1, 2, 3)},
        **{f"nn.ReflectionPad{n}d": pad_layer(n, "reflect") for n in (1, 2, 3)},
        **{f"nn.ReplicationPad{n}d": pad_layer(n, "replicate") for n in (1, 2, 3)},
        "nn.Dropout": ("formula", lambda p=0.5, inplace=False: fn_layer(fns["nn.functional.dropout"], p=p)[1]()),
        "nn.L1Loss": loss_layer("l1_loss", "reduction"), "nn.MSELoss": loss_layer("mse_loss", "reduction"),
        "nn.SoftMarginLoss": loss_layer("soft_margin_loss", "reduction"),
        "nn.KLDivLoss": loss_layer("kl_div", "reduction", "log_target"),
        "nn.CrossEntropyLoss": loss_layer("cross_entropy", "weight", "ignore_index", "reduction", "label_smoothing"),
        "nn.CosineEmbeddingLoss": loss_layer("cosine_embedding_loss", "margin", "reduction"),
    })
    return fns


def proxy(ms, mint, table, used):
    """A stand-in ``mint``: ``<path>`` from ``table`` when present (its source appended to ``used``), else
    the real mint attribute."""
    class _P:
        def __init__(self, prefix, real):
            self._prefix, self._real = prefix, real

        def __getattr__(self, name):
            key = self._prefix + name
            if key in table:
                used.append(table[key][0])
                return table[key][1]
            real = getattr(self._real, name)
            if name in ("nn", "functional", "linalg", "special", "optim"):
                return _P(key + ".", real)
            return real
    return _P("", mint)
