"""mindspore.dataset.serialize / compare / deserialize under MindSpore 2.10: the pipeline nodes' layout (op_type
chain and the fields of Repeat, Batch, Map, Shuffle, Take, Skip, Project, Rename, Zip, Concat), compare()
answers and error types. tests/dataset/test_serialize.py runs run_all() through the ms_compat alias.
Sources and operations are described differently (documented in ms_compat/dataset/engine/serializer.py):
their fields are not compared."""
import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files_extra  # noqa: E402

import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.transforms as TR  # noqa: E402
import mindspore.dataset.vision as V  # noqa: E402
from mindspore import dtype as mstype  # noqa: E402

NODE_KEYS = ("Repeat", "Batch", "Map", "Shuffle", "Take", "Skip", "Project", "Rename", "Zip", "Concat")
SKIP = ("connector_queue_size", "num_parallel_workers")  # resolved from the machine's CPU count


# Concat's bookkeeping of its children (sizes, flags, its sampler) is MindSpore's C++ node state: not compared
CONCAT_STATE = ("children_flag_and_nums", "children_sizes", "children_start_end_index", "sampler")


def skeleton(node):
    kind = node["op_type"]
    out = {"op_type": kind if kind in NODE_KEYS else "<source>"}
    if kind in NODE_KEYS:
        for k, v in node.items():
            if k in ("children", "op_type") or k in SKIP or (kind == "Concat" and k in CONCAT_STATE):
                continue
            out[k] = [o["tensor_op_name"] for o in v] if k == "operations" else v
    out["children"] = [skeleton(c) for c in node.get("children", [])]
    return out


def pipelines(p):
    tf = p["tfrecord"] + "/small.gz"
    lsun = p["lsun"]

    def tf_src():
        return ds.TFRecordDataset(tf, compression_type="GZIP", shuffle=False)

    def lsun_src():
        return ds.LSUNDataset(lsun, "train", shuffle=False)
    return {
        "tf_map_batch_repeat": lambda: tf_src().map([TR.TypeCast(mstype.int32)], ["x"]).batch(2, True).repeat(2),
        "lsun_map_shuffle_take": lambda: lsun_src().map([V.Decode(), V.Resize((3, 3)), V.HWC2CHW()], ["image"])
        .shuffle(4).take(3),
        "skip_project_rename": lambda: tf_src().skip(1).project(["x"]).rename(["x"], ["y"]),
        "zip_concat": lambda: ds.zip((tf_src().project(["x"]), tf_src().project(["s"]))).concat(
            ds.zip((tf_src().project(["x"]), tf_src().project(["s"])))),
        "map_out_columns": lambda: tf_src().map([TR.Duplicate()], ["x"], ["x1", "x2"]),
        "repeat_forever": lambda: tf_src().repeat(),
    }


def run_all(p):
    made = {k: f() for k, f in pipelines(p).items()}
    out = {"skeletons": {k: skeleton(ds.serialize(d)) for k, d in made.items()}}
    out["compare"] = {
        "same_pipeline": ds.compare(made["tf_map_batch_repeat"], pipelines(p)["tf_map_batch_repeat"]()),
        "different": ds.compare(made["tf_map_batch_repeat"], made["lsun_map_shuffle_take"]),
        "different_count": ds.compare(made["repeat_forever"], pipelines(p)["tf_map_batch_repeat"]()),
    }
    rebuilt = ds.deserialize(input_dict=ds.serialize(made["tf_map_batch_repeat"]))
    out["roundtrip_rows"] = [r[1].tolist() for r in rebuilt.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.json")
        ds.serialize(made["skip_project_rename"], json_filepath=path)
        with open(path) as f:
            out["file_skeleton"] = skeleton(json.load(f))
        out["to_json_equals_serialize"] = made["zip_concat"].to_json() == ds.serialize(made["zip_concat"])
    errors = {}
    for name, f in {"serialize_not_dataset": lambda: ds.serialize("x"),
                    "deserialize_nothing_is_none": lambda: ds.deserialize() is None}.items():
        try:
            errors[name] = f()
        except Exception as e:  # noqa: BLE001 - recorded
            errors[name] = type(e).__name__
    out["errors"] = errors
    return out


def write(root):
    return dataset_files_extra.write_all(root)


if __name__ == "__main__":
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        res = run_all(write(tmp))
    refutil.save_json("dataset", "serialize", json.loads(json.dumps(res)))
    print("ok", res["compare"], res["errors"])
