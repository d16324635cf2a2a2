"""File-format datasets, samplers and pipeline operations under MindSpore 2.10, on files written by
tools/reference/dataset_files.py. tests/dataset/test_dataset_files.py runs this same file's cases() and
describe() through the ms_compat alias on the same files."""
import hashlib
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files  # noqa: E402

import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.transforms as T  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402


def cases(p):
    folder, text, csvf = p["folder"], p["text"], p["csv"]
    voc, coco = p["voc"], p["coco"]

    def slices():
        return ds.NumpySlicesDataset({"x": np.arange(12, dtype=np.int32).reshape(6, 2),
                                      "y": np.array([3, 1, 4, 1, 5, 9], np.float32)}, shuffle=False)

    def ragged():
        def gen():
            for n in (1, 4, 2, 7, 3, 5, 6):
                yield (np.arange(n, dtype=np.int64),)
        return ds.GeneratorDataset(gen, ["seq"])

    def pbm(xs, ys, info):
        return [x * 2 for x in xs], [y + info.get_batch_num() for y in ys]

    return {
        "mnist_train": lambda: ds.MnistDataset(p["mnist"], usage="train", shuffle=False),
        "mnist_test": lambda: ds.MnistDataset(p["mnist"], usage="test", shuffle=False),
        "mnist_all": lambda: ds.MnistDataset(p["mnist"], shuffle=False),
        "mnist_shard": lambda: ds.MnistDataset(p["mnist"], usage="test", shuffle=False, num_shards=5, shard_id=1),
        "mnist_num_samples": lambda: ds.MnistDataset(p["mnist"], usage="train", shuffle=False, num_samples=7),
        "fashion": lambda: ds.FashionMnistDataset(p["fashion"], usage="train", shuffle=False),
        "cifar10": lambda: ds.Cifar10Dataset(p["cifar10"], usage="test", shuffle=False).take(6),
        "cifar10_size": lambda: ds.Cifar10Dataset(p["cifar10"], usage="test", shuffle=False, num_shards=3,
                                                  shard_id=2).skip(3332),
        "cifar100": lambda: ds.Cifar100Dataset(p["cifar100"], usage="test", shuffle=False).take(5),
        "folder_decode": lambda: ds.ImageFolderDataset(folder, shuffle=False, decode=True, extensions=[".png"]),
        "folder_raw_index": lambda: ds.ImageFolderDataset(folder, shuffle=False, extensions=[".png"],
                                                          class_indexing={"cat": 5, "dog": 1, "bird": 0}),
        "folder_pk": lambda: ds.ImageFolderDataset(folder, extensions=[".png"], sampler=ds.PKSampler(2)),
        "folder_subset": lambda: ds.ImageFolderDataset(folder, extensions=[".png"],
                                                       sampler=ds.SubsetSampler([4, 0, 2])),
        "folder_sequential": lambda: ds.ImageFolderDataset(folder, extensions=[".png"],
                                                           sampler=ds.SequentialSampler(2, 3)),
        "folder_distributed": lambda: ds.ImageFolderDataset(folder, extensions=[".png"],
                                                            sampler=ds.DistributedSampler(4, 3, shuffle=False)),
        "celeba": lambda: ds.CelebADataset(p["celeba"], shuffle=False, decode=True),
        "celeba_valid_raw": lambda: ds.CelebADataset(p["celeba"], shuffle=False, usage="train"),
        "voc": lambda: ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False, decode=True),
        "voc_index": lambda: ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False,
                                           class_indexing={"cat": 0, "dog": 1, "person": 2}),
        "voc_segmentation": lambda: ds.VOCDataset(voc, task="Segmentation", usage="train", shuffle=False,
                                                  decode=True),
        "text_three_files": lambda: ds.TextFileDataset([text + "/c.txt", text + "/a.txt", text + "/b.txt"],
                                                       shuffle=False),
        "csv_names_delim": lambda: ds.CSVDataset([csvf + "/b.csv"], field_delim=";", column_names=["k", "v", "w"],
                                                 column_defaults=[0, "none", -1.0], shuffle=False),
        "csv_empty_number": lambda: ds.CSVDataset([csvf + "/bad.csv"], field_delim=";", column_names=["k", "v", "w"],
                                                  column_defaults=[0, "none", -1.0], shuffle=False),
        "coco": lambda: ds.CocoDataset(coco + "/images", coco + "/annotations.json", task="Detection",
                                       shuffle=False, decode=True),
        "coco_keypoint": lambda: ds.CocoDataset(coco + "/images", coco + "/annotations.json", task="Keypoint",
                                                shuffle=False),
        "coco_stuff": lambda: ds.CocoDataset(coco + "/images", coco + "/annotations.json", task="Stuff",
                                             shuffle=False),
        "coco_captioning": lambda: ds.CocoDataset(coco + "/images", coco + "/annotations.json", task="Captioning",
                                                  shuffle=False),
        "text": lambda: ds.TextFileDataset([text + "/a.txt", text + "/b.txt"], shuffle=False),
        "text_one_worker": lambda: ds.TextFileDataset([text + "/a.txt", text + "/b.txt"], shuffle=False,
                                                      num_parallel_workers=1),
        "csv": lambda: ds.CSVDataset([csvf + "/a.csv"], shuffle=False),
        "csv_defaults": lambda: ds.CSVDataset([csvf + "/a.csv"], column_defaults=[0, "", 0.0], shuffle=False),
        "op_map_new_columns": lambda: slices().map(lambda x: (x, x.sum()), input_columns="x",
                                                   output_columns=["x", "s"]),
        "op_map_second": lambda: slices().map([lambda y: y * 2, lambda y: y + 1], input_columns=["y"]),
        "op_map_rename_out": lambda: slices().map(lambda x: x + 1, input_columns="x", output_columns="z"),
        "op_batch_drop": lambda: slices().batch(4, drop_remainder=True),
        "op_batch_per_batch_map": lambda: slices().batch(4, per_batch_map=pbm, input_columns=["x", "y"]),
        "op_padded_batch": lambda: ragged().padded_batch(3, pad_info={"seq": ([8], -1)}),
        "op_padded_batch_longest": lambda: ragged().padded_batch(2, pad_info={"seq": (None, 0)}),
        "op_bucket": lambda: ragged().bucket_batch_by_length(["seq"], [3, 5], [2, 2, 2],
                                                            pad_info={"seq": (None, 0)}),
        "op_rename_project": lambda: slices().rename(["x"], ["a"]).project(["y", "a"]),
        "op_zip": lambda: ds.zip((slices(), ragged())),
        "op_concat": lambda: slices() + slices().take(2),
        "op_take_skip": lambda: slices().skip(1).take(3),
        "op_filter": lambda: slices().filter(lambda y: y > 2, input_columns=["y"]),
        "op_repeat": lambda: slices().take(2).repeat(3),
        "op_split": lambda: slices().split([4, 2], randomize=False)[1],
        "op_onehot_batch": lambda: slices().map(T.Compose([T.TypeCast(np.int32), T.OneHot(10)]),
                                                input_columns="y").batch(3),
        "op_vision_chain": lambda: ds.ImageFolderDataset(folder, shuffle=False, decode=True, extensions=[".png"])
        .map([vision.Resize((6, 5)), vision.Rescale(1 / 255.0, 0.0), vision.HWC2CHW()], "image").batch(
            3, drop_remainder=True),
    }


