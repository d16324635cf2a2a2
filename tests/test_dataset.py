"""ms_compat.dataset against MindSpore 2.10: the generator's own pipelines run through the import alias."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parent.parent / "tools" / "reference" / "gen_dataset.py"


@pytest.fixture(scope="module")
def generator():
    ms_compat.install()
    try:
        yield runpy.run_path(str(GEN), run_name="gen_dataset")
    finally:
        ms_compat.uninstall()


def test_pipelines_match_mindspore(generator):
    ref = load_ref_json("dataset", "pipelines")
    got = {k: generator["describe"](v) for k, v in generator["cases"]().items()}
    assert set(got) == set(ref)
    for name in ref:
        assert got[name]["size"] == ref[name]["size"], name
        assert got[name]["columns"] == ref[name]["columns"], name
        assert got[name]["dict_keys"] == ref[name]["dict_keys"], name
        assert got[name]["tensor_type"] == ref[name]["tensor_type"] == "Tensor"
        assert got[name]["rows"] == ref[name]["rows"], name


def test_shuffle_default_and_seed():
    import ms_compat.dataset as ds
    data = np.arange(20)
    ms_compat.set_seed(5)
    a = [int(t[0]) for t in ds.NumpySlicesDataset(data).create_tuple_iterator(output_numpy=True)]
    ms_compat.set_seed(5)
    b = [int(t[0]) for t in ds.NumpySlicesDataset(data).create_tuple_iterator(output_numpy=True)]
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))  # shuffled by default, seeded


def test_errors_and_sharding():
    import ms_compat.dataset as ds
    with pytest.raises(ValueError, match="Neither columns_names nor schema are provided."):
        ds.GeneratorDataset([(1,)])
    with pytest.raises(ValueError, match="batch_size"):
        ds.NumpySlicesDataset([1, 2]).batch(0)
    shard = ds.NumpySlicesDataset(np.arange(10), shuffle=False, num_shards=3, shard_id=1)
    assert shard.get_dataset_size() == 4  # MindSpore pads the shards by wrapping around: (3*i + 1) % 10
    assert [int(t[0]) for t in shard.create_tuple_iterator(output_numpy=True)] == [1, 4, 7, 0]
    it = ds.NumpySlicesDataset(np.arange(3), shuffle=False).create_tuple_iterator()
    assert [int(next(it)[0].asnumpy()) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(StopIteration):
        next(it)
