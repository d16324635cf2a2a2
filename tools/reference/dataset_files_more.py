"""More dataset folders in their real on-disk formats (numpy + the standard library; ``.mat`` files through
scipy.io, which MindSpore's own readers of those datasets need too). Shared by tools/reference/gen_dataset_more.py
(run under MindSpore 2.10) and tests/dataset/test_dataset_more.py (run under ms_compat): both read the same bytes.
"""
from __future__ import annotations

import json
import os
import struct
import wave

import numpy as np

from dataset_files import _write, image, png_bytes


def _idx(path, arr, code=0x08):
    arr = np.ascontiguousarray(arr)
    head = struct.pack(">HBB", 0, code, arr.ndim) + b"".join(struct.pack(">I", d) for d in arr.shape)
    _write(path, head + (arr.astype(">i4") if code == 0x0C else arr.astype(np.uint8)).tobytes())


def write_kmnist(root, seed=20):
    rng = np.random.RandomState(seed)
    for usage, n in (("train", 7), ("t10k", 5)):
        _idx(os.path.join(root, f"{usage}-images-idx3-ubyte"), rng.randint(0, 256, (n, 28, 28)))
        _idx(os.path.join(root, f"{usage}-labels-idx1-ubyte"), rng.randint(0, 10, n))
    return root


def write_emnist(root, seed=21):
    rng = np.random.RandomState(seed)
    for name in ("letters", "digits"):
        for usage, n in (("train", 6), ("test", 4)):
            _idx(os.path.join(root, f"emnist-{name}-{usage}-images-idx3-ubyte"), rng.randint(0, 256, (n, 28, 28)))
            _idx(os.path.join(root, f"emnist-{name}-{usage}-labels-idx1-ubyte"), rng.randint(1, 27, n))
    return root


def write_qmnist(root, seed=22):
    rng = np.random.RandomState(seed)
    for prefix, n in (("qmnist-train", 6), ("qmnist-test", 5), ("xnist", 3)):
        _idx(os.path.join(root, f"{prefix}-images-idx3-ubyte"), rng.randint(0, 256, (n, 28, 28)))
        _idx(os.path.join(root, f"{prefix}-labels-idx2-int"), rng.randint(0, 1000, (n, 8)), 0x0C)
    return root


def write_usps(root, seed=23):
    rng = np.random.RandomState(seed)
    for name, n in (("usps", 5), ("usps.t", 3)):
        lines = []
        for _ in range(n):
            vals = rng.uniform(-1, 1, 256)
            lines.append(f"{rng.randint(1, 11)} " + " ".join(f"{j + 1}:{v:.6f}" for j, v in enumerate(vals)) + " ")
        _write(os.path.join(root, name), ("\n".join(lines) + "\n").encode())
    return root


def write_semeion(root, seed=24):
    rng = np.random.RandomState(seed)
    lines = []
    for _ in range(6):
        px = rng.randint(0, 2, 256)
        lab = np.eye(10, dtype=int)[rng.randint(0, 10)]
        lines.append(" ".join(f"{v}.0000" for v in px) + " " + " ".join(str(v) for v in lab) + " ")
    _write(os.path.join(root, "semeion.data"), ("\n".join(lines) + "\n").encode())
    return root


def write_stl10(root, seed=25):
    rng = np.random.RandomState(seed)
    for usage, n in (("train", 3), ("test", 2), ("unlabeled", 2)):
        _write(os.path.join(root, f"{usage}_X.bin"), rng.randint(0, 256, (n, 3, 96, 96)).astype(np.uint8).tobytes())
        if usage != "unlabeled":
            _write(os.path.join(root, f"{usage}_y.bin"), rng.randint(1, 11, n).astype(np.uint8).tobytes())
    return root


def write_caltech256(root, seed=26):
    rng = np.random.RandomState(seed)
    for cls, files in (("002.american-flag", ["002_0002.jpg", "002_0001.jpg"]), ("001.ak47", ["001_0001.jpg"]),
                       ("257.clutter", ["257_0001.jpg"])):
        for f in files:
            _write(os.path.join(root, cls, f), png_bytes(image(rng, 6, 7)))
    return root


