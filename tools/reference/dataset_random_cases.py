"""Seeded dataset orders and random-transform draws, run alike under real MindSpore 2.10 (gen_dataset_random.py)
and ms_compat (tests/dataset/test_dataset_random.py): ``run(ds, vision, tmpdir)`` -> {case name: int64 array}.

Every case is a table row: source or sampler x seed x size x epochs (one iterator over several epochs, and
a second iterator afterwards) x num_parallel_workers.
"""
import os
import struct

import numpy as np

SEEDS = (0, 1, 5, 1234, 4294967294)
SIZES = (1, 2, 7, 8, 100, 301)


def _orders(dataset, epochs=3, column=0, keep=None):
    """``epochs`` epochs of one iterator, then one epoch of a fresh iterator, as one flat array (-1 between; the
    first ``keep`` rows of each epoch when given)."""
    def first(rows):
        return [int(np.asarray(r[column]).reshape(-1)[0]) for r in rows][:keep]
    out = []
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        out.extend(first(it))
        out.append(-1)
    out.extend(first(dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)))
    return np.asarray(out, np.int64)


def _pixels(dataset, epochs=2):
    """Every output image (first channel, flattened) of ``epochs`` epochs of one iterator and one epoch of a fresh
    one: which corner a crop took and whether a flip happened, row by row."""
    def one(r):
        return np.asarray(r[0])[..., 0].reshape(-1).astype(np.int64)
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    out = [np.concatenate([one(r) for r in it]) for _ in range(epochs)]
    out.append(np.concatenate([one(r) for r in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]))
    return np.concatenate(out)


def _images(n=13, h=9, w=11):
    img = (np.arange(h)[:, None] * 16 + np.arange(w)[None, :]).astype(np.uint8)
    return np.repeat(np.stack([img] * n)[..., None], 3, axis=3)


def transforms_run(ds, vision):
    """Random vision transforms inside ``map``: seeds x worker counts x operations (alone, two in one map,
    two maps)."""
    out = {}
    ops = {
        "hflip": lambda: [vision.RandomHorizontalFlip()],
        "hflip_p03": lambda: [vision.RandomHorizontalFlip(0.3)],
        "vflip": lambda: [vision.RandomVerticalFlip()],
        "crop": lambda: [vision.RandomCrop((3, 4))],
        "crop_padding": lambda: [vision.RandomCrop((9, 11), padding=2, fill_value=255)],
        "crop_pad_if_needed": lambda: [vision.RandomCrop((10, 12), pad_if_needed=True, fill_value=255)],
        "crop_same_size": lambda: [vision.RandomCrop((9, 11)), vision.RandomHorizontalFlip()],
        "crop_then_hflip": lambda: [vision.RandomCrop((5, 5)), vision.RandomHorizontalFlip()],
        "rotation": lambda: [vision.RandomRotation(30)],
        "rotation_range_expand": lambda: [vision.RandomRotation((10, 170), expand=True)],
        "resized_crop": lambda: [vision.RandomResizedCrop((4, 5), interpolation=vision.Inter.NEAREST)],
        "resized_crop_misses": lambda: [vision.RandomResizedCrop((4, 5), scale=(0.9, 1.0), ratio=(5.0, 6.0),
                                                                 interpolation=vision.Inter.NEAREST, max_attempts=3)],
    }
    for seed in (0, 11, 1234):
        for workers in (1, 2):
            for name, make in ops.items():
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"image": _images()}, shuffle=False).map(
                    make(), "image", num_parallel_workers=workers)
                out[f"transform|{name}|{seed}|{workers}"] = _pixels(d)
            ds.config.set_seed(seed)
            d = ds.NumpySlicesDataset({"image": _images()}, shuffle=False).map(
                [vision.RandomCrop((5, 5))], "image", num_parallel_workers=workers).map(
                [vision.VerticalFlip(), vision.RandomVerticalFlip()], "image", num_parallel_workers=1)
            out[f"transform|two_maps|{seed}|{workers}"] = _pixels(d)
    return out


def _mnist_dir(tmpdir, n):
    d = os.path.join(tmpdir, f"mnist{n}")
    if not os.path.isdir(d):
        os.makedirs(d)
        images = (np.arange(n * 28 * 28) % 251).astype(np.uint8).reshape(n, 28, 28)
        images[:, 0, 0] = np.arange(n) % 256
        labels = (np.arange(n) % 10).astype(np.uint8)
        with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
            f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
        with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
            f.write(struct.pack(">II", 2049, n) + labels.tobytes())
    return d


def model_train_order(ms, ds):
    """The rows ``Model.train`` feeds, epoch after epoch, from a shuffled dataset (one iterator for all epochs)."""
    from mindspore import nn
    from mindspore.train import Model
    seen = []

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = nn.Dense(1, 1)

        def construct(self, x):
            seen.append(int(x.asnumpy()[0, 0]))
            return self.d(x)

    ds.config.set_seed(5)
    d = ds.NumpySlicesDataset((np.arange(6, dtype=np.float32).reshape(6, 1), np.zeros((6, 1), np.float32)),
                              ["x", "y"], shuffle=True).batch(1)
    net = Net()
    Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.0)).train(3, d, dataset_sink_mode=False)
    return np.asarray(seen, np.int64)


def _cifar_dir(tmpdir, n=10000):  # MindSpore reads CIFAR-10 files of 10000 records
    d = os.path.join(tmpdir, "cifar")
    if not os.path.isdir(d):
        os.makedirs(d)
        rec = np.zeros((n, 1 + 3072), np.uint8)
        rec[:, 0] = np.arange(n) % 10
        rec[:, 1] = np.arange(n) % 256
        rec[:, 1025] = np.arange(n) // 256  # pixel (0, 0) of the second channel
        rec.tofile(os.path.join(d, "data_batch_1.bin"))
    return d


