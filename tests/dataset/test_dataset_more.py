"""More file-format datasets (MNIST-likes, STL10, USPS, Semeion, SVHN, image folders, .mat datasets, audio and
text corpora) against MindSpore 2.10 on the same files (tools/reference/gen_dataset_more.py run through the
import alias; files from tools/reference/dataset_files_more.py)."""
import pathlib
import runpy
import sys

import pytest

import ms_compat
from conftest import load_ref_json

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
REF = load_ref_json("dataset", "files_more")
# MindSpore's YesNoDataset lists its folder unsorted (the file system's order): compared as a set of rows
UNORDERED = ("yesno",)


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    root = tmp_path_factory.mktemp("files_more")
    ms_compat.install()
    try:
        g = runpy.run_path(str(REF_DIR / "gen_dataset_more.py"), run_name="gen_dataset_more")
        paths = g["write"](str(root))
        yield g, paths
    finally:
        ms_compat.uninstall()
    sys.modules.pop("dataset_files_more", None)


@pytest.mark.parametrize("name", sorted(REF))
def test_case_matches_mindspore(gen, name):
    g, paths = gen
    ref = REF[name]
    if "error" in ref:  # MindSpore raised: so must we, with the same type
        with pytest.raises(Exception) as info:
            g["describe"](g["cases"](paths)[name])
        assert type(info.value).__name__ == ref["error"][0]
        return
    got = g["describe"](g["cases"](paths)[name])
    assert got["columns"] == ref["columns"]
    assert got["size"] == ref["size"]
    assert len(got["rows"]) == len(ref["rows"])
    if name in UNORDERED:
        assert sorted(map(repr, got["rows"])) == sorted(map(repr, ref["rows"]))
        return
    for k, (a, b) in enumerate(zip(got["rows"], ref["rows"])):
        assert a == b, f"row {k}"


def test_fake_image_dataset_is_reproducible():
    import numpy as np
    import ms_compat.dataset as ds
    make = lambda: ds.FakeImageDataset(6, (5, 4, 3), 3, base_seed=2, shuffle=False)  # noqa: E731
    a = [r for r in make().create_tuple_iterator(output_numpy=True)]
    b = [r for r in make().create_tuple_iterator(output_numpy=True)]
    assert make().get_dataset_size() == 6 and make().get_col_names() == ["image", "label"]
    assert all(x[0].shape == (5, 4, 3) and x[0].dtype == np.uint8 and x[1].dtype == np.uint32 for x in a)
    assert all(np.array_equal(x[0], y[0]) and x[1] == y[1] for x, y in zip(a, b))
    assert all(0 <= int(x[1]) < 3 for x in a) and ds.Implementation.PY.value == 1