def write_omniglot(root, seed=27):
    rng = np.random.RandomState(seed)
    for part in ("images_background", "images_evaluation"):
        for alpha in ("Greek", "Alphabet_of_the_Magi"):
            for ch in ("character02", "character01"):
                for f in ("0102_02.png", "0101_01.png"):
                    _write(os.path.join(root, part, alpha, ch, f), png_bytes(image(rng, 5, 5)[:, :, 0]))
    return root


def write_sbu(root, seed=28):
    rng = np.random.RandomState(seed)
    names = ["m_3326_3596303505_3ce4c20529.jpg", "m_1000_4182181099_c3c23ab1cc.jpg", "m_7_missing_file.jpg"]
    urls = ["http://static.flickr.com/" + n[2:].replace("_", "/", 1) for n in names]
    for n in names[:2]:
        _write(os.path.join(root, "sbu_images", n), png_bytes(image(rng, 6, 5)))
    _write(os.path.join(root, "SBU_captioned_photo_dataset_urls.txt"), ("\n".join(urls) + "\n").encode())
    _write(os.path.join(root, "SBU_captioned_photo_dataset_captions.txt"),
           "a dog on the beach \nTwo cats, one hat\nnot there\n".encode())
    return root


def write_places365(root, seed=29):
    rng = np.random.RandomState(seed)
    cats = ["/a/airfield 0", "/b/bakery/shop 1", "/c/canyon 2"]
    _write(os.path.join(root, "categories_places365.txt"), ("\n".join(cats) + "\n").encode())
    train = ["/a/airfield/00000002.jpg 0", "/c/canyon/00000001.jpg 2", "/b/bakery/shop/00000001.jpg 1"]
    _write(os.path.join(root, "places365_train_standard.txt"), ("\n".join(train) + "\n").encode())
    val = ["Places365_val_00000001.jpg 2", "Places365_val_00000002.jpg 0"]
    _write(os.path.join(root, "places365_val.txt"), ("\n".join(val) + "\n").encode())
    for t in train:
        _write(os.path.join(root, "data_256_standard") + t.split()[0], png_bytes(image(rng, 5, 6)))
    for v in val:
        _write(os.path.join(root, "val_256", v.split()[0]), png_bytes(image(rng, 6, 5)))
    return root


def write_food101(root, seed=30):
    rng = np.random.RandomState(seed)
    items = {"train": ["apple_pie/1005649", "baby_back_ribs/1005293"], "test": ["apple_pie/1014775"]}
    for usage, ids in items.items():
        _write(os.path.join(root, "meta", f"{usage}.txt"), ("\n".join(ids) + "\n").encode())
        for i in ids:
            _write(os.path.join(root, "images", i + ".jpg"), png_bytes(image(rng, 5, 5)))
    _write(os.path.join(root, "meta", "classes.txt"), b"apple_pie\nbaby_back_ribs\n")
    return root


def write_sun397(root, seed=31):
    rng = np.random.RandomState(seed)
    classes = ["/a/abbey", "/b/balcony/exterior", "/a/apartment_building/outdoor"]
    _write(os.path.join(root, "ClassName.txt"), ("\n".join(classes) + "\n").encode())
    for c, files in zip(classes, (["sun_b.jpg", "sun_a.jpg"], ["sun_c.jpg"], ["sun_d.jpg"])):
        for f in files:
            _write(os.path.join(root + c, f), png_bytes(image(rng, 6, 6)))
    return root


def write_svhn(root, seed=32):
    import scipy.io
    rng = np.random.RandomState(seed)
    for usage, n in (("train", 4), ("test", 3), ("extra", 2)):
        x = rng.randint(0, 256, (32, 32, 3, n)).astype(np.uint8)
        y = rng.randint(1, 11, (n, 1)).astype(np.uint8)
        os.makedirs(root, exist_ok=True)
        scipy.io.savemat(os.path.join(root, f"{usage}_32x32.mat"), {"X": x, "y": y})
    return root


