"""RandomDataset, WaitedDSCallback, TFRecordDataset and the LSUN, LFW, WIDERFace, Cityscapes, PhotoTour, IWSLT
and TED-LIUM datasets under MindSpore 2.10 (files from
tools/reference/dataset_files_extra.py). tests/dataset/test_dataset_extra.py runs this same file's cases()
through the ms_compat alias and compares with tests/reference_data/dataset/extra.json."""
import hashlib
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files_extra  # noqa: E402

import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from mindspore import dtype as mstype  # noqa: E402


def _val(a):
    a = np.asarray(a)
    if a.dtype.kind in "US":
        return ["str", list(a.shape), a.tolist()]
    dt = str(a.dtype)
    if a.dtype.kind == "f":
        a = np.round(a.astype(np.float64), 5)
    if a.size > 40:
        return [dt, list(a.shape), "sha1:" + hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()]
    return [dt, list(a.shape), a.tolist()]


def describe(d):
    rows = [[_val(a) for a in row] for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    return {"size": d.get_dataset_size(), "columns": d.get_col_names(), "rows": rows}


def describe_random(d):
    """RandomDataset: the random bytes differ; shapes, dtypes and 'one byte fills a column' do not."""
    rows = []
    for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1):
        rows.append([[str(a.dtype), list(a.shape), len(set(np.ascontiguousarray(a).view(np.uint8).ravel().tolist()))
                      <= 1] for a in row])
    return {"size": d.get_dataset_size(), "columns": d.get_col_names(), "rows": rows}


def describe_audio(d):
    """TedliumDataset: MindSpore 2.10's waveform is all zeros (its reader's buffer bug): its dtype and shape only."""
    out = describe(d)
    for row in out["rows"]:
        row[0] = row[0][:2]
    return out


def _schema():
    s = ds.Schema()
    s.add_column("image", de_type=mstype.uint8, shape=[2])
    s.add_column("label", de_type=mstype.float32, shape=[3])
    s.add_column("z", de_type=mstype.int32, shape=[2, 2])
    s.add_column("w", de_type=mstype.int64)
    return s


