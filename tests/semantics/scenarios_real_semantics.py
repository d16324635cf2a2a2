"""Semantics that real MindSpore code relies on (issue 21 items 1, 2, 5, 6, 8, 9), run unchanged under real
MindSpore 2.10 (by tools/reference/gen_real_semantics.py, which stores the results under
tests/reference_data/real_semantics/) and under ms_compat (by test_real_semantics.py, which compares).

Each scenario takes the ``mindspore``-like module ``ms`` and a decorator ``jit``: the identity for eager
(PyNative) mode, ``ms.jit`` for compiled mode (MindSpore's graph compiler / ms_compat's ``torch.compile``).
Scenarios in ``EAGER_ONLY`` observe things a compiled function cannot return (object identity, printed
text, Python types) and run in eager mode only. Results are JSON-able; errors are
``[exception type name, first line of message]``. Only API common to both frameworks is used.
"""
import numpy as np

SCENARIOS = {}
EAGER_ONLY = set()


def scenario(eager_only=False):
    def deco(fn):
        SCENARIOS[fn.__name__] = fn
        if eager_only:
            EAGER_ONLY.add(fn.__name__)
        return fn
    return deco


def _error(e):
    """[type, first line of the message that is not MindSpore's '-----' separator]."""
    lines = [ln for ln in str(e).strip().splitlines() if ln.strip() and set(ln.strip()) != {"-"}]
    return {"error": [type(e).__name__, lines[0] if lines else ""]}


def err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording what the framework raises
        return _error(e)
    return None


def dt(d):
    """dtype name normalised across frameworks ('Int32' / torch.int32 -> 'int32')."""
    return str(d).split(".")[-1].lower()


def val(t):
    """A tensor as {'dtype', 'shape', 'v'} (values as float64 lists); tuples element-wise."""
    if isinstance(t, (tuple, list)):
        return [val(x) for x in t]
    a = t.asnumpy()
    return {"dtype": dt(t.dtype), "shape": list(a.shape), "v": np.asarray(a, np.float64).ravel().tolist()}


def run(fn):
    """``val(fn())`` or the error MindSpore-style."""
    try:
        return val(fn())
    except Exception as e:  # noqa: BLE001
        return _error(e)


def f32(ms, a):
    return ms.Tensor(np.asarray(a, np.float32))


# ------------------------------------------------------------------ item 1: augmented assignment
# one function per operator, written out: MindSpore's compiler parses the source
def _aug_add(a, b):
    y = a
    a += b
    return a, y


def _aug_sub(a, b):
    y = a
    a -= b
    return a, y


def _aug_mul(a, b):
    y = a
    a *= b
    return a, y


def _aug_truediv(a, b):
    y = a
    a /= b
    return a, y


def _aug_floordiv(a, b):
    y = a
    a //= b
    return a, y


def _aug_mod(a, b):
    y = a
    a %= b
    return a, y


def _aug_pow(a, b):
    y = a
    a **= b
    return a, y


def _aug_and(a, b):
    y = a
    a &= b
    return a, y


def _aug_or(a, b):
    y = a
    a |= b
    return a, y


def _aug_xor(a, b):
    y = a
    a ^= b
    return a, y


def _aug_lshift(a, b):
    y = a
    a <<= b
    return a, y


def _aug_rshift(a, b):
    y = a
    a >>= b
    return a, y


def _aug_matmul(a, b):
    y = a
    a @= b
    return a, y


AUG = {"+=": _aug_add, "-=": _aug_sub, "*=": _aug_mul, "/=": _aug_truediv, "//=": _aug_floordiv, "%=": _aug_mod, "**=": _aug_pow, "&=": _aug_and, "|=": _aug_or, "^=": _aug_xor, "<<=": _aug_lshift, ">>=": _aug_rshift, "@=": _aug_matmul}


