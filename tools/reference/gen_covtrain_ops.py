"""Primitives of mindspore.ops.operations under MindSpore 2.10 (PyNative, CPU): ApplyFtrl, ApplyAdagradDA, Betainc,
FFTWithSize, NoRepeatNGram, ResizeArea, MatrixLogarithm, TensorDump (and ops.tensordump) — outputs, in-place
updates and the error types of bad input. tests/ops/test_covtrain_ops.py runs run() through the ms_compat alias."""
import os
import sys
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, Parameter, ops
from mindspore.ops import operations as P

RS = np.random.RandomState(0)
V = RS.rand(3, 4).astype(np.float32)
G = RS.randn(3, 4).astype(np.float32)


def _list(a):
    """Nested lists; float32 values with 9 significant digits (exact for float32, keeps the file small)."""
    if a.dtype == np.float32:
        return np.vectorize(lambda v: float(f"{v:.9g}"), otypes=[object])(a).tolist() if a.size else a.tolist()
    return a.tolist()


def _np(x):
    if isinstance(x, (tuple, list)):
        return [_np(i) for i in x]
    a = x.asnumpy()
    if np.iscomplexobj(a):
        return {"re": _list(a.real), "im": _list(a.imag), "dtype": str(a.dtype)}
    return {"v": _list(a), "dtype": str(a.dtype)}


def _out(fn):
    """The output of fn (arrays as lists with the dtype), or {"error": its exception type}."""
    try:
        return _np(fn())
    except Exception as e:  # noqa: BLE001 - recording MindSpore's error type
        return {"error": type(e).__name__}


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording MindSpore's error type
        return type(e).__name__
    return None


def ftrl():
    out = {}
    for name, (lr, l1, l2, lr_power) in {"default": (0.001, 0.0, 0.0, -0.5), "l1l2": (0.05, 0.01, 0.02, -0.5),
                                         "fixed": (0.1, 0.001, 0.0, 0.0), "pow": (0.01, 0.0, 0.1, -0.3)}.items():
        var, accum, linear = Parameter(Tensor(V - 0.5)), Parameter(Tensor(V + 0.1)), Parameter(Tensor(G * 0.3))
        res = P.ApplyFtrl()(var, accum, linear, Tensor(G), lr, l1, l2, lr_power)
        out[name] = {"out": _np(res), "var": _np(var), "accum": _np(accum), "linear": _np(linear)}
    return out


def adagrad_da():
    out = {}
    for name, (lr, l1, l2, step) in {"plain": (0.01, 0.0, 0.0, 1), "l1": (0.1, 0.05, 0.01, 3),
                                     "l2": (0.05, 0.0, 0.2, 2)}.items():
        var, ga, gsa = Parameter(Tensor(V)), Parameter(Tensor(G * 0.1)), Parameter(Tensor(V + 0.1))
        res = P.ApplyAdagradDA()(var, ga, gsa, Tensor(G), Tensor(np.float32(lr)), Tensor(np.float32(l1)),
                                 Tensor(np.float32(l2)), Tensor(step, ms.int64))
        out[name] = {"out": _np(res), "var": _np(var), "ga": _np(ga), "gsa": _np(gsa)}
    return out


def betainc():
    a = np.array([0.5, 1.0, 2.0, 5.0, 0.1, 30.0, 3.0, 1.5], np.float32)
    b = np.array([0.5, 2.0, 3.0, 1.0, 0.2, 20.0, 3.0, 8.0], np.float32)
    x = np.array([0.3, 0.5, 0.9, 0.99, 0.01, 0.6, 0.0, 1.0], np.float32)
    return {"f32": _out(lambda: P.Betainc()(Tensor(a), Tensor(b), Tensor(x))),
            "f64": _out(lambda: P.Betainc()(Tensor(a.astype(np.float64)), Tensor(b.astype(np.float64)),
                                   Tensor(x.astype(np.float64)))),
            "grid": _out(lambda: P.Betainc()(Tensor(V * 4 + 0.2), Tensor(G * G + 0.5), Tensor(V * 0.98)))}


