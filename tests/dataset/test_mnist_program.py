"""The beginner program (MNIST idx files -> MnistDataset -> map(vision) -> batch -> Model.train -> eval) against
MindSpore 2.10 on the same files: tools/reference/gen_dataset_mnist.py run through the import alias."""
import pathlib
import runpy
import sys

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json, load_ref_npz

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
sys.path.insert(0, str(REF_DIR))
import dataset_files  # noqa: E402


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    root = dataset_files.write_mnist(str(tmp_path_factory.mktemp("mnist")))
    ms_compat.install()
    try:
        gen = runpy.run_path(str(REF_DIR / "gen_dataset_mnist.py"), run_name="gen_dataset_mnist")
        return gen["program"](root)
    finally:
        ms_compat.uninstall()


def _norm(x):  # dtype names: MindSpore prints Float32; ms_compat's dtypes are torch's
    if isinstance(x, list):
        return [_norm(v) for v in x]
    return x.replace("torch.", "").lower() if isinstance(x, str) else x


def test_sizes_columns_and_batch_shapes(result):
    got, _ = result
    ref = load_ref_json("dataset", "mnist_program")
    got, ref = {k: _norm(v) for k, v in got.items()}, {k: _norm(v) for k, v in ref.items()}
    for key in ("raw_size", "raw_columns", "raw_types", "raw_shapes", "train_size", "test_size", "columns",
                "batch_size", "batches", "dict_keys", "dict_types"):
        assert got[key] == ref[key], key


def test_batch_values(result):
    _, arrays = result
    ref = load_ref_npz("dataset", "mnist_program")
    assert set(arrays) == set(ref)
    for k, v in ref.items():
        assert arrays[k].dtype == v.dtype and arrays[k].shape == v.shape, k
        np.testing.assert_allclose(arrays[k], v, rtol=1e-6, atol=1e-6, err_msg=k)


def test_training_and_eval(result):
    got, _ = result
    ref = load_ref_json("dataset", "mnist_program")
    np.testing.assert_allclose(got["train_losses"], ref["train_losses"], rtol=2e-4)
    assert got["eval"]["acc"] == ref["eval"]["acc"]
    np.testing.assert_allclose(got["eval"]["loss"], ref["eval"]["loss"], rtol=2e-4)