@scenario()
def augmented_assignment_rebinds(ms, jit):
    """``a op= b`` makes a new tensor; the alias ``y`` keeps the old value (int32 and float32)."""
    out = {}
    ints = (np.array([6, 7, -8], np.int32), np.array([2, 3, 1], np.int32))
    flts = (np.array([6.5, 7.0, -8.0], np.float32), np.array([2.0, 3.0, 0.5], np.float32))
    for op, f in AUG.items():
        if op == "@=":
            continue
        fn = jit(f)
        out[f"int32 {op}"] = run(lambda: fn(ms.Tensor(ints[0]), ms.Tensor(ints[1])))
        if op in ("+=", "-=", "*=", "/=", "//=", "%=", "**="):
            out[f"float32 {op}"] = run(lambda: fn(ms.Tensor(flts[0]), ms.Tensor(flts[1])))
            out[f"float32 {op} scalar"] = run(lambda: fn(ms.Tensor(flts[0]), 2.0))
    return out


@scenario()
def augmented_matmul(ms, jit):
    fn = jit(_aug_matmul)
    return run(lambda: fn(f32(ms, [[1.0, 2.0], [3.0, 4.0]]), f32(ms, [[0.0, 1.0], [1.0, 0.0]])))


@scenario(eager_only=True)
def augmented_assignment_identity(ms, jit):
    a = f32(ms, [1.0])
    b = a
    a += 1
    p = ms.Parameter(f32(ms, [1.0, 1.0]), name="p")
    q = p
    p += 1
    p2 = ms.Parameter(f32(ms, [2.0, 2.0]), name="p2")
    p2 *= 3
    return {"a": a.asnumpy().tolist(), "b": b.asnumpy().tolist(), "a_is_b": a is b,
            "p_type": type(p).__name__, "q_type": type(q).__name__, "p_is_q": p is q,
            "p": p.asnumpy().tolist(), "q": q.asnumpy().tolist(), "q_name": q.name,
            "p2_type": type(p2).__name__, "p2": p2.asnumpy().tolist()}