def fft():
    c = (V + 1j * G).astype(np.complex64)
    r = V.astype(np.float32)
    return {"c1": _out(lambda: P.FFTWithSize(1, False, False)(Tensor(c))),
            "c2_inv": _out(lambda: P.FFTWithSize(2, True, False)(Tensor(c))),
            "c1_ortho": _out(lambda: P.FFTWithSize(1, False, False, norm="ortho")(Tensor(c))),
            "r1": _out(lambda: P.FFTWithSize(1, False, True)(Tensor(r))),
            "r2_full": _out(lambda: P.FFTWithSize(2, False, True, onesided=False)(Tensor(r))),
            "ir1_nosize": _out(lambda: P.FFTWithSize(1, True, True)(Tensor(c[:, :3]))),
            "ir2_fwd": _out(lambda: P.FFTWithSize(2, True, True, norm="forward")(Tensor(c[:, :3]))),
            "err_ndim": _out(lambda: P.FFTWithSize(4, False, False)(Tensor(c))),
            "err_ndim0": _out(lambda: P.FFTWithSize(0, False, False)(Tensor(c))),
            "err_norm": _err(lambda: P.FFTWithSize(1, False, False, norm="abc")),
            "err_real_dtype": _err(lambda: P.FFTWithSize(1, False, True)(Tensor(c)))}


def ngram():
    seq = np.array([[[1, 2, 1, 2, 5, 1, 2], [9, 8, 7, 9, 8, 1, 0]],
                    [[4, 4, 4, 4, 4, 4, 4], [5, 6, 5, 6, 5, 6, 7]]], np.int32)
    lp = RS.rand(2, 2, 10).astype(np.float32)
    out = {str(n): _out(lambda: P.NoRepeatNGram(n)(Tensor(seq), Tensor(lp))) for n in (1, 2, 3, 4)}
    out["err_zero"] = _err(lambda: P.NoRepeatNGram(0))
    out["err_type"] = _err(lambda: P.NoRepeatNGram(2.0))
    out["err_big"] = _err(lambda: P.NoRepeatNGram(9)(Tensor(seq), Tensor(lp)))
    return out


def resize_area():
    img = RS.rand(2, 4, 6, 3).astype(np.float32)
    return {"down": _out(lambda: P.ResizeArea()(Tensor(img), Tensor(np.array([2, 3], np.int32)))),
            "up": _out(lambda: P.ResizeArea()(Tensor(img), Tensor(np.array([5, 7], np.int32)))),
            "odd": _out(lambda: P.ResizeArea()(Tensor(img), Tensor(np.array([3, 4], np.int32)))),
            "align": _out(lambda: P.ResizeArea(align_corners=True)(Tensor(img), Tensor(np.array([3, 4], np.int32)))),
            "int": _out(lambda: P.ResizeArea()(Tensor((img * 255).astype(np.int32)),
                                               Tensor(np.array([3, 4], np.int32)))),
            "err_size": _err(lambda: P.ResizeArea()(Tensor(img), Tensor(np.array([2, 3, 4], np.int32)))),
            "err_rank": _err(lambda: P.ResizeArea()(Tensor(img[0]), Tensor(np.array([2, 3], np.int32))))}


def matrix_log():
    a = np.array([[[2.0, 0.5], [0.3, 1.5]], [[1.0, 0.2], [-0.1, 3.0]]]) + 0.1j * np.array(
        [[[0.1, 0.0], [0.2, -0.1]], [[0.0, 0.3], [0.1, 0.2]]])
    b = np.array([[4.0, 1.0, 0.5], [0.2, 3.0, 0.1], [0.3, 0.4, 2.0]], np.complex128)
    return {"c64": _out(lambda: P.MatrixLogarithm()(Tensor(a.astype(np.complex64)))),
            "c128": _out(lambda: P.MatrixLogarithm()(Tensor(b))),
            "err_real": _err(lambda: P.MatrixLogarithm()(Tensor(b.real.astype(np.float32)))),
            "err_square": _err(lambda: P.MatrixLogarithm()(Tensor(np.ones((2, 3), np.complex64))))}


def tensor_dump():
    with tempfile.TemporaryDirectory() as d:
        P.TensorDump()(os.path.join(d, "first"), Tensor(V))
        P.TensorDump()(os.path.join(d, "second"), Tensor(np.arange(6, dtype=np.int32).reshape(2, 3)))
        ops.tensordump(os.path.join(d, "third"), Tensor(G[0]))
        files = sorted(os.listdir(d))
        names = [f.rsplit("_", 1)[0] for f in files]  # the trailing id counts every dump of the process
        data = [np.load(os.path.join(d, f)).tolist() for f in files]
    return {"names": names, "data": data,
            "err_file": _err(lambda: P.TensorDump()(3, Tensor(V))),
            "err_empty": _err(lambda: P.TensorDump()("", Tensor(V))),
            "err_x": _err(lambda: P.TensorDump()("a", V)),
            "err_mode": _err(lambda: P.TensorDump("both"))}


