"""Seeded random vision transforms, run alike under real MindSpore 2.10 (gen_dataset_random_transforms.py) and
ms_compat (tests/dataset/test_dataset_random_transforms.py): ``run(ds, vision, transforms, audio)`` -> {case name:
array}.

Every case is a table row: transform x seed x num_parallel_workers (1, 2), inside a ``map``, over two epochs of
one iterator and one epoch of a fresh iterator; every output pixel is kept. ``eager|...`` rows call a transform
directly, outside a pipeline, twice after ``set_seed``.
"""
import numpy as np

SEEDS = (0, 11, 1234)


def _images(n=8, h=9, w=11):
    """Noise RGB images (numpy's legacy ``RandomState``: the same bytes under every numpy)."""
    return np.random.RandomState(7).randint(0, 256, (n, h, w, 3)).astype(np.uint8)


def _boxes(n=8):
    b = np.array([[1, 2, 4, 3], [5, 0, 5, 6], [0, 4, 3, 5]], np.float32)
    return np.stack([b] * n)


def _flat(rows, cols):
    return np.concatenate([np.asarray(r[c]).reshape(-1) for r in rows for c in cols])


def _passes(dataset, cols, epochs=2):
    """Every output value of ``cols`` over ``epochs`` epochs of one iterator and one epoch of a fresh one."""
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    out = [_flat(list(it), cols) for _ in range(epochs)]
    out.append(_flat(list(dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)), cols))
    return np.concatenate(out)


def image_ops(vision, transforms):
    """Transforms of one image column: name -> a function making the map's operation list."""
    V, T = vision, transforms
    return {
        "color_adjust": lambda: [V.RandomColorAdjust((0.5, 1.5), (0.5, 1.5), (0.5, 1.5), (-0.2, 0.2))],
        "color_adjust_brightness": lambda: [V.RandomColorAdjust(brightness=0.4)],
        "color_adjust_contrast_hue": lambda: [V.RandomColorAdjust(contrast=(0.2, 1.8), hue=0.3)],
        "affine_degrees": lambda: [V.RandomAffine(30)],
        "affine_all": lambda: [V.RandomAffine((-20, 40), translate=(-0.1, 0.2, -0.05, 0.1), scale=(0.8, 1.2),
                                              shear=(-10, 10, -5, 5), resample=V.Inter.BILINEAR,
                                              fill_value=(10, 20, 30))],
        "affine_translate2_shear": lambda: [V.RandomAffine(0, translate=(-0.3, 0.3), shear=15)],
        "sharpness": lambda: [V.RandomSharpness()],
        "sharpness_range": lambda: [V.RandomSharpness((0.5, 3.0))],
        "posterize": lambda: [V.RandomPosterize((2, 7))],
        "posterize_fixed": lambda: [V.RandomPosterize((3, 3)), V.RandomHorizontalFlip()],
        "solarize": lambda: [V.RandomSolarize((30, 200))],
        "invert": lambda: [V.RandomInvert()],
        "equalize": lambda: [V.RandomEqualize(0.4)],
        "auto_contrast": lambda: [V.RandomAutoContrast(prob=0.6)],
        "adjust_sharpness": lambda: [V.RandomAdjustSharpness(2.0, 0.5)],
        "resize": lambda: [V.RandomResize((6, 7))],
        "vflip_then_color": lambda: [V.RandomVerticalFlip(0.3), V.RandomColorAdjust(saturation=0.5)],
        "rotation_fill": lambda: [V.RandomRotation(40, V.Inter.BILINEAR, fill_value=(5, 6, 7))],
        "random_apply": lambda: [T.RandomApply([V.Invert(), V.RandomHorizontalFlip()], 0.4)],
        "random_apply_random_inside": lambda: [T.RandomApply([V.RandomPosterize((1, 7)), V.RandomVerticalFlip()])],
        "compose": lambda: [T.Compose([V.RandomPosterize((1, 7)), V.RandomVerticalFlip()])],
        "random_choice": lambda: [T.RandomChoice([V.Invert(), V.HorizontalFlip(), V.Equalize()])],
        "random_choice_random_inside": lambda: [T.RandomChoice([V.RandomSolarize((0, 120)), V.RandomVerticalFlip()])],
        "lighting": lambda: [V.RandomLighting()],
        "lighting_strong": lambda: [V.RandomLighting(0.8)],
        "color": lambda: [V.RandomColor()],
        "color_range": lambda: [V.RandomColor((0.0, 3.0))],
        "uniform_augment": lambda: [V.UniformAugment([V.Invert(), V.RandomHorizontalFlip(), V.Equalize(),
                                                      V.RandomPosterize((1, 6))], 2)],
        "uniform_augment_3": lambda: [V.UniformAugment([V.Invert(), V.HorizontalFlip(), V.VerticalFlip(),
                                                        V.AutoContrast(), V.RandomSolarize((10, 100))], 3)],
        "select_subpolicy": lambda: [V.RandomSelectSubpolicy([[(V.Invert(), 0.5), (V.RandomVerticalFlip(), 0.7)],
                                                              [(V.Equalize(), 0.4)],
                                                              [(V.RandomPosterize((2, 5)), 1.0), (V.Invert(), 0.2)]])],
        "auto_augment_imagenet": lambda: [V.AutoAugment()],
        "auto_augment_cifar10": lambda: [V.AutoAugment(V.AutoAugmentPolicy.CIFAR10, V.Inter.BILINEAR, (5, 6, 7))],
        "auto_augment_svhn": lambda: [V.AutoAugment(V.AutoAugmentPolicy.SVHN)],
        "trivial_augment": lambda: [V.TrivialAugmentWide()],
        "trivial_augment_bins": lambda: [V.TrivialAugmentWide(7, V.Inter.BILINEAR, (5, 6, 7))],
        "crop_decode_resize": lambda: [V.RandomCropDecodeResize((5, 6), interpolation=V.Inter.NEAREST)],
        "rand_augment": lambda: [V.RandAugment()],
        "rand_augment_3ops": lambda: [V.RandAugment(3, 5, 10, V.Inter.BILINEAR, 40)],
    }


