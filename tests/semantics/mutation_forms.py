"""Every way MindSpore code mutates a tensor in PyNative, as one table (issue 28), run unchanged under real
MindSpore 2.10 (tools/reference/gen_mutation.py stores the results under tests/reference_data/mutation/) and
under ms_compat (test_mutation_forms.py compares).

A *form* is ``form(ms, y, u) -> the tensor that holds y's value afterwards`` (``y`` itself for an in-place
change, a new tensor where the form rebinds, as ``y += u`` does). ``y`` is float32 of shape (3, 4) with
values in (0.1, 0.9); ``u`` is float32 of shape (4,), under ``grad`` computed from the differentiated input,
so gradients reach the written values too.

A *role* is what ``y`` is when it is mutated:

* ``leaf`` — a constant Tensor; under ``grad`` first saved for backward by ``y * x``;
* ``nonleaf`` — ``ops.relu(x)``, then saved for backward by ``y * y``;
* ``view`` — ``b[0]`` of ``b = ops.stack([x * 1, x * 2])`` (MindSpore: a view, the write reaches ``b``),
  saved by ``y * y``; the loss also reads ``b``;
* ``param`` — a ``Parameter`` (gradients taken for ``x`` and for the Parameter).

A *mode*: ``eager`` (no gradient: values after the mutation, what the original object holds, whether the
form rebinds), ``grad`` (``value_and_grad``), ``compiled`` (``value_and_grad`` of ``ms.jit(f)``, for
``COMPILED_FORMS`` on the ``nonleaf`` role).

``INPLACE_METHODS`` are MindSpore 2.10's public ``Tensor`` methods named ``*_`` (the generator derives the
list from ``mindspore.Tensor`` and stores it; the test checks this table covers it). Each has an
``equivalent``: the documented meaning written as ``y[...] = <out-of-place op>``, which the generator uses
where MindSpore 2.10's CPU build has no in-place kernel or returns the result without writing it (measured
for ``add_`` and others); the reference then says so.
"""
import numpy as np

X0 = np.array([[0.2, 0.5, 0.7, 0.3], [0.6, 0.1, 0.4, 0.8], [0.35, 0.85, 0.15, 0.55]], np.float32)
C0 = np.array([[0.3, 0.6, 0.2, 0.8], [0.5, 0.25, 0.75, 0.4], [0.65, 0.15, 0.45, 0.9]], np.float32)
W0 = np.arange(1, 13, dtype=np.float32).reshape(3, 4) / 10
U0 = np.array([0.4, 0.3, 0.6, 0.2], np.float32)
ROLES = ("leaf", "nonleaf", "view", "param")


def _f32(ms, a):
    return ms.Tensor(np.asarray(a, np.float32))


def _i64(ms, a):
    return ms.Tensor(np.asarray(a, np.int64))


def _mask(ms):
    return ms.Tensor(np.array([[True, False, True, False], [False, False, True, True], [True, False, False, False]]))


# ------------------------------------------------------------------------------------------- __setitem__
def _set(key_fn, value_fn):
    def form(ms, y, u):
        y[key_fn(ms, y)] = value_fn(ms, u)
        return y
    return form


def _num(ms, u):
    return 0.5


KEYS = {
    "int": lambda ms, y: 1,
    "neg_int": lambda ms, y: -1,
    "slice": lambda ms, y: (slice(None), slice(1, None)),
    "step_slice": lambda ms, y: (slice(None), slice(None, None, 2)),
    "ellipsis": lambda ms, y: (Ellipsis, 0),
    "ellipsis_only": lambda ms, y: Ellipsis,
    "none": lambda ms, y: (None, 1),
    "int_slice": lambda ms, y: (0, slice(1, 3)),
    "bool_mask": lambda ms, y: _mask(ms),
    "bool_rows": lambda ms, y: ms.Tensor(np.array([True, False, True])),
    "int_tensor": lambda ms, y: _i64(ms, [0, 2]),
    "int_tensors": lambda ms, y: (_i64(ms, [0, 2]), _i64(ms, [1, 3])),
    "list": lambda ms, y: [0, 2],
    "slice_int_tensor": lambda ms, y: (slice(None), _i64(ms, [1, 3])),
}
SETITEM = {}
for _k, _key in KEYS.items():
    SETITEM[f"setitem[{_k}]=number"] = _set(_key, _num)