def write_flowers102(root, seed=33):
    import scipy.io
    rng = np.random.RandomState(seed)
    n = 6
    os.makedirs(root, exist_ok=True)
    scipy.io.savemat(os.path.join(root, "imagelabels.mat"), {"labels": rng.randint(1, 103, (1, n)).astype(np.uint8)})
    scipy.io.savemat(os.path.join(root, "setid.mat"), {"trnid": np.array([[3, 1]], np.uint16),
                                                       "valid": np.array([[2, 6]], np.uint16),
                                                       "tstid": np.array([[5, 4]], np.uint16)})
    for i in range(1, n + 1):
        _write(os.path.join(root, "jpg", f"image_{i:05d}.jpg"), png_bytes(image(rng, 5, 6)))
        _write(os.path.join(root, "segmim", f"segmim_{i:05d}.jpg"), png_bytes(image(rng, 5, 6)))
    return root


def write_caltech101(root, seed=34):
    import scipy.io
    rng = np.random.RandomState(seed)
    for cls, ann in (("Faces", "Faces_2"), ("Motorbikes", "Motorbikes_16"), ("ant", "ant")):
        for i in (1, 2):
            _write(os.path.join(root, "101_ObjectCategories", cls, f"image_{i:04d}.jpg"), png_bytes(image(rng, 6, 5)))
            os.makedirs(os.path.join(root, "Annotations", ann), exist_ok=True)
            scipy.io.savemat(os.path.join(root, "Annotations", ann, f"annotation_{i:04d}.mat"),
                             {"box_coord": rng.randint(0, 50, (1, 4)).astype(np.uint16),
                              "obj_contour": rng.uniform(0, 9, (2, 3 + i))})
    os.makedirs(os.path.join(root, "101_ObjectCategories", "BACKGROUND_Google"), exist_ok=True)
    _write(os.path.join(root, "101_ObjectCategories", "BACKGROUND_Google", "image_0001.jpg"), png_bytes(image(rng, 4, 4)))
    return root


def _wav(path, samples, rate=8000, width=2, channels=1):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(np.asarray(samples, "<i2").tobytes())


def _tone(rng, n):
    return rng.randint(-30000, 30000, n)


def write_yesno(root, seed=40):
    rng = np.random.RandomState(seed)
    for name in ("1_0_1_1_0_0_1_0", "0_0_1_0_1_1_1_1", "0_1_0_0_0_1_0_1"):
        _wav(os.path.join(root, name + ".wav"), _tone(rng, 50))
    _write(os.path.join(root, "README"), b"not audio")
    return root


def write_ljspeech(root, seed=41):
    rng = np.random.RandomState(seed)
    meta = ["LJ001-0002|in being comparatively modern.|in being comparatively modern.",
            "LJ001-0001|Printing, in the only sense|Printing, in the only sense, with which",
            "LJ002-0001|Chapter 2. 1850|Chapter two. eighteen fifty"]
    _write(os.path.join(root, "metadata.csv"), ("\n".join(meta) + "\n").encode())
    for m in meta:
        _wav(os.path.join(root, "wavs", m.split("|")[0] + ".wav"), _tone(rng, 40), 22050)
    return root


def write_speech_commands(root, seed=42):
    rng = np.random.RandomState(seed)
    files = ["yes/0a7c2a8d_nohash_0.wav", "yes/0a7c2a8d_nohash_1.wav", "no/1b4c9b89_nohash_0.wav",
             "up/2c5d0c90_nohash_3.wav", "_background_noise_/white_noise.wav"]
    for f in files:
        _wav(os.path.join(root, f), _tone(rng, 30), 16000)
    _write(os.path.join(root, "validation_list.txt"), b"no/1b4c9b89_nohash_0.wav\n")
    _write(os.path.join(root, "testing_list.txt"), b"up/2c5d0c90_nohash_3.wav\n")
    return root


def write_cmu_arctic(root, seed=43):
    rng = np.random.RandomState(seed)
    d = os.path.join(root, "cmu_us_aew_arctic")
    ids = ["arctic_a0002", "arctic_a0001"]
    _write(os.path.join(d, "etc", "txt.done.data"),
           ("\n".join(f'( {i} "Text number {k}, with a comma." )' for k, i in enumerate(ids)) + "\n").encode())
    for i in ids:
        _wav(os.path.join(d, "wav", i + ".wav"), _tone(rng, 25), 16000)
    return root