# -- WaitedDSCallback: the docstring's program (pipeline steps wait for the training's step ends)
class _Waited(ds.WaitedDSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        self.events.append(f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

    def sync_step_begin(self, train_run_context, ds_run_context):
        cb = train_run_context.original_args()
        self.events.append(f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}"
                           f"_after_{cb.cur_step_num}")


class _Steps(ms.Callback):
    def __init__(self, events):
        self.events = events

    def epoch_end(self, run_context):
        cb = run_context.original_args()
        self.events.append(f"ms_epoch_end_{cb.cur_epoch_num}_{cb.cur_step_num}")

    def step_end(self, run_context):
        cb = run_context.original_args()
        self.events.append(f"ms_step_end_{cb.cur_epoch_num}_{cb.cur_step_num}")


class _Net(ms.nn.Cell):
    def construct(self, x, y):
        return x


def waited(step_size, batch):
    events = []
    cb = _Waited(events, step_size)
    data = ds.GeneratorDataset(lambda: ((np.array([v]), np.array([v])) for v in range(1, 5)),
                               column_names=["c1", "c2"], shuffle=False)
    data = data.map(operations=(lambda x: x), callbacks=cb)
    if batch:
        data = data.batch(batch)
    ms.train.Model(_Net()).train(2, data, dataset_sink_mode=False, callbacks=[_Steps(events), cb])
    return events


class _Bare(ds.WaitedDSCallback):
    pass


def waited_bare():
    d = ds.GeneratorDataset(lambda: ((np.array([v]),) for v in (1, 2)), column_names=["c"], shuffle=False)
    d = d.map(operations=(lambda x: x), callbacks=_Bare())
    for _ in d.create_tuple_iterator(num_epochs=1):
        pass
    return "no error"


def tf_order(root, **kw):
    files = [f"{root}/order{k}.tfrecord" for k in range(4)]
    return [int(r[0][0]) for r in ds.TFRecordDataset(files, shuffle=False, **kw).create_tuple_iterator(
        output_numpy=True, num_epochs=1)]


def cases(p):
    t = p["tfrecord"]
    parts = [t + "/part0.tfrecord", t + "/part1.tfrecord"]
    one = dict(shuffle=False, num_parallel_workers=1)
    nf = dict(shuffle=False)
    two = dict(shuffle=False, num_parallel_workers=2)
    s2 = ds.Schema()
    s2.add_column("ids", de_type=mstype.int64)
    s2.add_column("names", de_type=mstype.string)
    s3 = ds.Schema()
    s3.add_column("vec", de_type=mstype.int32)
    s3.add_column("label", de_type=mstype.uint8)
    s4 = ds.Schema()
    s4.add_column("names", de_type=mstype.float32)
    return {
        "random_schema": lambda: describe_random(ds.RandomDataset(schema=_schema(), total_rows=4)),
        "random_columns_list": lambda: describe_random(ds.RandomDataset(schema=_schema(), columns_list=["z", "image"],
                                                                        total_rows=2, num_samples=1)),
        "random_schema_file": lambda: describe_random(ds.RandomDataset(schema=t + "/schema.json")),
        "random_total_rows_type": lambda: ds.RandomDataset(total_rows="a"),
        "random_columns_list_type": lambda: ds.RandomDataset(columns_list="a"),
        "waited_step1": lambda: waited(1, None),
        "waited_batch2": lambda: waited(2, 2),
        "waited_bare": waited_bare,
        "tf_plain_w1": lambda: describe(ds.TFRecordDataset(parts, **one)),
        "tf_plain_w2": lambda: describe(ds.TFRecordDataset(parts, **two)),
        "tf_schema_file": lambda: describe(ds.TFRecordDataset(parts, schema=t + "/schema.json", **two)),
        "tf_schema_obj": lambda: describe(ds.TFRecordDataset(parts, schema=s2, **one)),
        "tf_schema_cast": lambda: describe(ds.TFRecordDataset(parts, schema=s3, **one)),
        "tf_schema_bad_type": lambda: describe(ds.TFRecordDataset(parts, schema=s4, **one)),
        "tf_columns_list": lambda: describe(ds.TFRecordDataset(parts, columns_list=["vec", "label"], **two)),
        "tf_gzip": lambda: describe(ds.TFRecordDataset(t + "/small.gz", compression_type="GZIP", **one)),
        "tf_zlib": lambda: describe(ds.TFRecordDataset(t + "/small.zlib", compression_type="ZLIB", **one)),
        "tf_num_samples": lambda: describe(ds.TFRecordDataset(parts, num_samples=3, **two)),
        "tf_glob": lambda: describe(ds.TFRecordDataset(t + "/part*.tfrecord", **one)),
        "tf_missing_file": lambda: ds.TFRecordDataset(t + "/nope.tfrecord"),
        "tf_bad_compression": lambda: ds.TFRecordDataset(parts, compression_type="LZ"),
        "tf_bad_column": lambda: describe(ds.TFRecordDataset(parts, columns_list=["zz"], **one)),
        "tf_order_w1": lambda: tf_order(t, num_parallel_workers=1),
        "tf_order_w2": lambda: tf_order(t, num_parallel_workers=2),
        "tf_order_num_samples": lambda: tf_order(t, num_parallel_workers=2, num_samples=5),
        "tf_order_shards": lambda: [tf_order(t, num_parallel_workers=2, num_shards=3, shard_id=k) for k in range(3)],
        "tf_order_equal_shards": lambda: [tf_order(t, num_parallel_workers=2, num_shards=3, shard_id=k,
                                                   shard_equal_rows=True) for k in range(3)],
        "lsun_all": lambda: describe(ds.LSUNDataset(p["lsun"], **nf)),
        "lsun_train": lambda: describe(ds.LSUNDataset(p["lsun"], "train", **nf)),
        "lsun_valid_classes": lambda: describe(ds.LSUNDataset(p["lsun"], "valid", classes=["classroom"], decode=True,
                                                              **nf)),
        "lsun_test_rows": lambda: describe(ds.LSUNDataset(p["lsun"], "test", decode=True, **nf))["rows"],
        "lsun_classes_str": lambda: ds.LSUNDataset(p["lsun"], "train", classes="kitchen"),
        "lsun_bad_usage": lambda: ds.LSUNDataset(p["lsun"], "val"),
        "lfw_people": lambda: describe(ds.LFWDataset(p["lfw"], **nf)),
        "lfw_people_10fold": lambda: describe(ds.LFWDataset(p["lfw"], "people", "10fold", "original", **nf)),
        "lfw_people_train": lambda: describe(ds.LFWDataset(p["lfw"], "people", "train", "deepfunneled", **nf)),
        "lfw_pairs_all": lambda: describe(ds.LFWDataset(p["lfw"], "pairs", **nf)),
        "lfw_pairs_10fold": lambda: describe(ds.LFWDataset(p["lfw"], "pairs", "10fold", decode=True, **nf)),
        "lfw_pairs_test": lambda: describe(ds.LFWDataset(p["lfw"], "pairs", "test", **nf)),
        "lfw_bad_task": lambda: ds.LFWDataset(p["lfw"], "faces"),
        "wider_all": lambda: describe(ds.WIDERFaceDataset(p["widerface"], **nf)),
        "wider_train": lambda: describe(ds.WIDERFaceDataset(p["widerface"], "train", decode=True, **nf)),
        "wider_test": lambda: describe(ds.WIDERFaceDataset(p["widerface"], "test", **nf)),
        "wider_bad_usage": lambda: ds.WIDERFaceDataset(p["widerface"], "val"),
        "city_fine_train": lambda: describe(ds.CityscapesDataset(p["cityscapes"], **nf)),
        "city_fine_all_semantic": lambda: describe(ds.CityscapesDataset(p["cityscapes"], "all", task="semantic",
                                                                         decode=True, **nf)),
        "city_fine_val_polygon": lambda: describe(ds.CityscapesDataset(p["cityscapes"], "val", task="polygon", **nf)),
        "city_coarse_extra_color": lambda: describe(ds.CityscapesDataset(p["cityscapes"], "train_extra", "coarse",
                                                                          "color", **nf)),
        "city_coarse_all": lambda: describe(ds.CityscapesDataset(p["cityscapes"], "all", "coarse", **nf)),
        "city_bad_usage": lambda: ds.CityscapesDataset(p["cityscapes"], "test", "coarse"),
        "city_bad_task": lambda: ds.CityscapesDataset(p["cityscapes"], task="depth"),
        "city_missing_dir": lambda: ds.CityscapesDataset(p["cityscapes"] + "/nope"),
        "photo_train": lambda: describe(ds.PhotoTourDataset(p["phototour"], "liberty", **nf)),
        "photo_test": lambda: describe(ds.PhotoTourDataset(p["phototour"], "liberty", "test", **nf)),
        "photo_bad_name": lambda: ds.PhotoTourDataset(p["phototour"], "rome"),
        "photo_subset": lambda: describe(ds.PhotoTourDataset(p["phototour"], "liberty",
                                                             sampler=ds.SubsetSampler([5, 1]))),
        "iwslt16_train": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], "train", **nf)),
        "iwslt16_all_w2": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], **two)),
        "iwslt16_all_w1": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], **one)),
        "iwslt16_valid_en_fr": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], "valid", ("en", "fr"),
                                                                    valid_set="dev2010", **nf)),
        "iwslt16_test_en_fr": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], "test", ["en", "fr"],
                                                                   test_set="tst2012", **nf)),
        "iwslt16_num_samples": lambda: describe(ds.IWSLT2016Dataset(p["iwslt2016"], num_samples=4, **two)),
        "iwslt16_shards": lambda: [describe(ds.IWSLT2016Dataset(p["iwslt2016"], num_shards=2, shard_id=k, **two))
                                   for k in range(2)],
        "iwslt16_bad_pair": lambda: ds.IWSLT2016Dataset(p["iwslt2016"], "test", ("de", "fr")),
        "iwslt16_bad_set": lambda: ds.IWSLT2016Dataset(p["iwslt2016"], "test", test_set="tst2009"),
        "iwslt17_all": lambda: describe(ds.IWSLT2017Dataset(p["iwslt2017"], **two)),
        "iwslt17_test_it_nl": lambda: describe(ds.IWSLT2017Dataset(p["iwslt2017"], "test", ("it", "nl"), **nf)),
        "iwslt17_valid": lambda: describe(ds.IWSLT2017Dataset(p["iwslt2017"], "valid", **nf)),
        "iwslt17_missing": lambda: describe(ds.IWSLT2017Dataset(p["iwslt2017"], "valid", ("ro", "it"), **nf)),
        "tedlium1_train": lambda: describe_audio(ds.TedliumDataset(p["tedlium"] + "/TEDLIUM_release1", "release1",
                                                                   "train", **nf)),
        "tedlium1_all": lambda: describe_audio(ds.TedliumDataset(p["tedlium"] + "/TEDLIUM_release1", "release1",
                                                                 **nf)),
        "tedlium3": lambda: describe_audio(ds.TedliumDataset(p["tedlium"] + "/TEDLIUM_release-3", "release3", **nf)),
        "tedlium3_bad_usage": lambda: ds.TedliumDataset(p["tedlium"] + "/TEDLIUM_release-3", "release3", "train"),
        "tedlium_bad_extension": lambda: describe_audio(ds.TedliumDataset(p["tedlium"] + "/TEDLIUM_release1",
                                                                          "release1", extensions=".wav", **nf)),
        "sbd_boundaries_all": lambda: describe(ds.SBDataset(p["sbd"], **nf)),
        "sbd_segmentation_train": lambda: describe(ds.SBDataset(p["sbd"], "Segmentation", "train", decode=True, **nf)),
        "sbd_train_noval": lambda: describe(ds.SBDataset(p["sbd"], usage="train_noval", **nf)),
        "sbd_bad_task": lambda: ds.SBDataset(p["sbd"], "Edges"),
        "sbd_bad_usage": lambda: ds.SBDataset(p["sbd"], usage="test"),
        "sbd_missing_list": lambda: describe(ds.SBDataset(p["sbd"] + "/img", **nf)),
        "tf_files_shuffle_rows": lambda: sorted(int(r[0][0]) for r in ds.TFRecordDataset(
            [f"{t}/order{k}.tfrecord" for k in range(4)], shuffle=ds.Shuffle.FILES).create_tuple_iterator(
            output_numpy=True, num_epochs=1)),
    }


def run_case(make):
    """The case's result, or [error type name] when it raises (the test expects the same failure)."""
    try:
        return {"value": make()}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__}


def write(root):
    return dataset_files_extra.write_all(root)


if __name__ == "__main__":
    import json

    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        paths = write(tmp)
        result = {name: json.loads(json.dumps(run_case(make))) for name, make in cases(paths).items()}
    refutil.save_json("dataset", "extra", result)
    print("ok", len(result))
