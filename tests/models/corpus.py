"""Framework-neutral helpers for the model corpus: deterministic weights from parameter names,
inputs from specs, and the list of models. Imported under both real MindSpore and ms_compat."""
import zlib

import numpy as np

MODELS = ["lenet", "resnet50", "mobilenetv2", "vit", "swin", "densenet", "efficientnet", "bert", "gpt",
          "lstm_tagger", "gru_seq2seq", "unet"]


def weight_for(name, shape):
    """Deterministic float32 weights keyed by the MindSpore parameter name (no weight files needed)."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    shape = tuple(shape)
    if name.endswith("moving_variance"):
        return rng.uniform(0.5, 1.5, shape).astype(np.float32)
    if name.endswith("moving_mean"):
        return rng.uniform(-0.1, 0.1, shape).astype(np.float32)
    if name.endswith("gamma"):
        return (1.0 + 0.1 * rng.uniform(-1, 1, shape)).astype(np.float32)
    if name.endswith("beta") or name.endswith("bias") or "bias_" in name.split(".")[-1]:
        return (0.05 * rng.uniform(-1, 1, shape)).astype(np.float32)
    fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else max(1, shape[0] if shape else 1)
    bound = np.sqrt(3.0 / max(1, fan_in))
    return rng.uniform(-bound, bound, shape).astype(np.float32)


def make_inputs(specs, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for shape, kind in specs:
        if kind == "float32":
            out.append(rng.standard_normal(shape).astype(np.float32))
        elif kind == "mask":
            m = np.ones(shape, np.int32)
            m[:, shape[1] - 2:] = 0
            out.append(m)
        else:
            hi = int(kind.split(":")[1])
            out.append(rng.integers(0, hi, shape).astype(np.int32))
    return out


def output_weights(shape, seed=1):
    """Fixed cotangent so that loss = sum(out * w) gives non-trivial gradients."""
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
