"""Files for the datasets of tools/reference/gen_dataset_extra.py (TFRecord files written byte by byte: the
record framing with masked CRC-32C and tf.train.Example protos in protobuf wire format, with no TensorFlow).
Shared by the generator (run under MindSpore 2.10) and tests/dataset/test_dataset_extra.py (run under ms_compat).
"""
from __future__ import annotations

import gzip
import json
import os
import struct
import zlib

import numpy as np

from dataset_files import _write, image, png_bytes


def _crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def _masked(data: bytes) -> int:
    c = _crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(num: int, payload: bytes) -> bytes:  # length-delimited field
    return _varint(num << 3 | 2) + _varint(len(payload)) + payload


def example(features: dict) -> bytes:
    """A tf.train.Example: ``{name: bytes | list[bytes] | list[float] (np.float32) | list[int]}``."""
    entries = b""
    for name, v in features.items():
        if isinstance(v, bytes):
            v = [v]
        if all(isinstance(x, bytes) for x in v):
            feat = _field(1, b"".join(_field(1, x) for x in v))
        elif all(isinstance(x, (float, np.floating)) for x in v):
            feat = _field(2, _field(1, np.asarray(v, "<f4").tobytes()))
        else:
            feat = _field(3, _field(1, b"".join(_varint(int(x)) for x in v)))
        entries += _field(1, _field(1, name.encode()) + _field(2, feat))
    return _field(1, entries)


def write_tfrecord(path, records, compression=None):
    data = b""
    for rec in records:
        head = struct.pack("<Q", len(rec))
        data += head + struct.pack("<I", _masked(head)) + rec + struct.pack("<I", _masked(rec))
    if compression == "GZIP":
        data = gzip.compress(data)
    elif compression == "ZLIB":
        data = zlib.compress(data)
    with open(path, "wb") as f:
        f.write(data)
    return path


def write_tfrecords(root, seed=40):
    rng = np.random.RandomState(seed)
    os.makedirs(root, exist_ok=True)
    paths = []
    for k, n in enumerate((3, 2)):
        recs = []
        for i in range(n):
            recs.append(example({
                "image": bytes(rng.randint(0, 256, 6).astype(np.uint8)),
                "label": [int(rng.randint(-5, 100))],
                "vec": [float(x) for x in rng.uniform(-1, 1, 4).astype(np.float32)],
                "ids": [int(x) for x in rng.randint(0, 1 << 40, 3)],
                "names": [b"ab", b"cde"],
            }))
        paths.append(write_tfrecord(os.path.join(root, f"part{k}.tfrecord"), recs))
    recs = [example({"x": [int(i), int(i) + 1], "s": [b"row%d" % i]}) for i in range(4)]
    write_tfrecord(os.path.join(root, "small.gz"), recs, "GZIP")
    write_tfrecord(os.path.join(root, "small.zlib"), recs, "ZLIB")
    for k, n in enumerate((3, 1, 4, 2)):  # row order across files and reader workers
        write_tfrecord(os.path.join(root, f"order{k}.tfrecord"), [example({"x": [k * 10 + i]}) for i in range(n)])
    with open(os.path.join(root, "schema.json"), "w") as f:
        f.write('{"datasetType": "TF", "numRows": 4, "columns": {"label": {"type": "int32", "rank": 1, "shape": [1]},'
                ' "vec": {"type": "float32", "rank": 2, "shape": [2, 2]}, "image": {"type": "uint8", "rank": 1}}}')
    return root


def _png(rng, path, h=5, w=4, gray=False):
    img = image(rng, h, w)
    _write(path, png_bytes(img[..., 0] if gray else img))


def write_lsun(root, seed=41):
    rng = np.random.RandomState(seed)
    for folder, n in (("bedroom_train", 3), ("bedroom_val", 2), ("classroom_train", 2), ("classroom_val", 1),
                      ("test", 2)):
        for i in range(n):
            _png(rng, os.path.join(root, folder, f"{i + 1}_{n - i}.jpg"))
    return root


def write_lfw(root, seed=42):
    rng = np.random.RandomState(seed)
    people = {"Aaron_Eck": 2, "Abba_Kia": 1, "Zed_Zo": 3}
    for folder in ("lfw", "lfw_funneled", "lfw-deepfunneled"):
        for name, n in people.items():
            for i in range(n):
                _png(rng, os.path.join(root, folder, name, f"{name}_{i + 1:04d}.jpg"))
    text = {"lfw-names.txt": "Aaron_Eck\t2\nAbba_Kia\t1\nZed_Zo\t3\n",
            "people.txt": "2\n2\nAaron_Eck\t2\nZed_Zo\t3\n1\nAbba_Kia\t1\n",
            "peopleDevTrain.txt": "2\nZed_Zo\t3\nAaron_Eck\t2\n",
            "peopleDevTest.txt": "1\nAbba_Kia\t1\n",
            "pairs.txt": "2\t1\nAaron_Eck\t1\t2\nAbba_Kia\t1\tZed_Zo\t2\nZed_Zo\t1\t3\nAaron_Eck\t2\tZed_Zo\t1\n",
            "pairsDevTrain.txt": "1\nZed_Zo\t2\t3\nAbba_Kia\t1\tAaron_Eck\t1\n",
            "pairsDevTest.txt": "1\nAaron_Eck\t1\t2\nZed_Zo\t3\tAaron_Eck\t2\n"}
    for name, t in text.items():
        _write(os.path.join(root, name), t.encode())
    return root