def fractional_fixed():
    x2 = RS.rand(2, 3, 7, 8).astype(np.float32)
    s2 = RS.rand(2, 3, 2).astype(np.float32)
    x3 = RS.rand(1, 2, 5, 6, 7).astype(np.float32)
    s3 = RS.rand(1, 2, 3).astype(np.float32)
    return {"2d": _out(lambda: P.FractionalMaxPoolWithFixedKsize((2, 3), (4, 3))(Tensor(x2), Tensor(s2))),
            "2d_int": _out(lambda: P.FractionalMaxPoolWithFixedKsize(2, 3)(Tensor((x2 * 100).astype(np.int32)),
                                                                            Tensor(s2))),
            "3d": _out(lambda: P.FractionalMaxPool3DWithFixedKsize((2, 2, 3), (3, 4, 2))(Tensor(x3), Tensor(s3))),
            "err_big": _err(lambda: P.FractionalMaxPoolWithFixedKsize(5, 4)(Tensor(x2), Tensor(s2))),
            "err_samples": _err(lambda: P.FractionalMaxPoolWithFixedKsize(2, 3)(Tensor(x2), Tensor(s2[:, :, :1]))),
            "err_sample_dtype": _err(lambda: P.FractionalMaxPoolWithFixedKsize(2, 3)(
                Tensor(x2), Tensor(s2.astype(np.int32)))),
            "err_format": _err(lambda: P.FractionalMaxPoolWithFixedKsize(2, 3, "NHWC"))}


def combined_nms():
    rs = np.random.RandomState(5)
    corners = rs.rand(2, 12, 2, 2).astype(np.float32) * 1.2 - 0.1
    boxes = np.concatenate([corners[..., 0, :], corners[..., 0, :] + rs.rand(2, 12, 2).astype(np.float32) * 0.5],
                           -1)[:, :, None, :]                        # (2, 12, 1, 4), some outside [0, 1]
    per_class_boxes = np.repeat(boxes, 3, axis=2) + rs.rand(2, 12, 3, 4).astype(np.float32) * 0.05
    scores = rs.permutation(2 * 12 * 3).reshape(2, 12, 3).astype(np.float32) / 72  # distinct scores
    i32 = lambda v: Tensor(v, ms.int32)  # noqa: E731
    f32 = lambda v: Tensor(v, ms.float32)  # noqa: E731
    cnms = P.CombinedNonMaxSuppression
    return {"shared": _out(lambda: cnms()(Tensor(boxes), Tensor(scores), i32(3), i32(6), f32(0.3), f32(0.2))),
            "per_class_pad": _out(lambda: cnms(pad_per_class=True, clip_boxes=False)(
                Tensor(per_class_boxes), Tensor(scores), i32(2), i32(10), f32(0.5), f32(0.1))),
            "few": _out(lambda: cnms(pad_per_class=False)(Tensor(boxes), Tensor(scores), i32(4), i32(20), f32(0.0),
                                                          f32(0.6))),
            "err_iou": _err(lambda: cnms()(Tensor(boxes), Tensor(scores), i32(3), i32(6), f32(1.5), f32(0.2))),
            "err_dtype": _err(lambda: cnms()(Tensor(boxes), Tensor(scores), f32(3.0), i32(6), f32(0.5), f32(0.2))),
            "err_shape": _err(lambda: cnms()(Tensor(boxes[0]), Tensor(scores), i32(3), i32(6), f32(0.5), f32(0.2)))}


def extract_glimpse():
    img = RS.rand(2, 6, 7, 2).astype(np.float32)
    size = Tensor(np.array([3, 4], np.int32))
    eg = P.ExtractGlimpse
    out = {}
    for name, (cen, nrm, offs) in {"pixels": (False, False, [[1.0, 2.0], [4.5, 5.7]]),
                                   "pixels_out": (False, False, [[-1.3, 0.4], [6.0, 8.2]]),
                                   "centered": (True, False, [[0.0, 0.0], [-2.6, 1.4]]),
                                   "normalized": (False, True, [[0.3, 0.5], [0.95, 0.1]]),
                                   "both": (True, True, [[0.0, 0.0], [-0.7, 0.55]])}.items():
        out[name] = _out(lambda: eg(centered=cen, normalized=nrm, uniform_noise=False, noise="zero")(
            Tensor(img), size, Tensor(np.array(offs, np.float32))))
    out["err_noise"] = _err(lambda: eg(noise="salt"))
    out["err_uniform"] = _err(lambda: eg(uniform_noise=True, noise="zero"))
    out["err_batch"] = _err(lambda: eg(False, False, False, "zero")(Tensor(img), size,
                                                                     Tensor(np.zeros((3, 2), np.float32))))
    return out


