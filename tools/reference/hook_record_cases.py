"""Overridable-hook records for mindspore.nn.probability, run under real MindSpore 2.10
(tools/reference/gen_hook_records.py) and under ms_compat (tests/nn/test_overridable_hooks.py) by :func:`run`.

For each distribution and bijector of tools/reference/distribution_cases.py, the hook family is derived from the
class itself: every name in ``DIST_HOOKS``/``BIJECTOR_HOOKS`` the class has (``hasattr``, as MindSpore's
``Distribution.__init__`` decides its dispatch). A subclass is generated that overrides each of them with a
recorder (hook name, argument shapes/values; then the parent's hook), and every public method is called,
with and without parameter overrides and through ``construct``; the record is the list of hook calls, and the
result's shape or the error's type. The motivating case (``sum_last``): a subclass whose ``_log_prob`` sums over
the last axis, as an RL package does; ``log_prob`` and ``prob`` must follow it.
"""
from distribution_cases import BIJECTORS, DISTS

DIST_HOOKS = ("_prob", "_log_prob", "_cdf", "_log_cdf", "_survival_function", "_log_survival", "_mean", "_mode",
              "_sd", "_var", "_entropy", "_kl_loss", "_cross_entropy", "_sample", "_get_dist_type",
              "_get_dist_args")
DIST_PUBLIC = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival", "mean", "mode", "sd",
               "var", "entropy")
BIJECTOR_HOOKS = ("_forward", "_inverse", "_forward_log_jacobian", "_inverse_log_jacobian")
BIJECTOR_PUBLIC = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


def _desc(x):
    if x is None:
        return None
    if isinstance(x, (str, bool, int, float)):
        return x
    if isinstance(x, (tuple, list)):
        return [_desc(v) for v in x]
    if hasattr(x, "shape"):
        return {"shape": [int(s) for s in x.shape]}
    return type(x).__name__


def _args(args, kwargs):
    """Arguments as recorded: trailing ``None`` positionals and ``None`` keywords are dropped (a hook called
    ``_entropy(mean, sd)`` with both None is the same call as ``_entropy()``)."""
    args = list(args)
    while args and args[-1] is None:
        args.pop()
    return [_desc(a) for a in args] + [[k, _desc(v)] for k, v in sorted(kwargs.items()) if v is not None]


def recording_subclass(cls, hooks, log):
    """A subclass of ``cls`` whose every hook in ``hooks`` (that ``cls`` has) logs its call, then runs the
    parent's."""
    ns = {}
    for h in hooks:
        if not hasattr(cls, h):
            continue

        def make(h):
            def hook(self, *args, **kwargs):
                log.append([h, _args(args, kwargs)])
                return getattr(super(sub, self), h)(*args, **kwargs)
            return hook
        ns[h] = make(h)
    sub = type("Recording" + cls.__name__, (cls,), ns)
    return sub


