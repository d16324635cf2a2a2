"""Mirrors MindSpore's generated datasets: ``FakeImageDataset``; and the base classes ``VisionBaseDataset``,
``TextBaseDataset``, ``AudioBaseDataset`` (in ms_compat every dataset class derives from ``Dataset`` alone:
these names are ``Dataset``, so ``isinstance`` checks against them hold for every dataset)."""
from __future__ import annotations

import numpy as np

from .datasets import Dataset, MappableDataset

__all__ = ["FakeImageDataset", "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset"]

VisionBaseDataset = TextBaseDataset = AudioBaseDataset = Dataset


class FakeImageDataset(MappableDataset):
    """Mirrors ``mindspore.dataset.FakeImageDataset(num_images=1000, image_size=(224, 224, 3), num_classes=10,
    base_seed=0, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None,
    shard_id=None, cache=None)``: ``image`` of shape ``image_size`` uint8 and ``label`` uint32 in
    ``[0, num_classes)``, row ``i`` drawn from a generator seeded by ``(base_seed, i)`` — the same on every read.
    Difference: the values are not MindSpore's (its C++ ``std::mt19937`` stream)."""

    def __init__(self, num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if not isinstance(num_images, int) or num_images <= 0:
            raise ValueError("Input num_images is not within the required interval of [1, 2147483647].")
        if len(image_size) != 3 or any(int(s) <= 0 for s in image_size):
            raise ValueError("image_size should be a sequence of 3 positive ints.")
        if not isinstance(num_classes, int) or num_classes <= 0:
            raise ValueError("Input num_classes is not within the required interval of [1, 2147483647].")
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, sampler)
        self.num_images, self.image_size = num_images, tuple(int(s) for s in image_size)
        self.num_classes, self.base_seed = num_classes, int(base_seed)
        self._columns = ["image", "label"]

    def _load(self):
        return self.num_images

    def _read(self, i):
        rng = np.random.default_rng([self.base_seed & 0xFFFFFFFF, int(i)])
        return (rng.integers(0, 256, self.image_size, dtype=np.uint8),
                np.uint32(rng.integers(0, self.num_classes)))

    def _labels(self):
        return [int(self._read(i)[1]) for i in range(self.num_images)]
