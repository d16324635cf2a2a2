"""Cases for mindspore.nn.probability (distributions and bijectors), run under real MindSpore 2.10
(tools/reference/gen_distribution.py) and under ms_compat (tests/nn/test_probability.py) by :func:`run`.

Each distribution case builds the distribution from ``src`` and calls every method of the Distribution API on
``value`` — with the parameters given at construction, and again with ``override`` parameters passed to the call
(``kl_loss``/``cross_entropy`` against ``other``) — recording values (lists) or ``[error type, message]``.
``sample`` is compared by shape and dtype (the random streams differ). Each bijector case records ``forward``,
``inverse``, ``forward_log_jacobian``, ``inverse_log_jacobian``. ``grad`` cases record d(sum of log_prob)/d value.
"""

DISTS = {
    # name: (constructor source, value source, override args (tuple source), kl/cross-entropy args source)
    "Normal": ("D.Normal(T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])", "(T([1.0, 0.0]), T([0.5, 1.5]))",
               "('Normal', T([0.5, 0.5]), T([2.0, 1.0]))"),
    "Bernoulli": ("D.Bernoulli(T([0.3, 0.6]), dtype=ms.int32)", "T([1.0, 0.0])", "(T([0.8, 0.1]),)",
                  "('Bernoulli', T([0.5, 0.2]))"),
    "Beta": ("D.Beta(T([2.0, 0.5]), T([3.0, 1.5]))", "T([0.3, 0.8])", "(T([1.5, 2.0]), T([2.0, 2.5]))",
             "('Beta', T([1.0, 3.0]), T([2.0, 1.0]))"),
    "Categorical": ("D.Categorical(T([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]]))", "T([2, 0], ms.int32)",
                    "(T([[0.1, 0.1, 0.8], [0.3, 0.3, 0.4]]),)",
                    "('Categorical', T([[0.3, 0.3, 0.4], [0.5, 0.25, 0.25]]))"),
    "Cauchy": ("D.Cauchy(T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])", "(T([1.0, 0.0]), T([0.5, 1.5]))",
               "('Cauchy', T([0.5, 0.5]), T([2.0, 1.0]))"),
    "Exponential": ("D.Exponential(T([0.5, 2.0]))", "T([0.5, 1.5])", "(T([1.0, 3.0]),)",
                    "('Exponential', T([2.0, 1.0]))"),
    "Gamma": ("D.Gamma(T([2.0, 3.0]), T([1.0, 0.5]))", "T([0.5, 2.5])", "(T([1.5, 4.0]), T([2.0, 1.0]))",
              "('Gamma', T([1.0, 2.0]), T([1.5, 1.0]))"),
    "Geometric": ("D.Geometric(T([0.3, 0.6]))", "T([2.0, 0.0])", "(T([0.8, 0.1]),)", "('Geometric', T([0.5, 0.2]))"),
    "Gumbel": ("D.Gumbel(T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])", None,
               "('Gumbel', T([0.5, 0.5]), T([2.0, 1.0]))"),
    "HalfNormal": ("D.HalfNormal(T([0.0, 0.0]), T([1.0, 2.0]))", "T([0.5, 1.0])", "(T([0.0, 0.0]), T([0.5, 1.5]))",
                   None),
    "Laplace": ("D.Laplace(T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])", "(T([1.0, 0.0]), T([0.5, 1.5]))", None),
    "LogNormal": ("D.LogNormal(T([0.0, 1.0]), T([1.0, 0.5]))", "T([0.5, 2.0])", "(T([1.0, 0.0]), T([0.5, 1.5]))",
                  "('LogNormal', T([0.5, 0.5]), T([2.0, 1.0]))"),
    "Logistic": ("D.Logistic(T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])", "(T([1.0, 0.0]), T([0.5, 1.5]))",
                 "('Logistic', T([0.5, 0.5]), T([2.0, 1.0]))"),
    "Poisson": ("D.Poisson(T([0.5, 2.0]))", "T([1.0, 3.0])", "(T([1.0, 3.0]),)", "('Poisson', T([2.0, 1.0]))"),
    "StudentT": ("D.StudentT(T([3.0, 5.0]), T([0.0, 1.0]), T([1.0, 2.0]))", "T([0.5, -1.0])",
                 "(T([2.0, 4.0]), T([1.0, 0.0]), T([0.5, 1.5]))", None),
    "Uniform": ("D.Uniform(T([0.0, 1.0]), T([1.0, 3.0]))", "T([0.5, 2.0])", "(T([-1.0, 0.0]), T([1.0, 4.0]))",
                "('Uniform', T([-1.0, 0.5]), T([2.0, 4.0]))"),
    "Transformed": ("D.TransformedDistribution(B.Exp(), D.Normal(T(0.0), T(1.0)))", "T([0.5, 2.0])", None, None),
}
METHODS = ["prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"]
STATS = ["mean", "mode", "sd", "var", "entropy"]
GRAD = ["Normal", "Beta", "Cauchy", "Exponential", "Gamma", "Gumbel", "Laplace", "LogNormal", "Logistic", "StudentT",
        "HalfNormal"]