def deformable():
    rs = np.random.RandomState(9)
    x = rs.rand(2, 4, 7, 6).astype(np.float32)

    def offsets(g, k, ho, wo, scale):
        o = (rs.randn(2, 3 * g * k, ho, wo) * scale).astype(np.float32)
        o[:, 2 * g * k:] = rs.rand(2, g * k, ho, wo)
        return Tensor(o)
    do = P.DeformableOffsets
    w = Tensor(rs.randn(3, 4, 3, 3).astype(np.float32))
    b = Tensor(rs.randn(3).astype(np.float32))
    return {"groups2": _out(lambda: do((1, 1, 1, 1), (1, 0, 0, 1), (2, 2), deformable_groups=2)(
                Tensor(x), offsets(2, 4, 7, 6, 0.8))),
            "stride_dil": _out(lambda: do((1, 1, 2, 2), (1, 1, 1, 1), (3, 3), (1, 1, 2, 1))(
                Tensor(x), offsets(1, 9, 3, 3, 2.5))),
            "conv2d": _out(lambda: ops.deformable_conv2d(Tensor(x), w, offsets(1, 9, 3, 2, 1.0), (3, 3), (1, 1, 2, 2),
                                                         (0, 0, 0, 0), b)),
            "err_shape": _err(lambda: do((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))(Tensor(x), offsets(1, 4, 5, 5, 1.0))),
            "err_strides": _err(lambda: do((2, 1, 1, 1), (0, 0, 0, 0), (2, 2))),
            "err_modulated": _err(lambda: do((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), modulated=False))}


def reshard():
    from mindspore.parallel import Layout
    base = Layout((4, 2), ("dp", "mp"))
    lay = (base("dp", "mp"),)
    x = Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))
    r = P.Reshard(lay, (base("mp", "None"),), ((4, 2),))
    plain = lambda ds: [{k: list(v) if isinstance(v, tuple) else v for k, v in d.items()} for d in ds]  # noqa: E731
    return {"out": _out(lambda: r(x)), "in_layout": plain(r.attrs["in_layout"]),
            "out_layout": plain(r.attrs["out_layout"]),
            "err_type": _err(lambda: P.Reshard(3, lay, None))}


def fractional_inputs():
    """The fractional-pool inputs (their own seed: the test rebuilds them)."""
    x = np.random.RandomState(11).rand(2, 9, 11, 2).astype(np.float32)
    return x, (x * 100).astype(np.int32)


def fractional_pool():
    x, xi = fractional_inputs()
    out = {}
    for name, (op, ratio, pseudo, overlap, inp) in {
            "max": (P.FractionalMaxPool, [1.0, 1.5, 1.7, 1.0], False, False, x),
            "max_pseudo_overlap": (P.FractionalMaxPool, [1.0, 2.2, 1.4, 1.0], True, True, x),
            "avg": (P.FractionalAvgPool, [1.0, 1.5, 1.7, 1.0], False, False, x),
            "avg_overlap_int": (P.FractionalAvgPool, [1.0, 1.8, 2.5, 1.0], True, True, xi)}.items():
        res = _out(lambda: op(ratio, pseudo_random=pseudo, overlapping=overlap, deterministic=True, seed=7)(
            Tensor(inp)))
        out[name] = {"res": res, "ratio": ratio, "overlapping": overlap, "int": inp is xi}
    out["err_ratio"] = _err(lambda: P.FractionalMaxPool([2.0, 1.5, 1.5, 1.0])(Tensor(x)))
    out["err_len"] = _err(lambda: P.FractionalAvgPool([1.0, 1.5, 1.0])(Tensor(x)))
    out["err_dtype"] = _err(lambda: P.FractionalAvgPool([1.0, 1.5, 1.5, 1.0])(Tensor(x.astype(np.float16))))
    out["err_item"] = _err(lambda: P.FractionalMaxPool([1, 2, 2, 1]))
    return out


