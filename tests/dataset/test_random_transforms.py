"""Random vision transforms: reproducible under dataset.config.set_seed, the distributions MindSpore documents,
and the output conventions (shapes, dtypes) of MindSpore's."""
import numpy as np
import pytest

import ms_compat.dataset as ds
import ms_compat.dataset.transforms as T
import ms_compat.dataset.vision as V


def _img(h=24, w=32):
    rng = np.random.RandomState(0)
    return rng.randint(0, 256, size=(h, w, 3)).astype(np.uint8)


OPS = {
    "RandomResizedCrop": lambda: V.RandomResizedCrop(16),
    "RandomCrop": lambda: V.RandomCrop(16, padding=4),
    "RandomHorizontalFlip": lambda: V.RandomHorizontalFlip(),
    "RandomVerticalFlip": lambda: V.RandomVerticalFlip(),
    "RandomRotation": lambda: V.RandomRotation(40),
    "RandomColorAdjust": lambda: V.RandomColorAdjust(0.4, 0.4, 0.4, 0.1),
    "AutoAugment": lambda: V.AutoAugment(),
    "AutoAugmentCIFAR": lambda: V.AutoAugment(V.AutoAugmentPolicy.CIFAR10),
    "AutoAugmentSVHN": lambda: V.AutoAugment(V.AutoAugmentPolicy.SVHN),
    "RandAugment": lambda: V.RandAugment(),
    "TrivialAugmentWide": lambda: V.TrivialAugmentWide(),
    "RandomCropDecodeResize": lambda: T.Compose([V.encode_png, V.RandomCropDecodeResize(16)]),
    "RandomInvert": lambda: V.RandomInvert(),
    "RandomEqualize": lambda: V.RandomEqualize(),
    "RandomAutoContrast": lambda: V.RandomAutoContrast(),
    "RandomAdjustSharpness": lambda: V.RandomAdjustSharpness(2.0),
    "RandomPosterize": lambda: V.RandomPosterize((1, 8)),
    "RandomSolarize": lambda: V.RandomSolarize(),
    "RandomSharpness": lambda: V.RandomSharpness(),
    "RandomAffine": lambda: V.RandomAffine(20, translate=(0.1, 0.1), scale=(0.8, 1.2), shear=10),
    "RandomApply": lambda: T.RandomApply([V.HorizontalFlip(), V.Invert()]),
    "RandomChoice": lambda: T.RandomChoice([V.HorizontalFlip(), V.VerticalFlip(), V.Invert()]),
    "RandomColor": lambda: V.RandomColor(),
    "RandomLighting": lambda: V.RandomLighting(0.5),
    "CutOut": lambda: V.CutOut(6, 2),
    "RandomResize": lambda: V.RandomResize((20, 16)),
    "RandomGrayscale": lambda: V.RandomGrayscale(0.5),
    "RandomPerspective": lambda: V.RandomPerspective(0.5, 0.7),
    "UniformAugment": lambda: V.UniformAugment([V.Invert(), V.HorizontalFlip(), V.Equalize()], 2),
    "RandomSelectSubpolicy": lambda: V.RandomSelectSubpolicy([[(V.Invert(), 0.5), (V.VerticalFlip(), 0.5)],
                                                             [(V.Equalize(), 0.7)]]),
}


def test_bbox_random_ops_keep_boxes_consistent():
    ds.config.set_seed(5)
    img = _img()
    boxes = np.array([[2, 3, 10, 8, 1], [20, 10, 11, 13, 2]], np.float32)
    for _ in range(20):
        out, b = V.RandomResizedCropWithBBox(16)(img, boxes)
        assert out.shape == (16, 16, 3) and b.dtype == np.float32 and b.shape[1] == 5
        assert (b[:, 0] >= 0).all() and (b[:, 0] + b[:, 2] <= 16 + 1e-4).all()
        out, b = V.RandomCropWithBBox(12)(img, boxes)
        assert out.shape == (12, 12, 3) and (b[:, 0] + b[:, 2] <= 12 + 1e-4).all()
        out, b = V.RandomResizeWithBBox((12, 8))(img, boxes)
        np.testing.assert_allclose(b[:, :4], boxes[:, :4] * np.array([8 / 32, 12 / 24] * 2, np.float32), rtol=1e-6)
    out, b = V.BoundingBoxAugment(V.Invert(), 1.0)(img, boxes)
    np.testing.assert_array_equal(out[3:11, 2:12], 255 - img[3:11, 2:12])
    np.testing.assert_array_equal(b, boxes)


