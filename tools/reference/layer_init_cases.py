"""Accepted input forms of the ``nn`` layers' ``*_init`` arguments, run under real MindSpore 2.10
(tools/reference/gen_layer_init_forms.py) and under ms_compat (tests/nn/test_layer_init_forms.py) by :func:`run`.

The layer family is derived from ``mindspore.nn`` itself: every Cell whose constructor takes an argument ending in
``_init`` (``weight_init``, ``bias_init``, ``gamma_init``, ``param_init``, ...). Each is built with its required
arguments positionally and by keyword (values from ``REQUIRED`` by argument name), then every ``*_init`` argument
is given in every form: a string, an Initializer, ``initializer(Initializer, shape)``, a Tensor, a numpy array, a
number, where the shape is the parameter's declared shape (as the default-built layer stores it) and that shape
with its unit axes removed (Conv1d's 3-D weights). The record is each parameter's shape, a value fingerprint
(sum and index-weighted sum, for the deterministic forms) or the error's type.
"""
REQUIRED = {"in_channels": 4, "out_channels": 8, "kernel_size": 3, "in1_channels": 3, "in2_channels": 5,
            "in_features": 4, "out_features": 6, "num_features": 4, "num_groups": 2, "num_channels": 4,
            "normalized_shape": (4,), "vocab_size": 10, "embedding_size": 4, "field_size": 2}
EXTRA = {"Conv": {"has_bias": True}}  # by name prefix: arguments that make every *_init used
SKIP = {"GraphCell"}  # a compiled graph file, not a layer


def layers(nn):
    import inspect
    out = {}
    for n in sorted(dir(nn)):
        c = getattr(nn, n)
        if not (isinstance(c, type) and issubclass(c, nn.Cell)) or n in SKIP:
            continue
        try:
            sig = inspect.signature(c.__init__)
        except (TypeError, ValueError):
            continue
        inits = [p for p in sig.parameters if p.endswith("_init")]
        if inits:
            req = [p for p, v in sig.parameters.items() if p != "self" and v.default is inspect.Parameter.empty
                   and v.kind == v.POSITIONAL_OR_KEYWORD]
            out[n] = (req, inits)
    return out


def _fingerprint(p):
    import numpy as np
    a = np.asarray(p.asnumpy(), np.float64).ravel()
    return [round(float(a.sum()), 3), round(float((a * np.arange(1, a.size + 1)).sum()), 3)]


def _record(fn, target=None):
    """Each parameter's shape; for ``target`` (the parameter the init argument fills) also its fingerprint."""
    try:
        cell = fn()
    except Exception as e:  # noqa: BLE001 - recording what is raised
        return ["error", type(e).__name__]
    out = {}
    for p in cell.get_parameters():
        n = p.name.split(".")[-1]
        out[n] = [list(p.shape)] + (_fingerprint(p) if n == target else [])
    return out


def _param_for(init_name, params):
    """The parameter an init argument fills: ``gamma_init`` -> ``gamma``, ``moving_mean_init`` -> ``mean`` or
    ``moving_mean``, ``param_init`` -> ``embedding_table``."""
    stem = init_name[:-len("_init")]
    stems = {"param": ["embedding_table"], "moving_mean": ["moving_mean", "mean"],
             "moving_var": ["moving_variance", "variance"]}.get(stem, [stem])
    for st in stems:
        if st in params:
            return st
    return None


def run(ms, nn, I, family=None):
    """The records; ``family`` (``{layer: [required args, init args]}``) defaults to :func:`layers` of ``nn``
    (MindSpore's, stored as ``family/<layer>``; ms_compat is run on MindSpore's family)."""
    import numpy as np
    out = {}
    for name, (req, inits) in (family or layers(nn)).items():
        out[f"family/{name}"] = [list(req), list(inits)]
        cls = getattr(nn, name)
        extra = next((v for k, v in EXTRA.items() if name.startswith(k)), {})
        args = [REQUIRED[a] for a in req]
        kw = dict(zip(req, args))
        out[f"{name}/positional"] = _record(lambda: cls(*args, **extra))
        out[f"{name}/keyword"] = _record(lambda: cls(**kw, **extra))
        try:
            default = {p.name.split(".")[-1]: tuple(p.shape) for p in cls(*args, **extra).get_parameters()}
        except Exception:  # noqa: BLE001 - the layer cannot be built on this build: nothing more to record
            continue
        for init in inits:
            target = _param_for(init, default)
            shape = default.get(target)
            forms = {"str": "ones", "Initializer": I.Constant(0.5), "number": 0.25}
            if shape is not None:
                shapes = {"declared": shape}
                squeezed = tuple(s for s in shape if s != 1)
                if squeezed != shape and squeezed:
                    shapes["squeezed"] = squeezed
                for tag, s in shapes.items():
                    arr = (np.arange(int(np.prod(s)), dtype=np.float32).reshape(s) / 7.0)
                    forms[f"Tensor/{tag}"] = ms.Tensor(arr)
                    forms[f"numpy/{tag}"] = arr
                    forms[f"initializer/{tag}"] = I.initializer(I.Constant(0.5), list(s))
            for form, value in forms.items():
                out[f"{name}/{init}/{form}"] = _record(lambda: cls(*args, **extra, **{init: value}), target)
    return out