SETITEM["setitem[int]=int_number"] = _set(KEYS["int"], lambda ms, u: 2)
SETITEM["setitem[int]=tensor"] = _set(KEYS["int"], lambda ms, u: u)
SETITEM["setitem[slice]=tensor_broadcast"] = _set(KEYS["slice"], lambda ms, u: u[1:])
SETITEM["setitem[bool_rows]=tensor_broadcast"] = _set(KEYS["bool_rows"], lambda ms, u: u)
SETITEM["setitem[int_tensor]=tensor_broadcast"] = _set(KEYS["int_tensor"], lambda ms, u: u)
SETITEM["setitem[int_tensors]=tensor"] = _set(KEYS["int_tensors"], lambda ms, u: u[:2])
SETITEM["setitem[ellipsis_only]=tensor_broadcast"] = _set(KEYS["ellipsis_only"], lambda ms, u: u)
SETITEM["setitem[int]=list"] = _set(KEYS["int"], lambda ms, u: [1.0, 2.0, 3.0, 4.0])
SETITEM["setitem[int]=tuple"] = _set(KEYS["int"], lambda ms, u: (1.0, 2.0, 3.0, 4.0))
SETITEM["setitem[bool_mask]=tensor_0d"] = _set(KEYS["bool_mask"], lambda ms, u: u[0])


# ------------------------------------------------------------------------------------ augmented assignment
def _aug_add(ms, y, u):
    y += u
    return y


def _aug_sub(ms, y, u):
    y -= u
    return y


def _aug_mul(ms, y, u):
    y *= u
    return y


def _aug_div(ms, y, u):
    y /= u
    return y


def _aug_add_number(ms, y, u):
    y += 1.5
    return y


def _aug_pow(ms, y, u):
    y **= 2
    return y


AUGMENTED = {"y += u": _aug_add, "y -= u": _aug_sub, "y *= u": _aug_mul, "y /= u": _aug_div,
             "y += number": _aug_add_number, "y **= 2": _aug_pow}


# --------------------------------------------------------------------------------- whole-value assignment
def _full(ms, u):
    return ms.ops.broadcast_to(u, (3, 4)) * 1.5


ASSIGN = {
    "Tensor.assign_value": lambda ms, y, u: y.assign_value(_full(ms, u)),
    "ops.assign": lambda ms, y, u: ms.ops.assign(y, _full(ms, u)),
    "ops.assign_add": lambda ms, y, u: ms.ops.assign_add(y, _full(ms, u)),
    "ops.assign_sub": lambda ms, y, u: ms.ops.assign_sub(y, _full(ms, u)),
}
PARAM_ONLY = {"Parameter.set_data": lambda ms, y, u: y.set_data(_full(ms, u))}


# ------------------------------------------------------------------------------ MindSpore's ``*_`` methods
def _idx(ms):
    return _i64(ms, [0, 2])


def _src(ms, u):
    return ms.ops.stack([u[:3], u[1:]], 1)  # (3, 2)