@scenario(eager_only=True)
def augmented_assignment_on_cell_parameter(ms, jit):
    """``self.w += 1`` inside construct rebinds the attribute? MindSpore: setting a Tensor on a
    Parameter attribute name raises; ``w = self.w; w += 1`` leaves the Parameter untouched."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(f32(ms, [1.0, 2.0]), name="w")

        def construct(self, x):
            w = self.w
            w += x
            return w * 2

    class SelfNet(ms.nn.Cell):
        """``self.w += x``: the Tensor result is assigned to the Parameter attribute (its data is set)."""
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(f32(ms, [1.0, 2.0]), name="w")

        def construct(self, x):
            self.w += x
            return self.w * 2

    net = Net()
    out = net(f32(ms, [1.0, 1.0]))
    snet = SelfNet()
    w0 = snet.w
    sout = snet(f32(ms, [1.0, 1.0]))
    return {"out": out.asnumpy().tolist(), "w": net.w.asnumpy().tolist(), "w_type": type(net.w).__name__,
            "self_out": sout.asnumpy().tolist(), "self_w": snet.w.asnumpy().tolist(),
            "self_w_type": type(snet.w).__name__, "self_same_parameter": snet.w is w0}


@scenario()
def augmented_assignment_autograd(ms, jit):
    """``y = relu(dense(x)); y += x`` then value_and_grad trains (no in-place autograd error)."""
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 3, weight_init="ones", bias_init="zeros")
            self.relu = nn.ReLU()

        def construct(self, x):
            y = self.relu(self.dense(x))
            y += x
            y *= 2
            y -= x
            return (y * y).sum()

    net = Net()
    with_w = ms.Parameter(net.dense.weight.value(), name="check")  # noqa: F841 - same init both sides
    x = f32(ms, [[0.5, -1.0, 2.0], [1.0, 0.25, -0.5]])
    @jit
    def forward(x):
        return net(x)
    fn = ms.value_and_grad(forward, grad_position=0, weights=net.trainable_params())
    loss, (gx, gw) = fn(x)
    loss2, (gx2, gw2) = jit(ms.value_and_grad(net, grad_position=0, weights=net.trainable_params()))(x)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.01)
    train = nn.TrainOneStepCell(net, opt)
    train.set_train()
    losses = [float(train(x).asnumpy()) for _ in range(3)]
    return {"loss": float(loss.asnumpy()), "gx": val(gx), "gw": [val(g) for g in gw], "losses": losses,
            "jit_of_grad": [float(loss2.asnumpy()), val(gx2), [val(g) for g in gw2]]}


@scenario()
def inplace_apis_stay_inplace(ms, jit):
    """Item assignment, ``assign_value``, ``set_data``, ``ops.assign``/``assign_add`` mutate in place."""
    out = {}

    def setitem(x):
        y = x
        x[0] = 5.0
        return x, y
    out["setitem"] = run(lambda: jit(setitem)(f32(ms, [1.0, 2.0])))
    x = f32(ms, [1.0, 2.0])
    y = x
    x[1:] = 7.0
    out["setitem_eager_alias"] = y.asnumpy().tolist()
    p = ms.Parameter(f32(ms, [1.0, 2.0]), name="p")
    q = p
    ms.ops.assign_add(p, f32(ms, [1.0, 1.0]))
    out["assign_add"] = q.asnumpy().tolist()
    ms.ops.assign(p, f32(ms, [9.0, 8.0]))
    out["assign"] = q.asnumpy().tolist()
    p.set_data(f32(ms, [3.0, 4.0]))
    out["set_data"] = q.asnumpy().tolist()
    p.assign_value(f32(ms, [5.0, 6.0]))
    out["assign_value"] = q.asnumpy().tolist()
    t = f32(ms, [1.0, 2.0])
    alias = t
    r = t.add_(1)
    out["add_"] = {"result": r.asnumpy().tolist(), "alias": alias.asnumpy().tolist()}
    return out


# ------------------------------------------------------------------ item 2: view and layout-free methods
def _nc(ms):
    """A non-contiguous (transposed) 4x3 tensor."""
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4)).transpose(1, 0)


def _view_6_2(x):
    return x.view(6, 2)


def _view_tuple(x):
    return x.view((2, 6))


def _view_neg(x):
    return x.view(-1)


def _view_as(x):
    return x.view_as(x.reshape(2, 6))


def _flatten(x):
    return x.flatten()


def _reshape(x):
    return x.reshape(3, 4)


def _ravel(x):
    return x.ravel()


def _expand_as(x):
    return x[:, :1].expand_as(x)


def _expand_tuple(x):
    return x[:, :1].expand((4, 3))


def _broadcast_to(x):
    return x[:, :1].broadcast_to((4, 3))


def _narrow(x):
    return x.narrow(0, 1, 2)


def _swapaxes(x):
    return x.swapaxes(0, 1)


def _view_after_slice(x):
    return x[:, 1:].view(8)


def _view_then_add(x):
    return x.view(12) + 1


VIEW_CASES = {n[1:]: f for n, f in list(globals().items()) if n in (
    "_view_6_2", "_view_tuple", "_view_neg", "_view_as", "_flatten", "_reshape", "_ravel", "_expand_as",
    "_expand_tuple", "_broadcast_to", "_narrow", "_swapaxes", "_view_after_slice", "_view_then_add")}


@scenario()
def view_and_friends_on_noncontiguous(ms, jit):
    out = {}
    for name, fn in VIEW_CASES.items():
        out[name] = run(lambda: jit(fn)(_nc(ms)))
    return out


@scenario(eager_only=True)
def view_misc(ms, jit):
    x = _nc(ms)
    out = {"expand_tensor_shape": run(lambda: x[:, :1].expand(ms.Tensor(np.array([4, 3])))),
           "unfold_im2col": run(lambda: ms.Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
                                .unfold(kernel_size=2, stride=2)),
           "is_contiguous": x.is_contiguous()}
    v = ms.Tensor(np.arange(6, dtype=np.float32)).view(2, 3)
    out["view_of_contiguous_shape"] = list(v.shape)
    return out


@scenario()
def view_grad(ms, jit):
    """Gradient through ``view`` of a transposed tensor."""
    def f(x):
        return (x.transpose(1, 0).view(6) * f32(ms, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])).sum()
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    return {"grad_of_jit": val(ms.grad(jit(f))(x)), "jit_of_grad": val(jit(ms.grad(f))(x))}


# ------------------------------------------------------------------ item 8: integer/bool reductions
_INT_DATA = {
    "int32": np.array([[1, 2, 4], [-3, 5, -6]], np.int32),
    "int64": np.array([[1, 2, 4], [-3, 5, -6]], np.int64),
    "int8": np.array([[1, 2, 4], [-3, 5, -6]], np.int8),
    "uint8": np.array([[1, 2, 4], [3, 5, 6]], np.uint8),
    "int16": np.array([[1, 2, 4], [-3, 5, -6]], np.int16),
    "bool": np.array([[True, False, True], [True, True, False]]),
}


def reduction_cases(ms):
    return {
        "mean": lambda x: x.mean(),
        "mean_axis0": lambda x: x.mean(axis=0),
        "mean_axis1_keep": lambda x: x.mean(axis=1, keep_dims=True),
        "sum": lambda x: x.sum(),
        "sum_axis1": lambda x: x.sum(axis=1),
        "prod": lambda x: x.prod(),
        "prod_axis0": lambda x: x.prod(axis=0),
        "std": lambda x: x.std(),
        "var_axis0": lambda x: x.var(axis=0),
        "max": lambda x: x.max(),
        "max_axis1": lambda x: x.max(axis=1),
        "min": lambda x: x.min(),
        "amax": lambda x: x.amax(),
        "argmax": lambda x: x.argmax(),
        "argmax_axis1": lambda x: x.argmax(axis=1),
        "argmin_axis0": lambda x: x.argmin(axis=0),
        "argmin": lambda x: x.argmin(),
        "cumsum_axis1": lambda x: x.cumsum(axis=1),
        "cumsum": lambda x: x.cumsum(),
        "cumprod_axis0": lambda x: x.cumprod(0),
        "all": lambda x: x.all(),
        "any_axis0": lambda x: x.any(axis=0),
        "truediv_scalar": lambda x: x / 2,
        "truediv_tensor": lambda x: x / x[0:1],
        "rtruediv": lambda x: 12 / x[0:1],
        "floordiv_scalar": lambda x: x // 2,
        "mod_scalar": lambda x: x % 3,
        "mul_float": lambda x: x * 1.5,
        "add_bool": lambda x: x + True,
        "pow_scalar": lambda x: x ** 2,
        "neg": lambda x: -x,
        "abs": lambda x: x.abs(),
        "sqrt": lambda x: x.abs().sqrt(),
        "exp": lambda x: x.exp(),
        "ops_mean": lambda x: ms.ops.mean(x),
        "ops_sum": lambda x: ms.ops.sum(x),
        "ops_div": lambda x: ms.ops.div(x, 2),
        "ops_cumsum": lambda x: ms.ops.cumsum(x, 1),
        "ops_std": lambda x: ms.ops.std(x),
        "ops_argmax": lambda x: ms.ops.argmax(x),
        "ops_prod": lambda x: ms.ops.prod(x),
    }


@scenario(eager_only=True)
def integer_reductions(ms, jit):
    out = {}
    for dname, data in _INT_DATA.items():
        for cname, fn in reduction_cases(ms).items():
            out[f"{dname} {cname}"] = run(lambda: fn(ms.Tensor(data)))
    return out


def _int_core(x):
    return (x.mean(), x.mean(axis=0), x.sum(), x.sum(axis=1), x.prod(), x.std(), x.var(axis=0), x.max(), x.min(),
            x.argmax(), x.cumsum(axis=1), x / 2, x // 2, x * 1.5, x ** 2)


INT_CORE = ["mean", "mean_axis0", "sum", "sum_axis1", "prod", "std", "var_axis0", "max", "min", "argmax",
            "cumsum_axis1", "truediv_scalar", "floordiv_scalar", "mul_float", "pow_scalar"]


def _bool_core(x):
    return (x.sum(), x.sum(axis=1), x.prod(), x.argmax(), x.cumsum(axis=1), x.all(), x.any(axis=0), x * 1.5)


BOOL_CORE = ["sum", "sum_axis1", "prod", "argmax", "cumsum_axis1", "all", "any_axis0", "mul_float"]


def integer_reductions_compiled(ms):
    """Reductions and arithmetic on int/bool tensors inside one compiled function per dtype."""
    out = {}
    for dname, data in _INT_DATA.items():
        fn, names = (_bool_core, BOOL_CORE) if dname == "bool" else (_int_core, INT_CORE)
        try:
            res = ms.jit(fn)(ms.Tensor(data))
            for c, r in zip(names, res):
                out[f"{dname} {c}"] = val(r)
        except Exception as e:  # noqa: BLE001
            out[dname] = _error(e)
    return out


# ------------------------------------------------------------------ item 6: printed forms
@scenario(eager_only=True)
def printed_forms(ms, jit):
    x = f32(ms, [[1.5, 2.0], [3.0, 4.25]])
    i = ms.Tensor(np.array([1, 2, 3], np.int32))
    p = ms.Parameter(f32(ms, [1.0, 2.0]), name="weight")
    out = {
        "str_float32": str(ms.float32), "repr_float16": repr(ms.float16), "fstring": f"{ms.float32}",
        "format_spec": "{}".format(ms.int64), "repr_list": repr([ms.float32, ms.int8]),
        "str_x_dtype": str(x.dtype), "repr_x_dtype": repr(x.dtype), "str_i_dtype": str(i.dtype),
        "dict_key": repr({ms.float32: 1}), "bool": str(ms.bool_), "repr_bool": repr(ms.bool_),
        "bfloat16": [str(ms.bfloat16), repr(ms.bfloat16)], "uint8": [str(ms.uint8), repr(ms.uint8)],
        "complex64": [str(ms.complex64), repr(ms.complex64)],
        "float64": [str(ms.float64), repr(ms.float64)],
        "mstype_str": str(ms.common.dtype.float32), "mstype_repr": repr(ms.common.dtype.int32),
        "repr_x": repr(x), "str_x": str(x), "repr_i": repr(i), "str_i": str(i),
        "repr_scalar": repr(ms.Tensor(2.5)), "str_scalar": str(ms.Tensor(2.5)),
        "repr_p": repr(p), "str_p": str(p),
        "eq_dtype": x.dtype == ms.float32, "ne_dtype": x.dtype != ms.float16,
        "in_tuple": x.dtype in (ms.float16, ms.float32),
        "hash_eq": hash(x.dtype) == hash(ms.float32),
        "generic": [str(ms.float_), repr(ms.float_), str(ms.number), repr(ms.int_)],
        "repr_f16": repr(ms.Tensor(np.array([1.0, 2.0], np.float16))),
        "repr_f64": repr(ms.Tensor(np.array([0.1, 100.0], np.float64))),
        "repr_small": repr(f32(ms, [0.1, 100.0])),
        "repr_ones_op": repr(ms.ops.ones((2, 3), ms.float32)),
        "repr_bool_t": repr(ms.Tensor(np.array([True, False]))),
        "str_f32_3d": str(ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 2, 2) / 3)),
    }
    return out


@scenario(eager_only=True)
def reduction_call_forms(ms, jit):
    """Which overload a reduction method takes for each spelling real code uses (positional axis with
    ``keep_dims=``, ``dim=``/``keepdim=`` against ``axis=``/``keepdims=``), and what it returns."""
    x = f32(ms, [[1.0, 5.0, 3.0, 2.0], [4.0, 2.0, 6.0, 6.0]])
    z = f32(ms, [[1.0, 0.0, 3.0, 0.0], [0.0, 0.0, 6.0, 2.0]])
    calls = {
        "mean(-1, keep_dims=True)": lambda: x.mean(-1, keep_dims=True),
        "mean(axis=-1, keep_dims=True)": lambda: x.mean(axis=-1, keep_dims=True),
        "all(-1, keep_dims=True)": lambda: (x > 1).all(-1, keep_dims=True),
        "any(-1, keep_dims=True)": lambda: (x > 5).any(-1, keep_dims=True),
        "sum(-1, keepdims=True)": lambda: x.sum(-1, keepdims=True),
        "sum(1, True)": lambda: x.sum(1, True),
        "max(1)": lambda: x.max(1), "max(axis=1)": lambda: x.max(axis=1), "max(dim=1)": lambda: x.max(dim=1),
        "max(1, keepdims=True)": lambda: x.max(1, keepdims=True),
        "max(1, keepdim=True)": lambda: x.max(1, keepdim=True), "max(1, True)": lambda: x.max(1, True),
        "max(dim=1, keepdim=True)": lambda: x.max(dim=1, keepdim=True),
        "max(axis=1, return_indices=True)": lambda: x.max(axis=1, return_indices=True),
        "min(0)": lambda: x.min(0), "min(0, keepdims=True)": lambda: x.min(0, keepdims=True),
        "min(dim=0)": lambda: x.min(dim=0),
        "median()": lambda: x.median(), "median(0)": lambda: x.median(0),
        "median(axis=1, keepdims=True)": lambda: x.median(axis=1, keepdims=True),
        "median(dim=1, keepdim=True)": lambda: x.median(dim=1, keepdim=True),
        "count_nonzero()": lambda: z.count_nonzero(), "count_nonzero(1)": lambda: z.count_nonzero(1),
        "count_nonzero(1, True)": lambda: z.count_nonzero(1, True),
        "count_nonzero(axis=-1, keep_dims=True)": lambda: z.count_nonzero(axis=-1, keep_dims=True),
    }
    out = {}
    for k, f in calls.items():
        try:
            r = f()
            out[k] = {"type": type(r).__name__, "value": val(r)}
        except Exception as e:  # noqa: BLE001
            out[k] = _error(e)
    return out


@scenario(eager_only=True)
def reduction_bad_axis(ms, jit):
    """What MindSpore 2.10 raises for an axis out of range or repeated in ``median``/``count_nonzero``."""
    x = f32(ms, [[1.0, 0.0, 3.0], [0.0, 5.0, 6.0]])
    return {
        "median(axis=5)": err(lambda: x.median(axis=5)),
        "median(-3)": err(lambda: x.median(-3)),
        "count_nonzero(axis=5)": err(lambda: x.count_nonzero(axis=5)),
        "count_nonzero(axis=(0, -3))": err(lambda: x.count_nonzero(axis=(0, -3))),
        "count_nonzero(axis=(0, 0))": err(lambda: x.count_nonzero(axis=(0, 0))),
        "count_nonzero(axis=(1, -1))": err(lambda: x.count_nonzero(axis=(1, -1))),
        "count_nonzero float axis raises": err(lambda: x.count_nonzero(axis=1.0)) is not None,
    }


# ms_compat runs these with the dtype spelling that ms_compat.install() (the alias) puts in place
SPELLED_AS_ALIAS = {"printed_by_print", "printed_forms", "dtype_spellings"}


@scenario(eager_only=True)
def printed_by_print(ms, jit):
    """What ``print`` writes for dtypes, alone, among other arguments and inside containers."""
    import contextlib
    import io
    x = f32(ms, [[1.5, 2.0], [3.0, 4.25]])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        print(x.dtype)
        print("dtype:", x.dtype, ms.int8, 3, "s")
        print([x.dtype, ms.bool_], (ms.float16,), (ms.uint8, ms.int64))
        print({"a": ms.bfloat16, ms.float64: [ms.complex64]})
        print(x.dtype, x.shape, sep=" ; ", end="!\n")
        print(ms.Tensor(np.array([1, 2], np.int32)).dtype, [1, "a"], (2,))
        print(x)
    return buf.getvalue().splitlines()


@scenario(eager_only=True)
def dtype_spellings(ms, jit):
    """``str``/``repr``/``format``/f-strings/``%``/``str.format``/``logging`` of every Tensor dtype."""
    import io
    import logging
    out = {}
    for name in ("float16", "float32", "float64", "bfloat16", "int8", "int16", "int32", "int64", "uint8",
                 "uint16", "uint32", "uint64", "bool_", "complex64", "complex128"):
        d = getattr(ms, name)
        out[name] = [str(d), repr(d), f"{d}", f"{d!r}", "{}|{!r}".format(d, d), "%s|%r" % (d, d), format(d, "")]
    x = f32(ms, [1.0, 2.0])
    out["tensor"] = [str(x.dtype), repr(x.dtype), f"dtype={x.dtype}", str([x.dtype, ms.int32]),
                     repr((ms.float16,)), str({"k": ms.uint8}), f"{[ms.bool_]}", str(x.dtype == ms.float32)]
    buf = io.StringIO()
    log = logging.getLogger("dtype_spellings")
    handler = logging.StreamHandler(buf)
    log.addHandler(handler)
    try:
        log.warning("cast %s to %r", x.dtype, ms.float16)
    finally:
        log.removeHandler(handler)
    out["logging"] = buf.getvalue().splitlines()
    return out


# ------------------------------------------------------------------ item 9: smaller gaps
@scenario(eager_only=True)
def hook_backward_passes_tuple(ms, jit):
    seen = []

    def hook(grad):
        seen.append([type(grad).__name__, len(grad), type(grad[0]).__name__, grad[0].asnumpy().tolist()])

    hb = ms.ops.HookBackward(hook)

    def f(x):
        return hb(x * 2) * 3

    g = ms.grad(f)(f32(ms, 1.5))
    return {"seen": seen, "grad": val(g)}


@scenario(eager_only=True)
def parameter_item_assignment(ms, jit):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = ms.Parameter(f32(ms, [0.0, 0.0, 0.0]), name="b")

        def construct(self, x):
            return (x * self.b).sum()

    net = Net()
    net.b[0] = 1.0
    net.b[1:] = f32(ms, [2.0, 3.0])
    g = ms.grad(net, grad_position=None, weights=net.trainable_params())(f32(ms, [1.0, 2.0, 3.0]))
    return {"b": net.b.asnumpy().tolist(), "type": type(net.b).__name__, "requires_grad": net.b.requires_grad,
            "grad": val(g), "params": [p.name for p in net.trainable_params()]}


@scenario(eager_only=True)
def parameter_copies_its_tensor(ms, jit):
    """``Parameter(t)`` copies ``t`` (mindcv's poolformer builds its layer scales from one tensor): in-place
    changes to either side afterwards do not reach the other."""
    t = f32(ms, [0.0, 1.0, 2.0, 3.0])
    p = ms.Parameter(t, name="p")
    t[0] = 100.0
    after_t = p.asnumpy().tolist()
    p[1] = 50.0
    t_after_p = t.asnumpy().tolist()
    p.set_data(f32(ms, [7.0, 7.0, 7.0, 7.0]))
    t_after_set_data = t.asnumpy().tolist()
    q = ms.Parameter(p, name="q")
    p[2] = -1.0
    shared = f32(ms, [1.0, 2.0])
    a, b = ms.Parameter(shared, name="a"), ms.Parameter(shared, name="b")
    a[0] = 9.0
    return {"p_after_t_write": after_t, "t_after_p_write": t_after_p, "t_after_set_data": t_after_set_data,
            "q_after_p_write": q.asnumpy().tolist(), "b_after_a_write": b.asnumpy().tolist(),
            "shared_after_a_write": shared.asnumpy().tolist()}


@scenario(eager_only=True)
def custom_initializer(ms, jit):
    init_mod = ms.common.initializer
    seen = []

    class Ramp(init_mod.Initializer):
        def __init__(self, start):
            super().__init__(start=start)
            self.start = start

        def _initialize(self, arr):
            seen.append([type(arr).__name__, list(arr.shape), str(arr.dtype)])
            arr[:] = np.arange(arr.size, dtype=arr.dtype).reshape(arr.shape) + self.start

    t = init_mod.initializer(Ramp(10), (2, 3), ms.float32)
    dense = ms.nn.Dense(3, 2, weight_init=Ramp(1), bias_init="zeros")
    return {"t": val(t.init_data() if hasattr(t, "init_data") else t), "seen": seen,
            "dense_w": dense.weight.asnumpy().tolist()}


@scenario(eager_only=True)
def tensor_from_numpy(ms, jit):
    a = np.array([1.0, 2.0, 3.0], np.float32)
    t = ms.Tensor.from_numpy(a)
    a[0] = 10.0  # MindSpore shares the numpy buffer
    b = np.arange(6, dtype=np.int64).reshape(2, 3)
    tb = ms.Tensor.from_numpy(b)
    return {"t": val(t), "type": type(t).__name__, "tb": val(tb),
            "list_error": err(lambda: ms.Tensor.from_numpy([1, 2]))}


@scenario(eager_only=True)
def lazy_init_tensor(ms, jit):
    init_mod = ms.common.initializer
    t = ms.Tensor(shape=(2, 3), dtype=ms.float32, init=init_mod.One())
    before = repr(t)
    has_init_before = bool(getattr(t, "has_init", False))
    t2 = t.init_data()
    out = {"repr_before": before, "has_init_before": has_init_before, "after": val(t2),
           "repr_after": repr(t2), "shape": list(t.shape), "dtype": dt(t.dtype)}
    n = ms.Tensor(shape=[2], dtype=ms.int32, init=init_mod.Normal())
    out["int_normal_shape"] = list(n.shape)
    c = ms.Tensor(shape=(2, 2), dtype=ms.float32, init=init_mod.Constant(3))
    out["constant_sum"] = float((c.init_data() + 1).sum().asnumpy())
    return out


@scenario(eager_only=True)
def recompute_arguments(ms, jit):
    def make():
        return ms.nn.Dense(2, 2)
    return {"positional": err(lambda: make().recompute(True)),
            "positional_two": err(lambda: make().recompute(False, True)),
            "keyword": err(lambda: make().recompute(mp_comm_recompute=True)),
            "none": err(lambda: make().recompute())}


@scenario()
def grad_wrt_integer_input(ms, jit):
    def f(x, n):
        return (x * n).sum()

    x = f32(ms, [1.0, 2.0])
    n = ms.Tensor(np.array([3, 4], np.int32))
    out = {}
    out["grad_pos1"] = run(lambda: ms.grad(jit(f), grad_position=1)(x, n))
    out["grad_pos01"] = run(lambda: ms.grad(jit(f), grad_position=(0, 1))(x, n))
    out["grad_pos0"] = run(lambda: ms.grad(jit(f), grad_position=0)(x, n))
    out["jit_of_grad_pos01"] = run(lambda: jit(ms.grad(f, grad_position=(0, 1)))(x, n))
    return out


# ------------------------------------------------------------------ item 5: names of torch.nn.Module methods
COLLIDING = ["half", "float", "double", "type", "to", "cuda", "cpu", "apply", "train", "eval", "compile",
             "buffers", "children", "modules", "bfloat16", "zero_grad", "state_dict", "parameters",
             "forward", "register_buffer", "named_parameters", "requires_grad_", "extra_repr"]


@scenario(eager_only=True)
def colliding_attribute_names(ms, jit):
    nn = ms.nn
    out = {}
    for name in COLLIDING:
        class Net(nn.Cell):
            def __init__(self, attr=name):
                super().__init__()
                setattr(self, attr, ms.Parameter(f32(ms, [2.0]), name=attr))
                self.attr = attr

            def construct(self, x):
                return x * getattr(self, self.attr)

        def case():
            net = Net()
            got = getattr(net, name)
            y = net(f32(ms, [3.0]))
            return [type(got).__name__, y.asnumpy().tolist(),
                    sorted(p.name for p in net.trainable_params()), sorted(net.parameters_dict())]
        try:
            out[f"param {name}"] = case()
        except Exception as e:  # noqa: BLE001
            out[f"param {name}"] = _error(e)
    for name in ("half", "train", "to", "apply", "modules"):
        class Outer(nn.Cell):
            def __init__(self, attr=name):
                super().__init__()
                setattr(self, attr, nn.Dense(1, 1, weight_init="ones", bias_init="zeros"))
                self.attr = attr

            def construct(self, x):
                return getattr(self, self.attr)(x) * 2

        def case2():
            net = Outer()
            got = getattr(net, name)
            y = net(f32(ms, [[3.0]]))
            return [type(got).__name__, y.asnumpy().tolist(), sorted(net.parameters_dict()),
                    [n for n, _ in net.cells_and_names()]]
        try:
            out[f"cell {name}"] = case2()
        except Exception as e:  # noqa: BLE001
            out[f"cell {name}"] = _error(e)
    return out


@scenario(eager_only=True)
def model_fit_eval_output(ms, jit):
    """``Model.fit`` with a validation set: the lines printed (LossMonitor's "Eval result" once per evaluated
    epoch, never a stale one), and the type of each metric value."""
    import contextlib
    import io

    nn, NumpySlicesDataset = ms.nn, ms.dataset.NumpySlicesDataset
    LossMonitor, Model = ms.train.LossMonitor, ms.train.Model
    x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -1.0]], np.float32)
    y = np.array([0, 1, 1, 0], np.int32)
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, nn.SGD(net.trainable_params(), learning_rate=0.0), metrics={"acc": ms.train.Accuracy(), "loss": ms.train.Loss()})
    train = NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)
    valid = NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.fit(3, train, valid, valid_frequency=2, callbacks=[LossMonitor(100)])
        model.fit(2, train, valid, valid_frequency=[1], callbacks=[LossMonitor(100)])
        model.fit(2, train, valid, callbacks=[])
    lines = [ln for ln in buf.getvalue().splitlines() if ln.strip()]
    res = model.eval(valid)
    return {"lines": lines, "eval_types": {k: type(v).__name__ for k, v in sorted(res.items())}}
