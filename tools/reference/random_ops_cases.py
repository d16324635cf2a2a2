"""Cases for MindSpore's seeded random ops (gen_random_ops.py, tests/ops/test_random_ops_numbers.py).

``run(ms, ops, P, unset_global_seed)`` runs every case with a MindSpore-like package ``ms``, its ``ops``
and ``ops.operations`` ``P``, and returns {case name: array}. Each case sets the global seed first (or
unsets it), then calls the op (three times on the first shape: the per-op call counter) and records every
result.
"""
import numpy as np

GLOBAL_SEEDS = (0, 1, 1234)
OP_SEEDS = (None, 5)
SHAPES = ((3,), (2, 3), (4, 5, 7))
LONG = (301,)  # standard_normal: enough pairs for the polar method to reject some


def _ops(ms, ops):
    t = ms.Tensor
    return {
        "uniform": lambda shp, s: ops.uniform(shp, t(-1.5, ms.float32), t(2.0, ms.float32), seed=s),
        "uniform_int32": lambda shp, s: ops.uniform(shp, t(-7, ms.int32), t(100, ms.int32), seed=s,
                                                    dtype=ms.int32),
        "standard_normal": lambda shp, s: ops.standard_normal(shp, seed=s),
        "normal": lambda shp, s: ops.normal(shp, t(0.5, ms.float32), t(2.0, ms.float32), seed=s),
        "normal_broadcast": lambda shp, s: ops.normal(shp, t(np.arange(2, dtype=np.float32).reshape((2,) + (1,) * len(shp))),
                                                      t(3.0, ms.float32), seed=s),
        "rand": lambda shp, s: ops.rand(*shp, seed=s),
        "rand_float64": lambda shp, s: ops.rand(shp, dtype=ms.float64, seed=s),
        "randn": lambda shp, s: ops.randn(*shp, seed=s),
        "randn_float16": lambda shp, s: ops.randn(shp, dtype=ms.float16, seed=s),
        "randint": lambda shp, s: ops.randint(-3, 50, shp, seed=s),
        "randint_int32": lambda shp, s: ops.randint(0, 2 ** 31 - 1, shp, seed=s, dtype=ms.int32),
        "rand_like": lambda shp, s: ops.rand_like(ops.zeros(shp, ms.float32), seed=s),
        "randn_like": lambda shp, s: ops.randn_like(ops.zeros(shp, ms.float32), seed=s),
        "randint_like": lambda shp, s: ops.randint_like(ops.zeros(shp, ms.int32), 2, 9, seed=s),
        "dropout": lambda shp, s: ops.dropout(ops.arange(1, 1 + int(np.prod(shp)), dtype=ms.float32).reshape(shp),
                                              p=0.3, seed=s),
        "dropout_float16": lambda shp, s: ops.dropout(ops.ones(shp, ms.float16) * 3, p=0.75, seed=s),
        "standard_laplace": lambda shp, s: ops.standard_laplace(shp, seed=s),
        "laplace": lambda shp, s: ops.laplace(shp, t(0.5, ms.float32), t(2.0, ms.float32), seed=s),
        "shuffle": lambda shp, s: ops.shuffle(ops.arange(int(np.prod(shp)), dtype=ms.float32).reshape(shp), seed=s),
    }