def write_widerface(root, seed=43):
    rng = np.random.RandomState(seed)
    gt = {"train": [("0--Parade/0_Parade_1.jpg", 2), ("1--Hand/1_Hand_2.jpg", 1)],
          "val": [("0--Parade/0_Parade_9.jpg", 0), ("1--Hand/1_Hand_5.jpg", 3)]}
    for usage, items in gt.items():
        lines = []
        for rel, n in items:
            _png(rng, os.path.join(root, f"WIDER_{usage}", "images", rel))
            lines += [rel, str(n)]
            for _ in range(max(n, 1)):
                lines.append(" ".join(str(v) for v in (rng.randint(0, 50, 4).tolist() + rng.randint(0, 3, 6).tolist()
                                                       if n else [0] * 10)) + " ")
        _write(os.path.join(root, "wider_face_split", f"wider_face_{usage}_bbx_gt.txt"),
               ("\n".join(lines) + "\n").encode())
    tests = ["0--Parade/0_Parade_7.jpg", "1--Hand/1_Hand_3.jpg"]
    for rel in tests:
        _png(rng, os.path.join(root, "WIDER_test", "images", rel))
    _write(os.path.join(root, "wider_face_split", "wider_face_test_filelist.txt"), ("\n".join(tests) + "\n").encode())
    return root


def write_cityscapes(root, seed=44):
    rng = np.random.RandomState(seed)
    for mode, usages in (("gtFine", ("train", "val", "test")), ("gtCoarse", ("train", "train_extra", "val"))):
        for usage in usages:
            for city, n in (("aachen", 2), ("bochum", 1)):
                for i in range(n):
                    stem = f"{city}_{i:06d}_000019"
                    img = os.path.join(root, "leftImg8bit", usage, city, stem + "_leftImg8bit.png")
                    if not os.path.exists(img):
                        _png(rng, img)
                    base = os.path.join(root, mode, usage, city, f"{stem}_{mode}_")
                    _png(rng, base + "color.png")
                    _png(rng, base + "instanceIds.png", gray=True)
                    _png(rng, base + "labelIds.png", gray=True)
                    _write(base + "polygons.json", json.dumps({"imgHeight": 5, "imgWidth": 4, "objects": [
                        {"label": "road", "polygon": [[0, 0], [3, int(rng.randint(1, 5))]]}]}).encode())
    return root


def _bmp_gray(path, img):
    h, w = img.shape
    pal = b"".join(bytes([i, i, i, 0]) for i in range(256))
    row = (w + 3) // 4 * 4
    pix = b"".join(img[r].tobytes() + b"\0" * (row - w) for r in range(h - 1, -1, -1))
    off = 14 + 40 + len(pal)
    head = b"BM" + struct.pack("<IHHI", off + len(pix), 0, 0, off)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 8, 0, len(pix), 2835, 2835, 256, 0)
    _write(path, head + info + pal + pix)


def write_phototour(root, seed=45):
    rng = np.random.RandomState(seed)
    folder = os.path.join(root, "liberty")
    _bmp_gray(os.path.join(folder, "patches0000.bmp"), rng.randint(0, 256, (1024, 1024)).astype(np.uint8))
    ids = [0, 0, 1, 2, 2, 2, 3]
    _write(os.path.join(folder, "info.txt"), "".join(f"{i} 0\n" for i in ids).encode())
    pairs = [(0, 0, 1, 0), (2, 1, 3, 2), (4, 2, 6, 3)]
    _write(os.path.join(folder, "m50_100000_100000_0.txt"),
           "".join(f"{a} {pa} 0 {b} {pb} 0 0\n" for a, pa, b, pb in pairs).encode())
    return root


