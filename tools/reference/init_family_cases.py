"""Every initializer and every parameter-owning layer's default initialisation, as a family derived from the
package itself (gen_init_family.py under real MindSpore 2.10, tests/test_init_family.py under ms_compat).

``initializers(I)``: every ``Initializer`` subclass of ``mindspore.common.initializer`` (built with the required
arguments of ``INIT_REQUIRED``, by argument name) and every string alias of its ``_INITIALIZER_ALIAS`` table.
``run_initializers`` draws each of them, per dtype and seed, over ``SHAPES`` in a row after one ``set_seed``.

``layers(modules)``: every Cell class of ``mindspore.nn``, ``mindspore.mint.nn`` and ``nn.probability``'s
``bijector`` / ``distribution`` whose required constructor arguments are all in ``REQUIRED`` (by argument name:
sizes, scalars, and the cells a wrapper takes, built in the sequence; every optimizer on a new ``Dense``'s
parameters), with one configuration per option argument that changes which parameters exist (``OPTIONS``).
``run_layers`` builds the whole family in one sequence after one ``set_seed`` per seed (MindSpore's order of
creation: a layer that draws one seed more or less shifts every later layer) and records every parameter's name,
shape, dtype and values: all of them for small parameters, a fingerprint (sum, index-weighted sum, first 16) for
big ones; then one seeded ``ops.uniform`` (where building left the op-seed counters).
"""
import inspect

import numpy as np

SEEDS = (0, 1, 1234)
SHAPES = ((7,), (2, 3), (5, 4), (1, 1), (4, 3, 5), (8, 4, 3), (3, 2, 3, 3), (2, 2, 2, 2, 3))
DTYPES = ("float32", "float16", "float64", "bfloat16", "int32", "uint8", "bool_")
SEEDED_DTYPES = ("float32", "float16", "float64")  # drawn with every seed; the others with the first only
INIT_REQUIRED = {"sparsity": 0.3, "value": 0.5}
# non-default arguments per Initializer class (each another member of the family)
INIT_VARIANTS = {
    "Constant": ({"value": 3}, {"value": -1.75}),
    "Dirac": ({"groups": 2},),
    "HeNormal": ({"negative_slope": 0.2, "mode": "fan_out"}, {"nonlinearity": "tanh"}, {"nonlinearity": "relu"}),
    "HeUniform": ({"negative_slope": 2.23606797749979}, {"mode": "fan_out", "nonlinearity": "sigmoid"}),
    "Normal": ({"sigma": 2.0, "mean": -1.0},),
    "Orthogonal": ({"gain": 0.5},),
    "Sparse": ({"sparsity": 0.9, "sigma": 1.0},),
    "TruncatedNormal": ({"sigma": 1.0, "mean": 0.2, "a": -0.5, "b": 1.5},),
    "Uniform": ({"scale": 3.0},),
    "VarianceScaling": ({"scale": 2.0, "mode": "fan_out", "distribution": "untruncated_normal"},
                        {"scale": 0.5, "mode": "fan_avg", "distribution": "uniform"},
                        {"distribution": "truncated_normal"}),
    "XavierNormal": ({"gain": 2.5},),
    "XavierUniform": ({"gain": 0.5},),
}

REQUIRED = {"in_channels": 4, "out_channels": 6, "kernel_size": 3, "in1_channels": 3, "in2_channels": 5,
            "in_features": 4, "out_features": 6, "num_features": 4, "num_groups": 2, "num_channels": 4,
            "normalized_shape": (4,), "vocab_size": 10, "embedding_size": 4, "field_size": 2,
            "num_embeddings": 10, "embedding_dim": 4, "input_size": 3, "hidden_size": 5, "embed_dim": 8,
            "num_heads": 2, "d_model": 8, "nhead": 2, "num_layers": 2,
            # a tuple starting with a layer's name: that layer of the same module, built (in the sequence)
            "encoder_layer": ("TransformerEncoderLayer", 8, 2, 16),
            "decoder_layer": ("TransformerDecoderLayer", 8, 2, 16)}