# name -> (in-place call, documented equivalent (out-of-place), random: the values are not compared)
INPLACE_METHODS = {
    "add_": (lambda ms, y, u: y.add_(u), lambda ms, y, u: y + u),
    "sub_": (lambda ms, y, u: y.sub_(u), lambda ms, y, u: y - u),
    "mul_": (lambda ms, y, u: y.mul_(u), lambda ms, y, u: y * u),
    "div_": (lambda ms, y, u: y.div_(u), lambda ms, y, u: y / u),
    "addmm_": (lambda ms, y, u: y.addmm_(_f32(ms, [[1.0], [2.0], [0.5]]), u.reshape((1, 4))),
               lambda ms, y, u: y + ms.ops.matmul(_f32(ms, [[1.0], [2.0], [0.5]]), u.reshape((1, 4)))),
    "clamp_": (lambda ms, y, u: y.clamp_(0.3, 0.6), lambda ms, y, u: ms.ops.clamp(y, 0.3, 0.6)),
    "copy_": (lambda ms, y, u: y.copy_(_full(ms, u)), lambda ms, y, u: _full(ms, u)),
    "erfinv_": (lambda ms, y, u: y.erfinv_(), lambda ms, y, u: ms.ops.erfinv(y)),
    "exp_": (lambda ms, y, u: y.exp_(), lambda ms, y, u: ms.ops.exp(y)),
    "fill_": (lambda ms, y, u: y.fill_(0.25), lambda ms, y, u: y * 0 + 0.25),
    "fill_diagonal_": (lambda ms, y, u: y.fill_diagonal_(0.5),
                       lambda ms, y, u: ms.ops.where(ms.Tensor(np.eye(3, 4, dtype=bool)), 0.5, y)),
    "floor_": (lambda ms, y, u: y.floor_(), lambda ms, y, u: ms.ops.floor(y)),
    "floor_divide_": (lambda ms, y, u: y.floor_divide_(0.3), lambda ms, y, u: ms.ops.floor_divide(y, 0.3)),
    "index_add_": (lambda ms, y, u: y.index_add_(1, _idx(ms), _src(ms, u)),
                   lambda ms, y, u: y + ms.ops.stack([u[:3] * 0, u[:3] * 0, u[:3] * 0, u[:3] * 0], 1)
                   + ms.ops.concat([_src(ms, u)[:, :1], _src(ms, u)[:, :1] * 0, _src(ms, u)[:, 1:],
                                    _src(ms, u)[:, :1] * 0], 1)),
    "index_copy_": (lambda ms, y, u: y.index_copy_(1, _idx(ms), _src(ms, u)),
                    lambda ms, y, u: ms.ops.concat([_src(ms, u)[:, :1], y[:, 1:2], _src(ms, u)[:, 1:], y[:, 3:]], 1)),
    "index_fill_": (lambda ms, y, u: y.index_fill_(1, _idx(ms), 0.5),
                    lambda ms, y, u: ms.ops.where(ms.Tensor(np.array([True, False, True, False])), 0.5, y)),
    "index_put_": (lambda ms, y, u: y.index_put_((_idx(ms), _i64(ms, [1, 3])), u[:2]),
                   lambda ms, y, u: ms.ops.tensor_scatter_update(y, _i64(ms, [[0, 1], [2, 3]]), u[:2])),
    "log_": (lambda ms, y, u: y.log_(), lambda ms, y, u: ms.ops.log(y)),
    "masked_fill_": (lambda ms, y, u: y.masked_fill_(_mask(ms), 0.5),
                     lambda ms, y, u: ms.ops.masked_fill(y, _mask(ms), ms.Tensor(0.5, ms.float32))),
    "masked_scatter_": (lambda ms, y, u: y.masked_scatter_(_mask(ms), _full(ms, u)),
                        lambda ms, y, u: y.masked_scatter(_mask(ms), _full(ms, u))),
    "mul_(number)": (lambda ms, y, u: y.mul_(3.0), lambda ms, y, u: y * 3.0),
    "put_": (lambda ms, y, u: y.put_(_i64(ms, [0, 5]), u[:2]),
             lambda ms, y, u: ms.ops.tensor_scatter_update(y, _i64(ms, [[0, 0], [1, 1]]), u[:2])),
    "remainder_": (lambda ms, y, u: y.remainder_(0.3), lambda ms, y, u: ms.ops.remainder(y, 0.3)),
    "scatter_": (lambda ms, y, u: y.scatter_(1, _i64(ms, [[1], [3], [0]]), _src(ms, u)[:, :1]),
                 lambda ms, y, u: ms.ops.tensor_scatter_update(y, _i64(ms, [[0, 1], [1, 3], [2, 0]]),
                                                               _src(ms, u)[:, 0])),
    "scatter_add_": (lambda ms, y, u: y.scatter_add_(1, _i64(ms, [[1], [3], [0]]), _src(ms, u)[:, :1]),
                     lambda ms, y, u: ms.ops.tensor_scatter_add(y, _i64(ms, [[0, 1], [1, 3], [2, 0]]),
                                                                _src(ms, u)[:, 0])),
    "sigmoid_": (lambda ms, y, u: y.sigmoid_(), lambda ms, y, u: ms.ops.sigmoid(y)),
    "sign_": (lambda ms, y, u: y.sign_(), lambda ms, y, u: ms.ops.sign(y)),
    "tanh_": (lambda ms, y, u: y.tanh_(), lambda ms, y, u: ms.ops.tanh(y)),
    "zero_": (lambda ms, y, u: y.zero_(), lambda ms, y, u: y * 0),
}
# Random fills: shape, dtype and the range of the values are compared (the generators differ), gradients fully.
RANDOM_METHODS = {
    "bernoulli_": (lambda ms, y, u: y.bernoulli_(0.5), (0.0, 1.0)),
    "exponential_": (lambda ms, y, u: y.exponential_(), (0.0, float("inf"))),
    "normal_": (lambda ms, y, u: y.normal_(), (float("-inf"), float("inf"))),
    "random_": (lambda ms, y, u: y.random_(0, 5), (0.0, 4.0)),
    "uniform_": (lambda ms, y, u: y.uniform_(0.0, 1.0), (0.0, 1.0)),
}
# ``Tensor`` ``*_`` names that are not value mutations: autograd flag, device move, storage management.
NOT_MUTATIONS = {"requires_grad_", "to_", "set_", "delete_", "index_of_parent_", "parent_tensor_"}

