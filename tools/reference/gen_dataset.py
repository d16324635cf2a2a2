"""mindspore.dataset basics (GeneratorDataset / NumpySlicesDataset pipelines, unshuffled) under MindSpore 2.10.

tests/test_dataset.py runs this same file's cases() / describe() through the ms_compat import alias."""
import numpy as np
import mindspore.dataset as ds

if __name__ == "__main__":
    import refutil


def cases():
    x = np.arange(10, dtype=np.float32).reshape(5, 2)
    y = np.arange(5).astype(np.int32)

    class Src:
        def __getitem__(self, i):
            return x[i], y[i]

        def __len__(self):
            return 5

    def gen():
        for i in range(3):
            yield (np.array([i, i + 1], np.float64),)

    return {
        "gen_batch2": lambda: ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False).batch(2),
        "gen_batch2_drop": lambda: ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False).batch(2, drop_remainder=True),
        "generator_fn": lambda: ds.GeneratorDataset(gen, ["a"]),
        "slices_dict": lambda: ds.NumpySlicesDataset({"a": x, "b": y}, shuffle=False).batch(3),
        "slices_tuple": lambda: ds.NumpySlicesDataset((x, y), shuffle=False),
        "slices_list": lambda: ds.NumpySlicesDataset([1.5, 2.5], column_names=["c"], shuffle=False),
        "map_repeat": lambda: ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False)
        .map(operations=lambda a: a * 2, input_columns=["x"]).repeat(2),
        "project": lambda: ds.NumpySlicesDataset({"a": x, "b": y}, shuffle=False).project(["b"]),
    }


def describe(make):
    d = make()
    out = {"size": d.get_dataset_size(), "columns": d.get_col_names()}
    rows = []
    for it in make().create_tuple_iterator(output_numpy=True):
        rows.append([[str(a.dtype), list(a.shape), np.asarray(a).tolist()] for a in it])
    out["rows"] = rows
    out["dict_keys"] = [sorted(it) for it in make().create_dict_iterator(output_numpy=True)][:1]
    t = next(iter(make().create_tuple_iterator()))
    out["tensor_type"] = type(t[0]).__name__
    return out


if __name__ == "__main__":
    refutil.save_json("dataset", "pipelines", {k: describe(v) for k, v in cases().items()})
    print("ok")