def test_mixup_single_and_across_batches():
    ds.config.set_seed(2)
    images = np.stack([_img()] * 4).astype(np.float32)
    labels = np.eye(4, dtype=np.float32)
    mi, ml = V.MixUp(4, 0.2)(images, labels)
    assert mi.dtype == np.float64 and mi.shape == images.shape
    np.testing.assert_allclose(ml.sum(1), 1.0)
    op = V.MixUp(4, 0.2, is_single=False)
    first = op(images, labels)
    np.testing.assert_array_equal(first[1], labels)  # the first batch passes through
    assert op(images, labels)[1].shape == labels.shape


@pytest.mark.parametrize("name", sorted(OPS))
def test_reproducible_under_seed_and_varied(name):
    img = _img()

    def run(seed):  # called directly, a transform draws afresh from the seed (as MindSpore's): one seed per call
        out = []
        for i in range(12):
            ds.config.set_seed(seed + 100 * i)
            out.append(OPS[name]()(img))
        return out

    a, b, c = run(7), run(7), run(8)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))
    assert all(x.dtype == np.uint8 and x.ndim == 3 for x in a)


def test_flip_probability_and_crop_sizes():
    ds.config.set_seed(1)
    img = _img()
    rows = ds.NumpySlicesDataset({"image": np.stack([img[:1, :2]] * 2000)}, shuffle=False).map(
        V.RandomHorizontalFlip(0.3), "image", num_parallel_workers=1)
    flips = sum(not np.array_equal(r[0], img[:1, :2]) for r in rows.create_tuple_iterator(output_numpy=True))
    assert 0.26 < flips / 2000 < 0.34
    assert all(V.RandomResizedCrop((10, 14))(img).shape == (10, 14, 3) for _ in range(50))
    op = V.RandomResizedCrop(8, scale=(1.0, 1.0), ratio=(32 / 24, 32 / 24))  # the whole image, every time
    np.testing.assert_array_equal(op(img), V.Resize((8, 8))(img))


def test_erasing_mixup_cutmix_on_batches():
    ds.config.set_seed(3)
    chw = V.ToTensor()(_img())
    erased = V.RandomErasing(prob=1.0)(chw)
    assert erased.shape == chw.shape and (erased == 0).sum() > (chw == 0).sum()
    images = np.stack([_img()] * 4)
    labels = np.eye(5, dtype=np.float32)[[0, 1, 2, 3]]
    mi, ml = V.MixUpBatch(1.0)(images, labels)
    assert mi.shape == images.shape and ml.shape == labels.shape
    np.testing.assert_allclose(ml.sum(1), 1.0, rtol=1e-6)
    ci, cl = V.CutMixBatch(V.ImageBatchFormat.NHWC, 1.0, 1.0)(images, labels)
    assert ci.shape == images.shape and np.allclose(cl.sum(1), 1.0)
    with pytest.raises(RuntimeError, match="one-hot"):
        V.MixUpBatch()(images, np.arange(4))


@pytest.mark.parametrize("workers,processes", [(1, False), (3, False), (2, True)])
def test_random_pipeline_reproducible_whatever_the_workers(workers, processes):
    def epochs():
        ds.config.set_seed(11)
        d = ds.NumpySlicesDataset({"image": np.stack([_img()] * 16)}, shuffle=True).map(
            [V.RandomResizedCrop(12), V.RandomHorizontalFlip(), V.HWC2CHW()], "image", num_parallel_workers=workers,
            python_multiprocessing=processes)
        it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)  # a new iterator would start over
        return [[r[0] for r in it] for _ in range(2)]

    (a1, a2), (b1, b2) = epochs(), epochs()
    assert all(np.array_equal(x, y) for x, y in zip(a1 + a2, b1 + b2)) and a1[0].shape == (3, 12, 12)
    assert not all(np.array_equal(x, y) for x, y in zip(a1, a2))  # the next epoch draws again
    assert len({x.tobytes() for x in a1}) > 8  # rows draw differently