def _folder_dir(tmpdir, n=30):
    d = os.path.join(tmpdir, "folder")
    if not os.path.isdir(d):
        for i in range(n):
            cls = os.path.join(d, f"class{i % 3}")
            os.makedirs(cls, exist_ok=True)
            with open(os.path.join(cls, f"img{i:03d}.jpg"), "wb") as f:
                f.write(bytes([i, 0xFF, 0xD8]))
    return d


def run(ds, vision, tmpdir, ms):
    out = transforms_run(ds, vision)
    out["model_train_order"] = model_train_order(ms, ds)
    for seed in SEEDS:
        for n in SIZES:
            data = np.arange(n, dtype=np.int64)
            ds.config.set_seed(seed)
            out[f"generator|{seed}|{n}"] = _orders(ds.GeneratorDataset([np.array(i) for i in range(n)], ["x"],
                                                                      shuffle=True))
            ds.config.set_seed(seed)
            out[f"numpy_slices|{seed}|{n}"] = _orders(ds.NumpySlicesDataset(data, ["x"], shuffle=True))
            ds.config.set_seed(seed)
            out[f"random_sampler|{seed}|{n}"] = _orders(ds.NumpySlicesDataset(
                data, ["x"], sampler=ds.RandomSampler()))
            ds.config.set_seed(seed)
            out[f"random_sampler_replacement|{seed}|{n}"] = _orders(ds.NumpySlicesDataset(
                data, ["x"], sampler=ds.RandomSampler(replacement=True)))
            ds.config.set_seed(seed)
            out[f"random_sampler_num_samples|{seed}|{n}"] = _orders(ds.NumpySlicesDataset(
                data, ["x"], sampler=ds.RandomSampler(num_samples=max(1, n // 2))))
            for shards in (2, 3):
                for shard_id in range(shards):
                    ds.config.set_seed(seed)
                    out[f"distributed|{seed}|{n}|{shards}|{shard_id}"] = _orders(ds.NumpySlicesDataset(
                        data, ["x"], shuffle=True, num_shards=shards, shard_id=shard_id))
            if n >= 2:
                for buffer_size in (2, 5, 10000):
                    ds.config.set_seed(seed)
                    out[f"buffer_shuffle|{seed}|{n}|{buffer_size}"] = _orders(ds.NumpySlicesDataset(
                        data, ["x"], shuffle=False).shuffle(buffer_size))
        for workers in (1, 2):
            ds.config.set_seed(seed)
            out[f"generator_workers|{seed}|{workers}"] = _orders(ds.GeneratorDataset(
                [np.array(i) for i in range(50)], ["x"], shuffle=True, num_parallel_workers=workers))
            ds.config.set_seed(seed)
            out[f"mnist|{seed}|{workers}"] = _orders(ds.MnistDataset(
                _mnist_dir(tmpdir, 250), num_parallel_workers=workers), column=0)
    ds.config.set_seed(1)
    d = ds.Cifar10Dataset(_cifar_dir(tmpdir), usage="train").map(
        lambda img: (img[0, 0, 0].astype(np.int64) + 256 * img[0, 0, 1].astype(np.int64)), "image")
    out["cifar10|1"] = _orders(d, epochs=2, keep=64)
    for seed in SEEDS[:3]:
        ds.config.set_seed(seed)
        out[f"image_folder|{seed}"] = _orders(ds.ImageFolderDataset(_folder_dir(tmpdir)))
    weights = [0.5, 2.0, 0.0, 1.0, 3.5, 0.25, 1.0, 1.0, 4.0, 0.75, 2.0, 1.5]
    for seed in SEEDS[:3]:
        for name, make in (
                ("subset_random", lambda: ds.SubsetRandomSampler([3, 1, 17, 4, 9, 0, 12, 5])),
                ("subset_random_num_samples", lambda: ds.SubsetRandomSampler([3, 1, 17, 4, 9, 0, 12, 5, -2], 5)),
                ("weighted", lambda: ds.WeightedRandomSampler(weights)),
                ("weighted_num_samples", lambda: ds.WeightedRandomSampler(weights, num_samples=30)),
                ("weighted_no_replacement", lambda: ds.WeightedRandomSampler(weights, 6, replacement=False))):
            ds.config.set_seed(seed)
            out[f"{name}|{seed}"] = _orders(ds.NumpySlicesDataset(np.arange(20), ["x"], sampler=make()))
    # above 65535 rows std::shuffle draws one position per element instead of two (n * n > 2**32 - 1)
    ds.config.set_seed(3)
    it = ds.NumpySlicesDataset(np.arange(70000), ["x"], shuffle=True).create_tuple_iterator(
        output_numpy=True, num_epochs=2)
    out["large_shuffle"] = np.asarray([[int(r[0]) for r in it][:200] for _ in range(2)], np.int64)
    # a DistributedSampler object made once, used by two pipelines (MindSpore bumps its seed per use)
    ds.config.set_seed(7)
    sampler = ds.DistributedSampler(2, 1)
    out["distributed_object_reused"] = np.concatenate([
        _orders(ds.NumpySlicesDataset(np.arange(20), ["x"], sampler=sampler), epochs=2),
        _orders(ds.NumpySlicesDataset(np.arange(20), ["x"], sampler=sampler), epochs=2)])
    return out
