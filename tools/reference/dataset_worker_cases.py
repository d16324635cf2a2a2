"""The worker-pool pipelines shared by tools/reference/gen_dataset_workers.py (run under real MindSpore) and
tests/dataset/test_parallel_workers.py (run under ms_compat): an ImageNet-style source read by worker
processes or threads under a ``map`` run by worker processes or threads (issue 32 item 2), and a map
function that fails on one element (issue 30 item 7: the printed traceback keeps the user's line).
"""
import numpy as np

ROWS = 8


class Src:
    """A random-access source of (HWC uint8 image, int32 label) rows, the same on every call."""

    def __getitem__(self, i):
        rng = np.random.default_rng(i)
        return rng.integers(0, 255, (12, 10, 3), dtype=np.uint8), np.int32(i % 3)

    def __len__(self):
        return ROWS


def aug(img):
    return img.astype(np.float32) / 255.0


def pipeline(ds, vision, src_workers, src_mp, map_workers, map_mp):
    """GeneratorDataset(num_parallel_workers=src_workers, python_multiprocessing=src_mp) followed by
    map([Resize, aug, HWC2CHW], num_parallel_workers=map_workers, python_multiprocessing=map_mp)."""
    d = ds.GeneratorDataset(Src(), ["image", "label"], shuffle=False, num_parallel_workers=src_workers,
                            python_multiprocessing=src_mp)
    return d.map([vision.Resize((6, 6)), aug, vision.HWC2CHW()], "image", num_parallel_workers=map_workers,
                 python_multiprocessing=map_mp)


def rows(d):
    return [tuple(np.asarray(v) for v in r) for r in d.create_tuple_iterator(output_numpy=True)]


def fail_on_5(x):
    if int(x) == 5:
        raise ValueError("bad element value 5")
    return x * 2


def failing_pipeline(ds):
    return ds.NumpySlicesDataset(np.arange(10), shuffle=False).map(fail_on_5, num_parallel_workers=2,
                                                                   python_multiprocessing=True)