def _result(fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - recording what is raised
        return ["error", type(e).__name__]
    return _desc(out)


def _record(d, log, fn):
    del log[:]
    res = _result(fn)
    return {"calls": [list(c) for c in log], "result": res}


def _rebuild(ms, D, B, src, sub):
    """``src`` evaluated with the distribution's class replaced by ``sub``."""
    import numpy as np

    def T(v, dtype=None):
        return ms.Tensor(np.array(v, np.float32)) if dtype is None else ms.Tensor(np.array(v), dtype)

    class _D:
        def __getattr__(self, n):
            return sub if n == sub.__mro__[1].__name__ else getattr(D, n)

    return eval(src, {"ms": ms, "D": _D(), "B": B, "T": T}), T


def run(ms, D, B):
    out = {}
    for name, (src, value, override, other) in DISTS.items():
        cls_name = src.split("(")[0].split(".")[1]
        cls = getattr(D, cls_name)
        log = []
        sub = recording_subclass(cls, DIST_HOOKS, log)
        d, T = _rebuild(ms, D, B, src, sub)
        out[f"{name}/hooks"] = sorted(h for h in DIST_HOOKS if hasattr(cls, h))
        out[f"{name}/own_hooks"] = sorted(h for h in DIST_HOOKS
                                          if getattr(cls, h, None) is not getattr(D.Distribution, h, None))
        ns = {"ms": ms, "D": D, "B": B, "T": T}
        v = eval(value, ns)
        o = eval(override, ns) if override else ()
        for m in DIST_PUBLIC:
            args = (v,) if m in DIST_PUBLIC[:6] else ()
            out[f"{name}/{m}"] = _record(d, log, lambda: getattr(d, m)(*args))
            out[f"{name}/construct/{m}"] = _record(d, log, lambda: d(m, *args))
            if override:
                out[f"{name}/{m}/override"] = _record(d, log, lambda: getattr(d, m)(*args, *o))
        if other:
            oth = eval(other, ns)
            for m in ("kl_loss", "cross_entropy"):
                out[f"{name}/{m}"] = _record(d, log, lambda: getattr(d, m)(*oth))
                out[f"{name}/construct/{m}"] = _record(d, log, lambda: d(m, *oth))
                if override:
                    out[f"{name}/{m}/override"] = _record(d, log, lambda: getattr(d, m)(*oth, *o))
        out[f"{name}/sample"] = _record(d, log, lambda: d.sample((3,)))
        out[f"{name}/construct/sample"] = _record(d, log, lambda: d("sample", (3,)))
        out[f"{name}/get_dist_type"] = _record(d, log, lambda: d.get_dist_type())
        out[f"{name}/get_dist_args"] = _record(d, log, lambda: d.get_dist_args())
    # the motivating subclass: _log_prob summed over the last axis
    class SumLast(D.Normal):
        def _log_prob(self, value, mean=None, sd=None):
            return super()._log_prob(value, mean, sd).sum(-1)

    import numpy as np
    d = SumLast(ms.Tensor(np.zeros((2, 3), np.float32)), ms.Tensor(np.ones((2, 3), np.float32)))
    x = ms.Tensor(np.full((2, 3), 0.5, np.float32))
    out["sum_last/log_prob"] = _desc(d.log_prob(x))
    out["sum_last/prob"] = _desc(d.prob(x))
    out["sum_last/construct"] = _desc(d("log_prob", x))
    out["sum_last/values"] = np.asarray(d.log_prob(x).asnumpy(), np.float64).tolist()
    for name, (src, x, y) in BIJECTORS.items():
        cls_name = src.split("(")[0].split(".")[1]
        cls = getattr(B, cls_name)
        log = []
        sub = recording_subclass(cls, BIJECTOR_HOOKS, log)

        class _B:
            def __getattr__(self, n, sub=sub, cls_name=cls_name):
                return sub if n == cls_name else getattr(B, n)
        T = _rebuild(ms, D, B, "T(0.0)", sub)[1]
        b = eval(src.replace("B.", "BB.", 1), {"B": B, "BB": _B(), "T": T, "ms": ms})
        out[f"bij/{name}/hooks"] = sorted(h for h in BIJECTOR_HOOKS if hasattr(cls, h))
        xv, yv = eval(x, {"T": T}), eval(y, {"T": T})
        for m in BIJECTOR_PUBLIC:
            arg = xv if m.startswith("forward") else yv
            out[f"bij/{name}/{m}"] = _record(b, log, lambda: getattr(b, m)(arg))
            out[f"bij/{name}/construct/{m}"] = _record(b, log, lambda: b(m, arg))
    return out


def run_bases(ms, nn, train):
    """Hooks of other base classes: ``LossBase.get_loss`` -> ``get_axis``; ``Metric.__call__`` -> ``clear``,
    ``update``, ``eval`` (the base and a built-in metric)."""
    import numpy as np
    out = {}
    log = []

    class Loss(nn.LossBase):
        def __init__(self, reduction, axis):
            super().__init__(reduction)
            self.axis = axis

        def get_axis(self, x):
            log.append(["get_axis", _args((x,), {})])
            return self.axis if self.axis is not None else super().get_axis(x)

        def construct(self, logits, labels, weights=1.0):
            return self.get_loss(logits - labels, weights)

    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    y = ms.Tensor(np.ones((2, 3), np.float32))
    w = ms.Tensor(np.array([[1.0], [2.0]], np.float32))
    for red in ("mean", "sum", "none"):
        for axis in (None, (1,), 0):
            for wname, wv in (("w1", 1.0), ("wt", w)):
                def call():
                    r = Loss(red, axis)(x, y, wv)
                    return [[int(s) for s in r.shape], np.asarray(r.asnumpy(), np.float64).round(5).tolist()]
                out[f"LossBase/{red}/{axis}/{wname}"] = _record(None, log, call)

    def recorder(cls):
        class Rec(cls):
            def clear(self):
                log.append(["clear", []])
                return super().clear()

            def update(self, *inputs):
                log.append(["update", _args(inputs, {})])
                return super().update(*inputs)

            def eval(self):
                log.append(["eval", []])
                return super().eval()
        return Rec

    class Counting(train.Metric):
        def clear(self):
            self.n = 0

        def update(self, *inputs):
            self.n += len(inputs)

        def eval(self):
            return self.n

    out["Metric/call"] = _record(None, log, lambda: recorder(Counting)()(x, y))
    pred = ms.Tensor(np.array([[0.1, 0.9], [0.8, 0.2]], np.float32))
    lab = ms.Tensor(np.array([1, 1], np.int32))
    out["Accuracy/call"] = _record(None, log, lambda: recorder(train.Accuracy)()(pred, lab))
    return out
