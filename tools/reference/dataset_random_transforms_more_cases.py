"""More seeded random transforms, run alike under real MindSpore 2.10 (gen_dataset_random_transforms_more.py) and
ms_compat (tests/dataset/test_dataset_random_transforms_more.py): ``run(ds, vision, transforms, audio)`` -> {case
name: array}.

``cutmix|...``: ``CutMixBatch`` in a ``map`` (seeds x 1 and 2 workers, two epochs and a fresh iterator, every
image and label value) and called directly; ``cutmix_err|...``: MindSpore's message for bad input.
``cutout|...``, ``bbox_augment|...``: ``CutOut`` and ``BoundingBoxAugment`` in a ``map`` (every output pixel).
``griffinlim|...``: ``GriffinLim(rand_init=True)`` (its random start; with and without momentum) in a ``map``
and called directly, compared within float32 rounding; ``inverse_mel|...``: ``InverseMelScale``'s random start
and descent, likewise. ``mp|...``: MindSpore's random transforms beside a Python function in a
``python_multiprocessing=True`` map.
"""
import re

import numpy as np

from dataset_random_transforms_cases import SEEDS, _boxes, _images, _passes

CUTMIX = {  # name -> (format, alpha, prob, image shape (H, W, C), labels: "int" / "float" / "rows")
    "nhwc": ("NHWC", 1.0, 1.0, (9, 11, 3), "int"),
    "nchw_alpha_small_prob": ("NCHW", 0.4, 0.5, (12, 7, 3), "int"),
    "nhwc_alpha_large_rows": ("NHWC", 2.5, 0.7, (16, 16, 3), "rows"),
    "nchw_gray_float_labels": ("NCHW", 1.0, 0.8, (5, 13, 1), "float"),
}


def _cutmix_data(shape, labels, n=8):
    imgs = np.random.RandomState(1).randint(0, 256, (n,) + shape).astype(np.uint8)
    lab = np.eye(5, dtype=np.int32)[np.arange(n) % 5]
    if labels == "float":
        lab = lab.astype(np.float32)
    elif labels == "rows":  # (N, L, C): two one-hot rows per image
        lab = np.stack([lab, np.eye(5, dtype=np.int32)[(np.arange(n) + 2) % 5]], 1)
    return imgs, lab


def _message(e):
    """The line of MindSpore's pipeline error that names the operation."""
    found = re.search(r"CutMixBatch:[^\n]*", str(e))
    return found.group(0).strip() if found else str(e).strip().splitlines()[0]


def add_one(x):
    """A Python function of a ``python_multiprocessing`` map (module level: worker processes import it)."""
    return (np.asarray(x) + 1).astype(np.uint8)


def griffinlim_cases(ds, audio):
    """``GriffinLim(rand_init=True)`` in a ``map`` (seeds x 1 and 2 workers, with and without momentum) and called
    directly: {case: output}."""
    out = {}
    specs = np.random.RandomState(2).uniform(0, 2, (4, 2, 9, 11)).astype(np.float32)
    for seed in SEEDS:
        for workers in (1, 2):
            ds.config.set_seed(seed)
            d = ds.NumpySlicesDataset({"spec": specs}, shuffle=False).map(
                audio.GriffinLim(n_fft=16, n_iter=3, hop_length=4, momentum=0.0), "spec", num_parallel_workers=workers)
            out[f"griffinlim|map|{seed}|{workers}"] = _passes(d, [0])
            ds.config.set_seed(seed)
            d = ds.NumpySlicesDataset({"spec": specs}, shuffle=False).map(
                audio.GriffinLim(n_fft=16, n_iter=4, hop_length=4), "spec", num_parallel_workers=workers)
            out[f"griffinlim|map_momentum|{seed}|{workers}"] = _passes(d, [0])
        ds.config.set_seed(seed)
        op = audio.GriffinLim(n_fft=16, n_iter=2, hop_length=4, momentum=0.0, length=40)
        out[f"griffinlim|eager|{seed}|0"] = np.concatenate([op(specs[0]).reshape(-1), op(specs[1][0]).reshape(-1)])
        ds.config.set_seed(seed)
        op = audio.GriffinLim(n_fft=16, n_iter=3, hop_length=4, momentum=0.5)
        out[f"griffinlim|eager_momentum|{seed}|0"] = np.concatenate([op(specs[0]).reshape(-1),
                                                                    op(specs[1][0]).reshape(-1)])
    return out