def _val(a):
    a = np.asarray(a)
    dt = "str" if a.dtype.kind in "US" else str(a.dtype)
    if a.dtype.kind in "US":
        return [dt, list(a.shape), a.tolist()]
    if a.size > 40:
        return [dt, list(a.shape), "sha1:" + hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()]
    return [dt, list(a.shape), a.tolist()]


def describe(make):
    d = make()
    out = {"size": d.get_dataset_size(), "columns": d.get_col_names(), "batch_size": d.get_batch_size()}
    rows = []
    for k, row in enumerate(make().create_tuple_iterator(output_numpy=True, num_epochs=1)):
        if k >= 12:
            break
        rows.append([_val(a) for a in row])
    out["rows"] = rows
    out["count"] = sum(1 for _ in make().create_dict_iterator(output_numpy=True, num_epochs=1))
    return out


def write(root):
    return dataset_files.write_all(root)


def extras(p):
    return {
        "folder_class_indexing": ds.ImageFolderDataset(p["folder"]).get_class_indexing(),
        "voc_class_indexing": ds.VOCDataset(p["voc"], task="Detection", usage="train").get_class_indexing(),
        "output_shapes": ds.MnistDataset(p["mnist"], usage="test").output_shapes(),
        "output_types": [str(t) for t in ds.MnistDataset(p["mnist"], usage="test").output_types()],
    }


if __name__ == "__main__":
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        paths = write(tmp)
        result = {}
        for name, make in cases(paths).items():
            try:
                result[name] = describe(make)
            except Exception as e:  # noqa: BLE001 - recorded: the test expects the same failure
                result[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:200]]}
                print("ERROR", name, result[name]["error"])
        result["_extras"] = extras(paths)
    refutil.save_json("dataset", "files", result)
    print("ok")