# the other layers' scalar arguments (most own no parameter; the generator finds out which do)
REQUIRED.update({"groups": 2, "central_fraction": 0.5, "norm_type": 2.0, "padding": 1, "value": 0.5,
                 "upscale_factor": 2, "downscale_factor": 2, "threshold": 0.1, "shift": 1, "axis": 0, "start": 0,
                 "scale": 0.5, "loss_scale_value": 1024.0, "scale_factor": 2, "scale_window": 1000, "min_lr": 0.01,
                 "max_lr": 0.1, "decay_steps": 4, "learning_rate": 0.1, "decay_rate": 0.9, "end_learning_rate": 0.01,
                 "power": 0.5, "warmup_steps": 2, "num_sampled": 2, "num_classes": 5, "output_size": 2,
                 "ksizes": (1, 2, 2, 1), "strides": (1, 1, 1, 1), "rates": (1, 1, 1, 1), "unflattened_size": (2, 2),
                 "paddings": ((1, 1), (1, 1))})
REQUIRED["params"] = ("Dense", 3, 2)  # an optimizer's: that layer's trainable_params()
# the wrappers' cells: a network, a loss, an optimizer (a function of the module: built in the sequence)
REQUIRED.update({"network": ("Dense", 3, 2), "backbone": ("Dense", 3, 2), "layer": ("Dense", 3, 2),
                 "loss_fn": ("L1Loss",), "time_axis": 0, "micro_size": 2,
                 "optimizer": lambda nn: nn.Momentum(nn.Dense(3, 2).trainable_params(), 0.1, 0.9)})
OPTIMIZER_ARGS = {"learning_rate": 0.1, "momentum": 0.9}  # tried in turn when an optimizer needs more
# option argument -> the non-default values that change the set of parameters
OPTIONS = {"has_bias": (True, False), "bias": (True, False), "bidirectional": (True,), "num_layers": (2,),
           "affine": (True, False), "elementwise_affine": (False,), "use_batch_statistics": (True,),
           "has_bn": (True,), "proj_size": (2,), "add_bias_kv": (True,), "kdim": (6,), "padding_idx": (1,),
           "dtype": ("float16",), "group": (2,), "groups": (2,), "data_format": ("NHWC",), "channel": (4,),
           "num_parameters": (4,), "w": (0.5,), "init": (0.5,)}
# option values that name a dtype of the package (``dtype="float16"`` is ``ms.float16``)
DTYPE_OPTIONS = ("dtype",)
# optional size arguments made small (by argument name), so that the whole family builds in seconds
SIZES = {"num_encoder_layers": 1, "num_decoder_layers": 2, "dim_feedforward": 16, "d_model": 8, "nhead": 2}
SMALL = 64  # parameters up to this size are stored whole
# parameter-owning layers of MindSpore that ms_compat does not build (MissingAPIError when used), with the reason:
# left out of the sequence (they would shift every later layer's seeds); the test checks they still raise
NOT_BUILT = {
    "nn:Conv2dThor": "THOR's second-order layers (Ascend/GPU optimizer nn.thor) are not provided",
    "nn:DenseThor": "THOR's second-order layers (Ascend/GPU optimizer nn.thor) are not provided",
    "nn:EmbeddingThor": "THOR's second-order layers (Ascend/GPU optimizer nn.thor) are not provided",
    "nn:EmbeddingLookupThor": "THOR's second-order layers (Ascend/GPU optimizer nn.thor) are not provided",
    "nn:MultiFieldEmbeddingLookup": "not provided yet (a parallel-sharded embedding lookup)",
    "nn:AdaFactor": "not provided yet (the optimizer)",
    "nn:VirtualDatasetCellTriple": "not provided (semi-auto parallel's virtual dataset wrapper)",
}


def initializers(I):
    """{name: how to build it} for every Initializer subclass of ``I`` (its required arguments' names, by
    ``INIT_REQUIRED``), each of its ``INIT_VARIANTS`` (the arguments) and every alias string (None)."""
    out = {}
    for n in sorted(dir(I)):
        c = getattr(I, n)
        if not (isinstance(c, type) and issubclass(c, I.Initializer)) or c is I.Initializer:
            continue
        sig = inspect.signature(c.__init__)
        req = [p for p, v in sig.parameters.items() if p != "self" and v.default is inspect.Parameter.empty
               and v.kind == v.POSITIONAL_OR_KEYWORD]
        out[f"{n}()"] = req
        for kw in INIT_VARIANTS.get(n, ()):
            out[f"{n}({', '.join(f'{k}={v!r}' for k, v in kw.items())})"] = kw
    for alias in sorted(I._INITIALIZER_ALIAS):  # pylint: disable=protected-access
        out[repr(alias)] = None
    return out


def _make_init(I, name, req):
    if req is None:
        return eval(name)  # the alias string  # noqa: S307 - our own repr of a str
    cls = getattr(I, name[:name.index("(")])
    if isinstance(req, dict):  # a variant's arguments
        return cls(**req)
    return cls(**{a: INIT_REQUIRED[a] for a in req})


