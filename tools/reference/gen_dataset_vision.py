"""Deterministic mindspore.dataset.vision / transforms ops under MindSpore 2.10 over a set of images and sizes.
tests/dataset/test_vision.py runs this same file's cases() through the ms_compat alias and compares pixels."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files  # noqa: E402

import mindspore as ms  # noqa: E402
import mindspore.dataset.transforms as T  # noqa: E402
import mindspore.dataset.vision as V  # noqa: E402


def images():
    rng = np.random.RandomState(11)
    out = {f"img{h}x{w}": dataset_files.image(rng, h, w) for h, w in ((17, 23), (32, 32), (9, 40), (48, 31))}
    out["gray2d"] = dataset_files.image(rng, 15, 12)[:, :, 0].copy()
    out["one_channel"] = dataset_files.image(rng, 14, 19)[:, :, 1:2].copy()
    return out


def cases():
    inter = {"nearest": V.Inter.NEAREST, "linear": V.Inter.LINEAR, "cubic": V.Inter.CUBIC, "area": V.Inter.AREA,
             "bilinear": V.Inter.BILINEAR, "bicubic": V.Inter.BICUBIC}
    ops = {}
    for k, m in inter.items():
        ops[f"resize_int13_{k}"] = V.Resize(13, m)
        ops[f"resize_up_{k}"] = V.Resize((37, 29), m)
        ops[f"resize_down_{k}"] = V.Resize((7, 11), m)
    ops.update({
        "center_crop_8": V.CenterCrop(8),
        "center_crop_odd": V.CenterCrop((6, 9)),
        "center_crop_bigger": V.CenterCrop((36, 45)),
        "crop": V.Crop((2, 3), (5, 6)),
        "normalize": V.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0]),
        "normalize_1ch": V.Normalize([0.5 * 255], [0.25 * 255]),
        "hwc2chw": V.HWC2CHW(),
        "rescale": V.Rescale(1.0 / 255.0, -0.5),
        "to_tensor": V.ToTensor(),
        "typecast_f16": T.TypeCast(ms.float16),
        "typecast_i32": T.TypeCast(ms.int32),
        "pad_const": V.Pad(3, fill_value=7),
        "pad_2": V.Pad([1, 2]),
        "pad_4_edge": V.Pad([1, 2, 3, 4], padding_mode=V.Border.EDGE),
        "pad_reflect": V.Pad(2, padding_mode=V.Border.REFLECT),
        "pad_symmetric": V.Pad(2, padding_mode=V.Border.SYMMETRIC),
        "grayscale1": V.Grayscale(),
        "grayscale3": V.Grayscale(3),
        "convert_rgb2bgr": V.ConvertColor(V.ConvertMode.COLOR_RGB2BGR),
        "convert_rgb2gray": V.ConvertColor(V.ConvertMode.COLOR_RGB2GRAY),
        "convert_rgb2rgba": V.ConvertColor(V.ConvertMode.COLOR_RGB2RGBA),
        "hflip": V.HorizontalFlip(),
        "vflip": V.VerticalFlip(),
        "rotate_30": V.Rotate(30),
        "rotate_45_linear_expand": V.Rotate(45, V.Inter.BILINEAR, expand=True),
        "invert": V.Invert(),
        "autocontrast": V.AutoContrast(),
        "equalize": V.Equalize(),
        "posterize3": V.Posterize(3),
        "solarize": V.Solarize(100.0),
        "solarize_range": V.Solarize((40.0, 180.0)),
        "compose": T.Compose([V.Resize((10, 10)), V.HWC2CHW()]),
    })
    return ops


def run_all():
    """{image name + '/' + op name: output array, or the error type name}."""
    out = {}
    for iname, img in images().items():
        for oname, op in cases().items():
            try:
                out[f"{iname}/{oname}"] = np.asarray(op(img.copy()))
            except Exception as e:  # noqa: BLE001 - recorded; the test expects an error too
                out[f"{iname}/{oname}"] = "error:" + type(e).__name__
    labels = np.array([0, 3, 9], np.int32)
    out["onehot"] = T.OneHot(10)(labels)
    out["onehot_scalar"] = T.OneHot(5)(np.array(2, np.int64))
    enc = V.encode_jpeg(images()["img48x31"], 90)
    out["jpeg_bytes"] = np.asarray(enc)
    out["decode_jpeg"] = V.Decode()(np.asarray(enc))
    out["decode_png"] = V.Decode()(np.frombuffer(dataset_files.png_bytes(images()["img17x23"]), np.uint8))
    return out


if __name__ == "__main__":
    import refutil
    res = run_all()
    arrays = {k.replace("/", "__"): v for k, v in res.items() if not isinstance(v, str)}
    errors = {k: v for k, v in res.items() if isinstance(v, str)}
    refutil.save_npz("dataset", "vision", **arrays)
    refutil.save_json("dataset", "vision_errors", errors)
    print("ok", len(arrays), "arrays", len(errors), "errors")