def run(ms, ops, P, unset_global_seed):
    out = {}
    table = _ops(ms, ops)
    for name, fn in table.items():
        for seed in OP_SEEDS[1:]:  # op seed without a global seed: global seed counts as 0
            unset_global_seed()
            for shp in SHAPES[:2]:
                for call in range(2):
                    out[f"{name}|noglobal|{seed}|{shp}|{call}"] = fn(shp, seed).asnumpy()
        for g in GLOBAL_SEEDS:
            for seed in OP_SEEDS:
                for shp in SHAPES + ((LONG,) if name == "standard_normal" else ()):
                    ms.set_seed(g)
                    for call in range(3 if shp == SHAPES[0] else 1):
                        out[f"{name}|{g}|{seed}|{shp}|{call}"] = fn(shp, seed).asnumpy()
    ms.set_seed(1)  # counters are per function name: interleaved calls
    for call in range(2):
        for name in ("uniform", "normal", "standard_normal", "rand", "randint"):
            out[f"interleaved|{name}|{call}"] = table[name]((2, 2), None).asnumpy()
    ms.set_seed(3)
    out["large|standard_normal"] = ops.standard_normal((64, 65)).asnumpy()
    out["large|uniform"] = ops.uniform((64, 65), ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)).asnumpy()
    for n in (1, 2, 7, 10, 64):  # randperm: seed/offset only, no global seed or counter
        for seed, offset in ((0, 0), (3, 0), (3, 2), (0, 9)):
            out[f"randperm|{n}|{seed}|{offset}"] = ops.randperm(n, seed=seed, offset=offset).asnumpy()
    out["randperm|int32"] = ops.randperm(9, seed=4, dtype=ms.int32).asnumpy()
    out["randperm|float32"] = ops.randperm(9, seed=4, dtype=ms.float32).asnumpy()
    out["randperm|70000"] = ops.randperm(70000, seed=5).asnumpy()[::101]  # past 65536: one swap per draw
    ms.set_seed(2)
    out["shuffle|50000"] = ops.shuffle(ops.arange(50000, dtype=ms.int32)).asnumpy()[::97]  # past 46340
    for g in GLOBAL_SEEDS:  # nn.Dropout takes its seeds when built; its masks continue one stream
        ms.set_seed(g)
        first, second = ms.nn.Dropout(p=0.4), ms.nn.Dropout(p=0.1)
        first.set_train(True)
        second.set_train(True)
        x = ms.Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))
        for call in range(2):
            out[f"nn.Dropout|{g}|first|{call}"] = first(x).asnumpy()
            out[f"nn.Dropout|{g}|second|{call}"] = second(x).asnumpy()
        out[f"nn.Dropout|{g}|ops.dropout after"] = ops.dropout(x, p=0.5).asnumpy()
        out[f"nn.Dropout|{g}|first|other shape"] = first(x[:2]).asnumpy()  # a kernel per input shape
        out[f"nn.Dropout|{g}|first|2"] = first(x).asnumpy()
    for s1, s2 in ((1, 0), (3, 7)):  # the Dropout Primitive: (output, mask), one stream over calls
        op = P.Dropout(0.6, s1, s2)
        for call in range(2):
            for dtype in ("float32", "float16"):
                res, mask = op(ms.Tensor(np.arange(1, 11, dtype=dtype)))
                out[f"prim|Dropout|{s1}|{s2}|{call}|{dtype}"] = res.asnumpy()
                out[f"prim|Dropout|{s1}|{s2}|{call}|{dtype}|mask"] = mask.asnumpy()
    x = ms.Tensor(np.zeros((2, 3), np.float32))
    probs = ms.Tensor(np.linspace(0, 1, 6).reshape(2, 3).astype(np.float32))
    for seed in (1, 7):  # the Bernoulli kernel keeps leftover Philox words from one launch to the next
        for call in range(3):
            out[f"bernoulli|{seed}|{call}"] = ops.bernoulli(x, 0.5, seed=seed).asnumpy()
            out[f"bernoulli|{seed}|{call}|p tensor"] = ops.bernoulli(x, probs, seed=seed).asnumpy()
            out[f"bernoulli|{seed}|{call}|int32"] = ops.bernoulli(ms.Tensor(np.zeros(5, np.int32)), 0.3,
                                                                  seed=seed).asnumpy()
    weights = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.0, 0.25, 0.25], [2.0, 1.0, 0.0, 5.0]], np.float32)
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for call in range(2):
            for dtype in ("float32", "float64"):
                w = ms.Tensor(weights.astype(dtype))
                out[f"multinomial|{g}|{call}|{dtype}"] = ops.multinomial(w, 40).asnumpy()
                out[f"multinomial|{g}|{call}|{dtype}|1d"] = ops.multinomial(w[0], 9, seed=3).asnumpy()
            out[f"multinomial|{g}|{call}|no replacement"] = ops.multinomial(ms.Tensor(weights), 3,
                                                                            replacement=False).asnumpy()
    _dropout_nd_cases(ms, ops, P, out)
    _categorical_cases(ms, ops, P, out)
    _choice_with_mask_cases(ms, ops, P, out)
    _multinomial_with_replacement_cases(ms, ops, P, out)
    _candidate_sampler_cases(ms, ops, P, out)
    _gamma_cases(ms, ops, P, out)
    _bernoulli_prim_cases(ms, ops, P, out)
    _instance_cases(ms, ops, P, out)
    _truncated_normal_cases(ms, ops, P, out)
    _random_shuffle_cases(ms, ops, P, out)
    _numpy_cases(ms, ops, P, out)
    _more_primitive_cases(ms, ops, P, out)
    _tensor_multinomial_cases(ms, ops, P, out)
    _recurrent_dropout_cases(ms, ops, P, out)
    _distribution_cases(ms, ops, P, out)
    _parameterized_truncated_normal_cases(ms, ops, P, out)
    _fractional_pool_cases(ms, ops, P, out)
    _sampled_softmax_loss_cases(ms, ops, P, out)
    prims = {"UniformReal": P.UniformReal, "StandardNormal": P.StandardNormal, "UniformInt": P.UniformInt,
             "StandardLaplace": P.StandardLaplace}
    for name, make in prims.items():  # a Primitive keeps its engines: each call continues the stream
        for s1, s2 in ((1, 0), (0, 1), (3, 7), (2 ** 31 - 2, 12345)):
            op = make(s1, s2)
            for call in range(3):
                if name == "UniformInt":
                    r = op((7,), ms.Tensor(-4, ms.int32), ms.Tensor(4, ms.int32))
                else:
                    r = op((5,) if name == "StandardNormal" else (3, 3))
                out[f"prim|{name}|{s1}|{s2}|{call}"] = r.asnumpy()
    return out