def python_ops(vision, transforms):
    """MindSpore's Python random transforms (Python's ``random``): one worker only, where their draws follow the
    rows (with several, MindSpore's threads take the numbers in the order they happen to run)."""
    V, T = vision, transforms
    return {
        "erasing": lambda: [V.ToTensor(), V.RandomErasing()],
        "erasing_value": lambda: [V.ToTensor(), V.RandomErasing(0.8, (0.1, 0.5), (0.5, 2.0), (10, 20, 30))],
        "erasing_random": lambda: [V.ToTensor(), V.RandomErasing(1.0, value="random")],
        "order": lambda: [T.RandomOrder([V.Invert(), V.RandomHorizontalFlip(), V.RandomPosterize((1, 7)),
                                         V.RandomVerticalFlip(0.7)])],
    }


def pil_ops(vision):
    """MindSpore's Python transforms of PIL images."""
    V = vision
    return {
        "grayscale": lambda: [V.ToPIL(), V.RandomGrayscale(0.5), V.ToNumpy()],
        "perspective": lambda: [V.ToPIL(), V.RandomPerspective(0.4, 0.5, V.Inter.NEAREST), V.ToNumpy()],
    }


def _changed(dataset, imgs, name):
    """Per output row of two epochs and a fresh iterator: 1 where the transform changed it (a grey row has equal
    channels; a warped one differs from its input), else 0."""
    def flags(rows):
        out = []
        for k, r in enumerate(rows):
            a = np.asarray(r[0])
            if name == "grayscale":
                out.append(int(a.ndim == 3 and (a[..., 0] == a[..., 1]).all() and (a[..., 1] == a[..., 2]).all()))
            else:
                out.append(int(not np.array_equal(a, imgs[k % len(imgs)])))
        return out
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=2)
    res = flags(list(it)) + flags(list(it))
    return np.asarray(res + flags(list(dataset.create_tuple_iterator(output_numpy=True, num_epochs=1))), np.int64)


def bbox_ops(vision):
    """Transforms of an image and its bounding boxes."""
    V = vision
    return {
        "crop_bbox": lambda: V.RandomCropWithBBox((5, 6)),
        "crop_bbox_padding": lambda: V.RandomCropWithBBox((9, 11), padding=2, fill_value=7),
        "hflip_bbox": lambda: V.RandomHorizontalFlipWithBBox(0.6),
        "vflip_bbox": lambda: V.RandomVerticalFlipWithBBox(),
        "resized_crop_bbox": lambda: V.RandomResizedCropWithBBox((4, 5), interpolation=V.Inter.NEAREST),
        "resize_bbox": lambda: V.RandomResizeWithBBox((6, 7)),
    }


def batch_ops(vision):
    """Transforms of a batch of images and its one-hot labels."""
    V = vision
    return {
        "mixup": lambda: V.MixUpBatch(),
        "mixup_alpha_small": lambda: V.MixUpBatch(0.4),
        "mixup_alpha_large": lambda: V.MixUpBatch(2.5),
    }


def audio_ops(audio):
    """Random audio transforms of a (channel, freq, time) spectrogram."""
    A = audio
    return {
        "frequency_masking": lambda: [A.FrequencyMasking(True, 4)],
        "time_masking": lambda: [A.TimeMasking(True, 6, mask_value=1.5)],
        "mask_iid_freq": lambda: [A.MaskAlongAxisIID(5, 2.0, 1)],
        "mask_iid_time": lambda: [A.MaskAlongAxisIID(7, 3.0, 2)],
        "dither_rpdf": lambda: [A.Dither(A.DensityFunction.RPDF)],
        "dither_gpdf": lambda: [A.Dither(A.DensityFunction.GPDF)],
        "dither_rpdf_shaping": lambda: [A.Dither(A.DensityFunction.RPDF, True)],
    }


