"""Cases for MindSpore's ``RandomPoisson`` kernel (``ops.random_poisson``, ``ops.RandomPoisson``) and the kernels a
``MultinomialWithReplacement`` Primitive keeps (gen_random_ops_poisson.py, tests/ops/test_random_poisson_numbers.py).

``run(ms, ops, P, unset_global_seed)`` runs every case with a MindSpore-like package ``ms``, its ``ops`` and
``ops.operations`` ``P``, and returns {case name: array}. Each function case sets the global seed first (or unsets
it), then calls the op (three times on the first shape: the per-op call counter) and records every result; each
Primitive case calls one instance in sequence (its kernels continue call after call).
"""
import numpy as np

GLOBAL_SEEDS = (0, 1, 1234)
OP_SEEDS = (None, 5)
SHAPES = ((3,), (2, 3))
RATES = {  # Knuth below 10, transformed rejection from 10 (lgamma's branch included), 0 and the boundary
    "small": np.array([1.0, 4.5]),
    "mixed": np.array([[0.5, 12.5], [30.0, 0.0]]),
    "large": np.array([250.0]),
    "boundary": np.array([9.99, 10.0, 10.01]),
}
PRIM_SEEDS = ((1, 0), (0, 1), (3, 7), (2 ** 31 - 2, 12345))
MWR_ROWS = np.array([[0.0, 9.0, 4.0, 1.0, 0.5, 0.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [0.1, 0.0, 0.0, 3.0, 2.0, 0.2]])


def run(ms, ops, P, unset_global_seed):
    out = {}
    t = ms.Tensor

    def shape_tensor(shp, dtype="int32"):
        return t(np.array(shp, dtype))

    for g in GLOBAL_SEEDS:
        for seed in OP_SEEDS:
            for name, rate in RATES.items():
                for shp in SHAPES:
                    ms.set_seed(g)
                    for call in range(3 if shp == SHAPES[0] else 1):
                        res = ops.random_poisson(shape_tensor(shp), t(rate.astype("float32")), seed)
                        out[f"random_poisson|{g}|{seed}|{name}|{shp}|{call}"] = res.asnumpy()
    unset_global_seed()  # op seed alone: the global seed counts as 0
    for call in range(2):
        out[f"random_poisson|noglobal|7|{call}"] = ops.random_poisson(shape_tensor((4,)), t(np.float32(3.0)),
                                                                      7).asnumpy()
    ms.set_seed(1)
    for dtype in ("int32", "int64", "float16", "float64"):  # the output dtype
        res = ops.random_poisson(shape_tensor((4,), "int64"), t(np.array([3.5, 40.0], np.float32)), 2,
                                 getattr(ms, dtype))
        out[f"random_poisson|dtype|{dtype}"] = res.asnumpy()
    for dtype in ("float16", "float64", "int32", "int64"):  # the rate's dtype
        res = ops.random_poisson(shape_tensor((4,)), t(np.array([3, 40]).astype(dtype)), 2)
        out[f"random_poisson|rate dtype|{dtype}"] = res.asnumpy()
    edges = {"inf": [np.inf, 10.0], "negative": [-1.0, 10.0], "huge": [1e6, 9.99, 1e9]}  # huge: float32 rounding
    for name, rate in edges.items():
        for dtype in ("float32", "int64"):
            res = ops.random_poisson(shape_tensor((3,)), t(np.array(rate, np.float32)), 2, getattr(ms, dtype))
            out[f"random_poisson|edge|{name}|{dtype}"] = res.asnumpy()
    ms.set_seed(3)  # many rejection tries: the acceptance test's log and lgamma
    out["random_poisson|long"] = ops.random_poisson(shape_tensor((1500,)),
                                                    t(np.array([15.0, 123.4, 9876.5], np.float32)), 4).asnumpy()
    res = ops.random_poisson(shape_tensor((4000,)), t(np.array([0.05, 2.5, 9.999, 10.0, 1e5], np.float32)), 4,
                             ms.int32)
    out["random_poisson|long|every 5th"] = res.asnumpy()[::5]  # all of it drawn: one stream, order-checked
    res = ops.random_poisson(shape_tensor((3000,)), t(np.array([3e7, 1e9], np.float32)), 6, ms.int64)
    out["random_poisson|long|huge rates|every 10th"] = res.asnumpy()[::10]  # lgamma of large k in the test
    _primitive_cases(ms, P, out)
    _multinomial_with_replacement_cases(ms, P, out)
    _error_cases(ms, ops, P, out)
    return out


def _error_of(fn):
    """[exception type name, first line of its message] as a string array, or the result (an array)."""
    try:
        return fn().asnumpy()
    except Exception as e:  # noqa: BLE001 - recording what the op raises
        return np.array([type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""])


def _error_cases(ms, ops, P, out):
    t = ms.Tensor
    rate = t(np.array([2.0], np.float32))
    bad = {
        "empty shape": lambda: ops.random_poisson(t(np.array([0, 3], np.int32)), rate, 1),
        "negative shape": lambda: ops.random_poisson(t(np.array([-2], np.int32)), rate, 1),
        "2-D shape": lambda: ops.random_poisson(t(np.array([[2]], np.int32)), rate, 1),
        "float shape": lambda: ops.random_poisson(t(np.array([2.0], np.float32)), rate, 1),
        "bool rate": lambda: ops.random_poisson(t(np.array([2], np.int32)), t(np.array([True])), 1),
        "Primitive, float shape": lambda: P.RandomPoisson(1, 2)(t(np.array([2.0], np.float32)), rate),
        "MultinomialWithReplacement, rank 3": lambda: P.MultinomialWithReplacement(2, True)(
            t(np.ones((2, 2, 3), np.float32)), t(1, ms.int64), t(1, ms.int64)),
        "MultinomialWithReplacement, too many samples": lambda: P.MultinomialWithReplacement(4, False)(
            t(np.ones((2, 3), np.float32)), t(1, ms.int64), t(1, ms.int64)),
    }
    for name, fn in bad.items():
        out[f"error|{name}"] = _error_of(fn)


def _primitive_cases(ms, P, out):
    """RandomPoisson keeps a kernel per (shape values and dtype, rate dtype, rate rank) per instance."""
    t = ms.Tensor

    def sh(*v, dtype="int32"):
        return t(np.array(v, dtype))

    def rt(v, dtype="float32"):
        return t(np.array(v, dtype))

    for s1, s2 in PRIM_SEEDS:
        op = P.RandomPoisson(s1, s2)
        for call in range(3):
            out[f"prim|RandomPoisson|{s1}|{s2}|{call}"] = op(sh(2, 3), rt([2.0, 15.0, 0.3])).asnumpy()
    sequences = {
        "shape value": [(sh(4), rt([2.0])), (sh(5), rt([2.0])), (sh(4), rt([2.0])), (sh(2, 2), rt([2.0])),
                        (sh(1, 4), rt([2.0])), (sh(2, 2), rt([2.0]))],
        "dtypes": [(sh(4), rt([2.0])), (sh(4), rt([2.0], "float64")), (sh(4, dtype="int64"), rt([2.0])),
                   (sh(4), rt([2.0]))],
        "rate shape": [(sh(2), rt(np.full(s, 2.0))) for s in ((1,), (2,), (1, 2), (2, 1), (2, 2), (3,), (), (1,))],
        "rate values": [(sh(3), rt([2.0])), (sh(3), rt([50.0])), (sh(3), rt([2.0]))],
    }
    for name, calls in sequences.items():
        op = P.RandomPoisson(3, 7)
        for i, (shape, rate) in enumerate(calls):
            out[f"prim|RandomPoisson|{name}|{i}"] = op(shape, rate).asnumpy()
    for dtype in ("int32", "float16", "float64"):
        op = P.RandomPoisson(5, 6, getattr(ms, dtype))
        for call in range(2):
            out[f"prim|RandomPoisson|dtype|{dtype}|{call}"] = op(sh(3), rt([4.0, 11.0])).asnumpy()
    first, second = P.RandomPoisson(3, 7), P.RandomPoisson(3, 7)  # a second instance starts afresh
    for i, op in enumerate((first, second, first)):
        out[f"prim|RandomPoisson|instances|{i}"] = op(sh(4), rt([2.0])).asnumpy()


def _multinomial_with_replacement_cases(ms, P, out):
    """A MultinomialWithReplacement instance keeps a kernel per x shape and dtype; new seed/offset values restart
    Philox after the words left of the previous block."""
    t = ms.Tensor
    for replacement in (True, False):
        for seed, offset in ((9, 1), (5, 0), (0, 3)):
            op = P.MultinomialWithReplacement(5, replacement)
            for call in range(3):
                for dtype in ("float32", "float64"):
                    res = op(t(MWR_ROWS.astype(dtype)), t(seed, ms.int64), t(offset, ms.int64))
                    out[f"prim|MultinomialWithReplacement|{replacement}|{seed}|{offset}|{dtype}|{call}"] = \
                        res.asnumpy()
    op = P.MultinomialWithReplacement(7, True)
    for call, (seed, offset) in enumerate(((9, 1), (9, 1), (10, 1), (9, 2), (9, 2))):
        res = op(t(MWR_ROWS[0].astype("float32")), t(seed, ms.int64), t(offset, ms.int64))
        out[f"prim|MultinomialWithReplacement|new seeds|{call}"] = res.asnumpy()
    op = P.MultinomialWithReplacement(3, True)
    x = MWR_ROWS.astype("float32")
    for call, rows in enumerate((x[:1], x[:1, :5], x[:2, :5], x[0], x[0, :5], x[:1], x[1:], x[:2])):
        res = op(t(rows), t(9, ms.int64), t(1, ms.int64))
        out[f"prim|MultinomialWithReplacement|shapes|{call}"] = res.asnumpy()
    first, second = P.MultinomialWithReplacement(3, True), P.MultinomialWithReplacement(3, True)
    for i, op in enumerate((first, second, first)):
        out[f"prim|MultinomialWithReplacement|instances|{i}"] = op(t(x[0]), t(9, ms.int64), t(1, ms.int64)).asnumpy()