def write_gtzan(root, seed=44):
    rng = np.random.RandomState(seed)
    for g in ("blues", "classical"):
        for k in (0, 1):
            _wav(os.path.join(root, g, f"{g}.{k:05d}.wav"), _tone(rng, 20), 22050)
    return root


def write_libritts(root, seed=45):
    rng = np.random.RandomState(seed)
    base = os.path.join(root, "train-clean-100", "19", "198")
    for u in ("19_198_000000_000000", "19_198_000000_000001"):
        _wav(os.path.join(base, u + ".wav"), _tone(rng, 30), 24000)
        _write(os.path.join(base, u + ".original.txt"), f"Original text of {u[-1]}.".encode())
        _write(os.path.join(base, u + ".normalized.txt"), f"Normalized text of {u[-1]}".encode())
    _write(os.path.join(base, "19_198.trans.tsv"), b"19_198_000000_000000\ta\tb\n19_198_000000_000001\tc\td\n")
    return root


def write_text_corpora(root):
    """CSV corpora (AG News, DBpedia, Amazon/Yelp/Yahoo/Sogou), IMDB folders, and line corpora."""
    out = {}
    ag = os.path.join(root, "ag")
    _write(os.path.join(ag, "train.csv"), b'"3","Wall St. Bears","Reuters - Short-sellers, ""quoted"" text."\n'
                                          b'"4","Comets","Space news\\nsecond line"\n')
    _write(os.path.join(ag, "test.csv"), b'"1","World title","Some description"\n')
    out["ag"] = ag
    db = os.path.join(root, "dbpedia")
    _write(os.path.join(db, "train.csv"), b'1,"E. D. Abbott Ltd"," Abbott of Farnham, a company."\n2,Schwan,"Schwan-Stabilo"\n')
    _write(os.path.join(db, "test.csv"), b'3,"Q-workshop","Q-workshop is a Polish company"\n')
    out["dbpedia"] = db
    yelp = os.path.join(root, "yelp")
    _write(os.path.join(yelp, "train.csv"), b'"5","great ""food"" here"\n"1","awful"\n')
    _write(os.path.join(yelp, "test.csv"), b'"2","meh"\n')
    out["yelp"] = yelp
    amazon = os.path.join(root, "amazon")
    _write(os.path.join(amazon, "train.csv"), b'"3","Nice title","the body, with comma"\n"1","Bad","worst"\n')
    _write(os.path.join(amazon, "test.csv"), b'"2","T","B"\n')
    out["amazon"] = amazon
    yahoo = os.path.join(root, "yahoo")
    _write(os.path.join(yahoo, "train.csv"), b'"5","Why?","because","long answer"\n"2","Q2","","A2"\n')
    _write(os.path.join(yahoo, "test.csv"), b'"1","t","c","a"\n')
    out["yahoo"] = yahoo
    sogou = os.path.join(root, "sogou")
    _write(os.path.join(sogou, "train.csv"), b'"1","title one","content one"\n"3","t2","c2"\n')
    _write(os.path.join(sogou, "test.csv"), b'"2","t3","c3"\n')
    out["sogou"] = sogou
    imdb = os.path.join(root, "imdb")
    for usage in ("train", "test"):
        for lab in ("pos", "neg"):
            for k in (1, 0):
                _write(os.path.join(imdb, usage, lab, f"{k}_{7 if lab == 'pos' else 2}.txt"),
                       f"{usage} {lab} review {k}<br />end".encode())
    out["imdb"] = imdb
    ptb = os.path.join(root, "ptb")
    for usage in ("train", "valid", "test"):
        _write(os.path.join(ptb, f"ptb.{usage}.txt"), f" aer banknote <unk> {usage}\n\n mr. <unk> is {usage}\n".encode())
    out["ptb"] = ptb
    wiki = os.path.join(root, "wikitext")
    for usage in ("train", "valid", "test"):
        _write(os.path.join(wiki, f"wiki.{usage}.tokens"), f" \n = Valkyria {usage} = \n \n Senj no text .\n".encode())
    out["wikitext"] = wiki
    enwik = os.path.join(root, "enwik9")
    _write(os.path.join(enwik, "enwik9"), b"<mediawiki>\n  <page>\n\n  </page>\n")
    out["enwik9"] = enwik
    sst2 = os.path.join(root, "sst2")
    _write(os.path.join(sst2, "train.tsv"), b"sentence\tlabel\nhide new secretions \t0\ncontains no wit \t0\ngood\t1\n")
    _write(os.path.join(sst2, "dev.tsv"), b"sentence\tlabel\nit 's a charming journey \t1\n")
    _write(os.path.join(sst2, "test.tsv"), b"index\tsentence\n0\tuneasy mishmash \n1\tthis film 's \n")
    out["sst2"] = sst2
    squad = os.path.join(root, "squad")
    data = {"version": "1.1", "data": [{"title": "T", "paragraphs": [
        {"context": "Architecturally, the school has a Catholic character.",
         "qas": [{"id": "q1", "question": "What character?", "answers": [{"text": "Catholic", "answer_start": 34}]},
                 {"id": "q2", "question": "Who?", "answers": [{"text": "the school", "answer_start": 17},
                                                               {"text": "school", "answer_start": 21}]}]}]}]}
    _write(os.path.join(squad, "train-v1.1.json"), json.dumps(data).encode())
    _write(os.path.join(squad, "dev-v1.1.json"), json.dumps(data).encode())
    out["squad"] = squad
    conll = os.path.join(root, "conll2000")
    _write(os.path.join(conll, "train.txt"), b"Confidence NN B-NP\nin IN B-PP\n\nChancellor NNP O\n\n")
    _write(os.path.join(conll, "test.txt"), b"Rockwell NNP B-NP\n\n")
    out["conll2000"] = conll
    udpos = os.path.join(root, "udpos")
    for usage in ("train", "dev", "test"):
        _write(os.path.join(udpos, f"en-ud-tag.v2.{usage}.txt"), f"Al\tPROPN\tNNP\n-\tPUNCT\tHYPH\n\n{usage}\tNOUN\tNN\n\n".encode())
    out["udpos"] = udpos
    multi = os.path.join(root, "multi30k")
    for usage, folder, n in (("train", "training", 2), ("val", "validation", 1), ("test", "mmt16_task1_test", 1)):
        for lang, word in (("en", "An"), ("de", "Ein")):
            _write(os.path.join(multi, folder, f"{usage}.{lang}"),
                   "".join(f"{word} {usage} sentence {k}.\n" for k in range(n)).encode())
    out["multi30k"] = multi
    clue = os.path.join(root, "clue")
    _write(os.path.join(clue, "train.json"), '{"sentence1": "双十一", "sentence2": "花呗", "label": "0"}\n'
           '{"sentence1": "a", "sentence2": "b", "label": "1"}\n'.encode())
    _write(os.path.join(clue, "test.json"), '{"id": 3, "sentence1": "x", "sentence2": "y"}\n'.encode())
    _write(os.path.join(clue, "tnews.json"), '{"label": "102", "label_desc": "news_entertainment", "sentence": '
           '"s", "keywords": "k1,k2"}\n'.encode())
    _write(os.path.join(clue, "cmnli.json"), '{"sentence1": "p", "sentence2": "h", "label": "neutral"}\n'.encode())
    out["clue"] = clue
    return out