def _dropout_nd_cases(ms, ops, P, out):
    """Dropout2D/3D draw without any seed: one engine per (keep_prob, shape, dtype) for the whole process, so
    these cases hold in a process where no earlier call used the same signatures."""
    def ramp(*shape, dtype="float32"):
        return ms.Tensor(np.arange(1, 1 + int(np.prod(shape))).reshape(shape).astype(dtype))
    for g in GLOBAL_SEEDS:  # the global seed plays no part
        ms.set_seed(g)
        for call in range(3):
            for shp in ((2, 3, 2, 2), (1, 16, 1, 1)):
                out[f"dropout2d|{g}|{shp}|{call}"] = ops.dropout2d(ramp(*shp), 0.3).asnumpy()
            out[f"dropout3d|{g}|(2, 3, 1, 2, 2)|{call}"] = ops.dropout3d(ramp(2, 3, 1, 2, 2), 0.6).asnumpy()
            out[f"dropout1d|{g}|(2, 5, 3)|{call}"] = ops.dropout1d(ramp(2, 5, 3), 0.5).asnumpy()
            out[f"dropout1d|{g}|(5, 3)|{call}"] = ops.dropout1d(ramp(5, 3), 0.5).asnumpy()
    for name, make, shp in (("Dropout2D", P.Dropout2D, (2, 40, 1, 1)), ("Dropout3D", P.Dropout3D, (1, 80, 1, 1, 1))):
        for dtype in ("float32", "float16", "float64", "int32"):
            for call in range(2):  # a fresh instance each time: the engine is the process's, not the instance's
                res, mask = make(0.7)(ramp(*shp, dtype=dtype) * 3)
                out[f"prim|{name}|{dtype}|{call}"] = res.asnumpy()
                out[f"prim|{name}|{dtype}|{call}|mask"] = mask.asnumpy()
    first, second = ms.nn.Dropout2d(p=0.5), ms.nn.Dropout2d(p=0.5)  # two live layers: one stream between them
    first.set_train(True)
    second.set_train(True)
    for call in range(2):
        for i, layer in enumerate((first, second)):
            out[f"nn.Dropout2d|two layers|{call}|{i}"] = layer(ramp(1, 8, 1, 1)).asnumpy()
    for name, make, shp in (("Dropout1d", ms.nn.Dropout1d, (3, 4, 2)), ("Dropout2d", ms.nn.Dropout2d, (2, 4, 1, 3)),
                            ("Dropout3d", ms.nn.Dropout3d, (2, 4, 1, 1, 2))):
        layer = make(p=0.25)
        layer.set_train(True)
        for call in range(3):
            out[f"nn.{name}|{call}"] = layer(ramp(*shp)).asnumpy()