def run_initializers(ms, I, family=None, dtype_name=str):
    """{``name|dtype|seed``: [per shape: (the Tensor's dtype, its values) or ["error", type]]}; ``family``
    defaults to
    :func:`initializers` of ``I`` (MindSpore's, stored; ms_compat runs MindSpore's). ``dtype_name`` spells a
    Tensor's dtype as MindSpore prints it (``str`` there; ms_compat's dtypes are torch's)."""
    family = family if family is not None else initializers(I)
    out = {}
    for name, req in family.items():
        for dt in DTYPES:
            for seed in SEEDS if dt in SEEDED_DTYPES else SEEDS[:1]:
                ms.set_seed(seed)
                rec = []
                for shape in SHAPES:
                    try:
                        t = I.initializer(_make_init(I, name, req), shape, getattr(ms, dt)).init_data()
                        a = t.asnumpy()
                        # numpy has no bfloat16 (MindSpore hands out ml_dtypes' one): stored as float32, exact
                        rec.append((dtype_name(t.dtype), a.astype(np.float32) if "bfloat16" in str(a.dtype) else a))
                    except Exception as e:  # noqa: BLE001 - recording what is raised
                        rec.append(["error", type(e).__name__])
                out[f"{name}|{dt}|{seed}"] = rec
    return out


def _required(sig):
    return [p for p, v in sig.parameters.items() if p != "self" and v.default is inspect.Parameter.empty
            and v.kind in (v.POSITIONAL_OR_KEYWORD, v.POSITIONAL_ONLY)]


def _signature(c):
    """(signature, forwarded): ``c.__init__``'s, or for an ``__init__(*args, **kwargs)`` that forwards to its base
    (``nn.LSTM`` to ``_RNNBase``), the first base's named one (then the required arguments the subclass supplies
    itself, such as ``mode``, are left out and the rest passed by keyword)."""
    for klass in c.__mro__:
        if "__init__" not in vars(klass):
            continue
        sig = inspect.signature(vars(klass)["__init__"])
        if any(v.kind not in (v.VAR_POSITIONAL, v.VAR_KEYWORD) for n, v in sig.parameters.items() if n != "self"):
            return sig, klass is not c
    return inspect.signature(c.__init__), False


def layers(modules, cell_type):
    """{``module:Layer``: [required args, {config name: extra kwargs}]} for every Cell class of ``modules``
    (``{prefix: module}``) whose required arguments are all in ``REQUIRED``."""
    out = {}
    for prefix, mod in modules.items():
        for n in sorted(dir(mod)):
            c = getattr(mod, n, None)
            if not (isinstance(c, type) and issubclass(c, cell_type)) or n.startswith("_"):
                continue
            try:
                sig, forwarded = _signature(c)
            except (TypeError, ValueError):
                continue
            req = _required(sig)
            if forwarded:
                req = [a for a in req if a in REQUIRED]
            optimizer = getattr(mod, "Optimizer", None)
            if isinstance(optimizer, type) and issubclass(c, optimizer) and c is not optimizer:
                # an optimizer (its __init__ hidden behind a decorator): built on a new Dense's parameters
                out[f"{prefix}:{n}"] = [["params"], {"default": {}}, "optimizer"]
                continue
            if any(a not in REQUIRED for a in req):
                continue
            sizes = {a: v for a, v in SIZES.items() if a in sig.parameters and a not in req}
            configs = {"default": dict(sizes)}
            for opt, values in OPTIONS.items():
                p = sig.parameters.get(opt)
                if p is None or opt in req:
                    continue
                for v in values:
                    if p.default is inspect.Parameter.empty or p.default != v or v is True:
                        configs[f"{opt}={v}"] = {**sizes, opt: v}
            # the options together (bidirectional, several layers): another parameter layout
            if "bidirectional" in sig.parameters and "num_layers" in sig.parameters:
                configs["bidirectional=True,num_layers=2"] = {**sizes, "bidirectional": True, "num_layers": 2}
            out[f"{prefix}:{n}"] = [req, dict(sorted(configs.items())), forwarded]  # as stored (sorted)
    return out


def _record(p):
    a = p.asnumpy()
    rec = {"shape": list(a.shape), "dtype": str(a.dtype)}
    f = np.asarray(a, np.float64).ravel()
    if f.size <= SMALL:
        rec["values"] = a.ravel()
    else:  # a fingerprint, in float64
        rec["values"] = np.concatenate([[f.sum(), (f * np.arange(1, f.size + 1)).sum()], f[:16]])
        rec["fingerprint"] = True
    return rec