def write_rendered_sst2(root, seed=50):
    rng = np.random.RandomState(seed)
    for usage in ("train", "valid", "test"):
        for cls in ("negative", "positive"):
            for f in ("0002.png", "0001.png"):
                _write(os.path.join(root, usage, cls, f), png_bytes(image(rng, 4, 5)))
    return root


def write_manifest(root, seed=51):
    rng = np.random.RandomState(seed)
    lines = []
    for k, (usage, names) in enumerate([("train", ["dog"]), ("TRAIN", ["cat", "dog"]), ("eval", ["cat"]),
                                        ("train", ["bird"]), ("train", ["cat"])]):
        path = os.path.join(root, "images", f"{k}.png")
        _write(path, png_bytes(image(rng, 5, 4)))
        lines.append(json.dumps({"source": path, "usage": usage,
                                 "annotation": [{"type": "modelarts/image_classification", "name": n} for n in names]}))
    _write(os.path.join(root, "manifest.json"), ("\n".join(lines) + "\n").encode())
    return os.path.join(root, "manifest.json")


def write_flickr(root, seed=52):
    rng = np.random.RandomState(seed)
    names = ["1001773457_577c3a7d70.jpg", "1000268201_693b08cb0e.jpg"]
    lines = []
    for n in names:
        _write(os.path.join(root, "Flickr8k_Dataset", n), png_bytes(image(rng, 5, 5)))
        lines += [f"{n}#{k}\tA caption {k} of {n[:4]} ." for k in range(5)]
    _write(os.path.join(root, "Flickr8k.token.txt"), ("\n".join(lines) + "\n").encode())
    return root


