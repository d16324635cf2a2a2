"""Bad data and failing workers: clear errors naming the file / column / element, no hang, and the pipeline can be
iterated again afterwards."""
import os
import pathlib
import sys

import numpy as np
import pytest

import ms_compat.dataset as ds
import ms_compat.dataset.vision as vision

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))
import dataset_files  # noqa: E402


def _rows(d):
    return [r for r in d.create_tuple_iterator(output_numpy=True)]


def test_corrupt_image_names_the_file_and_pipeline_recovers(tmp_path):
    root = dataset_files.write_image_folder(str(tmp_path / "f"))
    bad = os.path.join(root, "dog", "b.png")
    good = open(bad, "rb").read()
    with open(bad, "wb") as f:
        f.write(b"\x89PNG broken")
    d = ds.ImageFolderDataset(root, decode=True, shuffle=False, extensions=[".png"]).map(
        vision.Resize((8, 8)), "image").batch(2)
    with pytest.raises(RuntimeError, match=r"Invalid image, .*dog.b\.png decode failed"):
        _rows(d)
    with open(bad, "wb") as f:
        f.write(good)
    assert len(_rows(d)) == 3  # same pipeline object, iterated again


def test_unknown_column_is_named():
    d = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    with pytest.raises(ValueError, match="'image' does not exist"):
        d.map(vision.HWC2CHW(), input_columns="image")
    with pytest.raises(ValueError, match="'nope' does not exist"):
        d.project(["nope"])


def test_batch_shape_mismatch_names_column_and_row():
    def gen():
        for n in (2, 2, 3):
            yield (np.zeros(n, np.float32), np.int32(n))
    d = ds.GeneratorDataset(gen, ["seq", "n"]).batch(3)
    with pytest.raises(RuntimeError, match=r"column 'seq' of batch 0: row 0 has shape \[2\], row 2 has shape \[3\]"):
        _rows(d)
    ok = ds.GeneratorDataset(gen, ["seq", "n"]).padded_batch(3, pad_info={"seq": (None, -1)})
    (seq, n), = _rows(ok)
    assert seq.tolist() == [[0, 0, -1], [0, 0, -1], [0, 0, 0]] and n.tolist() == [2, 2, 3]


def _fail_on_5(x):
    if int(x) == 5:
        raise ValueError("bad element value 5")
    return x * 2


@pytest.mark.parametrize("workers,processes", [(1, False), (2, False), (2, True)])
def test_failing_worker_raises_original_with_index(workers, processes):
    d = ds.NumpySlicesDataset(np.arange(10), shuffle=False).map(_fail_on_5, num_parallel_workers=workers,
                                                                python_multiprocessing=processes)
    for _ in range(2):  # the same pipeline fails the same way again: nothing hangs, nothing is left behind
        with pytest.raises(ValueError, match="bad element value 5") as info:
            _rows(d)
        assert any("failed on element 5" in n for n in getattr(info.value, "__notes__", []))
    good = ds.NumpySlicesDataset(np.arange(10), shuffle=False).map(lambda x: x * 2, num_parallel_workers=workers)
    assert [int(r[0]) for r in _rows(good)] == list(range(0, 20, 2))  # parallel map keeps the order


def test_generator_source_error_names_index():
    class Src:
        def __getitem__(self, i):
            if i == 3:
                raise KeyError("missing sample")
            return (np.int32(i),)

        def __len__(self):
            return 5

    d = ds.GeneratorDataset(Src(), ["x"], shuffle=False)
    with pytest.raises(KeyError) as info:
        _rows(d)
    assert any("source index 3" in n for n in info.value.__notes__)
    d2 = ds.GeneratorDataset(Src(), ["x"], shuffle=False, num_parallel_workers=2, python_multiprocessing=False)
    with pytest.raises(KeyError):
        _rows(d2)