def _categorical_cases(ms, ops, P, out):
    """random_categorical: the op seed alone seeds each call (the global seed and the call count play no part)."""
    rng = np.random.RandomState(0)
    logits = {shp: rng.randn(*shp) * 2 for shp in ((2, 3), (4, 7), (1, 40))}
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for seed in (3, 2 ** 31 - 5):
            for shp, value in logits.items():
                for dtype in ("float32", "float64"):
                    for call in range(3 if shp == (2, 3) else 1):
                        res = ops.random_categorical(ms.Tensor(value.astype(dtype)), 9, seed)
                        out[f"random_categorical|{g}|{seed}|{shp}|{dtype}|{call}"] = res.asnumpy()
    for dtype in ("int16", "int32", "int64"):
        res = P.RandomCategorical(getattr(ms, dtype))(ms.Tensor(logits[(4, 7)].astype("float32")), 5, 11)
        out[f"prim|RandomCategorical|{dtype}"] = res.asnumpy()


def _choice_with_mask_cases(ms, ops, P, out):
    """choice_with_mask: _get_seed(seed, "choice_with_mask"), a fresh kernel per call; the Primitive keeps one."""
    rng = np.random.RandomState(1)
    inputs = {"(12,)": rng.rand(12) > 0.4, "(4, 5)": rng.rand(4, 5) > 0.5, "(2, 3, 4)": rng.rand(2, 3, 4) > 0.3,
              "(3, 50)": rng.rand(3, 50) > 0.2}
    for g in GLOBAL_SEEDS:
        for seed in OP_SEEDS:
            for name, value in inputs.items():
                ms.set_seed(g)
                for call in range(3 if name == "(4, 5)" else 1):
                    for count in (4, 30):
                        index, mask = ops.choice_with_mask(ms.Tensor(value), count, seed)
                        out[f"choice_with_mask|{g}|{seed}|{name}|{count}|{call}"] = index.asnumpy()
                        out[f"choice_with_mask|{g}|{seed}|{name}|{count}|{call}|mask"] = mask.asnumpy()
    for s1, s2 in ((1, 0), (3, 7)):
        op = P.RandomChoiceWithMask(6, s1, s2)
        for call in range(3):
            index, mask = op(ms.Tensor(inputs["(4, 5)"]))
            out[f"prim|RandomChoiceWithMask|{s1}|{s2}|{call}"] = index.asnumpy()
            out[f"prim|RandomChoiceWithMask|{s1}|{s2}|{call}|mask"] = mask.asnumpy()


