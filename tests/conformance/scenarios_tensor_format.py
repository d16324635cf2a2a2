"""How a Tensor prints in every Python string form, run unchanged under real MindSpore 2.10 (by
tools/reference/gen_tensor_format.py, which stores the results) and under ms_compat (by
test_tensor_format_conformance.py, which compares). Each scenario takes the ``mindspore``-like module
``ms`` and returns ``{form: text or [error type, message]}``.

The family is dtype x value x form: ``str``, ``repr``, ``format`` with an empty spec and with specs,
f-strings, ``print``, the container reprs (list, tuple, dict) and ``%`` formatting -- the ways a training
loop prints a loss.
"""
import contextlib
import io

SCENARIOS = {}

DTYPES = ["float32", "float16", "float64", "bfloat16", "int32", "int64", "int8", "uint8", "bool_"]
FLOAT_VALUES = [0.8823431730270386, 0.12345678, 12345678.9, 1e-8, 0.5, 3.0, -0.0, 100.0, -2.5, 1e20,
                123456.0, 1234567.0, 1e-4, 1e-5, float("nan"), float("inf"), float("-inf")]
INT_VALUES = [7, 0, -5, 127]
SPECS = [".4f", ".3e", "d", ">10", "s", "g", "", ".2%"]


def _err(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - what is raised is the result
        return [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]


def _printed(*objs):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        print(*objs)
    return buf.getvalue()


def _forms(t):
    out = {
        "str": _err(lambda: str(t)),
        "repr": _err(lambda: repr(t)),
        "fstring": _err(lambda: f"loss {t}"),
        "fstring_r": _err(lambda: f"loss {t!r}"),
        "list": _err(lambda: str([t, t])),
        "tuple": _err(lambda: str((t,))),
        "dict": _err(lambda: str({"loss": t})),
        "print": _err(lambda: _printed("loss", t)),
        "print_list": _err(lambda: _printed([t])),
        "pct_s": _err(lambda: "loss %s" % t),
        "pct_r": _err(lambda: "loss %r" % (t,)),
        "pct_f": _err(lambda: "loss %.3f" % t),
        "pct_d": _err(lambda: "loss %d" % t),
        "pct_g": _err(lambda: "loss %g" % t),
        "str_format": _err(lambda: "loss {}".format(t)),
    }
    for spec in SPECS:
        out[f"format[{spec}]"] = _err(lambda spec=spec: format(t, spec))
    return out


def _values(dtype):
    if dtype == "bool_":
        return [True, False]
    return INT_VALUES if "int" in dtype else FLOAT_VALUES


def _make(ms, dtype, v):
    if dtype == "uint8" and v < 0:
        v = 200
    return ms.Tensor(v, getattr(ms, dtype))


for _dtype in DTYPES:
    def _scenario(ms, dtype=_dtype):
        return {repr(v): _forms(_make(ms, dtype, v)) for v in _values(dtype)}
    SCENARIOS[f"scalar_{_dtype}"] = _scenario


def _vector(ms):
    import numpy as np
    out = {}
    for dtype in ("float32", "float64", "float16", "bfloat16", "int64", "bool_"):
        a = np.array([0.8823431730270386, 1.5, -2.0]) if dtype.startswith("float") else np.array([1, 0, 3])
        out[dtype] = _forms(ms.Tensor(a, getattr(ms, dtype)))
    out["bfloat16_2d"] = _forms(ms.Tensor(np.array([[0.5, -123.25], [1e-3, 7.0]]), ms.bfloat16))
    out["one_element"] = _forms(ms.Tensor([0.8823431730270386], ms.float32))
    return out


SCENARIOS["vector"] = _vector


def _loss_lines(ms):
    """The lines a MindSpore training loop prints: a loss from a net, step by step."""
    import numpy as np
    net = ms.nn.Dense(3, 1)
    net.weight.set_data(ms.Tensor(np.array([[0.1, -0.2, 0.3]], np.float32)))
    net.bias.set_data(ms.Tensor(np.array([0.05], np.float32)))
    loss_fn = ms.nn.MSELoss()
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    loss = loss_fn(net(x), ms.Tensor(np.array([[0.123]], np.float32)))
    return {"fstring": f"epoch 1 step 1 loss {loss}", "print": _printed("loss:", loss),
            "pct": "loss: %s" % loss, "list": str([loss]), "format": "{}".format(loss),
            "spec": _err(lambda: f"{loss:.4f}")}


SCENARIOS["loss_lines"] = _loss_lines
