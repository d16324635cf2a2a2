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


def _boxes(img):
    h, w = img.shape[:2]
    return np.array([[1, 2, w // 2, h // 3, 7], [w // 3, h // 4, w // 2, h // 2, 3], [0, 0, w, h, 1]], np.float32)


def _pil(img):
    from PIL import Image
    return Image.fromarray(img[:, :, 0] if img.ndim == 3 and img.shape[2] == 1 else img)


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
        "adjust_brightness": V.AdjustBrightness(1.37),
        "adjust_brightness_dark": V.AdjustBrightness(0.41),
        "adjust_contrast": V.AdjustContrast(1.5),
        "adjust_contrast_low": V.AdjustContrast(0.3),
        "adjust_saturation": V.AdjustSaturation(1.7),
        "adjust_saturation_low": V.AdjustSaturation(0.25),
        "adjust_hue": V.AdjustHue(0.2),
        "adjust_hue_neg": V.AdjustHue(-0.3),
        "adjust_gamma": V.AdjustGamma(0.5),
        "adjust_gamma_gain": V.AdjustGamma(2.2, 0.9),
        "adjust_sharpness_blur": V.AdjustSharpness(0.2),
        "adjust_sharpness": V.AdjustSharpness(2.0),
        "affine_rotate": V.Affine(30.0, [0.0, 0.0], 1.0, 0.0),
        "affine_translate": V.Affine(0.0, [0.2, -0.1], 1.0, 0.0),
        "affine_all_linear": V.Affine(-15.0, [0.1, 0.1], 1.2, [5.0, -3.0], V.Inter.BILINEAR, (10, 20, 30)),
        "affine_shear_scale": V.Affine(0.0, [0.0, 0.0], 0.8, 12.0, V.Inter.NEAREST, 200),
        "perspective": V.Perspective([[0, 0], [8, 0], [8, 8], [0, 8]], [[1, 2], [7, 0], [8, 7], [0, 8]]),
        "perspective_nearest": V.Perspective([[0, 0], [5, 0], [5, 6], [0, 6]], [[0, 1], [6, 0], [5, 6], [1, 5]],
                                             V.Inter.NEAREST),
        "pad_to_size": V.PadToSize(50),
        "pad_to_size_offset": V.PadToSize((52, 45), offset=(1, 3), fill_value=(10, 20, 30)),
        "pad_to_size_edge": V.PadToSize([49, 41], offset=2, padding_mode=V.Border.REFLECT),
        "slice_patches": V.SlicePatches(2, 3, fill_value=9),
        "slice_patches_drop": V.SlicePatches(3, 2, V.SliceMode.DROP),
        "erase": V.Erase(1, 2, 4, 5, (10, 20, 30)),
        "erase_value": V.Erase(0, 0, 3, 3, 200),
        "gaussian_blur": V.GaussianBlur(3),
        "gaussian_blur_sigma": V.GaussianBlur((3, 5), (1.0, 2.0)),
        "gaussian_blur_sigma1": V.GaussianBlur(5, 1.5),
        # (MindSpore's eager Compose returns a tuple when its last op is a Python one: chained by hand)
        "rgb_to_hsv_hwc": lambda img: V.RgbToHsv(is_hwc=True)(V.Rescale(1.0 / 255.0, 0.0)(img)),
        "rgb_to_hsv_chw": lambda img: V.RgbToHsv()(V.ToTensor()(img)),
        "hsv_round_trip": lambda img: V.HsvToRgb()(V.RgbToHsv()(V.ToTensor()(img))),
        "gaussian_blur_08": V.GaussianBlur(3, 0.8),
        "resize_with_bbox_img": lambda img: V.ResizeWithBBox((11, 14))(img, _boxes(img))[0],
        "resize_with_bbox": lambda img: V.ResizeWithBBox(9, V.Inter.NEAREST)(img, _boxes(img))[1],
        "hflip_with_bbox": lambda img: V.RandomHorizontalFlipWithBBox(1.0)(img, _boxes(img))[1],
        "vflip_with_bbox": lambda img: V.RandomVerticalFlipWithBBox(1.0)(img, _boxes(img))[1],
        "vflip_with_bbox_img": lambda img: V.RandomVerticalFlipWithBBox(1.0)(img, _boxes(img))[0],
        "crop_with_bbox_pad": lambda img: V.RandomCropWithBBox((img.shape[0] + 4, img.shape[1] + 6), padding=(3, 2))(
            img, _boxes(img))[1],
        "crop_with_bbox_pad_img": lambda img: V.RandomCropWithBBox((img.shape[0] + 4, img.shape[1] + 6),
                                                                   padding=(3, 2), fill_value=5)(img, _boxes(img))[0],
        "five_crop_pil": lambda img: np.stack([np.asarray(p) for p in V.FiveCrop(5)(_pil(img))]),
        "ten_crop_pil": lambda img: np.stack([np.asarray(p) for p in V.TenCrop((4, 6), True)(_pil(img))]),
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
    lt = np.random.RandomState(3).uniform(-1, 1, (12, 12))
    out["linear_transformation"] = V.LinearTransformation(lt, np.arange(12.0) / 7)(
        np.arange(12, dtype=np.float32).reshape(3, 2, 2) / 11)
    out["hsv_to_rgb_batch"] = V.HsvToRgb()(np.random.RandomState(4).uniform(0, 1, (2, 3, 4, 5)))
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