def _multinomial_with_replacement_cases(ms, ops, P, out):
    """multinomial_with_replacement: seed and offset are inputs, Philox restarts from them every call."""
    rows = np.array([[0.0, 9.0, 4.0, 1.0, 0.5, 0.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [0.1, 0.0, 0.0, 3.0, 2.0, 0.2]])
    for dtype in ("float32", "float64", "float16"):
        for replacement in (True, False):
            for seed, offset in ((5, 0), (0, 3), (1234, 7)):
                for call in range(3):
                    for n in (4, 5):
                        res = ops.multinomial_with_replacement(ms.Tensor(rows.astype(dtype)), seed, offset, n,
                                                               replacement)
                        out[f"multinomial_with_replacement|{dtype}|{replacement}|{seed}|{offset}|{n}|{call}"] = \
                            res.asnumpy()
    for seed in (9, 10):  # an instance's first call (later calls: random_ops_poisson_cases.py)
        res = P.MultinomialWithReplacement(7, True)(ms.Tensor(rows[0].astype("float32")), ms.Tensor(seed, ms.int64),
                                                    ms.Tensor(1, ms.int64))
        out[f"prim|MultinomialWithReplacement|1d|{seed}"] = res.asnumpy()


def _candidate_sampler_cases(ms, ops, P, out):
    """Candidate samplers: seeds are attributes (the global seed plays no part); the functions build a fresh
    kernel per call, a Primitive keeps its kernel."""
    true = ms.Tensor(np.array([[1, 7], [0, 4], [3, 3]], np.int64))
    true1 = ms.Tensor(np.array([[1], [3], [4], [6], [3]], np.int64))
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for call in range(3):
            for seed in (0, 1, 77):
                for unique, n, rmax in ((True, 5, 5), (False, 6, 9), (True, 20, 40)):
                    res = ops.log_uniform_candidate_sampler(true, 2, n, unique, rmax, seed)
                    for i, r in enumerate(res):
                        out[f"log_uniform_candidate_sampler|{g}|{seed}|{unique}|{n}|{rmax}|{call}|{i}"] = r.asnumpy()
            for seed in (1, 77):
                for unique, n, rmax, hits in ((False, 3, 40, False), (True, 6, 8, False), (True, 6, 12, True),
                                              (False, 5, 9, True), (True, 4, 7, True)):
                    res = ops.uniform_candidate_sampler(true1, 1, n, unique, rmax, seed, hits)
                    for i, r in enumerate(res):
                        out[f"uniform_candidate_sampler|{g}|{seed}|{unique}|{n}|{rmax}|{hits}|{call}|{i}"] = \
                            r.asnumpy()
    log_op, uni_op = P.LogUniformCandidateSampler(2, 4, True, 30, 3), P.UniformCandidateSampler(1, 4, True, 30, 3)
    for call in range(3):
        for name, res in (("LogUniformCandidateSampler", log_op(true)), ("UniformCandidateSampler", uni_op(true1))):
            for i, r in enumerate(res):
                out[f"prim|{name}|{call}|{i}"] = r.asnumpy()


def _gamma_cases(ms, ops, P, out):
    """random_gamma: _get_seed(seed, "random_gamma") → RandomGamma(seed, seed2), a fresh kernel per call."""
    alphas = {"(2,)": np.array([1.0, 2.0]), "(2, 2)": np.array([[0.3, 1.0], [4.5, 0.9]]), "(1,)": np.array([25.0])}
    for g in GLOBAL_SEEDS:
        for seed in OP_SEEDS:
            for shp in ((3,), (2, 2)):
                for name, alpha in alphas.items():
                    ms.set_seed(g)
                    for call in range(3 if shp == (3,) and name == "(2,)" else 1):
                        for dtype in ("float32", "float64"):
                            res = ops.random_gamma(ms.Tensor(np.array(shp, np.int32)), ms.Tensor(alpha.astype(dtype)),
                                                   seed)
                            out[f"random_gamma|{g}|{seed}|{shp}|{name}|{dtype}|{call}"] = res.asnumpy()
    op = P.RandomGamma(3, 8)
    for call in range(3):
        res = op(ms.Tensor(np.array([2, 3], np.int32)), ms.Tensor(np.array([0.5, 3.0], np.float32)))
        out[f"prim|RandomGamma|{call}"] = res.asnumpy()


def _bernoulli_prim_cases(ms, ops, P, out):
    """The Bernoulli Primitive: all instances with the same (seed, offset) and signature share one kernel,
    apart from ops.bernoulli's."""
    x = ms.Tensor(np.zeros((3, 3), np.float32))
    live = [P.Bernoulli(13), P.Bernoulli(13)]
    for call in range(2):
        for i, op in enumerate(live):
            out[f"prim|Bernoulli|13|0|{call}|{i}"] = op(x, 0.5).asnumpy()
    out["prim|Bernoulli|13|0|function after"] = ops.bernoulli(x, 0.5, seed=13).asnumpy()
    op = P.Bernoulli(13, 4)
    for call in range(2):
        out[f"prim|Bernoulli|13|4|{call}"] = op(x, ms.Tensor(np.full((3, 3), 0.3, np.float32))).asnumpy()


def _instance_cases(ms, ops, P, out):
    """Seeded Primitives keep a kernel per instance: a second live instance with the same seeds starts afresh."""
    x = ms.Tensor(np.ones((2, 5), bool))
    t1, t2 = ms.Tensor(np.array([[1], [2]], np.int64)), ms.Tensor(np.array([[1, 2]], np.int64))
    shape, alpha = ms.Tensor(np.array([2], np.int32)), ms.Tensor(np.array([2.0], np.float32))
    makers = {"StandardLaplace": (lambda: P.StandardLaplace(3, 7), lambda op: op((2,))),
              "RandomChoiceWithMask": (lambda: P.RandomChoiceWithMask(3, 3, 7), lambda op: op(x)[0]),
              "UniformCandidateSampler": (lambda: P.UniformCandidateSampler(1, 3, False, 40, 3), lambda op: op(t1)[0]),
              "LogUniformCandidateSampler": (lambda: P.LogUniformCandidateSampler(2, 3, False, 40, 3),
                                             lambda op: op(t2)[0]),
              "RandomGamma": (lambda: P.RandomGamma(3, 7), lambda op: op(shape, alpha))}
    for name, (make, call) in makers.items():
        first, second = make(), make()
        for i, op in enumerate((first, second, first)):
            out[f"prim|{name}|instances|{i}"] = call(op).asnumpy()


def _truncated_normal_cases(ms, ops, P, out):
    """The TruncatedNormal Primitive: seeds are attributes (the global seed plays no part); a kernel per output
    shape and dtypes, continuing call after call."""
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for s1, s2 in ((1, 0), (0, 3), (5, 7)):
            op = P.TruncatedNormal(seed=s1, seed2=s2)
            for shp in ((2, 3), (4, 5, 7), (300, 2)):  # 600 values: some beyond 2 are redrawn
                for call in range(3 if shp == (2, 3) else 1):
                    res = op(ms.Tensor(np.array(shp, np.int32)))
                    out[f"prim|TruncatedNormal|{g}|{s1}|{s2}|{shp}|{call}"] = res.asnumpy()
    for dtype in ("float16", "float32", "float64"):
        for index in ("int32", "int64"):
            op = P.TruncatedNormal(dtype=getattr(ms, dtype), seed=2 ** 31 - 2, seed2=12345)
            for call in range(2):
                res = op(ms.Tensor(np.array([3, 5], index)))
                out[f"prim|TruncatedNormal|{dtype}|{index}|{call}"] = res.asnumpy()


def _random_shuffle_cases(ms, ops, P, out):
    """The RandomShuffle Primitive: ops.shuffle's permutations from attributes ``(seed, seed2)``; a kernel per
    input shape and dtype, continuing call after call."""
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for s1, s2 in ((1, 0), (0, 3), (5, 7)):
            op = P.RandomShuffle(seed=s1, seed2=s2)
            for shp in ((10,), (6, 2), (3, 2, 2), (1, 4)):
                for call in range(3 if shp == (10,) else 1):
                    res = op(ms.Tensor(np.arange(int(np.prod(shp)), dtype=np.float32).reshape(shp)))
                    out[f"prim|RandomShuffle|{g}|{s1}|{s2}|{shp}|{call}"] = res.asnumpy()
    op = P.RandomShuffle(seed=3, seed2=0)
    for dtype in ("float32", "int32", "float32", "bool"):  # kernels per dtype: the float32 one continues
        res = op(ms.Tensor((np.arange(9) % 4).astype(dtype)))
        out[f"prim|RandomShuffle|dtypes|{len([k for k in out if k.startswith('prim|RandomShuffle|dtypes')])}"] = \
            res.asnumpy()


def _numpy_cases(ms, ops, P, out):
    """mindspore.numpy's rand / randn / randint: a fresh Primitive per call, seeded with
    ``_get_seed(global seed, kernel name)``."""
    mnp = ms.numpy
    table = {"numpy.rand": lambda shp: mnp.rand(*shp), "numpy.randn": lambda shp: mnp.randn(shp),
             "numpy.randint": lambda shp: mnp.randint(-4, 30, shp)}
    for name, fn in table.items():
        for g in GLOBAL_SEEDS:
            ms.set_seed(g)
            for shp in SHAPES:
                for call in range(3 if shp == SHAPES[0] else 1):
                    out[f"{name}|{g}|{shp}|{call}"] = fn(shp).asnumpy()
    ms.set_seed(2)
    out["numpy.randint|no shape"] = mnp.randint(7).asnumpy()
    out["numpy.rand|float64"] = mnp.rand(2, 2, dtype=ms.float64).asnumpy()


def _more_primitive_cases(ms, ops, P, out):
    """RandpermV2 and Multinomial Primitives (a kernel per signature, continuing call after call); the Tensor
    method random_categorical (the ops function's)."""
    for seed, offset in ((0, 0), (3, 0), (3, 5)):
        op = P.RandpermV2(seed, offset)
        for call in range(3):
            out[f"prim|RandpermV2|{seed}|{offset}|{call}"] = op(ms.Tensor(9, ms.int64)).asnumpy()
    weights = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.0, 0.25, 0.25]], np.float32)
    for s1, s2 in ((1, 0), (0, 3), (5, 7)):
        op = P.Multinomial(s1, s2)
        for call in range(3):
            out[f"prim|Multinomial|{s1}|{s2}|{call}"] = op(ms.Tensor(weights), 6).asnumpy()
        out[f"prim|Multinomial|{s1}|{s2}|1d"] = op(ms.Tensor(weights[0]), 6).asnumpy()
        out[f"prim|Multinomial|{s1}|{s2}|int64"] = P.Multinomial(s1, s2, ms.int64)(ms.Tensor(weights), 3).asnumpy()
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for call in range(3):
            out[f"Tensor.random_categorical|{g}|{call}"] = ms.Tensor(weights).random_categorical(5, 4).asnumpy()