def _optimizer(cls, params):
    """``cls(params)``, else with ``OPTIMIZER_ARGS``' first ones by keyword (``Momentum`` needs two)."""
    for i in range(len(OPTIMIZER_ARGS) + 1):
        try:
            return cls(params, **dict(list(OPTIMIZER_ARGS.items())[:i]))
        except TypeError:
            if i == len(OPTIMIZER_ARGS):
                raise
    return None


def _argument(module, value):
    if callable(value):
        return value(module)
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return getattr(module, value[0])(*value[1:])
    return value


def run_layers(ms, modules, cell_type, family=None, seeds=SEEDS):
    """{``seed``: {``module:Layer|config``: {parameter name: record} or ["error", type]}}; ``family``
    defaults to :func:`layers` of ``modules``."""
    family = family if family is not None else layers(modules, cell_type)
    out = {}
    for seed in seeds:
        ms.set_seed(seed)
        recs = {}
        for key, (req, configs, forwarded) in family.items():
            prefix, name = key.split(":")
            cls = getattr(modules[prefix], name)
            for cname, extra in configs.items():
                try:
                    args = [_argument(modules[prefix], REQUIRED[a]) for a in req]
                    extra = {k: getattr(ms, v) if k in DTYPE_OPTIONS else v for k, v in extra.items()}
                    if forwarded == "optimizer":
                        cell = _optimizer(cls, args[0].trainable_params())
                    else:
                        cell = cls(**dict(zip(req, args)), **extra) if forwarded else cls(*args, **extra)
                    recs[f"{key}|{cname}"] = {n: _record(p) for n, p in cell.parameters_and_names()}
                except Exception as e:  # noqa: BLE001 - recording what is raised
                    recs[f"{key}|{cname}"] = ["error", type(e).__name__]
        # a seeded random op after the whole family: its numbers show where building layers (the Dropouts inside
        # them take their kernel seeds when built) left the op-seed counters
        u = ms.ops.uniform((6,), ms.Tensor(0.0), ms.Tensor(1.0))
        recs["ops.uniform after the layers|default"] = {"values": _record(u)}
        out[seed] = recs
    return out


def flatten(init_out, layer_out):
    """(meta, arrays): what ``run_initializers`` / ``run_layers`` recorded, as a JSON-able dict (shapes, dtypes,
    errors) and {key: array} (the values, stored in their own dtype), keyed alike on both sides."""
    meta, arrays = {"init": {}, "layers": {}}, {}
    for key, recs in init_out.items():
        meta["init"][key] = []
        for i, r in enumerate(recs):
            if isinstance(r, list):
                meta["init"][key].append(r)
            else:
                meta["init"][key].append(r[0])  # the Tensor's dtype; the shape is SHAPES[i]
                arrays[f"init/{key}/{i}"] = r[1]
    for seed, recs in layer_out.items():
        for key, params in recs.items():
            mk = f"{seed}/{key}"
            if isinstance(params, list):
                meta["layers"][mk] = params
                continue
            meta["layers"][mk] = {}
            for n, r in params.items():
                meta["layers"][mk][n] = [r["shape"], r["dtype"], bool(r.get("fingerprint"))]
                arrays[f"layer/{mk}/{n}"] = r["values"]
    return meta, arrays


def pack(arrays):
    """{key: array} as one flat array per dtype (``data/<dtype>``) plus the index (``index/keys``,
    ``index/dtypes``, ``index/offsets``): a few compressed members instead of thousands of small ones."""
    keys, dtypes, offsets, parts, sizes = [], [], [], {}, {}
    for key, a in arrays.items():
        dt = str(a.dtype)
        keys.append(key)
        dtypes.append(dt)
        offsets.append([sizes.get(dt, 0), int(a.size)])
        parts.setdefault(dt, []).append(a.ravel())
        sizes[dt] = sizes.get(dt, 0) + int(a.size)
    out = {f"data/{dt}": np.concatenate(p) for dt, p in parts.items()}
    out.update({"index/keys": np.array(keys), "index/dtypes": np.array(dtypes),
                "index/offsets": np.array(offsets, np.int64)})
    return out


def unpack(npz):
    """The {key: array} that :func:`pack` packed into ``npz``."""
    data = {k: npz[k] for k in npz.files if k.startswith("data/")}
    return {str(k): data[f"data/{dt}"][off:off + size]
            for k, dt, (off, size) in zip(npz["index/keys"], npz["index/dtypes"], npz["index/offsets"])}
