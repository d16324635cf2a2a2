"""More file-format datasets (MNIST-likes, STL10, USPS, Semeion, image folders, .mat datasets, audio and text
corpora) under MindSpore 2.10, on files written by tools/reference/dataset_files_more.py.
tests/dataset/test_dataset_more.py runs this same file's cases() and describe() through the ms_compat alias."""
import hashlib
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files_more  # noqa: E402

import mindspore.dataset as ds  # noqa: E402


def cases(p):
    nf = dict(shuffle=False)
    one = dict(shuffle=False, num_parallel_workers=1)
    return {
        "kmnist_train": lambda: ds.KMnistDataset(p["kmnist"], usage="train", **nf),
        "kmnist_all": lambda: ds.KMnistDataset(p["kmnist"], **nf),
        "emnist_letters_test": lambda: ds.EMnistDataset(p["emnist"], "letters", usage="test", **nf),
        "emnist_digits_all": lambda: ds.EMnistDataset(p["emnist"], "digits", **nf),
        "qmnist_train": lambda: ds.QMnistDataset(p["qmnist"], "train", **nf),
        "qmnist_test_full": lambda: ds.QMnistDataset(p["qmnist"], "test", compat=False, **nf),
        "qmnist_nist": lambda: ds.QMnistDataset(p["qmnist"], "nist", **nf),
        "qmnist_all": lambda: ds.QMnistDataset(p["qmnist"], **nf),
        "usps_train": lambda: ds.USPSDataset(p["usps"], "train", **nf),
        "usps_all": lambda: ds.USPSDataset(p["usps"], "all", **one),
        "semeion": lambda: ds.SemeionDataset(p["semeion"], **nf),
        "stl10_train": lambda: ds.STL10Dataset(p["stl10"], "train", **nf),
        "stl10_unlabeled": lambda: ds.STL10Dataset(p["stl10"], "unlabeled", **nf),
        "stl10_train_unlabeled": lambda: ds.STL10Dataset(p["stl10"], "train+unlabeled", **nf),
        "stl10_all": lambda: ds.STL10Dataset(p["stl10"], "all", **nf),
        "caltech256": lambda: ds.Caltech256Dataset(p["caltech256"], **nf),
        "caltech256_decode": lambda: ds.Caltech256Dataset(p["caltech256"], decode=True, **nf),
        "omniglot_all": lambda: ds.OmniglotDataset(p["omniglot"], **nf),
        "omniglot_background": lambda: ds.OmniglotDataset(p["omniglot"], background=True, decode=True, **nf),
        "omniglot_evaluation": lambda: ds.OmniglotDataset(p["omniglot"], background=False, **nf),
        "sbu": lambda: ds.SBUDataset(p["sbu"], decode=True, **nf),
        "places365_train": lambda: ds.Places365Dataset(p["places365"], "train-standard", small=True, decode=True, **nf),
        "places365_val": lambda: ds.Places365Dataset(p["places365"], "val", small=True, **nf),
        "food101_all": lambda: ds.Food101Dataset(p["food101"], **nf),
        "food101_test": lambda: ds.Food101Dataset(p["food101"], "test", decode=True, **nf),
        "sun397": lambda: ds.SUN397Dataset(p["sun397"], decode=True, **nf),
        "svhn_train": lambda: ds.SVHNDataset(p["svhn"], "train", **nf),
        "svhn_all": lambda: ds.SVHNDataset(p["svhn"], **nf),
        "flowers102_all": lambda: ds.Flowers102Dataset(p["flowers102"], **nf),
        "flowers102_train_seg": lambda: ds.Flowers102Dataset(p["flowers102"], "Segmentation", "train", decode=True,
                                                             **nf),
        "flowers102_valid": lambda: ds.Flowers102Dataset(p["flowers102"], usage="valid", decode=True, **nf),
        "caltech101_category": lambda: ds.Caltech101Dataset(p["caltech101"], **nf),
        "caltech101_all": lambda: ds.Caltech101Dataset(p["caltech101"], "all", decode=True, **nf),
        "caltech101_annotation": lambda: ds.Caltech101Dataset(p["caltech101"], "annotation", **nf),
        "yesno": lambda: ds.YesNoDataset(p["yesno"], **nf),
        "ljspeech": lambda: ds.LJSpeechDataset(p["ljspeech"], **nf),
        "speech_commands_train": lambda: ds.SpeechCommandsDataset(p["speech_commands"], "train", **nf),
        "speech_commands_all": lambda: ds.SpeechCommandsDataset(p["speech_commands"], **nf),
        "speech_commands_valid": lambda: ds.SpeechCommandsDataset(p["speech_commands"], "valid", **nf),
        "cmu_arctic": lambda: ds.CMUArcticDataset(p["cmu_arctic"], "aew", **nf),
        "gtzan": lambda: ds.GTZANDataset(p["gtzan"], "all", **nf),
        "libritts": lambda: ds.LibriTTSDataset(p["libritts"], "train-clean-100", **nf),
        "ag_train": lambda: ds.AGNewsDataset(p["ag"], "train", **nf),
        "ag_all": lambda: ds.AGNewsDataset(p["ag"], "all", **one),
        "dbpedia_train": lambda: ds.DBpediaDataset(p["dbpedia"], "train", **nf),
        "yelp_train": lambda: ds.YelpReviewDataset(p["yelp"], "train", **nf),
        "amazon_train": lambda: ds.AmazonReviewDataset(p["amazon"], "train", **nf),
        "yahoo_train": lambda: ds.YahooAnswersDataset(p["yahoo"], "train", **nf),
        "sogou_train": lambda: ds.SogouNewsDataset(p["sogou"], "train", **nf),
        "imdb_train": lambda: ds.IMDBDataset(p["imdb"], "train", **nf),
        "imdb_all": lambda: ds.IMDBDataset(p["imdb"], **nf),
        "ptb_train": lambda: ds.PennTreebankDataset(p["ptb"], "train", **nf),
        "ptb_all": lambda: ds.PennTreebankDataset(p["ptb"], "all", **one),
        "wikitext_valid": lambda: ds.WikiTextDataset(p["wikitext"], "valid", **nf),
        "enwik9": lambda: ds.EnWik9Dataset(p["enwik9"], **nf),
        "sst2_train": lambda: ds.SST2Dataset(p["sst2"], "train", **nf),
        "sst2_test": lambda: ds.SST2Dataset(p["sst2"], "test", **nf),
        "squad_train": lambda: ds.SQuADDataset(p["squad"], "train", **nf),
        "conll2000_train": lambda: ds.CoNLL2000Dataset(p["conll2000"], "train", **nf),
        "udpos_test": lambda: ds.UDPOSDataset(p["udpos"], "test", **nf),
        "multi30k_train": lambda: ds.Multi30kDataset(p["multi30k"], "train", **nf),
        "multi30k_de_en": lambda: ds.Multi30kDataset(p["multi30k"], "test", ["de", "en"], **nf),
        "clue_afqmc": lambda: ds.CLUEDataset([p["clue"] + "/train.json"], "AFQMC", "train", **nf),
        "clue_afqmc_test": lambda: ds.CLUEDataset(p["clue"] + "/test.json", "AFQMC", "test", **nf),
        "clue_tnews": lambda: ds.CLUEDataset(p["clue"] + "/tnews.json", "TNEWS", "train", **nf),
        "clue_cmnli_eval": lambda: ds.CLUEDataset(p["clue"] + "/cmnli.json", "CMNLI", "eval", **nf),
        "rendered_sst2_all": lambda: ds.RenderedSST2Dataset(p["rendered_sst2"], **nf),
        "rendered_sst2_valid": lambda: ds.RenderedSST2Dataset(p["rendered_sst2"], "val", decode=True, **nf),
        "manifest_train": lambda: ds.ManifestDataset(p["manifest"], **nf),
        "manifest_eval_decode": lambda: ds.ManifestDataset(p["manifest"], "eval", decode=True, **nf),
        "manifest_index": lambda: ds.ManifestDataset(p["manifest"], class_indexing={"dog": 5, "cat": 2}, **nf),
        "flickr": lambda: ds.FlickrDataset(p["flickr"] + "/Flickr8k_Dataset", p["flickr"] + "/Flickr8k.token.txt",
                                           decode=True, **nf),
        "div2k": lambda: ds.DIV2KDataset(p["div2k"], "train", "bicubic", 2, decode=True, **nf),
        "div2k_all": lambda: ds.DIV2KDataset(p["div2k"], "all", "bicubic", 2, **nf),
        "kitti_train": lambda: ds.KITTIDataset(p["kitti"], "train", decode=True, **nf),
        "kitti_test": lambda: ds.KITTIDataset(p["kitti"], "test", **nf),
        "usps_all_workers": lambda: ds.USPSDataset(p["usps"], "all", shuffle=False, num_parallel_workers=2),
        "kmnist_shard": lambda: ds.KMnistDataset(p["kmnist"], "train", shuffle=False, num_shards=2, shard_id=1),
        "caltech256_subset": lambda: ds.Caltech256Dataset(p["caltech256"], sampler=ds.SubsetSampler([3, 1])),
    }


