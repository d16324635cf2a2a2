"""Writes small dataset folders in the real on-disk formats, byte-for-byte the same in any interpreter.

Shared by the MindSpore generators (tools/reference/gen_dataset_*.py) and the tests: numpy + the
standard library only, every value drawn from a seeded ``numpy.random.RandomState``, images written
as PNG by :func:`png_bytes` (zlib, deterministic), so both sides read identical files.
"""
from __future__ import annotations

import json
import os
import struct
import zlib

import numpy as np


def png_bytes(img: np.ndarray) -> bytes:
    """A PNG file holding ``img`` (HxW or HxWx3 uint8)."""
    img = np.ascontiguousarray(img, np.uint8)
    h, w = img.shape[:2]
    color = 0 if img.ndim == 2 else 2
    raw = b"".join(b"\x00" + img[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def image(rng, h, w):
    """A smooth-ish test picture (gradients + noise) so resampling has something to do."""
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([x * 255.0 / max(w - 1, 1), y * 255.0 / max(h - 1, 1), (x + y) * 127.0 / max(h + w - 2, 1)], -1)
    return np.clip(base + rng.randint(-40, 41, size=(h, w, 3)), 0, 255).astype(np.uint8)


def _write(path, data: bytes):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def write_mnist(root, n_train=20, n_test=12, seed=0):
    """``train-images-idx3-ubyte`` etc. (the idx format of MNIST / Fashion-MNIST)."""
    rng = np.random.RandomState(seed)
    for usage, n in (("train", n_train), ("t10k", n_test)):
        imgs = rng.randint(0, 256, size=(n, 28, 28)).astype(np.uint8)
        labels = rng.randint(0, 10, size=n).astype(np.uint8)
        _write(os.path.join(root, f"{usage}-images-idx3-ubyte"), struct.pack(">IIII", 2051, n, 28, 28) + imgs.tobytes())
        _write(os.path.join(root, f"{usage}-labels-idx1-ubyte"), struct.pack(">II", 2049, n) + labels.tobytes())
    return root


def _records(rng, n, labels):
    """``n`` CIFAR records: the label bytes (each below its bound), then 3072 pixel bytes (CHW)."""
    rec = rng.randint(0, 256, size=(n, len(labels) + 3072)).astype(np.uint8)
    for j, bound in enumerate(labels):
        rec[:, j] %= bound
    return rec.tobytes()


def write_cifar10(root, seed=1):
    """``test_batch.bin`` of the binary CIFAR-10: 10000 records (MindSpore reads whole 10000-record files)."""
    _write(os.path.join(root, "test_batch.bin"), _records(np.random.RandomState(seed), 10000, [10]))
    return root


def write_cifar100(root, seed=2):
    """``test.bin`` of the binary CIFAR-100: 10000 records of coarse label, fine label, 3072 bytes."""
    _write(os.path.join(root, "test.bin"), _records(np.random.RandomState(seed), 10000, [20, 100]))
    return root


def write_image_folder(root, seed=3):
    """``root/<class>/<file>``: PNG images of varied sizes, plus a non-image file to filter by extension."""
    rng = np.random.RandomState(seed)
    for cls, files in (("dog", ["b.png", "a.png", "c.png"]), ("cat", ["x.png", "y.png"]), ("bird", ["m.png"])):
        for name in files:
            _write(os.path.join(root, cls, name), png_bytes(image(rng, int(rng.randint(5, 12)), int(rng.randint(5, 12)))))
    _write(os.path.join(root, "cat", "notes.txt"), b"not an image")
    return root


def write_celeba(root, seed=4):
    """``list_attr_celeba.txt`` (+ ``list_eval_partition.txt``) and the images beside them."""
    rng = np.random.RandomState(seed)
    attrs = ["Smiling", "Young", "Male"]
    names = [f"{i:06d}.jpg" for i in range(1, 6)]
    lines = [str(len(names)), " ".join(attrs)]
    for n in names:
        _write(os.path.join(root, n), png_bytes(image(rng, 6, 5)))
        lines.append(n + " " + " ".join(str(int(v)) for v in rng.choice([-1, 1], size=len(attrs))))
    _write(os.path.join(root, "list_attr_celeba.txt"), ("\n".join(lines) + "\n").encode())
    part = [f"{n} {p}" for n, p in zip(names, [0, 0, 1, 2, 0])]
    _write(os.path.join(root, "list_eval_partition.txt"), ("\n".join(part) + "\n").encode())
    return root


def write_voc(root, seed=5):
    """``JPEGImages``, ``Annotations`` (XML) and ``ImageSets/Main/train.txt`` of a Pascal VOC tree."""
    rng = np.random.RandomState(seed)
    ids = ["2007_000001", "2007_000002", "2007_000003"]
    classes = ["cat", "dog", "person"]
    for i in ids:
        h, w = int(rng.randint(8, 14)), int(rng.randint(8, 14))
        _write(os.path.join(root, "JPEGImages", i + ".jpg"), png_bytes(image(rng, h, w)))
        objs = []
        for _ in range(int(rng.randint(1, 4))):
            x1, y1 = int(rng.randint(1, 4)), int(rng.randint(1, 4))
            objs.append(f"<object><name>{classes[rng.randint(0, 3)]}</name><pose>Unspecified</pose>"
                        f"<truncated>{rng.randint(0, 2)}</truncated><difficult>{rng.randint(0, 2)}</difficult>"
                        f"<bndbox><xmin>{x1}</xmin><ymin>{y1}</ymin><xmax>{x1 + 3}</xmax><ymax>{y1 + 4}</ymax>"
                        "</bndbox></object>")
        xml = (f"<annotation><folder>VOC2012</folder><filename>{i}.jpg</filename><size><width>{w}</width>"
               f"<height>{h}</height><depth>3</depth></size>{''.join(objs)}</annotation>")
        _write(os.path.join(root, "Annotations", i + ".xml"), xml.encode())
    _write(os.path.join(root, "ImageSets", "Main", "train.txt"), ("\n".join(ids) + "\n").encode())
    for i in ids[:2]:  # Segmentation task: class masks
        _write(os.path.join(root, "SegmentationClass", i + ".png"), png_bytes(image(rng, 8, 9)))
    _write(os.path.join(root, "ImageSets", "Segmentation", "train.txt"), ("\n".join(ids[:2]) + "\n").encode())
    return root


def write_coco(root, seed=6):
    """``images/<file>`` and ``annotations.json`` (COCO detection)."""
    rng = np.random.RandomState(seed)
    images, anns = [], []
    for k, name in enumerate(["000000000009.jpg", "000000000025.jpg", "000000000030.jpg"]):
        _write(os.path.join(root, "images", name), png_bytes(image(rng, 10, 9)))
        images.append({"id": 100 + k, "file_name": name, "height": 10, "width": 9})
        for j in range(int(rng.randint(1, 3))):
            n = len(anns)
            seg = [[1.0, 1.0, 4.0, 1.0, 4.0, 5.0] + [2.0, 2.0] * (n % 3)] + ([[0.5, 0.5, 2.5, 0.5, 1.0, 3.0]]
                                                                           if n % 2 else [])
            anns.append({"id": n + 1, "image_id": 100 + k, "category_id": int(rng.randint(1, 4)),
                         "iscrowd": 0, "area": 12.0, "segmentation": seg,
                         "bbox": [float(rng.randint(0, 4)), float(rng.randint(0, 4)), 3.0 + j, 4.5],
                         "keypoints": [float(v) for v in range(n, n + 51)], "num_keypoints": n + 1,
                         "caption": f"caption {n}"})
    cats = [{"id": i, "name": n, "supercategory": "animal"} for i, n in ((1, "cat"), (2, "dog"), (3, "cow"))]
    _write(os.path.join(root, "annotations.json"),
           json.dumps({"images": images, "annotations": anns, "categories": cats}).encode())
    return root


def write_text(root):
    _write(os.path.join(root, "a.txt"), "first line\nsecond line\n\nfourth, after an empty one\n".encode())
    _write(os.path.join(root, "b.txt"), "b one\nb two".encode())
    _write(os.path.join(root, "c.txt"), "c one\nc two\nc three\nc four\n".encode())
    return root


def write_csv(root):
    _write(os.path.join(root, "a.csv"), b"id,name,score\n1,ann,0.5\n2,bob,1.25\n3,\"c,d\",2\n")
    _write(os.path.join(root, "b.csv"), b"7;x;2.5\n8;;1.5\n")
    _write(os.path.join(root, "bad.csv"), b"7;x;\n")
    return root


def write_all(root):
    """Every format under one folder; returns {name: path}."""
    out = {
        "mnist": write_mnist(os.path.join(root, "mnist")),
        "fashion": write_mnist(os.path.join(root, "fashion"), 8, 4, seed=7),
        "cifar10": write_cifar10(os.path.join(root, "cifar10")),
        "cifar100": write_cifar100(os.path.join(root, "cifar100")),
        "folder": write_image_folder(os.path.join(root, "folder")),
        "celeba": write_celeba(os.path.join(root, "celeba")),
        "voc": write_voc(os.path.join(root, "voc")),
        "coco": write_coco(os.path.join(root, "coco")),
        "text": write_text(os.path.join(root, "text")),
        "csv": write_csv(os.path.join(root, "csv")),
    }
    return out
