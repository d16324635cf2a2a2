"""Benchmark model sizes and inputs (numpy only, so the MindSpore reference interpreter can import it)."""
import numpy as np


def configs(quick):
    if quick:
        return {
            "resnet50": (dict(width=8), dict(width=8), [((2, 3, 32, 32), "f")]),
            "vit": (dict(image_size=32, patch=8, dim=32, depth=2, heads=2), dict(image_size=32, patch=8, dim=32,
                                                                             depth=2, heads=2), [((2, 3, 32, 32), "f")]),
            "bert": (dict(vocab=100, hidden=32, layers=2, heads=2, inter=64, max_pos=16),
                     dict(vocab=100, hidden=32, layers=2, heads=2, inter=64, max_pos=16),
                     [((2, 16), "i100"), ((2, 16), "i2"), ((2, 16), "m")]),
            "unet": (dict(base=4), dict(base=4), [((2, 3, 16, 16), "f")]),
            "lstm": (dict(), dict(), [((2, 7), "i30")]),
        }
    return {
        "resnet50": (dict(width=64), dict(width=64), [((8, 3, 224, 224), "f")]),
        "vit": (dict(image_size=224, patch=16, dim=192, depth=6, heads=3),
                dict(image_size=224, patch=16, dim=192, depth=6, heads=3), [((8, 3, 224, 224), "f")]),
        "bert": (dict(vocab=8000, hidden=256, layers=4, heads=4, inter=1024, max_pos=128),
                 dict(vocab=8000, hidden=256, layers=4, heads=4, inter=1024, max_pos=128),
                 [((8, 128), "i8000"), ((8, 128), "i2"), ((8, 128), "m")]),
        "unet": (dict(base=16), dict(base=16), [((4, 3, 128, 128), "f")]),
        "lstm": (dict(vocab=8000, emb=128, hidden=256, tags=20), dict(vocab=8000, emb=128, hidden=256, tags=20),
                 [((16, 64), "i8000")]),
    }


def make_inputs(specs, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for shape, kind in specs:
        if kind == "f":
            out.append(rng.standard_normal(shape).astype(np.float32))
        elif kind == "m":
            m = np.ones(shape, np.int64)
            m[:, shape[1] * 3 // 4:] = 0
            out.append(m)
        else:
            out.append(rng.integers(0, int(kind[1:]), shape).astype(np.int64))
    return out
