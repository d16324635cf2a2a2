"""The MindRecord converters against MindSpore 2.10 (tools/reference/gen_mindrecord_tools.py run through the
alias): from the same CIFAR-10/100, MNIST, CSV and ImageNet-folder sources, ms_compat's Cifar10ToMR, Cifar100ToMR,
MnistToMR, CsvToMR and ImageNetToMR write byte-identical MindRecord files, the same .db index, and the same rows."""
import pathlib
import pickle
import runpy
import warnings

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_mindrecord_tools.py"
REF = load_ref_json("dataset", "mindrecord_tools")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    pytest.importorskip("pandas")  # CsvToMR reads with pandas, as MindSpore
    d = tmp_path_factory.mktemp("mrtools")
    ms_compat.install()
    try:
        g = runpy.run_path(str(GEN), run_name="gen_mindrecord_tools")
        g["make_sources"](str(d))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            paths = g["convert_all"](str(d))
        return g["describe"](paths), [str(x.message) for x in w], d
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("case", sorted(REF))
def test_rows_and_schema_as_mindspore(made, case):
    got = made[0][case]
    for key in ("schema", "index_fields", "reader_schema", "rows"):
        assert got[key] == REF[case][key], key


@pytest.mark.parametrize("case", sorted(REF))
def test_files_identical_to_mindspore(made, case):
    got = made[0][case]
    assert (got["size"], got["sha1"]) == (REF[case]["size"], REF[case]["sha1"])
    assert got["db"] == REF[case]["db"]


def test_imagenet_skips_warned(made):
    msgs = made[1]
    assert any("n09 dir is not exist" in m for m in msgs)
    assert any("skip.png file is not suffix with JPEG/jpg" in m for m in msgs)


def test_hostile_cifar_pickle_runs_no_code(tmp_path):
    from ms_compat.mindrecord import Cifar10ToMR

    class Evil:
        def __reduce__(self):
            return (print, ("pwned",))

    src = tmp_path / "c"
    src.mkdir()
    (src / "data_batch_1").write_bytes(pickle.dumps({b"data": Evil()}, protocol=3))
    (src / "test_batch").write_bytes(pickle.dumps({b"data": Evil()}, protocol=3))
    with pytest.raises(RuntimeError, match="Not a valid Cifar10 Dataset"):
        Cifar10ToMR(str(src), str(tmp_path / "out.mindrecord")).transform()


def test_bad_arguments_clear_errors(tmp_path):
    from ms_compat.mindrecord import Cifar10ToMR, CsvToMR, MnistToMR
    (tmp_path / "c").mkdir()
    with pytest.raises(ValueError, match="data_batch_"):
        Cifar10ToMR(str(tmp_path / "c"), str(tmp_path / "o"))
    with pytest.raises(ValueError, match="partition_number must be int"):
        MnistToMR(str(tmp_path), str(tmp_path / "m"), "2")
    with pytest.raises(ValueError, match="should not contains"):
        MnistToMR(str(tmp_path), str(tmp_path / "a;b"))
    pytest.importorskip("pandas")
    with pytest.raises(ValueError, match="columns_list must be list of str"):
        CsvToMR(str(tmp_path / "x.csv"), str(tmp_path / "o2"), columns_list=[1])


def test_tfrecord_to_mr_will_not():
    from ms_compat.porting.api_coverage import lookup
    status, reason = lookup("mindspore.mindrecord.TFRecordToMR")
    assert status == "will not" and "TensorFlow" in reason