def _iwslt_pair(folder, prefix, src, tgt, sets):
    talks = {src: ["Guten Morgen.", "  Wie geht's?  ", "Danke"], tgt: ["Good morning.", "How are you?  ", "Thanks"]}
    for lang in (src, tgt):
        lines = ["<url>http://www.ted.com/talks/x</url>", "<keywords>talks</keywords>", "<talkid>1</talkid>"]
        lines += [t for t in talks[lang]]
        lines += ["<title>T</title>", f"{lang} last line"]
        _write(os.path.join(folder, f"train.tags.{src}-{tgt}.{lang}"), ("\n".join(lines) + "\n").encode())
        for k, name in enumerate(sets):
            segs = "".join(f'<seg id="{i + 1}"> {name} {lang} {i} </seg>\n' for i in range(k + 1))
            xml = (f'<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<srcset setid="iwslt" srclang="{src}">\n'
                   f'<doc docid="1" genre="lectures">\n<talkid>1</talkid>\n<title>T</title>\n{segs}</doc>\n'
                   f'</srcset>\n</mteval>\n')
            _write(os.path.join(folder, f"{prefix}.TED.{name}.{src}-{tgt}.{lang}.xml"), xml.encode())


def write_iwslt2016(root):
    for src, tgt in (("de", "en"), ("en", "fr")):
        _iwslt_pair(os.path.join(root, "texts", src, tgt, f"{src}-{tgt}"), "IWSLT16", src, tgt,
                    ("dev2010", "tst2013", "tst2014", "tst2012"))
    return root


def write_iwslt2017(root):
    folder = os.path.join(root, "texts", "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo")
    for src, tgt in (("de", "en"), ("it", "nl")):
        _iwslt_pair(folder, "IWSLT17", src, tgt, ("dev2010", "tst2010"))
    return root


def _sph(path, samples, rate=16000):
    fields = ["NIST_1A", "   1024", "sample_count -i %d" % len(samples), "sample_n_bytes -i 2", "channel_count -i 1",
              "sample_byte_format -s2 01", "sample_rate -i %d" % rate, "sample_coding -s3 pcm", "end_head"]
    head = ("\n".join(fields) + "\n").encode().ljust(1024, b" ")
    _write(path, head + np.asarray(samples, "<i2").tobytes())


def write_tedlium(root, seed=46):
    rng = np.random.RandomState(seed)
    for release, parts in (("TEDLIUM_release1", ("train", "test", "dev")), ("TEDLIUM_release-3", ("data",))):
        for part in parts:
            for talk in ("BTalk_2010", "ATalk_2009"):
                base = os.path.join(root, release, part)
                _sph(os.path.join(base, "sph", talk + ".sph"), rng.randint(-3000, 3000, 1600))
                stm = [f"{talk} 1 {talk} 0.00 0.02 <o,f0,male> hello world {part}",
                       f"{talk} 1 {talk}_b 0.03 0.0625 <o,f0,female> second line",
                       f"{talk} 1 inter_segment_gap 0.07 0.08 <o,,unknown> ignore_time_segment_in_scoring"]
                _write(os.path.join(base, "stm", talk + ".stm"), ("\n".join(stm) + "\n").encode())
    return root


def write_sbd(root, seed=47):
    """SBD: ``img/*.jpg``, ``cls/*.mat`` (struct ``GTcls``: ``Boundaries`` a 20 x 1 cell of logical sparse
    matrices, ``Segmentation`` uint8) written with scipy.io.savemat, and the split lists."""
    import scipy.io
    import scipy.sparse
    rng = np.random.RandomState(seed)
    names = ["2008_000002", "2008_000003", "2008_000007"]
    for name in names:
        _png(rng, os.path.join(root, "img", name + ".jpg"), 6, 5)
        cells = np.empty((20, 1), dtype=object)
        for i in range(20):
            cells[i, 0] = scipy.sparse.csc_matrix(rng.rand(6, 5) > 0.8)
        seg = rng.randint(0, 21, (6, 5)).astype(np.uint8)
        os.makedirs(os.path.join(root, "cls"), exist_ok=True)
        scipy.io.savemat(os.path.join(root, "cls", name + ".mat"),
                         {"GTcls": {"Boundaries": cells, "Segmentation": seg, "CategoriesPresent": np.array([1])}})
    for usage, picked in (("train", names[:2]), ("val", names[2:]), ("train_noval", names[1:2])):
        _write(os.path.join(root, usage + ".txt"), ("\n".join(picked) + "\n").encode())
    return root


def write_all(root):
    return {"tfrecord": write_tfrecords(os.path.join(root, "tfrecord")), "lsun": write_lsun(os.path.join(root, "lsun")),
            "lfw": write_lfw(os.path.join(root, "lfw")), "widerface": write_widerface(os.path.join(root, "widerface")),
            "cityscapes": write_cityscapes(os.path.join(root, "cityscapes")),
            "phototour": write_phototour(os.path.join(root, "phototour")),
            "iwslt2016": write_iwslt2016(os.path.join(root, "iwslt2016")),
            "iwslt2017": write_iwslt2017(os.path.join(root, "iwslt2017")),
            "tedlium": write_tedlium(os.path.join(root, "tedlium")), "sbd": write_sbd(os.path.join(root, "sbd"))}