def candidate_samplers():
    tc = Tensor(np.array([[1], [3], [4], [6], [3]], np.int64))
    tc2 = Tensor(np.array([[1, 7], [0, 4], [3, 3]], np.int64))
    out = {"uniform": _out(lambda: P.UniformCandidateSampler(1, 3, False, 7, seed=1)(tc)),
           "uniform_unique": _out(lambda: P.UniformCandidateSampler(1, 4, True, 7, seed=2)(tc)),
           "uniform_no_hits": _out(lambda: P.UniformCandidateSampler(1, 3, True, 7, seed=3,
                                                                     remove_accidental_hits=True)(tc)),
           "log": _out(lambda: P.LogUniformCandidateSampler(2, 5, False, 8, seed=1)(tc2)),
           "log_unique": _out(lambda: P.LogUniformCandidateSampler(2, 5, True, 8, seed=1)(tc2)),
           "f_uniform": _out(lambda: ops.uniform_candidate_sampler(tc, 1, 3, False, 7, seed=1)),
           "f_log": _out(lambda: ops.log_uniform_candidate_sampler(tc2, 2, 5, False, 8, seed=1)),
           "err_unique": _err(lambda: P.UniformCandidateSampler(1, 8, True, 7)),
           "err_num_true": _err(lambda: P.UniformCandidateSampler(0, 3, True, 7)),
           "err_log_range": _err(lambda: P.LogUniformCandidateSampler(1, 6, True, 5)),
           "err_dtype": _err(lambda: P.UniformCandidateSampler(1, 3, True, 7)(Tensor(np.array([[1.0]], np.float32)))),
           "err_log_dtype": _err(lambda: P.LogUniformCandidateSampler(1, 3, True, 7)(
               Tensor(np.array([[1]], np.int32))))}
    return out


def fused_sparse():
    rs = np.random.RandomState(21)
    var0 = rs.rand(5, 3).astype(np.float32)
    m0 = (rs.rand(5, 3) * 0.1).astype(np.float32)
    v0 = (rs.rand(5, 3) * 0.1).astype(np.float32)
    grad = rs.randn(4, 3).astype(np.float32)
    idx = Tensor(np.array([0, 3, 0, 4], np.int32))
    f = lambda x: Tensor(np.float32(x))  # noqa: E731
    out = {}

    def meta(fn):
        """Shapes and dtypes of the outputs: MindSpore documents them as useless (on CPU all but the first are
        uninitialized buffers); the in-place updates are what count."""
        try:
            return [[list(o.shape), str(o.asnumpy().dtype)] for o in fn()]
        except Exception as e:  # noqa: BLE001
            return {"error": type(e).__name__}

    for name, nesterov in (("adam", False), ("adam_nesterov", True)):
        params = [Parameter(Tensor(a.copy()), name=f"{name}_{i}") for i, a in enumerate((var0, m0, v0))]
        res = meta(lambda: P.FusedSparseAdam(use_nesterov=nesterov)(*params, f(0.81), f(0.998), f(0.01), f(0.9),
                                                                     f(0.999), f(1e-8), Tensor(grad), idx))
        out[name] = {"out": res, "params": [_np(p) for p in params]}
    for name, nesterov in (("lazy", False), ("lazy_nesterov", True)):
        params = [Parameter(Tensor(a.copy()), name=f"{name}_{i}") for i, a in enumerate((var0, m0, v0))]
        res = meta(lambda: P.FusedSparseLazyAdam(use_nesterov=nesterov)(*params, f(0.81), f(0.998), f(0.01), f(0.9),
                                                                         f(0.999), f(1e-8), Tensor(grad), idx))
        out[name] = {"out": res, "params": [_np(p) for p in params]}
    for name, (l1, l2, lr_power) in {"ftrl": (0.0, 0.0, -0.5), "ftrl_l1l2": (0.05, 0.1, -0.5),
                                     "ftrl_pow": (0.01, 0.0, -0.3)}.items():
        params = [Parameter(Tensor(a.copy()), name=f"{name}_{i}") for i, a in enumerate((var0, m0 + 0.1, v0))]
        res = meta(lambda: P.FusedSparseFtrl(lr=0.1, l1=l1, l2=l2, lr_power=lr_power)(*params, Tensor(grad), idx))
        out[name] = {"out": res, "params": [_np(p) for p in params]}
    for name, (lr, l1, l2) in {"pa": (0.01, 0.0, 0.0), "pa_l1l2": (0.05, 0.02, 0.1)}.items():
        params = [Parameter(Tensor(a.copy()), name=f"{name}_{i}") for i, a in enumerate((var0, m0 + 0.1))]
        res = meta(lambda: P.FusedSparseProximalAdagrad()(*params, f(lr), f(l1), f(l2), Tensor(grad), idx))
        out[name] = {"out": res, "params": [_np(p) for p in params]}
    out["err_idx_dtype"] = _err(lambda: P.FusedSparseAdam()(
        *[Parameter(Tensor(a.copy())) for a in (var0, m0, v0)], f(0.81), f(0.998), f(0.01), f(0.9), f(0.999),
        f(1e-8), Tensor(grad), Tensor(np.array([0, 3, 0, 4], np.float32))))
    out["err_ftrl_lr"] = _err(lambda: P.FusedSparseFtrl(lr=-0.1, l1=0.0, l2=0.0, lr_power=-0.5))
    return out


