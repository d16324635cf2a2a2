"""``mindspore.mint`` cases shared by the reference generator (tools/reference/gen_mint.py, run under real
MindSpore 2.10) and the tests (tests/mint/test_mint_reference.py, run under ms_compat).

``CASES[name] = (fn, inputs, ngrad)``: ``fn(ms, mint, *tensors)`` with ``ms`` the framework module and
``mint`` its ``mint`` module; inputs are numpy arrays (seeded) turned into Tensors by the runner; the
gradients of the sum of all float outputs w.r.t. the first ``ngrad`` inputs are recorded too.

MindSpore 2.10's CPU build has no kernel for many mint ops. For those, ``FALLBACKS[name]`` gives how the
reference is computed instead, and the generator records which source was used per case:
``("classic:<op>", fn(ms, ops, nn, *tensors))`` — the equivalent classic MindSpore op run under MindSpore —
or ``("formula", fn(np, *arrays))`` — MindSpore's documented formula in numpy (float64; the gradient
is then a central finite difference of the formula).
This file must import under both interpreters: numpy only.
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "ops"))
from op_cases import A, I, encode  # noqa: E402,F401

X23 = A(2, 3, seed=2)
Y23 = A(2, 3, seed=3)
X234 = A(2, 3, 4, seed=1)
X4 = A(4, seed=4)
POS23 = A(2, 3, seed=5, lo=0.5, hi=3.0)
UNIT23 = A(2, 3, seed=6, lo=-0.9, hi=0.9)
GT1 = A(2, 3, seed=7, lo=1.1, hi=3.0)
M33 = A(3, 3, seed=8) + 3 * np.eye(3, dtype=np.float32)
M34 = A(3, 4, seed=9)
M42 = A(4, 2, seed=10)
B234 = A(2, 3, 4, seed=11)
B242 = A(2, 4, 2, seed=12)
IMG = A(2, 3, 5, 5, seed=13)
SEQ = A(2, 3, 8, seed=14)
VOL = A(1, 2, 4, 4, 4, seed=15)
LOGITS = A(4, 5, seed=16)
LABELS = np.array([1, 0, 4, 2], np.int64)
PROB = A(2, 3, seed=17, lo=0.05, hi=0.95)
BIN = (A(2, 3, seed=18, lo=0, hi=1) > 0.5).astype(np.float32)
MASK23 = np.array([[True, False, True], [False, False, True]])
I23 = I(2, 3, hi=9)
I23B = I(2, 3, seed=1, lo=1, hi=5)
BOOL23 = I(2, 3, seed=2, hi=2).astype(bool)
BOOL23B = I(2, 3, seed=3, hi=2).astype(bool)


def F(mint):
    return mint.nn.functional


def seed_params(ms, cell):
    """Give every float parameter of ``cell`` deterministic values (the same under both frameworks)."""
    for name, p in cell.parameters_and_names():
        if "float" not in str(p.dtype).lower():
            continue
        lo, hi = (0.5, 1.5) if "var" in name else (-0.5, 0.5)
        seed = 100 + sum(ord(ch) * (i + 1) for i, ch in enumerate(name)) % 1000  # by name, not position
        p.set_data(ms.Tensor(A(*p.shape, seed=seed, lo=lo, hi=hi)))
    return cell


def layer(ms, cell, *xs, train=False):
    seed_params(ms, cell)
    cell.set_train(train)
    return cell(*xs)


CASES = {
    # ---- unary math
    "abs": (lambda ms, m, x: m.abs(x), [X23], 1),
    "acos": (lambda ms, m, x: m.acos(x), [UNIT23], 1),
    "arccos": (lambda ms, m, x: m.arccos(x), [UNIT23], 1),
    "acosh": (lambda ms, m, x: m.acosh(x), [GT1], 1),
    "arccosh": (lambda ms, m, x: m.arccosh(x), [GT1], 1),
    "asin": (lambda ms, m, x: m.asin(x), [UNIT23], 1),
    "arcsin": (lambda ms, m, x: m.arcsin(x), [UNIT23], 1),
    "asinh": (lambda ms, m, x: m.asinh(x), [X23], 1),
    "arcsinh": (lambda ms, m, x: m.arcsinh(x), [X23], 1),
    "atan": (lambda ms, m, x: m.atan(x), [X23], 1),
    "arctan": (lambda ms, m, x: m.arctan(x), [X23], 1),
    "atanh": (lambda ms, m, x: m.atanh(x), [UNIT23], 1),
    "arctanh": (lambda ms, m, x: m.arctanh(x), [UNIT23], 1),
    "atan2": (lambda ms, m, x, y: m.atan2(x, y), [X23, Y23], 2),
    "arctan2": (lambda ms, m, x, y: m.arctan2(x, y), [X23, Y23], 2),
    "cos": (lambda ms, m, x: m.cos(x), [X23], 1),
    "cosh": (lambda ms, m, x: m.cosh(x), [X23], 1),
    "sin": (lambda ms, m, x: m.sin(x), [X23], 1),
    "sinh": (lambda ms, m, x: m.sinh(x), [X23], 1),
    "tan": (lambda ms, m, x: m.tan(x), [UNIT23], 1),
    "tanh": (lambda ms, m, x: m.tanh(x), [X23], 1),
    "sinc": (lambda ms, m, x: m.sinc(x), [X23], 1),
    "erf": (lambda ms, m, x: m.erf(x), [X23], 1),
    "erfc": (lambda ms, m, x: m.erfc(x), [X23], 1),
    "erfinv": (lambda ms, m, x: m.erfinv(x), [UNIT23], 1),
    "exp": (lambda ms, m, x: m.exp(x), [X23], 1),
    "exp:int": (lambda ms, m, x: m.exp(x), [I23], 0),
    "exp2": (lambda ms, m, x: m.exp2(x), [X23], 1),
    "expm1": (lambda ms, m, x: m.expm1(x), [X23], 1),
    "log": (lambda ms, m, x: m.log(x), [POS23], 1),
    "log1p": (lambda ms, m, x: m.log1p(x), [POS23], 1),
    "log2": (lambda ms, m, x: m.log2(x), [POS23], 1),
    "log10": (lambda ms, m, x: m.log10(x), [POS23], 1),
    "sqrt": (lambda ms, m, x: m.sqrt(x), [POS23], 1),
    "sqrt:int": (lambda ms, m, x: m.sqrt(x), [I23], 0),
    "rsqrt": (lambda ms, m, x: m.rsqrt(x), [POS23], 1),
    "square": (lambda ms, m, x: m.square(x), [X23], 1),
    "square:int": (lambda ms, m, x: m.square(x), [I23], 0),
    "reciprocal": (lambda ms, m, x: m.reciprocal(x), [POS23], 1),
    "neg": (lambda ms, m, x: m.neg(x), [X23], 1),
    "negative": (lambda ms, m, x: m.negative(x), [X23], 1),
    "sign": (lambda ms, m, x: m.sign(x), [X23], 0),
    "ceil": (lambda ms, m, x: m.ceil(x), [X23], 0),
    "floor": (lambda ms, m, x: m.floor(x), [X23], 0),
    "frac": (lambda ms, m, x: m.frac(x), [X23 * 3], 1),
    "trunc": (lambda ms, m, x: m.trunc(x), [X23 * 3], 0),
    "fix": (lambda ms, m, x: m.fix(x), [X23 * 3], 0),
    "round": (lambda ms, m, x: m.round(x), [X23 * 3], 0),
    "round:decimals": (lambda ms, m, x: m.round(x, decimals=1), [X23 * 3], 0),
    "isfinite": (lambda ms, m, x: m.isfinite(x), [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "isinf": (lambda ms, m, x: m.isinf(x), [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "isnan": (lambda ms, m, x: m.isnan(x), [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "isneginf": (lambda ms, m, x: m.isneginf(x), [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "nan_to_num": (lambda ms, m, x: m.nan_to_num(x), [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "nan_to_num:values": (lambda ms, m, x: m.nan_to_num(x, 0.5, 9.0, -9.0),
                          [np.array([1.0, np.inf, np.nan, -np.inf], np.float32)], 0),
    "logical_not": (lambda ms, m, x: m.logical_not(x), [BOOL23], 0),
    "logical_and": (lambda ms, m, x, y: m.logical_and(x, y), [BOOL23, BOOL23B], 0),
    "logical_or": (lambda ms, m, x, y: m.logical_or(x, y), [BOOL23, BOOL23B], 0),
    "logical_xor": (lambda ms, m, x, y: m.logical_xor(x, y), [BOOL23, BOOL23B], 0),
    "logical_and:float": (lambda ms, m, x, y: m.logical_and(x, y), [X23, BIN], 0),
    "bitwise_not": (lambda ms, m, x: m.bitwise_not(x), [I23], 0),
    "bitwise_and": (lambda ms, m, x, y: m.bitwise_and(x, y), [I23, I23B], 0),
    "bitwise_or": (lambda ms, m, x, y: m.bitwise_or(x, y), [I23, I23B], 0),
    "bitwise_xor": (lambda ms, m, x, y: m.bitwise_xor(x, y), [I23, I23B], 0),
    "clone": (lambda ms, m, x: m.clone(x), [X23], 1),
    "t": (lambda ms, m, x: m.t(x), [X23], 1),
    "ravel": (lambda ms, m, x: m.ravel(x), [X234], 1),
    "real": (lambda ms, m, x: m.real(x), [X23], 0),
    # ---- binary arithmetic and promotion
    "add": (lambda ms, m, x, y: m.add(x, y), [X234, A(3, 1, seed=20)], 2),
    "add:alpha": (lambda ms, m, x, y: m.add(x, y, alpha=2.5), [X23, Y23], 2),
    "add:scalar": (lambda ms, m, x: m.add(x, 1.5), [I23], 0),
    "add:int_int64": (lambda ms, m, x, y: m.add(x, y), [I23, I(2, 3, seed=4, dtype=np.int64)], 0),
    "add:f16_f32": (lambda ms, m, x, y: m.add(x, y), [X23.astype(np.float16), Y23], 0),
    "add:bool_int": (lambda ms, m, x, y: m.add(x, y), [BOOL23, I23], 0),
    "sub": (lambda ms, m, x, y: m.sub(x, y), [X23, Y23], 2),
    "sub:alpha": (lambda ms, m, x, y: m.sub(x, y, alpha=0.5), [X23, Y23], 2),
    "mul": (lambda ms, m, x, y: m.mul(x, y), [X23, Y23], 2),
    "mul:scalar_int": (lambda ms, m, x: m.mul(x, 3), [I23], 0),
    "div": (lambda ms, m, x, y: m.div(x, y), [X23, POS23], 2),
    "div:int": (lambda ms, m, x, y: m.div(x, y), [I23, I23B], 0),
    "div:floor": (lambda ms, m, x, y: m.div(x, y, rounding_mode="floor"), [X23, POS23], 0),
    "div:trunc_int": (lambda ms, m, x, y: m.div(x, y, rounding_mode="trunc"), [I23 - 4, I23B], 0),
    "divide": (lambda ms, m, x, y: m.divide(x, y), [X23, POS23], 2),
    "floor_divide": (lambda ms, m, x, y: m.floor_divide(x, y), [I23 - 4, I23B], 0),
    "remainder": (lambda ms, m, x, y: m.remainder(x, y), [X23 * 3, POS23], 1),
    "remainder:int_scalar": (lambda ms, m, x: m.remainder(x, 3), [I23 - 4], 0),
    "fmod": (lambda ms, m, x, y: m.fmod(x, y), [X23 * 3, POS23], 1),
    "pow": (lambda ms, m, x, y: m.pow(x, y), [POS23, X23], 2),
    "pow:scalar": (lambda ms, m, x: m.pow(x, 2), [X23], 1),
    "pow:int": (lambda ms, m, x: m.pow(x, 2), [I23], 0),
    "float_power": (lambda ms, m, x, y: m.float_power(x, y), [POS23, X23], 0),
    "xlogy": (lambda ms, m, x, y: m.xlogy(x, y), [X23, POS23], 2),
    "maximum": (lambda ms, m, x, y: m.maximum(x, y), [X23, Y23], 2),
    "minimum": (lambda ms, m, x, y: m.minimum(x, y), [X23, A(3, seed=21)], 2),
    "logaddexp": (lambda ms, m, x, y: m.logaddexp(x, y), [X23, Y23], 2),
    "logaddexp2": (lambda ms, m, x, y: m.logaddexp2(x, y), [X23, Y23], 2),
    "gcd": (lambda ms, m, x, y: m.gcd(x, y), [I(2, 3, hi=20), I(2, 3, seed=5, lo=1, hi=12)], 0),
    "lerp": (lambda ms, m, x, y: m.lerp(x, y, 0.3), [X23, Y23], 2),
    "lerp:tensor_weight": (lambda ms, m, x, y, w: m.lerp(x, y, w), [X23, Y23, PROB], 2),
    "addcdiv": (lambda ms, m, x, a, b: m.addcdiv(x, a, b, value=0.5), [X23, Y23, POS23], 3),
    "addcmul": (lambda ms, m, x, a, b: m.addcmul(x, a, b, value=2), [X23, Y23, POS23], 3),
    "eq": (lambda ms, m, x, y: m.eq(x, y), [I23, I23B], 0),
    "ne": (lambda ms, m, x, y: m.ne(x, y), [I23, I23B], 0),
    "not_equal": (lambda ms, m, x, y: m.not_equal(x, y), [I23, I23B], 0),
    "gt": (lambda ms, m, x, y: m.gt(x, y), [X23, Y23], 0),
    "greater": (lambda ms, m, x, y: m.greater(x, y), [X23, Y23], 0),
    "ge": (lambda ms, m, x, y: m.ge(x, y), [I23, I23B], 0),
    "greater_equal": (lambda ms, m, x, y: m.greater_equal(x, y), [I23, I23B], 0),
    "lt": (lambda ms, m, x, y: m.lt(x, y), [X23, Y23], 0),
    "less": (lambda ms, m, x: m.less(x, 0.0), [X23], 0),
    "le": (lambda ms, m, x, y: m.le(x, y), [I23, I23B], 0),
    "less_equal": (lambda ms, m, x, y: m.less_equal(x, y), [X23, Y23], 0),
    "isclose": (lambda ms, m, x, y: m.isclose(x, y, rtol=0.1, atol=0.5), [X23, Y23], 0),
    "allclose": (lambda ms, m, x, y: (m.allclose(x, y), m.allclose(x, x + 1e-7)), [X23, Y23], 0),
    "equal": (lambda ms, m, x, y: m.equal(x, y), [I23, I23B], 0),
    "clamp": (lambda ms, m, x: m.clamp(x, -0.5, 0.5), [X23], 1),
    "clamp:min_only": (lambda ms, m, x: m.clamp(x, min=0.1), [X23], 1),
    "clamp:tensor": (lambda ms, m, x, lo: m.clamp(x, lo), [X23, Y23], 1),
    "clip": (lambda ms, m, x: m.clip(x, max=0.2), [X23], 1),
    "where": (lambda ms, m, c, x, y: m.where(c, x, y), [MASK23, X23, Y23], 0),
    "where:scalar": (lambda ms, m, c, x: m.where(c, x, 0.0), [MASK23, X23], 0),
    "where:cond_only": (lambda ms, m, c: m.where(c), [MASK23], 0),
    # ---- matrix products
    "matmul": (lambda ms, m, x, y: m.matmul(x, y), [M34, M42], 2),
    "matmul:batched": (lambda ms, m, x, y: m.matmul(x, y), [B234, M42], 2),
    "mm": (lambda ms, m, x, y: m.mm(x, y), [M34, M42], 2),
    "bmm": (lambda ms, m, x, y: m.bmm(x, y), [B234, B242], 2),
    "mv": (lambda ms, m, x, v: m.mv(x, v), [M34, X4], 2),
    "dot": (lambda ms, m, x, y: m.dot(x, y), [X4, A(4, seed=22)], 2),
    "vdot": (lambda ms, m, x, y: m.vdot(x, y), [X4, A(4, seed=22)], 0),
    "outer": (lambda ms, m, x, y: m.outer(x, y), [X4, A(3, seed=23)], 2),
    "baddbmm": (lambda ms, m, i, a, b: m.baddbmm(i, a, b, beta=0.5, alpha=2.0), [A(2, 3, 2, seed=24), B234, B242], 3),
    "addbmm": (lambda ms, m, i, a, b: m.addbmm(i, a, b), [A(3, 2, seed=25), B234, B242], 3),
    "addmm": (lambda ms, m, i, a, b: m.addmm(i, a, b), [A(3, 2, seed=26), M34, M42], 3),
    "addmm:beta_alpha": (lambda ms, m, i, a, b: m.addmm(i, a, b, beta=0.5, alpha=2), [A(3, 2, seed=26), M34, M42], 3),
    "addmv": (lambda ms, m, i, a, v: m.addmv(i, a, v, alpha=0.5), [A(3, seed=27), M34, X4], 3),
    "einsum": (lambda ms, m, a, b: m.einsum("bij,bjk->bik", a, b), [B234, B242], 2),
    "inverse": (lambda ms, m, x: m.inverse(x), [M33], 1),
    "trace": (lambda ms, m, x: m.trace(x), [M34], 1),
    "cross": (lambda ms, m, x, y: m.cross(x, y, dim=1), [A(2, 3, seed=28), A(2, 3, seed=29)], 2),
    "cross:default_dim": (lambda ms, m, x, y: m.cross(x, y), [A(3, 2, seed=28), A(3, 2, seed=29)], 0),
    "cdist": (lambda ms, m, a, b: m.cdist(a, b), [A(2, 3, 4, seed=30), A(2, 2, 4, seed=31)], 2),
    "cdist:p1": (lambda ms, m, a, b: m.cdist(a, b, p=1.0), [A(3, 4, seed=30), A(2, 4, seed=31)], 0),
    "triangular_solve": (lambda ms, m, b, a: m.triangular_solve(b, a), [A(3, 2, seed=32), np.triu(M33)], 0),
    "polar": (lambda ms, m, a, t: m.real(m.polar(a, t)), [POS23, X23], 0),
    # ---- reductions
    "argmax": (lambda ms, m, x: m.argmax(x), [X23], 0),
    "argmax:dim_keep": (lambda ms, m, x: m.argmax(x, 1, True), [X23], 0),
    "argmin": (lambda ms, m, x: m.argmin(x, 0), [X23], 0),
    "amax": (lambda ms, m, x: m.amax(x, (0, 2)), [X234], 1),
    "amax:default": (lambda ms, m, x: m.amax(x), [X234], 0),
    "amin": (lambda ms, m, x: m.amin(x, 1, True), [X234], 1),
    "all": (lambda ms, m, x: m.all(x), [BOOL23], 0),
    "all:dim": (lambda ms, m, x: m.all(x, 1), [I23], 0),
    "any": (lambda ms, m, x: m.any(x), [BOOL23], 0),
    "any:dim_keep": (lambda ms, m, x: m.any(x, 0, True), [BOOL23], 0),
    "mean": (lambda ms, m, x: m.mean(x), [X234], 1),
    "mean:dim_keep": (lambda ms, m, x: m.mean(x, 1, True), [X234], 1),
    "mean:tuple": (lambda ms, m, x: m.mean(x, (0, 2)), [X234], 1),
    "mean:dtype": (lambda ms, m, x: m.mean(x, dtype=ms.float64), [X23], 0),
    "sum": (lambda ms, m, x: m.sum(x), [X234], 1),
    "sum:dim_keep": (lambda ms, m, x: m.sum(x, 2, True), [X234], 1),
    "sum:int": (lambda ms, m, x: m.sum(x, 1), [I23], 0),
    "sum:bool": (lambda ms, m, x: m.sum(x), [BOOL23], 0),
    "sum:dtype": (lambda ms, m, x: m.sum(x, dtype=ms.float64), [X23], 0),
    "nansum": (lambda ms, m, x: m.nansum(x, 1), [np.array([[1.0, np.nan, 2.0], [np.nan, 3.0, 4.0]], np.float32)], 0),
    "prod": (lambda ms, m, x: m.prod(x), [X23], 1),
    "prod:dim": (lambda ms, m, x: m.prod(x, 1, True), [X23], 1),
    "prod:int": (lambda ms, m, x: m.prod(x, 0), [I23], 0),
    "std": (lambda ms, m, x: m.std(x), [X23], 1),
    "std:dim_correction0": (lambda ms, m, x: m.std(x, 1, correction=0, keepdim=True), [X23], 1),
    "var": (lambda ms, m, x: m.var(x, 0), [X23], 1),
    "std_mean": (lambda ms, m, x: m.std_mean(x, 1), [X23], 1),
    "var_mean": (lambda ms, m, x: m.var_mean(x, 1, correction=0), [X23], 1),
    "median": (lambda ms, m, x: m.median(x), [X23], 0),
    "median:dim": (lambda ms, m, x: m.median(x, 1), [X23], 0),
    "kthvalue": (lambda ms, m, x: m.kthvalue(x, 2, 1), [X23], 0),
    "kthvalue:keywords": (lambda ms, m, x: m.kthvalue(x, 2, dim=0, keepdim=True), [X23], 0),
    "logsumexp": (lambda ms, m, x: m.logsumexp(x, 1), [X23], 1),
    "norm": (lambda ms, m, x: m.norm(x), [X23], 1),
    "norm:p1_dim": (lambda ms, m, x: m.norm(x, 1, 1), [X23], 1),
    "norm:inf": (lambda ms, m, x: m.norm(x, float("inf")), [X23], 0),
    "count_nonzero": (lambda ms, m, x: m.count_nonzero(x), [I23], 0),
    "count_nonzero:dim": (lambda ms, m, x: m.count_nonzero(x, 1), [I23], 0),
    "cumsum": (lambda ms, m, x: m.cumsum(x, 1), [X23], 1),
    "cumsum:int": (lambda ms, m, x: m.cumsum(x, 0), [I23], 0),
    "cumsum:dtype": (lambda ms, m, x: m.cumsum(x, 0, ms.float64), [X23], 0),
    "cumprod": (lambda ms, m, x: m.cumprod(x, 1), [X23], 1),
    "cummax": (lambda ms, m, x: m.cummax(x, 1), [X23], 0),
    "cummin": (lambda ms, m, x: m.cummin(x, 0), [X23], 0),
    "softmax": (lambda ms, m, x: m.softmax(x, 1), [X23], 1),
    "softmax:dtype": (lambda ms, m, x: m.softmax(x, 0, dtype=ms.float64), [X23], 0),
    "histc": (lambda ms, m, x: m.histc(x, 4, -2, 2), [X234], 0),
    "histc:default_range": (lambda ms, m, x: m.histc(x, bins=5), [X234], 0),
    "bincount": (lambda ms, m, x: m.bincount(x), [np.array([0, 2, 2, 5, 1], np.int64)], 0),
    "bincount:weights": (lambda ms, m, x, w: m.bincount(x, w, 8), [np.array([0, 2, 2, 5, 1], np.int64), A(5, seed=33)], 0),
    "diff": (lambda ms, m, x: m.diff(x), [X23], 1),
    "diff:n2_dim0": (lambda ms, m, x: m.diff(x, 1, 0), [X234], 1),
    # ---- sorting and selection
    "topk": (lambda ms, m, x: m.topk(x, 2), [X234], 1),
    "topk:smallest_dim0": (lambda ms, m, x: m.topk(x, 1, dim=0, largest=False), [X23], 1),
    "sort": (lambda ms, m, x: m.sort(x), [X23], 1),
    "sort:desc_dim0": (lambda ms, m, x: m.sort(x, dim=0, descending=True), [X23], 1),
    "argsort": (lambda ms, m, x: m.argsort(x, descending=True), [X23], 0),
    "searchsorted": (lambda ms, m, s, v: m.searchsorted(s, v), [np.array([1.0, 3.0, 5.0, 7.0], np.float32),
                                                               np.array([3.0, 6.0, 9.0], np.float32)], 0),
    "searchsorted:right_int32": (lambda ms, m, s, v: m.searchsorted(s, v, right=True, out_int32=True),
                                 [np.array([1.0, 3.0, 5.0, 7.0], np.float32), np.array([3.0, 6.0, 9.0], np.float32)], 0),
    "unique": (lambda ms, m, x: m.unique(x), [np.array([3, 1, 3, 2, 1], np.int64)], 0),
    "unique:inverse_counts": (lambda ms, m, x: m.unique(x, return_inverse=True, return_counts=True),
                              [np.array([3, 1, 3, 2, 1], np.int64)], 0),
    "unique_consecutive": (lambda ms, m, x: m.unique_consecutive(x), [np.array([1, 1, 2, 2, 3, 1, 1], np.int64)], 0),
    "unique_consecutive:all": (lambda ms, m, x: m.unique_consecutive(x, True, True),
                               [np.array([1, 1, 2, 2, 3, 1, 1], np.int64)], 0),
    "nonzero": (lambda ms, m, x: m.nonzero(x), [np.array([[0, 1.5], [2, 0]], np.float32)], 0),
    "nonzero:as_tuple": (lambda ms, m, x: m.nonzero(x, as_tuple=True), [np.array([[0, 1.5], [2, 0]], np.float32)], 0),
    "masked_select": (lambda ms, m, x, k: m.masked_select(x, k), [X23, MASK23], 1),
    "index_select": (lambda ms, m, x, i: m.index_select(x, 1, i), [X234, np.array([2, 0], np.int64)], 1),
    "index_add": (lambda ms, m, x, i, s: m.index_add(x, 0, i, s, alpha=2), [A(3, 2, seed=34), np.array([0, 2], np.int32),
                                                                          A(2, 2, seed=35)], 1),
    "index_add:int64_index": (lambda ms, m, x, i, s: m.index_add(x, 0, i, s), [A(3, 2, seed=34), np.array([0, 2], np.int64),
                                                                             A(2, 2, seed=35)], 0),
    "gather": (lambda ms, m, x, i: m.gather(x, 1, i), [X23, np.array([[0, 0], [2, 1]], np.int64)], 1),
    "scatter": (lambda ms, m, x, i, s: m.scatter(x, 1, i, s), [X23, np.array([[2, 0], [1, 2]], np.int64),
                                                             A(2, 2, seed=19)], 0),
    "scatter_add": (lambda ms, m, x, i, s: m.scatter_add(x, 1, i, s), [X23, np.array([[2, 2], [1, 0]], np.int64),
                                                                     A(2, 2, seed=19)], 0),
    "take": (lambda ms, m, x, i: m.take(x, i), [X23, np.array([0, 5, 2], np.int64)], 1),
    "select": (lambda ms, m, x: m.select(x, 1, 2), [X234], 1),
    "narrow": (lambda ms, m, x: m.narrow(x, 2, 1, 2), [X234], 1),
    # ---- shape
    "reshape": (lambda ms, m, x: m.reshape(x, (4, -1)), [X234], 1),
    "flatten": (lambda ms, m, x: m.flatten(x), [X234], 1),
    "flatten:start1": (lambda ms, m, x: m.flatten(x, 1), [X234], 1),
    "squeeze:no_dim": (lambda ms, m, x: m.squeeze(x), [A(1, 3, 1, seed=36)], 1),
    "squeeze:dim": (lambda ms, m, x: m.squeeze(x, 2), [A(1, 3, 1, seed=36)], 1),
    "squeeze:tuple": (lambda ms, m, x: m.squeeze(x, (0, 2)), [A(1, 3, 1, seed=36)], 1),
    "unsqueeze": (lambda ms, m, x: m.unsqueeze(x, -1), [X23], 1),
    "transpose": (lambda ms, m, x: m.transpose(x, 0, 2), [X234], 1),
    "swapaxes": (lambda ms, m, x: m.swapaxes(x, 1, 2), [X234], 1),
    "permute": (lambda ms, m, x: m.permute(x, (2, 0, 1)), [X234], 1),
    "broadcast_to": (lambda ms, m, x: m.broadcast_to(x, (2, 2, 3)), [A(1, 3, seed=37)], 1),
    "broadcast_to:neg1": (lambda ms, m, x: m.broadcast_to(x, (-1, 3)), [A(2, 1, seed=37)], 1),
    "tile": (lambda ms, m, x: m.tile(x, (2, 1)), [X23], 1),
    "tile:more_dims": (lambda ms, m, x: m.tile(x, (2, 1, 2)), [X23], 1),
    "flip": (lambda ms, m, x: m.flip(x, (0, 2)), [X234], 1),
    "roll": (lambda ms, m, x: m.roll(x, 1, 0), [X23], 1),
    "roll:flat": (lambda ms, m, x: m.roll(x, 2), [X23], 1),
    "repeat_interleave": (lambda ms, m, x: m.repeat_interleave(x, 2, 1), [X23], 1),
    "repeat_interleave:flat": (lambda ms, m, x: m.repeat_interleave(x, 2), [X23], 1),
    "tril": (lambda ms, m, x: m.tril(x), [M34], 1),
    "triu": (lambda ms, m, x: m.triu(x, 1), [M34], 1),
    "diag": (lambda ms, m, x: m.diag(x), [X4], 1),
    "diag:matrix_offset": (lambda ms, m, x: m.diag(x, 1), [M34], 1),
    "cat": (lambda ms, m, x, y: m.cat((x, y)), [X23, Y23], 2),
    "cat:dim1": (lambda ms, m, x, y: m.cat([x, y], 1), [X23, Y23], 2),
    "concat": (lambda ms, m, x, y: m.concat((x, y), -1), [X23, Y23], 2),
    "stack": (lambda ms, m, x, y: m.stack((x, y), 1), [X23, Y23], 2),
    "hstack": (lambda ms, m, x, y: m.hstack((x, y)), [X23, Y23], 2),
    "dstack": (lambda ms, m, x, y: m.dstack((x, y)), [X23, Y23], 2),
    "split": (lambda ms, m, x: m.split(x, 2, 2), [X234], 1),
    "split:sections": (lambda ms, m, x: m.split(x, [1, 2], 1), [X234], 1),
    "chunk": (lambda ms, m, x: m.chunk(x, 2, 2), [X234], 1),
    "unbind": (lambda ms, m, x: m.unbind(x, 1), [X23], 1),
    "meshgrid": (lambda ms, m, a, b: m.meshgrid(a, b), [A(3, seed=38), A(2, seed=39)], 2),
    "meshgrid:xy": (lambda ms, m, a, b: m.meshgrid(a, b, indexing="xy"), [A(3, seed=38), A(2, seed=39)], 2),
    # ---- creation
    "zeros": (lambda ms, m: m.zeros((2, 3)), [], 0),
    "zeros:dtype": (lambda ms, m: m.zeros(3, dtype=ms.int32), [], 0),
    "ones": (lambda ms, m: m.ones((2,)), [], 0),
    "ones:dtype": (lambda ms, m: m.ones((2, 2), dtype=ms.float16), [], 0),
    "full": (lambda ms, m: m.full((2, 2), 1), [], 0),
    "full:float": (lambda ms, m: m.full((3,), 1.5), [], 0),
    "full:bool": (lambda ms, m: m.full((2,), True), [], 0),
    "full:dtype": (lambda ms, m: m.full((2,), 2, dtype=ms.float32), [], 0),
    "ones_like": (lambda ms, m, x: m.ones_like(x), [I23], 0),
    "ones_like:dtype": (lambda ms, m, x: m.ones_like(x, dtype=ms.float16), [X23], 0),
    "zeros_like": (lambda ms, m, x: m.zeros_like(x), [X23], 0),
    "full_like": (lambda ms, m, x: m.full_like(x, 7), [X23], 0),
    "full_like:int": (lambda ms, m, x: m.full_like(x, 2.7), [I23], 0),
    "arange": (lambda ms, m: m.arange(5), [], 0),
    "arange:float": (lambda ms, m: m.arange(1, 2, 0.25), [], 0),
    "arange:dtype": (lambda ms, m: m.arange(0, 5, 2, dtype=ms.float32), [], 0),
    "linspace": (lambda ms, m: m.linspace(0.0, 1.0, 5), [], 0),
    "linspace:dtype": (lambda ms, m: m.linspace(0, 10, 4, dtype=ms.int64), [], 0),
    "eye": (lambda ms, m: m.eye(3), [], 0),
    "eye:rect_int": (lambda ms, m: m.eye(2, 3, ms.int32), [], 0),
    "item": (lambda ms, m, x: m.item(x), [np.array([2.5], np.float32)], 0),
    # ---- nn-flavoured top-level functions
    "conv2d": (lambda ms, m, x, w, b: m.conv2d(x, w, b), [IMG, A(4, 3, 3, 3, seed=40), A(4, seed=41)], 3),
    "conv2d:stride_pad": (lambda ms, m, x, w: m.conv2d(x, w, None, 2, 1), [IMG, A(4, 3, 3, 3, seed=40)], 2),
    "conv2d:same_dilation": (lambda ms, m, x, w: m.conv2d(x, w, padding="same", dilation=2), [IMG, A(4, 3, 3, 3, seed=40)], 2),
    "conv2d:groups": (lambda ms, m, x, w: m.conv2d(x, w, groups=3), [A(1, 6, 4, 4, seed=42), A(3, 2, 2, 2, seed=43)], 2),
    "conv_tbc": (lambda ms, m, x, w, b: m.conv_tbc(x, w, b, 1), [A(5, 2, 3, seed=44), A(3, 3, 4, seed=45), A(4, seed=46)], 3),
    "npu_gelu": (lambda ms, m, x: m.npu_gelu(x), [X23], 1),
    "batch_norm_stats": (lambda ms, m, x: m.batch_norm_stats(x, 1e-5), [IMG], 0),
    "batch_norm_elemt": (lambda ms, m, x, w, b, mu, iv: m.batch_norm_elemt(x, w, b, mu, iv, 1e-5),
                         [IMG, A(3, seed=47), A(3, seed=48), A(3, seed=49), A(3, seed=50, lo=0.5, hi=1.5)], 0),
    "batch_norm_gather_stats_with_counts": (
        lambda ms, m, x, mu, iv, rm, rv, c: m.batch_norm_gather_stats_with_counts(x, mu, iv, rm, rv, 0.1, 1e-5, c),
        [IMG, A(2, 3, seed=51), A(2, 3, seed=52, lo=0.5, hi=1.5), A(3, seed=53), A(3, seed=54, lo=0.5, hi=1.5),
         np.array([4.0, 6.0], np.float32)], 0),
}

# ---- mint.nn.functional
FCASES = {
    "relu": (lambda ms, m, x: F(m).relu(x), [X23], 1),
    "relu6": (lambda ms, m, x: F(m).relu6(x * 5), [X23], 1),
    "elu": (lambda ms, m, x: F(m).elu(x), [X23], 1),
    "elu:alpha": (lambda ms, m, x: F(m).elu(x, 0.5), [X23], 1),
    "selu": (lambda ms, m, x: F(m).selu(x), [X23], 1),
    "silu": (lambda ms, m, x: F(m).silu(x), [X23], 1),
    "gelu": (lambda ms, m, x: F(m).gelu(x), [X23], 1),
    "gelu:tanh": (lambda ms, m, x: F(m).gelu(x, approximate="tanh"), [X23], 1),
    "mish": (lambda ms, m, x: F(m).mish(x), [X23], 1),
    "sigmoid": (lambda ms, m, x: F(m).sigmoid(x), [X23], 1),
    "tanh": (lambda ms, m, x: F(m).tanh(x), [X23], 1),
    "logsigmoid": (lambda ms, m, x: F(m).logsigmoid(x), [X23], 1),
    "leaky_relu": (lambda ms, m, x: F(m).leaky_relu(x), [X23], 1),
    "leaky_relu:slope": (lambda ms, m, x: F(m).leaky_relu(x, 0.2), [X23], 1),
    "prelu": (lambda ms, m, x, w: F(m).prelu(x, w), [IMG, np.array([0.1, 0.2, 0.3], np.float32)], 2),
    "glu": (lambda ms, m, x: F(m).glu(x), [A(2, 4, seed=55)], 1),
    "glu:dim0": (lambda ms, m, x: F(m).glu(x, 0), [A(4, 3, seed=55)], 1),
    "hardtanh": (lambda ms, m, x: F(m).hardtanh(x), [X23], 1),
    "hardtanh:range": (lambda ms, m, x: F(m).hardtanh(x, -0.5, 0.7), [X23], 1),
    "hardshrink": (lambda ms, m, x: F(m).hardshrink(x), [X23], 1),
    "hardsigmoid": (lambda ms, m, x: F(m).hardsigmoid(x * 3), [X23], 1),
    "hardswish": (lambda ms, m, x: F(m).hardswish(x * 3), [X23], 1),
    "softshrink": (lambda ms, m, x: F(m).softshrink(x, 0.3), [X23], 1),
    "softplus": (lambda ms, m, x: F(m).softplus(x), [X23], 1),
    "softplus:beta_threshold": (lambda ms, m, x: F(m).softplus(x, 2, 1), [X23], 1),
    "threshold": (lambda ms, m, x: F(m).threshold(x, 0.1, 20.0), [X23], 1),
    "softmax": (lambda ms, m, x: F(m).softmax(x, 1), [X23], 1),
    "softmax:default_dim": (lambda ms, m, x: F(m).softmax(x), [X234], 1),
    "log_softmax": (lambda ms, m, x: F(m).log_softmax(x, -1), [X23], 1),
    "log_softmax:dtype": (lambda ms, m, x: F(m).log_softmax(x, 0, dtype=ms.float64), [X23], 0),
    "linear": (lambda ms, m, x, w, b: F(m).linear(x, w, b), [X234, A(5, 4, seed=56), A(5, seed=57)], 3),
    "linear:nobias": (lambda ms, m, x, w: F(m).linear(x, w), [X23, A(5, 3, seed=56)], 2),
    "conv1d": (lambda ms, m, x, w, b: F(m).conv1d(x, w, b, 2, 1), [SEQ, A(4, 3, 3, seed=58), A(4, seed=59)], 3),
    "conv2d": (lambda ms, m, x, w, b: F(m).conv2d(x, w, b, 1, 1), [IMG, A(4, 3, 3, 3, seed=40), A(4, seed=41)], 3),
    "conv3d": (lambda ms, m, x, w: F(m).conv3d(x, w, None, 1, "same"), [VOL, A(3, 2, 3, 3, 3, seed=60)], 2),
    "conv_transpose2d": (lambda ms, m, x, w, b: F(m).conv_transpose2d(x, w, b, 2, 1, 1),
                         [IMG, A(3, 2, 3, 3, seed=61), A(2, seed=62)], 3),
    "fold": (lambda ms, m, x: F(m).fold(x, (4, 5), 2), [A(2, 12, 12, seed=63)], 1),
    "unfold": (lambda ms, m, x: F(m).unfold(x, 2, padding=1, stride=2), [IMG], 1),
    "embedding": (lambda ms, m, i, w: F(m).embedding(i, w), [np.array([[0, 2], [3, 0]], np.int64), A(4, 3, seed=64)], 0),
    "embedding:padding_idx": (lambda ms, m, i, w: F(m).embedding(i, w, padding_idx=0),
                              [np.array([[0, 2], [3, 0]], np.int64), A(4, 3, seed=64)], 0),
    "one_hot": (lambda ms, m, i: F(m).one_hot(i), [np.array([0, 3, 1], np.int64)], 0),
    "one_hot:classes": (lambda ms, m, i: F(m).one_hot(i, 5), [np.array([[0, 3], [1, 2]], np.int64)], 0),
    "batch_norm": (lambda ms, m, x, rm, rv, w, b: F(m).batch_norm(x, rm, rv, w, b),
                   [IMG, A(3, seed=65), A(3, seed=66, lo=0.5, hi=1.5), A(3, seed=67), A(3, seed=68)], 1),
    "batch_norm:training": (lambda ms, m, x, rm, rv, w, b: (F(m).batch_norm(x, rm, rv, w, b, True, 0.2), rm, rv),
                            [IMG, A(3, seed=65), A(3, seed=66, lo=0.5, hi=1.5), A(3, seed=67), A(3, seed=68)], 0),
    "layer_norm": (lambda ms, m, x, w, b: F(m).layer_norm(x, (4,), w, b), [X234, A(4, seed=69), A(4, seed=70)], 3),
    "layer_norm:no_affine_eps": (lambda ms, m, x: F(m).layer_norm(x, [3, 4], eps=1e-3), [X234], 1),
    "group_norm": (lambda ms, m, x, w, b: F(m).group_norm(x, 2, w, b), [A(2, 4, 3, 3, seed=71), A(4, seed=72),
                                                                      A(4, seed=73)], 3),
    "normalize": (lambda ms, m, x: F(m).normalize(x), [X23], 1),
    "normalize:p1_dim0": (lambda ms, m, x: F(m).normalize(x, 1.0, 0), [X23], 1),
    "avg_pool1d": (lambda ms, m, x: F(m).avg_pool1d(x, 3, 2, 1), [SEQ], 1),
    "avg_pool2d": (lambda ms, m, x: F(m).avg_pool2d(x, 2), [IMG], 1),
    "avg_pool2d:ceil_pad": (lambda ms, m, x: F(m).avg_pool2d(x, 3, 2, 1, True, False), [IMG], 1),
    "avg_pool2d:divisor": (lambda ms, m, x: F(m).avg_pool2d(x, 2, divisor_override=3), [IMG], 1),
    "avg_pool3d": (lambda ms, m, x: F(m).avg_pool3d(x, 2), [VOL], 1),
    "max_pool2d": (lambda ms, m, x: F(m).max_pool2d(x, 2), [IMG], 1),
    "max_pool2d:indices": (lambda ms, m, x: F(m).max_pool2d(x, 3, 2, 1, return_indices=True), [IMG], 1),
    "max_pool2d:ceil_dilation": (lambda ms, m, x: F(m).max_pool2d(x, 2, 2, 0, 2, True), [IMG], 1),
    "max_unpool2d": (lambda ms, m, x: F(m).max_unpool2d(*F(m).max_pool2d(x, 2, return_indices=True), 2),
                     [A(1, 2, 4, 4, seed=74)], 1),
    "adaptive_avg_pool1d": (lambda ms, m, x: F(m).adaptive_avg_pool1d(x, 3), [SEQ], 1),
    "adaptive_avg_pool2d": (lambda ms, m, x: F(m).adaptive_avg_pool2d(x, (2, 3)), [IMG], 1),
    "adaptive_avg_pool3d": (lambda ms, m, x: F(m).adaptive_avg_pool3d(x, 2), [VOL], 1),
    "adaptive_max_pool1d": (lambda ms, m, x: F(m).adaptive_max_pool1d(x, 3), [SEQ], 1),
    "adaptive_max_pool2d": (lambda ms, m, x: F(m).adaptive_max_pool2d(x, 2, True), [IMG], 1),
    "dropout:eval": (lambda ms, m, x: F(m).dropout(x, 0.5, False), [X23], 1),
    "dropout:p0": (lambda ms, m, x: F(m).dropout(x, 0.0), [X23], 1),
    "dropout2d:eval": (lambda ms, m, x: F(m).dropout2d(x, 0.3, training=False), [IMG], 1),
    "flatten": (lambda ms, m, x: F(m).flatten(x), [X234], 1),
    "flatten:dims": (lambda ms, m, x: F(m).flatten(x, 1, 2), [IMG], 1),
    "broadcast_to": (lambda ms, m, x: F(m).broadcast_to(x, (2, 2, 3)), [A(1, 3, seed=37)], 1),
    "clamp": (lambda ms, m, x: F(m).clamp(x, -0.5, 0.5), [X23], 1),
    "pad": (lambda ms, m, x: F(m).pad(x, (1, 2)), [X234], 1),
    "pad:value": (lambda ms, m, x: F(m).pad(x, (1, 0, 0, 2), value=1.5), [X234], 1),
    "pad:reflect": (lambda ms, m, x: F(m).pad(x, (1, 2), mode="reflect"), [X234], 1),
    "pad:replicate": (lambda ms, m, x: F(m).pad(x, (1, 1, 2, 0), mode="replicate"), [IMG], 1),
    "pad:circular": (lambda ms, m, x: F(m).pad(x, (1, 2), mode="circular"), [X234], 1),
    "pixel_shuffle": (lambda ms, m, x: F(m).pixel_shuffle(x, 2), [A(1, 8, 2, 3, seed=75)], 1),
    "interpolate": (lambda ms, m, x: F(m).interpolate(x, scale_factor=2.0), [IMG], 1),
    "interpolate:bilinear": (lambda ms, m, x: F(m).interpolate(x, size=(7, 4), mode="bilinear"), [IMG], 1),
    "interpolate:bilinear_ac": (lambda ms, m, x: F(m).interpolate(x, size=(7, 8), mode="bilinear", align_corners=True),
                                [IMG], 1),
    "interpolate:linear": (lambda ms, m, x: F(m).interpolate(x, size=11, mode="linear"), [SEQ], 1),
    "interpolate:bicubic": (lambda ms, m, x: F(m).interpolate(x, size=(6, 7), mode="bicubic", align_corners=False),
                            [IMG], 1),
    "interpolate:nearest_size": (lambda ms, m, x: F(m).interpolate(x, size=(3, 7)), [IMG], 1),
    "upsample": (lambda ms, m, x: F(m).upsample(x, scale_factor=2.0, mode="bilinear"), [IMG], 1),
    "grid_sample": (lambda ms, m, x, g: F(m).grid_sample(x, g, align_corners=False), [IMG, A(2, 3, 4, 2, seed=76, lo=-1, hi=1)], 2),
    "grid_sample:nearest_border": (lambda ms, m, x, g: F(m).grid_sample(x, g, "nearest", "border", True),
                                   [IMG, A(2, 3, 4, 2, seed=76, lo=-1.2, hi=1.2)], 0),
    "l1_loss": (lambda ms, m, x, y: F(m).l1_loss(x, y), [X23, Y23], 2),
    "mse_loss": (lambda ms, m, x, y: F(m).mse_loss(x, y), [X23, Y23], 2),
    "mse_loss:none": (lambda ms, m, x, y: F(m).mse_loss(x, y, "none"), [X23, Y23], 2),
    "smooth_l1_loss": (lambda ms, m, x, y: F(m).smooth_l1_loss(x, y, beta=0.5), [X23, Y23], 2),
    "soft_margin_loss": (lambda ms, m, x, y: F(m).soft_margin_loss(x, y), [X23, np.sign(Y23)], 1),
    "kl_div": (lambda ms, m, x, y: F(m).kl_div(x, y), [np.log(PROB), A(2, 3, seed=77, lo=0.1, hi=0.9)], 1),
    "kl_div:batchmean_logt": (lambda ms, m, x, y: F(m).kl_div(x, y, "batchmean", True),
                              [np.log(PROB), np.log(A(2, 3, seed=77, lo=0.1, hi=0.9))], 2),
    "nll_loss": (lambda ms, m, x, t: F(m).nll_loss(x, t), [LOGITS, LABELS], 1),
    "nll_loss:weight_ignore": (lambda ms, m, x, t, w: F(m).nll_loss(x, t, w, 2, "sum"), [LOGITS, LABELS, A(5, seed=78, lo=0.1, hi=1)], 1),
    "cross_entropy": (lambda ms, m, x, t: F(m).cross_entropy(x, t), [LOGITS, LABELS], 1),
    "cross_entropy:int32": (lambda ms, m, x, t: F(m).cross_entropy(x, t), [LOGITS, LABELS.astype(np.int32)], 1),
    "cross_entropy:smoothing_weight": (lambda ms, m, x, t, w: F(m).cross_entropy(x, t, w, label_smoothing=0.1),
                                       [LOGITS, LABELS, A(5, seed=78, lo=0.1, hi=1)], 1),
    "cross_entropy:probs": (lambda ms, m, x, t: F(m).cross_entropy(x, t, reduction="none"),
                            [LOGITS, A(4, 5, seed=79, lo=0.0, hi=0.4)], 1),
    "binary_cross_entropy": (lambda ms, m, x, y: F(m).binary_cross_entropy(x, y), [PROB, BIN], 1),
    "binary_cross_entropy:weight": (lambda ms, m, x, y, w: F(m).binary_cross_entropy(x, y, w, "sum"), [PROB, BIN, POS23], 1),
    "binary_cross_entropy_with_logits": (lambda ms, m, x, y: F(m).binary_cross_entropy_with_logits(x, y), [X23, BIN], 1),
    "binary_cross_entropy_with_logits:pos_weight": (
        lambda ms, m, x, y, p: F(m).binary_cross_entropy_with_logits(x, y, None, "none", p), [X23, BIN, A(3, seed=80, lo=0.5, hi=2)], 1),
    "cosine_embedding_loss": (lambda ms, m, a, b, t: F(m).cosine_embedding_loss(a, b, t, 0.2),
                              [A(3, 4, seed=81), A(3, 4, seed=82), np.array([1, -1, 1], np.int64)], 2),
}
CASES.update({"nn.functional." + k: v for k, v in FCASES.items()})

# ---- mint.linalg / mint.special
CASES.update({
    "linalg.inv": (lambda ms, m, x: m.linalg.inv(x), [M33], 1),
    "linalg.vector_norm": (lambda ms, m, x: m.linalg.vector_norm(x), [X234], 1),
    "linalg.vector_norm:ord_dim": (lambda ms, m, x: m.linalg.vector_norm(x, 3, (0, 2), True), [X234], 1),
    "linalg.vector_norm:inf": (lambda ms, m, x: m.linalg.vector_norm(x, float("inf"), 1), [X23], 0),
    "linalg.matrix_norm": (lambda ms, m, x: m.linalg.matrix_norm(x), [X234], 1),
    "linalg.matrix_norm:nuc": (lambda ms, m, x: m.linalg.matrix_norm(x, "nuc"), [M34], 0),
    "linalg.matrix_norm:1": (lambda ms, m, x: m.linalg.matrix_norm(x, 1), [M34], 0),
    "linalg.norm": (lambda ms, m, x: m.linalg.norm(x), [M34], 1),
    "linalg.norm:vector_ord": (lambda ms, m, x: m.linalg.norm(x, 1, 1), [M34], 0),
    "linalg.qr": (lambda ms, m, x: m.linalg.qr(x), [A(4, 3, seed=83)], 0),
    "linalg.qr:complete": (lambda ms, m, x: m.linalg.qr(x, "complete"), [A(4, 3, seed=83)], 0),
    "special.erfc": (lambda ms, m, x: m.special.erfc(x), [X23], 1),
    "special.expm1": (lambda ms, m, x: m.special.expm1(x), [X23], 1),
    "special.exp2": (lambda ms, m, x: m.special.exp2(x), [X23], 1),
    "special.round": (lambda ms, m, x: m.special.round(x), [X23 * 3], 0),
    "special.sinc": (lambda ms, m, x: m.special.sinc(x), [X23], 1),
    "special.log1p": (lambda ms, m, x: m.special.log1p(x), [POS23], 1),
    "special.log_softmax": (lambda ms, m, x: m.special.log_softmax(x, 1), [X23], 1),
})


# ---- mint.nn layers: fn(ms, mint, *inputs) builds the layer, seeds its parameters, calls it
def N(m):
    return m.nn


LAYER_CASES = {
    "Linear": (lambda ms, m, x: layer(ms, N(m).Linear(4, 5), x), [X234], 1),
    "Linear:nobias": (lambda ms, m, x: layer(ms, N(m).Linear(4, 2, bias=False), x), [X234], 1),
    "Conv1d": (lambda ms, m, x: layer(ms, N(m).Conv1d(3, 4, 3, stride=2, padding=1), x), [SEQ], 1),
    "Conv1d:reflect": (lambda ms, m, x: layer(ms, N(m).Conv1d(3, 2, 3, padding=2, padding_mode="reflect"), x), [SEQ], 1),
    "Conv2d": (lambda ms, m, x: layer(ms, N(m).Conv2d(3, 4, 3), x), [IMG], 1),
    "Conv2d:same_groups_nobias": (lambda ms, m, x: layer(ms, N(m).Conv2d(3, 6, 3, padding="same", groups=3, bias=False), x),
                                  [IMG], 1),
    "Conv2d:circular_dilation": (lambda ms, m, x: layer(ms, N(m).Conv2d(3, 2, 2, padding=1, dilation=2,
                                                                        padding_mode="circular"), x), [IMG], 1),
    "Conv2d:replicate_same": (lambda ms, m, x: layer(ms, N(m).Conv2d(3, 2, (2, 3), padding="same",
                                                                     padding_mode="replicate"), x), [IMG], 1),
    "Conv3d": (lambda ms, m, x: layer(ms, N(m).Conv3d(2, 3, 2, stride=2), x), [VOL], 1),
    "ConvTranspose2d": (lambda ms, m, x: layer(ms, N(m).ConvTranspose2d(3, 2, 3, stride=2, padding=1, output_padding=1), x),
                        [IMG], 1),
    "ConvTranspose2d:output_size": (lambda ms, m, x: layer(ms, N(m).ConvTranspose2d(3, 2, 3, stride=2), x, (12, 12)),
                                    [IMG], 1),
    "BatchNorm1d:eval": (lambda ms, m, x: layer(ms, N(m).BatchNorm1d(3), x), [SEQ], 1),
    "BatchNorm1d:train_2d": (lambda ms, m, x: _bn_train(ms, N(m).BatchNorm1d(3), x), [X23 * 2], 0),
    "BatchNorm2d:eval": (lambda ms, m, x: layer(ms, N(m).BatchNorm2d(3), x), [IMG], 1),
    "BatchNorm2d:train": (lambda ms, m, x: _bn_train(ms, N(m).BatchNorm2d(3, momentum=0.3), x), [IMG], 0),
    # the gradient of the training-mode output alone (the running statistics carry none)
    "BatchNorm2d:train_grad": (lambda ms, m, x: m.mul(layer(ms, N(m).BatchNorm2d(3), x, train=True), x), [IMG], 1),
    "BatchNorm2d:train_cma": (lambda ms, m, x: _bn_train(ms, N(m).BatchNorm2d(3, momentum=None), x), [IMG], 0),
    "BatchNorm2d:no_stats": (lambda ms, m, x: layer(ms, N(m).BatchNorm2d(3, affine=False, track_running_stats=False), x),
                             [IMG], 1),
    "BatchNorm3d:train": (lambda ms, m, x: _bn_train(ms, N(m).BatchNorm3d(2), x), [VOL], 0),
    "LayerNorm": (lambda ms, m, x: layer(ms, N(m).LayerNorm(4), x), [X234], 1),
    "LayerNorm:2d_nobias": (lambda ms, m, x: layer(ms, N(m).LayerNorm((3, 4), eps=1e-3, bias=False), x), [X234], 1),
    "GroupNorm": (lambda ms, m, x: layer(ms, N(m).GroupNorm(2, 4), x), [A(2, 4, 3, 3, seed=71)], 1),
    "Embedding": (lambda ms, m, i: layer(ms, N(m).Embedding(5, 3, padding_idx=1), i), [np.array([[0, 1], [4, 2]], np.int64)], 0),
    "PReLU": (lambda ms, m, x: layer(ms, N(m).PReLU(3), x), [IMG], 1),
    "PReLU:default": (lambda ms, m, x: N(m).PReLU()(x), [X23], 1),
    "ReLU": (lambda ms, m, x: N(m).ReLU()(x), [X23], 1),
    "ReLU6": (lambda ms, m, x: N(m).ReLU6()(x * 5), [X23], 1),
    "GELU": (lambda ms, m, x: N(m).GELU()(x), [X23], 1),
    "GELU:tanh": (lambda ms, m, x: N(m).GELU("tanh")(x), [X23], 1),
    "SiLU": (lambda ms, m, x: N(m).SiLU()(x), [X23], 1),
    "SELU": (lambda ms, m, x: N(m).SELU()(x), [X23], 1),
    "ELU": (lambda ms, m, x: N(m).ELU(0.7)(x), [X23], 1),
    "Mish": (lambda ms, m, x: N(m).Mish()(x), [X23], 1),
    "Tanh": (lambda ms, m, x: N(m).Tanh()(x), [X23], 1),
    "Sigmoid": (lambda ms, m, x: N(m).Sigmoid()(x), [X23], 1),
    "LogSigmoid": (lambda ms, m, x: N(m).LogSigmoid()(x), [X23], 1),
    "Hardtanh": (lambda ms, m, x: N(m).Hardtanh(-0.5, 0.5)(x), [X23], 1),
    "Hardshrink": (lambda ms, m, x: N(m).Hardshrink(0.3)(x), [X23], 1),
    "Hardsigmoid": (lambda ms, m, x: N(m).Hardsigmoid()(x * 3), [X23], 1),
    "Hardswish": (lambda ms, m, x: N(m).Hardswish()(x * 3), [X23], 1),
    "Softshrink": (lambda ms, m, x: N(m).Softshrink()(x), [X23], 1),
    "Threshold": (lambda ms, m, x: N(m).Threshold(0.1, -1.0)(x), [X23], 1),
    "GLU": (lambda ms, m, x: N(m).GLU()(x), [A(2, 4, seed=55)], 1),
    "Softmax": (lambda ms, m, x: N(m).Softmax(1)(x), [X23], 1),
    "LogSoftmax": (lambda ms, m, x: N(m).LogSoftmax(1)(x), [X23], 1),
    "Identity": (lambda ms, m, x: N(m).Identity(3, k=1)(x), [X23], 1),
    "Flatten": (lambda ms, m, x: N(m).Flatten()(x), [IMG], 1),
    "Dropout:eval": (lambda ms, m, x: N(m).Dropout(0.5)(x), [X23], 1),
    "Dropout2d:eval": (lambda ms, m, x: N(m).Dropout2d()(x), [IMG], 1),
    "PixelShuffle": (lambda ms, m, x: N(m).PixelShuffle(2)(x), [A(1, 8, 2, 3, seed=75)], 1),
    "Fold": (lambda ms, m, x: N(m).Fold((4, 5), 2)(x), [A(2, 12, 12, seed=63)], 1),
    "Unfold": (lambda ms, m, x: N(m).Unfold(2, stride=2)(x), [IMG], 1),
    "Upsample": (lambda ms, m, x: N(m).Upsample(scale_factor=2.0)(x), [IMG], 1),
    "Upsample:bilinear": (lambda ms, m, x: N(m).Upsample(size=(7, 8), mode="bilinear")(x), [IMG], 1),
    "UpsamplingNearest2d": (lambda ms, m, x: N(m).UpsamplingNearest2d(size=(7, 8))(x), [IMG], 1),
    "UpsamplingNearest2d:scale": (lambda ms, m, x: N(m).UpsamplingNearest2d(scale_factor=2.0)(x), [IMG], 1),
    "UpsamplingBilinear2d": (lambda ms, m, x: N(m).UpsamplingBilinear2d(size=(7, 8))(x), [IMG], 1),
    "AvgPool1d": (lambda ms, m, x: N(m).AvgPool1d(3, 2)(x), [SEQ], 1),
    "AvgPool2d": (lambda ms, m, x: N(m).AvgPool2d(2)(x), [IMG], 1),
    "AvgPool2d:pad_ceil": (lambda ms, m, x: N(m).AvgPool2d(3, 2, 1, ceil_mode=True, count_include_pad=False)(x), [IMG], 1),
    "AvgPool3d": (lambda ms, m, x: N(m).AvgPool3d(2)(x), [VOL], 1),
    "MaxPool2d": (lambda ms, m, x: N(m).MaxPool2d(2)(x), [IMG], 1),
    "MaxPool2d:indices": (lambda ms, m, x: N(m).MaxPool2d(3, 2, 1, return_indices=True)(x), [IMG], 1),
    "MaxUnpool2d": (lambda ms, m, x: N(m).MaxUnpool2d(2)(*N(m).MaxPool2d(2, return_indices=True)(x)),
                    [A(1, 2, 4, 4, seed=74)], 1),
    "AdaptiveAvgPool1d": (lambda ms, m, x: N(m).AdaptiveAvgPool1d(3)(x), [SEQ], 1),
    "AdaptiveAvgPool2d": (lambda ms, m, x: N(m).AdaptiveAvgPool2d((2, 3))(x), [IMG], 1),
    "AdaptiveAvgPool3d": (lambda ms, m, x: N(m).AdaptiveAvgPool3d(2)(x), [VOL], 1),
    "AdaptiveMaxPool1d": (lambda ms, m, x: N(m).AdaptiveMaxPool1d(3)(x), [SEQ], 1),
    "AdaptiveMaxPool2d": (lambda ms, m, x: N(m).AdaptiveMaxPool2d(2)(x), [IMG], 1),
    "ConstantPad1d": (lambda ms, m, x: N(m).ConstantPad1d((1, 2), 3.5)(x), [X234], 1),
    "ConstantPad2d": (lambda ms, m, x: N(m).ConstantPad2d(1, -1.0)(x), [IMG], 1),
    "ConstantPad3d": (lambda ms, m, x: N(m).ConstantPad3d((1, 0, 0, 1, 1, 0), 2.0)(x), [VOL], 1),
    "ZeroPad1d": (lambda ms, m, x: N(m).ZeroPad1d(2)(x), [X234], 1),
    "ZeroPad2d": (lambda ms, m, x: N(m).ZeroPad2d((1, 0, 2, 1))(x), [IMG], 1),
    "ZeroPad3d": (lambda ms, m, x: N(m).ZeroPad3d(1)(x), [VOL], 1),
    "ReflectionPad1d": (lambda ms, m, x: N(m).ReflectionPad1d((2, 1))(x), [X234], 1),
    "ReflectionPad2d": (lambda ms, m, x: N(m).ReflectionPad2d(1)(x), [IMG], 1),
    "ReflectionPad3d": (lambda ms, m, x: N(m).ReflectionPad3d(1)(x), [VOL], 1),
    "ReplicationPad1d": (lambda ms, m, x: N(m).ReplicationPad1d((2, 1))(x), [X234], 1),
    "ReplicationPad2d": (lambda ms, m, x: N(m).ReplicationPad2d((1, 2, 0, 1))(x), [IMG], 1),
    "ReplicationPad3d": (lambda ms, m, x: N(m).ReplicationPad3d(1)(x), [VOL], 1),
    "L1Loss": (lambda ms, m, x, y: N(m).L1Loss()(x, y), [X23, Y23], 2),
    "MSELoss": (lambda ms, m, x, y: N(m).MSELoss("sum")(x, y), [X23, Y23], 2),
    "SmoothL1Loss": (lambda ms, m, x, y: N(m).SmoothL1Loss(beta=0.5)(x, y), [X23, Y23], 2),
    "SoftMarginLoss": (lambda ms, m, x, y: N(m).SoftMarginLoss()(x, y), [X23, np.sign(Y23)], 1),
    "KLDivLoss": (lambda ms, m, x, y: N(m).KLDivLoss("batchmean")(x, y), [np.log(PROB), A(2, 3, seed=77, lo=0.1, hi=0.9)], 1),
    "BCELoss": (lambda ms, m, x, y: N(m).BCELoss()(x, y), [PROB, BIN], 1),
    "BCEWithLogitsLoss": (lambda ms, m, x, y: N(m).BCEWithLogitsLoss()(x, y), [X23, BIN], 1),
    "CrossEntropyLoss": (lambda ms, m, x, t: N(m).CrossEntropyLoss()(x, t), [LOGITS, LABELS], 1),
    "CrossEntropyLoss:smoothing_ignore": (lambda ms, m, x, t: N(m).CrossEntropyLoss(ignore_index=0, label_smoothing=0.2)(x, t),
                                          [LOGITS, LABELS], 1),
    "NLLLoss": (lambda ms, m, x, t: N(m).NLLLoss(reduction="none")(x, t), [LOGITS, LABELS], 1),
    "CosineEmbeddingLoss": (lambda ms, m, a, b, t: N(m).CosineEmbeddingLoss(0.1)(a, b, t),
                            [A(3, 4, seed=81), A(3, 4, seed=82), np.array([1, -1, 1], np.int64)], 2),
}


def _bn_train(ms, cell, x):
    """Training-mode batch norm: output and the updated running statistics after two calls."""
    seed_params(ms, cell)
    cell.set_train(True)
    cell(x)
    out = cell(x)
    stats = [cell.running_mean, cell.running_var] if cell.running_mean is not None else []
    return (out, *[s * 1 for s in stats])


CASES.update({"nn." + k: v for k, v in LAYER_CASES.items()})

# ---- parameter gradients of layers: builder(ms, mint) -> cell (seeded), inputs
PARAM_GRAD_CASES = {
    "Linear": (lambda ms, m: N(m).Linear(4, 5), [X234]),
    "Conv2d": (lambda ms, m: N(m).Conv2d(3, 4, 3, padding=1), [IMG]),
    "Conv1d": (lambda ms, m: N(m).Conv1d(3, 4, 3), [SEQ]),
    "ConvTranspose2d": (lambda ms, m: N(m).ConvTranspose2d(3, 2, 3, stride=2), [IMG]),
    "BatchNorm2d": (lambda ms, m: N(m).BatchNorm2d(3), [IMG]),
    "LayerNorm": (lambda ms, m: N(m).LayerNorm(4), [X234]),
    "GroupNorm": (lambda ms, m: N(m).GroupNorm(2, 4), [A(2, 4, 3, 3, seed=71)]),
    "Embedding": (lambda ms, m: N(m).Embedding(5, 3), [np.array([[0, 1], [4, 1]], np.int64)]),
    "PReLU": (lambda ms, m: N(m).PReLU(3), [IMG]),
}

# ---- optimizers: (class name, keyword arguments, per-group overrides or None); 3 steps with fixed gradients
OPTIM_CASES = {
    "AdamW": ("AdamW", {}, None),
    "AdamW:wd_lr": ("AdamW", dict(lr=0.1, betas=(0.8, 0.9), eps=1e-6, weight_decay=0.1), None),
    "AdamW:amsgrad": ("AdamW", dict(lr=0.05, amsgrad=True), None),
    "AdamW:maximize": ("AdamW", dict(lr=0.05, maximize=True), None),
    "AdamW:groups": ("AdamW", dict(lr=0.01), [{"lr": 0.2}, {}]),
    "Adam": ("Adam", {}, None),
    "Adam:wd": ("Adam", dict(lr=0.1, weight_decay=0.1), None),
    "Adam:amsgrad": ("Adam", dict(lr=0.05, amsgrad=True), None),
    "SGD": ("SGD", dict(lr=0.1), None),
    "SGD:momentum": ("SGD", dict(lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01), None),
    "SGD:nesterov_maximize": ("SGD", dict(lr=0.1, momentum=0.9, nesterov=True, maximize=True), None),
    "FusedAdamW": ("FusedAdamW", dict(lr=0.05), None),
}


def build_optim(optim_module, cls, kwargs, groups, params):
    if groups is not None:
        params = [dict(g, params=ps) for g, ps in zip(groups, (params[:1], params[1:]))]
    return getattr(optim_module, cls)(params, **kwargs)


OPTIM_PARAMS = [("w", A(2, 3, seed=90)), ("b", A(3, seed=91))]
OPTIM_GRADS = [[A(2, 3, seed=92 + 2 * s, lo=-1, hi=1 + s), A(3, seed=93 + 2 * s)] for s in range(3)]


def train_idiom(ms, m, steps=3, optim=None):
    """MindSpore's functional training loop with mint: value_and_grad over a mint.nn net, mint.optim.AdamW."""
    lin1, lin2 = seed_params(ms, m.nn.Linear(4, 8)), seed_params(ms, m.nn.Linear(8, 2))

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.l1, self.act, self.l2 = lin1, m.nn.GELU(), lin2

        def construct(self, x):
            return self.l2(self.act(self.l1(x)))

    net = Net()
    loss_fn = m.nn.MSELoss()
    opt = (optim or m.optim).AdamW(net.trainable_params(), lr=0.05)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    x, y = ms.Tensor(A(6, 4, seed=95)), ms.Tensor(A(6, 2, seed=96))
    losses = []
    for _ in range(steps):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    return losses, [p.asnumpy() for p in net.trainable_params()]