# ops.scatter_* that write into a Parameter (``input_x``); derived by the generator from ``mindspore.ops``.
SCATTER_OPS = {
    "scatter_update": lambda ms, p, u: ms.ops.scatter_update(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_add": lambda ms, p, u: ms.ops.scatter_add(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_mul": lambda ms, p, u: ms.ops.scatter_mul(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_div": lambda ms, p, u: ms.ops.scatter_div(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_max": lambda ms, p, u: ms.ops.scatter_max(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_min": lambda ms, p, u: ms.ops.scatter_min(p, _idx(ms), ms.ops.stack([u, u * 2])),
    "scatter_nd_update": lambda ms, p, u: ms.ops.scatter_nd_update(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_add": lambda ms, p, u: ms.ops.scatter_nd_add(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_sub": lambda ms, p, u: ms.ops.scatter_nd_sub(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_mul": lambda ms, p, u: ms.ops.scatter_nd_mul(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_div": lambda ms, p, u: ms.ops.scatter_nd_div(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_max": lambda ms, p, u: ms.ops.scatter_nd_max(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
    "scatter_nd_min": lambda ms, p, u: ms.ops.scatter_nd_min(p, _i64(ms, [[0, 1], [2, 3]]), u[:2]),
}

FORMS = {**SETITEM, **AUGMENTED, **ASSIGN, **{m: f for m, (f, _) in INPLACE_METHODS.items()},
         **{m: f for m, (f, _) in RANDOM_METHODS.items()}}
COMPILED_FORMS = ("setitem[slice]=number", "setitem[bool_mask]=number", "setitem[int_tensor]=tensor_broadcast",
                  "setitem[int]=tensor", "y += u", "add_", "copy_", "masked_fill_", "Tensor.assign_value",
                  "ops.assign")


def equivalent_form(name):
    """``y[...] = <documented out-of-place result>``: the in-place method's meaning without its kernel."""
    fn = INPLACE_METHODS[name][1]

    def form(ms, y, u):
        y[...] = fn(ms, y, u)
        return y
    return form


# ------------------------------------------------------------------------------------------------ driver
def error(e):
    lines = [ln for ln in str(e).strip().splitlines() if ln.strip() and set(ln.strip()) != {"-"}]
    return {"error": [type(e).__name__, lines[0][:160] if lines else ""]}


def val(t, random_range=None):
    if not hasattr(t, "asnumpy"):
        return {"not_tensor": type(t).__name__}
    a = np.asarray(t.asnumpy(), np.float64)
    out = {"dtype": str(t.dtype).split(".")[-1].lower(), "shape": list(a.shape)}
    if random_range is None:
        out["v"] = a.ravel().tolist()
    else:
        lo, hi = random_range
        out["in_range"] = bool(a.size == 0 or (a.min() >= lo and a.max() <= hi))
    return out


def _build(ms, role, x, p):
    """(y, z, base): the tensor to mutate, a result that saved it for backward, the tensor it views."""
    if role == "leaf":
        y = _f32(ms, C0)
        return y, (y * x if x is not None else None), None
    if role == "nonleaf":
        y = ms.ops.relu(x if x is not None else _f32(ms, X0))
        return y, y * y, None
    if role == "view":
        src = x if x is not None else _f32(ms, X0)
        b = ms.ops.stack([src * 1, src * 2])
        y = b[0]
        return y, y * y, b
    y = p
    return y, (y * x if x is not None else None), None


def run_eager(ms, form, role, random_range=None):
    try:
        p = ms.Parameter(_f32(ms, C0), name="p") if role == "param" else None
        y, _, base = _build(ms, role, None, p)
        y0 = y
        r = form(ms, y, _f32(ms, U0))
        out = {"after": val(r, random_range), "object": val(y0, random_range), "rebinds": r is not y0,
               "type": type(r).__name__}
        if base is not None:
            out["base"] = val(base, random_range)
        return out
    except Exception as e:  # noqa: BLE001 - an error is a result
        return error(e)


def loss_fn(ms, form, role, p):
    w = _f32(ms, W0)

    def f(x):
        y, z, base = _build(ms, role, x, p)
        u = x[1] * 0.5 + 0.25
        r = form(ms, y, u)
        loss = (z * w).sum() + (r * w * 3).sum()
        if base is not None:
            loss = loss + (base * 0.5).sum()
        return loss
    return f


def run_grad(ms, form, role, jit=None):
    try:
        p = ms.Parameter(_f32(ms, C0), name="p") if role == "param" else None
        f = loss_fn(ms, form, role, p)
        if jit is not None:
            f = jit(f)
        x = _f32(ms, X0)
        if role == "param":
            value, (gx, gw) = ms.value_and_grad(f, grad_position=0, weights=[p])(x)
            return {"loss": float(value.asnumpy()), "grad_x": val(gx), "grad_p": val(gw[0]),
                    "p_after": val(p)}
        value, gx = ms.value_and_grad(f)(x)
        return {"loss": float(value.asnumpy()), "grad_x": val(gx)}
    except Exception as e:  # noqa: BLE001
        return error(e)


def run_scatter(ms, name, grad):
    """``ops.scatter_*`` on a Parameter: eager values, and under ``grad`` value and gradients."""
    fn = SCATTER_OPS[name]
    try:
        p = ms.Parameter(_f32(ms, C0), name="p")
        if not grad:
            r = fn(ms, p, _f32(ms, U0))
            return {"after": val(r), "object": val(p), "rebinds": r is not p}
        w = _f32(ms, W0)

        def f(x):
            z = p * x
            r = fn(ms, p, x[1] * 0.5 + 0.25)
            return (z * w).sum() + (r * w * 3).sum()
        value, (gx, gw) = ms.value_and_grad(f, grad_position=0, weights=[p])(_f32(ms, X0))
        return {"loss": float(value.asnumpy()), "grad_x": val(gx), "grad_p": val(gw[0]), "p_after": val(p)}
    except Exception as e:  # noqa: BLE001
        return error(e)


# ----------------------------------------------------------- the training wrappers around one mutation
def run_wrappers(ms):
    """The issue's example inside ``grad``, ``GradOperation`` and ``TrainOneStepCell`` (a Cell whose
    construct writes into an intermediate that ReLU saved)."""
    out = {}
    x = _f32(ms, [[1.0, 2.0, -3.0]])

    def f(x):
        y = ms.ops.relu(x)
        y[:, 1:] = 0.0
        return (y * 2).sum()
    out["grad"] = val(ms.grad(f)(x))
    out["GradOperation"] = val(ms.ops.GradOperation()(f)(x))

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_f32(ms, [[0.5, -1.0, 2.0], [1.5, 0.5, -0.5]]), name="w")

        def construct(self, a):
            h = ms.ops.relu(ms.ops.matmul(a, self.w))
            h[:, 0] = 1.0
            h += a[:, :1]
            return (h * h).sum()
    net = Net()
    step = ms.nn.TrainOneStepCell(net, ms.nn.SGD(net.trainable_params(), learning_rate=0.1))
    step.set_train()
    losses = [float(step(_f32(ms, [[1.0, 2.0], [0.5, -1.0]])).asnumpy()) for _ in range(2)]
    out["TrainOneStepCell"] = {"losses": losses, "w": val(net.w)}
    return out