def fused_cast_adam():
    rs = np.random.RandomState(0)
    var0 = rs.rand(2, 3).astype(np.float32)
    m0 = (rs.rand(2, 3) * 0.1).astype(np.float32)
    v0 = (rs.rand(2, 3) * 0.1).astype(np.float32)
    g = rs.randn(2, 3).astype(np.float16)
    f = lambda x: Tensor(np.float32(x))  # noqa: E731
    out = {}
    for name, (vdt, decay, norm) in {"f32": (np.float32, 0.1, 1.0), "f32_norm": (np.float32, 0.1, 2.0),
                                     "f16": (np.float16, 0.1, 1.0), "no_decay": (np.float32, 0.0, 1.5)}.items():
        params = [Parameter(Tensor(a), name=f"{name}_{i}") for i, a in
                  enumerate((var0.astype(vdt), m0.copy(), v0.copy()))]
        P.FusedCastAdamWeightDecay()(*params, f(0.01), f(0.9), f(0.999), f(1e-8), f(decay), Tensor(g), f(norm))
        out[name] = [_np(p) for p in params]
    out["err_m_dtype"] = _err(lambda: P.FusedCastAdamWeightDecay()(
        Parameter(Tensor(var0)), Parameter(Tensor(m0.astype(np.float16))), Parameter(Tensor(v0)), f(0.01), f(0.9),
        f(0.999), f(1e-8), f(0.1), Tensor(g), f(1.0)))
    return out


def scale_and_translate():
    img = np.random.RandomState(31).rand(1, 6, 7, 2).astype(np.float32)
    st = P.ScaleAndTranslate
    i32 = lambda v: Tensor(np.array(v, np.int32))  # noqa: E731
    f32 = lambda v: Tensor(np.array(v, np.float32))  # noqa: E731
    out = {}
    for kernel in ("lanczos3", "lanczos1", "lanczos5", "gaussian", "box", "triangle", "keyscubic", "mitchellcubic"):
        out[f"up_{kernel}"] = _out(lambda: st(kernel)(Tensor(img), i32([9, 10]), f32([1.5, 1.4]), f32([0.0, 0.3])))
        out[f"down_{kernel}"] = _out(lambda: st(kernel)(Tensor(img), i32([3, 4]), f32([0.5, 0.6]), f32([0.2, -0.4])))
    out["down_no_antialias"] = _out(lambda: st("lanczos3", antialias=False)(Tensor(img), i32([3, 4]),
                                                                               f32([0.5, 0.6]), f32([0.0, 0.0])))
    out["int"] = _out(lambda: st("triangle")(Tensor((img * 100).astype(np.int32)), i32([4, 5]), f32([0.7, 0.8]),
                                            f32([1.0, -2.0])))
    out["err_kernel"] = _err(lambda: st("cubic"))
    out["err_size"] = _err(lambda: st()(Tensor(img), i32([3, 4, 5]), f32([0.5, 0.6]), f32([0.0, 0.0])))
    return out


def run():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    return {"ftrl": ftrl(), "adagrad_da": adagrad_da(), "betainc": betainc(), "fft": fft(), "ngram": ngram(),
            "resize_area": resize_area(), "matrix_log": matrix_log(), "tensor_dump": tensor_dump(),
            "fractional_fixed": fractional_fixed(), "combined_nms": combined_nms(),
            "extract_glimpse": extract_glimpse(), "deformable": deformable(),
            "reshard": reshard(), "fractional_pool": fractional_pool(),
            "candidate_samplers": candidate_samplers(), "fused_sparse": fused_sparse(),
            "fused_cast_adam": fused_cast_adam(), "scale_and_translate": scale_and_translate()}


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("ops", "covtrain_ops", run())
    print("ok")  # noqa: T201
