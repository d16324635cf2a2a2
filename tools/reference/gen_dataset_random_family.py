"""The family of random dataset transforms, listed by real MindSpore 2.10 itself, into
tests/reference_data/dataset_random/random_family.json (read by tests/dataset/test_dataset_random_family.py).

Every public transform class of ``mindspore.dataset.vision``, ``.audio``, ``.text`` and ``.transforms`` (a
subclass of MindSpore's ``TensorOperation``/``PyTensorOperation``) is examined; it counts as random when
MindSpore's own object says so:
* its name starts with ``Random``/``Rand`` (``RandomCrop``, ``RandAugment``);
* its description or arguments (the docstring before ``Examples``/``Supported Platforms``) speak of randomness
  (``random``, ``randomly``, ``probability``, ``prob``, ``sampled from``);
* its constructor takes a parameter that switches on a random draw (``prob``, ``rand_init``, ``iid_masks``);
* or it is one of ``KNOWN`` (random by what its C++ kernel does, though neither name nor text says so; the C++
  IR's random flag is not exposed to Python).
``NOT_RANDOM`` lists what the text rules catch wrongly, with the reason. ``threads_nondeterministic``: measured, how
often MindSpore's own output changes between runs with the same seed in a two-thread map. Run:
python tools/make_references.py gen_dataset_random_family
"""
import inspect
import re

import mindspore.dataset.audio as audio
import mindspore.dataset.text as text
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore.dataset.transforms.transforms import PyTensorOperation, TensorOperation

import refutil

KNOWN = {  # module.name -> why it is random (the kernel's draws)
    "vision.TrivialAugmentWide": "draws an augmentation and its magnitude per image",
    "audio.InverseMelScale": "starts its gradient descent from uniform random noise",
}
NOT_RANDOM = {  # caught by the text rules, deterministic
    "text.JiebaTokenizer": "'probability' is its HMM model's; segmentation is deterministic",
}
WORDS = re.compile(r"\b(random|randomly|probability|prob)\b|sampled from", re.I)
PARAMS = ("prob", "rand_init", "iid_masks")


def _nondeterminism_probes():
    """Transforms that MindSpore's own threads make irreproducible: each run four times, seeded alike, in a map of two
    thread workers; recorded: how many of the three later runs differ from the first."""
    import numpy as np
    import mindspore.dataset as ds
    V, T = vision, transforms
    imgs = np.random.RandomState(7).randint(0, 256, (32, 9, 11, 3)).astype(np.uint8)
    labels = np.eye(4, dtype=np.float32)[np.arange(32) % 4]
    probes = {
        "vision.RandomErasing": (lambda: [V.ToTensor(), V.RandomErasing(0.5, value="random")], False),
        "transforms.RandomOrder": (lambda: [T.RandomOrder([V.Invert(), V.RandomHorizontalFlip(),
                                                            V.RandomPosterize((1, 7))])], False),
        "vision.RandomGrayscale": (lambda: [V.ToPIL(), V.RandomGrayscale(0.5), V.ToNumpy()], False),
        "vision.RandomPerspective": (lambda: [V.ToPIL(), V.RandomPerspective(0.4, 0.5), V.ToNumpy()], False),
        "vision.MixUp": (lambda: V.MixUp(4, 0.4), True),
    }
    out = {}
    for name, (make, batched) in probes.items():
        runs = []
        for _ in range(4):
            ds.config.set_seed(3)
            if batched:
                d = ds.NumpySlicesDataset({"image": imgs, "label": labels}, shuffle=False).batch(4).map(
                    make(), ["image", "label"], num_parallel_workers=2, python_multiprocessing=False)
            else:
                d = ds.NumpySlicesDataset({"image": imgs}, shuffle=False).map(
                    make(), "image", num_parallel_workers=2, python_multiprocessing=False)
            runs.append(np.concatenate([np.asarray(r[0]).reshape(-1).astype(np.float64)
                                        for r in d.create_tuple_iterator(output_numpy=True)]))
        out[name] = sum(not np.array_equal(runs[0], r) for r in runs[1:])
    return out


def _doc(cls):
    d = inspect.getdoc(cls) or ""
    return d.split("Supported Platforms")[0].split("Examples:")[0]


def main():
    family, examined = {}, {}
    for mod in (vision, audio, text, transforms):
        short = mod.__name__.rsplit(".", 1)[-1]
        names = sorted(n for n in dir(mod) if not n.startswith("_"))
        classes = [n for n in names if inspect.isclass(getattr(mod, n))
                   and issubclass(getattr(mod, n), (TensorOperation, PyTensorOperation))]
        examined[short] = len(classes)
        for n in classes:
            cls, key = getattr(mod, n), f"{short}.{n}"
            why = []
            if re.match(r"Rand(om)?[A-Z]", n):
                why.append("name")
            words = sorted({w.lower() for w in WORDS.findall(_doc(cls)) if w} |
                           ({"sampled from"} if "sampled from" in _doc(cls) else set()))
            if words:
                why.append("doc: " + ", ".join(words))
            params = [p for p in inspect.signature(cls.__init__).parameters if p in PARAMS]
            if params:
                why.append("parameter: " + ", ".join(params))
            if key in KNOWN:
                why.append("known: " + KNOWN[key])
            if why and key not in NOT_RANDOM:
                family[key] = why
    missing = [k for k in list(KNOWN) + list(NOT_RANDOM) if k.split(".")[1] not in dir(globals()[k.split(".")[0]])]
    assert not missing, missing
    refutil.save_json("dataset_random", "random_family", {"random": family, "examined": examined,
                                                           "not_random": NOT_RANDOM,
                                                           "threads_nondeterministic": _nondeterminism_probes()})
    print(len(family), "random classes of", sum(examined.values()))


if __name__ == "__main__":
    main()