# ---- random functions: shape and dtype only (the streams differ from MindSpore's)
RANDOM_CASES = {
    "rand": lambda ms, m: m.rand(2, 3),
    "rand:tuple_dtype": lambda ms, m: m.rand((2, 3), dtype=ms.float64),
    "randn": lambda ms, m: m.randn(4),
    "randn:dtype": lambda ms, m: m.randn(2, 2, dtype=ms.float16),
    "randint": lambda ms, m: m.randint(0, 5, (3, 2)),
    "randint:high_only": lambda ms, m: m.randint(5, (4,)),
    "randint:dtype": lambda ms, m: m.randint(0, 5, (3,), dtype=ms.int32),
    "randperm": lambda ms, m: m.randperm(5),
    "randperm:dtype": lambda ms, m: m.randperm(4, dtype=ms.int32),
    "rand_like": lambda ms, m: m.rand_like(ms.Tensor(X23)),
    "randn_like": lambda ms, m: m.randn_like(ms.Tensor(X23), dtype=ms.float64),
    "randint_like": lambda ms, m: m.randint_like(ms.Tensor(X23), 0, 4),
    "normal": lambda ms, m: m.normal(ms.Tensor(X23), ms.Tensor(POS23)),
    "normal:floats_size": lambda ms, m: m.normal(0.0, 2.0, (3, 2)),
    "bernoulli": lambda ms, m: m.bernoulli(ms.Tensor(PROB)),
    "multinomial": lambda ms, m: m.multinomial(ms.Tensor(PROB), 2),
    "empty": lambda ms, m: m.empty(2, 3),
    "empty:dtype": lambda ms, m: m.empty((2,), dtype=ms.int32),
    "empty_like": lambda ms, m: m.empty_like(ms.Tensor(I23)),
    "dropout": lambda ms, m: m.nn.functional.dropout(ms.Tensor(X23), 0.5),
    "Dropout:train": lambda ms, m: m.nn.Dropout(0.3).set_train(True)(ms.Tensor(X23)),
}