def eager_ops(vision):
    V = vision
    return {
        "crop": lambda: V.RandomCrop((4, 5)),
        "resized_crop": lambda: V.RandomResizedCrop((4, 5), interpolation=V.Inter.NEAREST),
        "hflip": lambda: V.RandomHorizontalFlip(),
        "color_adjust": lambda: V.RandomColorAdjust((0.5, 1.5), (0.5, 1.5), (0.5, 1.5), (-0.2, 0.2)),
        "affine": lambda: V.RandomAffine(30, scale=(0.8, 1.2)),
        "posterize": lambda: V.RandomPosterize((2, 7)),
        "erasing": lambda: V.RandomErasing(0.9, value="random"),
    }


def run(ds, vision, transforms, audio):
    out = {}
    imgs = _images()
    pngs = [np.asarray(vision.encode_png(b)) for b in np.random.RandomState(3).randint(0, 256, (8, 24, 32, 3))
            .astype(np.uint8)]
    for seed in SEEDS:
        for workers in (1, 2):
            for name, make in image_ops(vision, transforms).items():
                ds.config.set_seed(seed)
                source = ds.GeneratorDataset(lambda: ((p,) for p in pngs), ["image"], shuffle=False) \
                    if name == "crop_decode_resize" else ds.NumpySlicesDataset({"image": imgs}, shuffle=False)
                d = source.map(
                    make(), "image", num_parallel_workers=workers)
                out[f"map|{name}|{seed}|{workers}"] = _passes(d, [0])
            specs = np.random.RandomState(5).rand(8, 2, 7, 8).astype(np.float32)
            for name, make in audio_ops(audio).items():
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"spec": specs}, shuffle=False).map(make(), "spec",
                                                                              num_parallel_workers=workers)
                out[f"audio|{name}|{seed}|{workers}"] = _passes(d, [0])
            for name, make in python_ops(vision, transforms).items():
                if workers == 1:
                    ds.config.set_seed(seed)
                    d = ds.NumpySlicesDataset({"image": imgs}, shuffle=False).map(
                        make(), "image", num_parallel_workers=workers)
                    out[f"py|{name}|{seed}|{workers}"] = _passes(d, [0])
            if workers == 1:  # PIL-image ops: pixels differ (PIL's kernels); compared: which rows they changed
                for name, make in pil_ops(vision).items():
                    ds.config.set_seed(seed)
                    d = ds.NumpySlicesDataset({"image": imgs}, shuffle=False).map(make(), "image",
                                                                                  num_parallel_workers=1)
                    out[f"pil|{name}|{seed}|{workers}"] = _changed(d, imgs, name)
            for name, make in bbox_ops(vision).items():
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"image": imgs, "bbox": _boxes()}, shuffle=False).map(
                    [make()], ["image", "bbox"], num_parallel_workers=workers)
                out[f"bbox_image|{name}|{seed}|{workers}"] = _passes(d, [0])
                if name.startswith("crop"):  # MindSpore 2.10's flips and resizes rewrite the source's box array
                    out[f"bbox_boxes|{name}|{seed}|{workers}"] = _passes(d, [1])  # in place: later epochs differ
            labels = np.eye(5, dtype=np.int32)[np.arange(len(imgs)) % 5]
            if workers == 1:  # MindSpore's Python MixUp (numpy's global generator)
                for name, make in (("mixup_single", lambda: vision.MixUp(4, 0.4)),
                                   ("mixup_multi", lambda: vision.MixUp(4, 1.5, is_single=False))):
                    ds.config.set_seed(seed)
                    d = ds.NumpySlicesDataset({"image": imgs, "label": labels.astype(np.float32)},
                                              shuffle=False).batch(4).map(make(), ["image", "label"],
                                                                          num_parallel_workers=1)
                    out[f"py_batch|{name}|{seed}|{workers}"] = _passes(d, [0, 1])
            for name, make in batch_ops(vision).items():
                ds.config.set_seed(seed)
                d = ds.NumpySlicesDataset({"image": imgs, "label": labels},
                                          shuffle=False).batch(4).map(make(), ["image", "label"],
                                                                      num_parallel_workers=workers)
                out[f"batch|{name}|{seed}|{workers}"] = _passes(d, [0])
                out[f"labels|{name}|{seed}|{workers}"] = _passes(d, [1])
        for name, make in eager_ops(vision).items():
            ds.config.set_seed(seed)
            op = make()
            img0, img1 = (imgs[:2].transpose(0, 3, 1, 2) / 255.0).astype(np.float32) if name == "erasing" else imgs[:2]
            out[f"eager|{name}|{seed}"] = np.concatenate([np.asarray(op(img0)).reshape(-1),
                                                          np.asarray(op(img1)).reshape(-1)])
    return out