def inverse_mel_cases(ds, audio):
    """``InverseMelScale`` in a ``map`` and called directly: {case: output}."""
    out = {}
    mels = np.random.RandomState(4).uniform(0, 1, (3, 2, 6, 5)).astype(np.float32)
    for seed in SEEDS:
        for workers in (1, 2):
            ds.config.set_seed(seed)
            d = ds.NumpySlicesDataset({"mel": mels}, shuffle=False).map(
                audio.InverseMelScale(9, 6, 16000, max_iter=40), "mel", num_parallel_workers=workers)
            out[f"inverse_mel|map|{seed}|{workers}"] = _passes(d, [0])
        ds.config.set_seed(seed)
        op = audio.InverseMelScale(9, 6, 16000, max_iter=5)
        out[f"inverse_mel|eager|{seed}|0"] = np.concatenate([op(mels[0]).reshape(-1), op(mels[1][0]).reshape(-1)])
    return out


def run(ds, vision, transforms, audio):
    out = {}
    V = vision
    for name, (fmt, alpha, prob, shape, labels) in CUTMIX.items():
        imgs, lab = _cutmix_data(shape, labels)
        if fmt == "NCHW":
            imgs = imgs.transpose(0, 3, 1, 2).copy()
        for seed in SEEDS:
            for workers in (1, 2):
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"image": imgs, "label": lab}, shuffle=False).batch(4).map(
                    V.CutMixBatch(getattr(V.ImageBatchFormat, fmt), alpha, prob), ["image", "label"],
                    num_parallel_workers=workers)
                out[f"cutmix|{name}|{seed}|{workers}|image"] = _passes(d, [0])
                out[f"cutmix|{name}|{seed}|{workers}|label"] = _passes(d, [1])
            ds.config.set_seed(seed)
            op = V.CutMixBatch(getattr(V.ImageBatchFormat, fmt), alpha, prob)
            res = [op(imgs[:4], lab[:4]), op(imgs[4:], lab[4:])]
            out[f"cutmix|eager_{name}|{seed}|0|image"] = np.concatenate([np.asarray(r[0]).reshape(-1) for r in res])
            out[f"cutmix|eager_{name}|{seed}|0|label"] = np.concatenate([np.asarray(r[1]).reshape(-1) for r in res])
    bad = {"rank3": (np.zeros((4, 5, 3), np.uint8), np.eye(2, dtype=np.int32)),
           "channels": (np.zeros((2, 4, 5, 2), np.uint8), np.eye(2, dtype=np.int32)),
           "labels_1d": (np.zeros((2, 4, 5, 3), np.uint8), np.array([0, 1], np.int32)),
           "batch_sizes": (np.zeros((2, 4, 5, 3), np.uint8), np.eye(3, dtype=np.int32))}
    for name, (im, lab) in bad.items():
        try:
            V.CutMixBatch(V.ImageBatchFormat.NHWC)(im, lab)
            out[f"cutmix_err|{name}"] = np.array("no error")
        except Exception as e:  # noqa: BLE001 - recording what MindSpore raises
            out[f"cutmix_err|{name}"] = np.array(f"{type(e).__name__}: {_message(e)}")

    imgs = _images()
    cutouts = {"one": lambda: V.CutOut(3), "patches": lambda: V.CutOut(4, 3), "chw": lambda: V.CutOut(2, 2, False)}
    augments = {"posterize": lambda: V.BoundingBoxAugment(V.RandomPosterize((1, 7)), 0.6),
                "flip": lambda: V.BoundingBoxAugment(V.HorizontalFlip(), 0.5),
                "resize_back": lambda: V.BoundingBoxAugment(V.Resize((3, 2)), 0.7)}
    for seed in SEEDS:
        for workers in (1, 2):
            for name, make in cutouts.items():
                ds.config.set_seed(seed)
                data = imgs.transpose(0, 3, 1, 2).copy() if name == "chw" else imgs
                d = ds.NumpySlicesDataset({"image": data}, shuffle=False).map(make(), "image",
                                                                              num_parallel_workers=workers)
                out[f"cutout|{name}|{seed}|{workers}"] = _passes(d, [0])
            for name, make in augments.items():
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"image": imgs, "bbox": _boxes()}, shuffle=False).map(
                    [make()], ["image", "bbox"], num_parallel_workers=workers)
                out[f"bbox_augment|{name}|{seed}|{workers}"] = _passes(d, [0])

    out.update(griffinlim_cases(ds, audio))
    out.update(inverse_mel_cases(ds, audio))

    imgs = np.random.RandomState(7).randint(0, 250, (8, 9, 11, 3)).astype(np.uint8)
    for seed in SEEDS[:2]:
        for workers in (1, 2):
            ds.config.set_seed(seed)
            d = ds.NumpySlicesDataset({"image": imgs}, shuffle=False).map(
                [add_one, V.RandomHorizontalFlip(), V.RandomCrop((5, 6)), V.RandomPosterize((1, 7))], "image",
                num_parallel_workers=workers, python_multiprocessing=True)
            out[f"mp|flip_crop_posterize|{seed}|{workers}"] = _passes(d, [0])
    return out