# ---- errors: the exception type (and message start) MindSpore raises
ERROR_CASES = {
    "AdamW:int_lr": lambda ms, m: m.optim.AdamW([ms.Parameter(ms.Tensor(X4), "w")], lr=1),
    "AdamW:list_betas": lambda ms, m: m.optim.AdamW([ms.Parameter(ms.Tensor(X4), "w")], betas=[0.9, 0.99]),
    "AdamW:negative_lr": lambda ms, m: m.optim.AdamW([ms.Parameter(ms.Tensor(X4), "w")], lr=-1.0),
    "Adam:beta_range": lambda ms, m: m.optim.Adam([ms.Parameter(ms.Tensor(X4), "w")], betas=(1.0, 0.9)),
    "SGD:nesterov_no_momentum": lambda ms, m: m.optim.SGD([ms.Parameter(ms.Tensor(X4), "w")], lr=0.1, nesterov=True),
    "SGD:negative_momentum": lambda ms, m: m.optim.SGD([ms.Parameter(ms.Tensor(X4), "w")], lr=0.1, momentum=-1.0),
    "Conv2d:groups": lambda ms, m: m.nn.Conv2d(3, 4, 3, groups=2),
    "Conv2d:padding_mode": lambda ms, m: m.nn.Conv2d(3, 4, 3, padding_mode="zero"),
    "Conv2d:same_strided": lambda ms, m: m.nn.Conv2d(3, 4, 3, stride=2, padding="same"),
    "ConvTranspose2d:padding_mode": lambda ms, m: m.nn.ConvTranspose2d(3, 4, 3, padding_mode="reflect"),
    "GroupNorm:divisible": lambda ms, m: m.nn.GroupNorm(3, 4),
    "BatchNorm2d:3d_input": lambda ms, m: m.nn.BatchNorm2d(3)(ms.Tensor(SEQ)),
    "distributed.new_group:tuple": lambda ms, m: m.distributed.new_group((0, 1)),
    "distributed.init_process_group:nccl": lambda ms, m: m.distributed.init_process_group("nccl"),
}