def _tensor_multinomial_cases(ms, ops, P, out):
    """The Tensor method multinomial(num_samples, replacement=True, seed=None): ops.multinomial's numbers (the
    global seed and the call count with seed=None, the op seed otherwise), 1-D and 2-D, with and without
    replacement."""
    weights = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.0, 0.25, 0.25]], np.float32)
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for call in range(3):
            out[f"Tensor.multinomial|{g}|default|{call}"] = ms.Tensor(weights).multinomial(6).asnumpy()
        out[f"Tensor.multinomial|{g}|no replacement"] = ms.Tensor(weights).multinomial(3, False).asnumpy()
        out[f"Tensor.multinomial|{g}|1d|seed 3"] = ms.Tensor(weights[0]).multinomial(5, seed=3).asnumpy()
        out[f"Tensor.multinomial|{g}|keywords"] = ms.Tensor(weights).multinomial(
            num_samples=4, replacement=True, seed=7).asnumpy()


def _recurrent_dropout_cases(ms, ops, P, out):
    """nn.LSTM / GRU / RNN with dropout, training: the layer's nn.Dropout between layers (built, and seeded,
    with the layer), one stream over layers and calls. Float outputs of a recurrence: compared to 1e-5."""
    x = ms.Tensor(np.linspace(-1, 1, 2 * 3 * 3, dtype=np.float32).reshape(3, 2, 3))
    for name in ("LSTM", "GRU", "RNN"):
        for g in GLOBAL_SEEDS:
            ms.set_seed(g)
            for layers, bidirectional in ((2, False), (3, True)):
                net = getattr(ms.nn, name)(3, 4, layers, dropout=0.4, bidirectional=bidirectional)
                net.set_train(True)
                for call in range(3 if layers == 2 else 1):
                    res = net(x)
                    state = res[1][0] if name == "LSTM" else res[1]
                    out[f"nn.{name}|{g}|{layers}|{bidirectional}|{call}"] = res[0].asnumpy()
                    out[f"nn.{name}|{g}|{layers}|{bidirectional}|{call}|h"] = state.asnumpy()