def _val(a):
    a = np.asarray(a)
    dt = "str" if a.dtype.kind in "US" else str(a.dtype)
    if a.dtype.kind in "US":
        return [dt, list(a.shape), a.tolist()]
    if a.dtype.kind == "f":
        a = np.round(a.astype(np.float64), 5)
    if a.size > 40:
        return [dt, list(a.shape), "sha1:" + hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()]
    return [dt, list(a.shape), a.tolist()]


def describe(make):
    d = make()
    out = {"size": d.get_dataset_size(), "columns": d.get_col_names()}
    rows = []
    for k, row in enumerate(make().create_tuple_iterator(output_numpy=True, num_epochs=1)):
        if k >= 12:
            break
        rows.append([_val(a) for a in row])
    out["rows"] = rows
    return out


def write(root):
    return dataset_files_more.write_all(root)


if __name__ == "__main__":
    import refutil
    only = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        paths = write(tmp)
        result = {}
        for name, make in cases(paths).items():
            if only and not any(o in name for o in only):
                continue
            try:
                result[name] = describe(make)
            except Exception as e:  # noqa: BLE001 - recorded: the test expects the same failure
                result[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
                print("ERROR", name, result[name]["error"])
    if only:  # a quick look at some cases (not stored)
        import json
        with open("/tmp/gen_dataset_more_partial.json", "w") as f:
            json.dump(result, f)
    else:
        refutil.save_json("dataset", "files_more", result)
        print("ok", len(result))
