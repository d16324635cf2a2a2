"""Cases for MindSpore's random streams at sizes past ms_compat's chunking (gen_random_large.py,
tests/test_random_large.py): the initializers' raw Philox streams and the seeded random ops, drawn at a few
hundred thousand elements so that every chunk boundary of the fast paths (``common.philox``,
``common.init_random``, ``common.op_random``) is crossed, and the continuation of a kernel's engine past them.

``run(ms, ops, raw)`` returns {case name: float64/int64 numpy array}; ``raw`` maps "uniform"/"normal"/
"truncated_normal" to ``fn(seed, n)`` giving the initializer stream of ``n`` float32 values. The stored
reference is a digest per case (``digest``), not the arrays: the files stay small.
"""
import hashlib

import numpy as np

SIZE = 300_007  # odd, past 4 chunks of 65536 elements and 16384 Philox blocks
PERM_SIZES = (5_003, 70_001)  # std::shuffle: swap positions two per draw, and one per draw (n * n > 2**32)
SEEDS = (1, (1 << 63) - 5)


def digest(a):
    """sha256 of the array's bytes in a fixed dtype and order, with its first and last three values."""
    a = np.ascontiguousarray(a)
    return {"sha256": hashlib.sha256(a.tobytes()).hexdigest(), "shape": list(a.shape), "dtype": str(a.dtype),
            "head": a.reshape(-1)[:3].tolist(), "tail": a.reshape(-1)[-3:].tolist()}


def run(ms, ops, raw):
    out = {}
    for kind, fn in raw.items():
        for seed in SEEDS:
            out[f"init_{kind}|{SIZE}|{seed}"] = fn(seed, SIZE)
    t = ms.Tensor
    draws = {
        "uniform": lambda s: ops.uniform((SIZE,), t(-1.5, ms.float32), t(2.0, ms.float32), seed=s),
        "randint": lambda s: ops.randint(-3, 50, (SIZE,), seed=s),
        "standard_normal": lambda s: ops.standard_normal((SIZE,), seed=s),
        "standard_laplace": lambda s: ops.standard_laplace((SIZE,), seed=s),
        "dropout": lambda s: ops.dropout(ops.ones((SIZE,), ms.float32), p=0.3, seed=s),
    }
    for name, fn in draws.items():
        for g, s in ((1, None), (1234, 5)):
            ms.set_seed(g)
            for call in range(2):  # the second call: the op-seed counter moved on, a fresh kernel
                out[f"{name}|{g}|{s}|{call}"] = fn(s).asnumpy()
    for n in PERM_SIZES:  # many batches of engine words
        out[f"randperm|{n}"] = ops.randperm(n, seed=7, offset=0).asnumpy()
        ms.set_seed(3)
        out[f"shuffle|{n}"] = ops.shuffle(ops.arange(n, dtype=ms.int32), seed=2).asnumpy()
    return out