def _distribution_cases(ms, ops, P, out):
    """nn.probability.distribution's sample(): ops.uniform / ops.normal / ops.multinomial with the distribution's
    seed (0 for None), then MindSpore's formula."""
    D = ms.nn.probability.distribution
    t = lambda v: ms.Tensor(np.array(v, np.float32))  # noqa: E731
    makers = {
        "Uniform": (lambda s: D.Uniform(0.5, 2.0, seed=s), lambda s: D.Uniform(t([0.0, 1.0]), t([1.0, 5.0]), seed=s)),
        "Bernoulli": (lambda s: D.Bernoulli(0.3, seed=s), lambda s: D.Bernoulli(t([0.2, 0.9]), seed=s)),
        "Exponential": (lambda s: D.Exponential(0.5, seed=s), lambda s: D.Exponential(t([1.0, 3.0]), seed=s)),
        "Geometric": (lambda s: D.Geometric(0.3, seed=s), lambda s: D.Geometric(t([0.2, 0.7]), seed=s)),
        "Cauchy": (lambda s: D.Cauchy(0.0, 1.0, seed=s), lambda s: D.Cauchy(t([0.0, 2.0]), t([1.0, 0.5]), seed=s)),
        "Logistic": (lambda s: D.Logistic(0.0, 1.0, seed=s),
                     lambda s: D.Logistic(t([1.0, -1.0]), t([2.0, 0.5]), seed=s)),
        "Normal": (lambda s: D.Normal(0.0, 1.0, seed=s), lambda s: D.Normal(t([1.0, -1.0]), t([2.0, 0.5]), seed=s)),
        "LogNormal": (lambda s: D.LogNormal(0.0, 1.0, seed=s),
                      lambda s: D.LogNormal(t([0.5, -1.0]), t([0.2, 0.5]), seed=s)),
        "Gumbel": (lambda s: D.Gumbel(0.0, 1.0, seed=s), lambda s: D.Gumbel(t([0.5, -1.0]), t([2.0, 0.5]), seed=s)),
        "Categorical": (lambda s: D.Categorical(t([0.2, 0.3, 0.5]), seed=s),
                        lambda s: D.Categorical(t([[0.2, 0.8], [0.6, 0.4]]), seed=s))}
    for name, (scalar, batched) in makers.items():
        for g in GLOBAL_SEEDS:
            for seed in (None, 5):
                ms.set_seed(g)
                for kind, make in (("scalar", scalar), ("batched", batched)):
                    dist = make(seed)
                    for shape in ((), (3,), (2, 2)):
                        for call in range(2 if shape == (3,) else 1):
                            res = dist.sample(shape)
                            key = f"nn.probability.distribution.{name}|{g}|{seed}|{kind}|{shape}|{call}"
                            out[key] = res.asnumpy()