def write_div2k(root, seed=53):
    rng = np.random.RandomState(seed)
    for usage, ids in (("train", ["0002", "0001"]), ("valid", ["0801"])):
        for i in ids:
            _write(os.path.join(root, f"DIV2K_{usage}_HR", f"{i}.png"), png_bytes(image(rng, 8, 8)))
            _write(os.path.join(root, f"DIV2K_{usage}_LR_bicubic", "X2", f"{i}x2.png"), png_bytes(image(rng, 4, 4)))
    return root


def write_kitti(root, seed=54):
    rng = np.random.RandomState(seed)
    for k in range(2):
        _write(os.path.join(root, "data_object_image_2", "training", "image_2", f"{k:06d}.png"),
               png_bytes(image(rng, 6, 8)))
        _write(os.path.join(root, "data_object_image_2", "testing", "image_2", f"{k:06d}.png"),
               png_bytes(image(rng, 6, 8)))
        objs = ["Pedestrian 0.00 0 -0.20 712.40 143.00 810.73 307.92 1.89 0.48 1.20 1.84 1.47 8.41 0.01",
                "Car 0.50 2 1.55 1.00 2.00 3.50 4.25 1.50 1.60 3.70 -2.10 1.80 13.40 1.57"][:k + 1]
        _write(os.path.join(root, "data_object_label_2", "training", "label_2", f"{k:06d}.txt"),
               ("\n".join(objs) + "\n").encode())
    return root


def write_all(root):
    return {
        "kmnist": write_kmnist(os.path.join(root, "kmnist")),
        "emnist": write_emnist(os.path.join(root, "emnist")),
        "qmnist": write_qmnist(os.path.join(root, "qmnist")),
        "usps": write_usps(os.path.join(root, "usps")),
        "semeion": write_semeion(os.path.join(root, "semeion")),
        "stl10": write_stl10(os.path.join(root, "stl10")),
        "caltech256": write_caltech256(os.path.join(root, "caltech256")),
        "omniglot": write_omniglot(os.path.join(root, "omniglot")),
        "sbu": write_sbu(os.path.join(root, "sbu")),
        "places365": write_places365(os.path.join(root, "places365")),
        "food101": write_food101(os.path.join(root, "food101")),
        "sun397": write_sun397(os.path.join(root, "sun397")),
        "svhn": write_svhn(os.path.join(root, "svhn")),
        "flowers102": write_flowers102(os.path.join(root, "flowers102")),
        "caltech101": write_caltech101(os.path.join(root, "caltech101")),
        "yesno": write_yesno(os.path.join(root, "yesno")),
        "ljspeech": write_ljspeech(os.path.join(root, "ljspeech")),
        "speech_commands": write_speech_commands(os.path.join(root, "speech_commands")),
        "cmu_arctic": write_cmu_arctic(os.path.join(root, "cmu_arctic")),
        "gtzan": write_gtzan(os.path.join(root, "gtzan")),
        "libritts": write_libritts(os.path.join(root, "libritts")),
        "rendered_sst2": write_rendered_sst2(os.path.join(root, "rendered_sst2")),
        "manifest": write_manifest(os.path.join(root, "manifest")),
        "flickr": write_flickr(os.path.join(root, "flickr")),
        "div2k": write_div2k(os.path.join(root, "div2k")),
        "kitti": write_kitti(os.path.join(root, "kitti")),
        **write_text_corpora(os.path.join(root, "text")),
    }
