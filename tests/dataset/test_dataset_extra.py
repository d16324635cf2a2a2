"""RandomDataset, WaitedDSCallback and TFRecordDataset against MindSpore 2.10 on the same files and programs
(tools/reference/gen_dataset_extra.py run through the import alias; files from
tools/reference/dataset_files_extra.py)."""
import json
import pathlib
import runpy
import sys

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
REF = load_ref_json("dataset", "extra")


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    root = tmp_path_factory.mktemp("files_extra")
    ms_compat.install()
    try:
        g = runpy.run_path(str(REF_DIR / "gen_dataset_extra.py"), run_name="gen_dataset_extra")
        paths = g["write"](str(root))
        yield g, paths
    finally:
        ms_compat.uninstall()
    sys.modules.pop("dataset_files_extra", None)


@pytest.mark.parametrize("name", sorted(REF))
def test_case_matches_mindspore(gen, name):
    g, paths = gen
    got = json.loads(json.dumps(g["run_case"](g["cases"](paths)[name])))
    assert got == REF[name]


def test_tfrecord_reads_what_the_writer_wrote(tmp_path):
    sys.path.insert(0, str(REF_DIR))
    try:
        import dataset_files_extra as files
    finally:
        sys.path.remove(str(REF_DIR))
    import ms_compat.dataset as ds
    from ms_compat.dataset.engine.datasets_tfrecord import parse_example, read_records
    path = files.write_tfrecord(str(tmp_path / "a.tfrecord"),
                                [files.example({"i": [-3, 1 << 40], "f": [0.25], "b": [b"xyz"]})])
    (rec,) = read_records(path)
    assert parse_example(rec) == {"i": ("int64", [-3, 1 << 40]), "f": ("float", [0.25]), "b": ("bytes", [b"xyz"])}
    data = open(path, "rb").read()
    (tmp_path / "bad.tfrecord").write_bytes(data[:8] + b"\0\0\0\0" + data[12:])  # length CRC broken
    with pytest.raises(RuntimeError, match="CRC"):
        list(ds.TFRecordDataset(str(tmp_path / "bad.tfrecord"), shuffle=False))
    rows = list(ds.TFRecordDataset(path, shuffle=True).create_tuple_iterator(output_numpy=True))
    assert rows[0][2].tolist() == [-3, 1 << 40] and np.array_equal(rows[0][0], np.frombuffer(b"xyz", np.uint8))


def test_tedlium_waveform_holds_the_sphere_samples(tmp_path):
    """MindSpore 2.10 returns zeros here (see datasets_tedlium's docstring); ms_compat the file's samples."""
    sys.path.insert(0, str(REF_DIR))
    try:
        import dataset_files_extra as files
    finally:
        sys.path.remove(str(REF_DIR))
    import ms_compat.dataset as ds
    root = files.write_tedlium(str(tmp_path))
    raw = np.fromfile(f"{root}/TEDLIUM_release1/train/sph/ATalk_2009.sph", np.uint8)[1024:].view("<i2")
    rows = list(ds.TedliumDataset(f"{root}/TEDLIUM_release1", "release1", "train", shuffle=False)
                .create_tuple_iterator(output_numpy=True))
    wave = rows[2][0]  # ATalk_2009 line 1: 0.03 s to 0.0625 s at 16 kHz
    assert wave.dtype == np.float32 and wave.shape == (1, 520)
    np.testing.assert_allclose(wave[0], raw[480:1000] / 32767.0, rtol=0, atol=1e-7)