BIJECTORS = {
    "Exp": ("B.Exp()", "T([0.5, -1.0])", "T([0.5, 2.0])"),
    "GumbelCDF": ("B.GumbelCDF(1.0, 2.0)", "T([0.5, -1.0])", "T([0.3, 0.8])"),
    "PowerTransform": ("B.PowerTransform(0.5)", "T([0.5, -1.0])", "T([0.5, 2.0])"),
    "PowerTransform0": ("B.PowerTransform()", "T([0.5, -1.0])", "T([0.5, 2.0])"),
    "ScalarAffine": ("B.ScalarAffine(2.0, 1.0)", "T([0.5, -1.0])", "T([0.5, 2.0])"),
    "Softplus": ("B.Softplus(2.0)", "T([0.5, -1.0])", "T([0.5, 2.0])"),
    "Invert": ("B.Invert(B.ScalarAffine(2.0, 1.0))", "T([0.5, -1.0])", "T([0.5, 2.0])"),
}
ERRORS = {
    "normal_sd_zero": "D.Normal(T([0.0]), T([0.0]))",
    "bernoulli_prob": "D.Bernoulli(T([1.5]))",
    "normal_no_params": "D.Normal().mean()",
    "normal_kl_name": "D.Normal(T([0.0]), T([1.0])).kl_loss('Cauchy', T([0.0]), T([1.0]))",
    "normal_int_dtype": "D.Normal(T([0.0]), T([1.0]), dtype=ms.int32)",
    "name_type": "D.Normal(T([0.0]), T([1.0]), name=1)",
}


def _py(x):
    import numpy as np
    if x is None:
        return None
    if isinstance(x, (tuple, list)):
        return [_py(v) for v in x]
    if hasattr(x, "asnumpy"):
        a = x.asnumpy()
        return {"v": np.asarray(a, np.float64).tolist(), "dtype": str(a.dtype)}
    if isinstance(x, str):
        return x
    return float(x)


def _call(fn):
    try:
        return {"out": _py(fn())}
    except Exception as e:  # noqa: BLE001 - recording what is raised
        text = str(e).strip()
        return {"error": [type(e).__name__, text.splitlines()[0] if text else ""]}


def run(ms, D, B):
    import numpy as np

    def T(v, dtype=None):
        return ms.Tensor(np.array(v, np.float32)) if dtype is None else ms.Tensor(np.array(v), dtype)

    ns = {"ms": ms, "D": D, "B": B, "T": T}
    out = {}
    for name, (src, value, override, other) in DISTS.items():
        d = eval(src, ns)
        v = eval(value, ns)
        o = eval(override, ns) if override else ()
        for m in METHODS:
            out[f"{name}/{m}"] = _call(lambda: getattr(d, m)(v))
            if override:
                out[f"{name}/{m}/override"] = _call(lambda: getattr(d, m)(v, *o))
        for m in STATS:
            out[f"{name}/{m}"] = _call(lambda: getattr(d, m)())
            if override:
                out[f"{name}/{m}/override"] = _call(lambda: getattr(d, m)(*o))
        if other:
            oth = eval(other, ns)
            out[f"{name}/kl_loss"] = _call(lambda: d.kl_loss(*oth))
            out[f"{name}/cross_entropy"] = _call(lambda: d.cross_entropy(*oth))
            out[f"{name}/construct_kl"] = _call(lambda: d("kl_loss", *oth))
        out[f"{name}/construct_log_prob"] = _call(lambda: d("log_prob", v))
        out[f"{name}/dist_type"] = _call(lambda: d.get_dist_type())
        s = _call(lambda: d.sample((3,)))
        out[f"{name}/sample_shape"] = ({"out": [list(np.shape(s["out"]["v"])), s["out"]["dtype"]]} if "out" in s
                                       else s)
        if name in GRAD:
            out[f"{name}/grad"] = _call(lambda: ms.grad(lambda x: d.log_prob(x).sum())(v))
    for name, (src, x, y) in BIJECTORS.items():
        b = eval(src, ns)
        xv, yv = eval(x, ns), eval(y, ns)
        out[f"bij/{name}/forward"] = _call(lambda: b.forward(xv))
        out[f"bij/{name}/inverse"] = _call(lambda: b.inverse(yv))
        out[f"bij/{name}/forward_log_jacobian"] = _call(lambda: b.forward_log_jacobian(xv))
        out[f"bij/{name}/inverse_log_jacobian"] = _call(lambda: b.inverse_log_jacobian(yv))
        out[f"bij/{name}/construct"] = _call(lambda: b("forward", xv))
    for name, src in ERRORS.items():
        out[f"err/{name}"] = _call(lambda: eval(src, ns))
    return out