def _parameterized_truncated_normal_cases(ms, ops, P, out):
    """ParameterizedTruncatedNormal: per row a normal, uniform or exponential rejection sampler (by the bounds);
    a kernel per signature, continuing call after call; every row takes the parameters' first values."""
    bounds = {"normal": ([0.0], [1.0], [-3.0], [3.0]), "uniform": ([0.0], [1.0], [0.5], [0.7]),
              "tail": ([0.0], [1.0], [2.0], [9.0]), "swapped": ([1.0], [2.0], [-9.0], [-1.5]),
              "rows": ([0.0, 1.0], [1.0, 2.0], [-1.0, -2.0], [1.0, 3.0])}
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for s1, s2 in ((3, 4), (0, 7), (5, 0)):
            for name, params in bounds.items():
                for dtype in ("float32", "float64"):
                    op = P.ParameterizedTruncatedNormal(s1, s2)
                    shape = ms.Tensor(np.array([2, 3] if name.startswith("rows") else [1, 5], np.int32))
                    for call in range(3 if dtype == "float32" else 1):
                        res = op(shape, *[ms.Tensor(np.array(v, dtype)) for v in params])
                        out[f"prim|ParameterizedTruncatedNormal|{g}|{s1}|{s2}|{name}|{dtype}|{call}"] = res.asnumpy()


def _fractional_pool_cases(ms, ops, P, out):
    """FractionalMaxPool / FractionalAvgPool with seeds (deterministic=True): the pooling regions' boundaries."""
    x = ms.Tensor(np.arange(2 * 11 * 9 * 2, dtype=np.float32).reshape(2, 11, 9, 2) % 17)
    for name in ("FractionalMaxPool", "FractionalAvgPool"):
        for s1, s2 in ((1, 2), (0, 7), (12345, 0)):
            for ratio in ([1.0, 1.5, 1.5, 1.0], [1.0, 1.3, 2.2, 1.0], [1.0, 1.9, 1.2, 1.0]):
                for pseudo in (True, False):
                    for overlapping in (False, True):
                        res = getattr(P, name)(ratio, pseudo, overlapping, True, s1, s2)(x)
                        key = f"prim|{name}|{s1}|{s2}|{ratio[1]}|{ratio[2]}|{pseudo}|{overlapping}"
                        for i, r in enumerate(res):
                            out[f"{key}|{i}"] = r.asnumpy()


def _sampled_softmax_loss_cases(ms, ops, P, out):
    """nn.SampledSoftmaxLoss: the cell's UniformCandidateSampler (seeded, continuing call after call), then the
    sampled softmax cross-entropy (float32 math: compared to 1e-5)."""
    rng = np.random.RandomState(3)
    weights = ms.Tensor(rng.randn(12, 4).astype(np.float32))
    biases = ms.Tensor(rng.randn(12).astype(np.float32))
    logits = ms.Tensor(rng.randn(3, 4).astype(np.float32))
    labels = {1: ms.Tensor(np.array([[1], [4], [9]], np.int32)), 2: ms.Tensor(np.array([[1, 2], [4, 0], [9, 3]], np.int32))}
    for g in GLOBAL_SEEDS:
        ms.set_seed(g)
        for seed in (5, 9):
            for num_true, hits in ((1, True), (2, True), (1, False)):
                loss = ms.nn.SampledSoftmaxLoss(5, 12, num_true, remove_accidental_hits=hits, seed=seed)
                for call in range(3):
                    res = loss(weights, biases, labels[num_true], logits)
                    out[f"nn.SampledSoftmaxLoss|{g}|{seed}|{num_true}|{hits}|{call}"] = res.asnumpy()
