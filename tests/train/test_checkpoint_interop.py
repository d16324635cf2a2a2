"""Checkpoint files against real MindSpore 2.10 (reference files from tools/reference/gen_checkpoint.py)."""
import os
import pathlib
import sys

import numpy as np
import pytest
import torch

from conftest import REF, load_ref_json, load_ref_npz

import ms_compat as ms
from ms_compat.train import serialization as ser

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import write_ms_compat_ckpts as W  # noqa: E402

CK = REF / "checkpoint"
MSW = CK / "mindspore_written"
MCW = CK / "ms_compat_written"
KEY = W.KEY
ORDER = [n for n, _, _ in W.LAYOUT]
DTYPES = {"float16": torch.float16, "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
          "int8": torch.int8, "int16": torch.int16, "int32": torch.int32, "int64": torch.int64,
          "uint8": torch.uint8, "bool": torch.bool}


@pytest.fixture(scope="module")
def data():
    return dict(np.load(CK / "data.npz"))


def _np(t):
    t = torch.Tensor.as_subclass(t.detach(), torch.Tensor)
    return (t.float() if t.dtype == torch.bfloat16 else t).numpy()


def _check_values(d, data, names=ORDER):
    for name, dt, shape in W.LAYOUT:
        if name not in names:
            continue
        p = d[name]
        assert isinstance(p, ms.Parameter) and p.name == name
        assert p.dtype == DTYPES[dt], name
        assert tuple(p.shape) == shape, name
        np.testing.assert_array_equal(_np(p), data[name].astype(_np(p).dtype), err_msg=name)


READ_CASES = [
    ("mixed.ckpt", {}), ("mixed_crc.ckpt", {"crc_check": True}), ("noext.ckpt", {}),
    ("enc_gcm.ckpt", {"dec_key": KEY}), ("enc_cbc.ckpt", {"dec_key": KEY, "dec_mode": "AES-CBC"}),
    ("enc_sm4.ckpt", {"dec_key": KEY, "dec_mode": "SM4-CBC"}),
]


@pytest.mark.parametrize("fname,kw", READ_CASES)
def test_read_files_written_by_mindspore(fname, kw, data):
    if "dec_key" in kw:
        pytest.importorskip("cryptography")
    if kw.get("dec_mode") == "SM4-CBC":
        from cryptography.hazmat.primitives.ciphers import algorithms
        if not hasattr(algorithms, "SM4"):
            pytest.skip("this cryptography build has no SM4")
    d = ms.load_checkpoint(str(MSW / fname), **kw)
    assert list(d) == ORDER
    _check_values(d, data)
    assert all(p._ms_trainable() for p in d.values())  # int Parameters: MindSpore flag (torch reads False)


def test_read_append_dict_written_by_mindspore(data):
    d = ms.load_checkpoint(str(MSW / "mixed_append.ckpt"))
    assert list(d) == ORDER + ["epoch_num", "lr", "tag", "flag", "note"]
    _check_values(d, data)
    assert d["epoch_num"].dtype == torch.int64 and int(d["epoch_num"]) == 3 and d["epoch_num"].shape == ()
    assert d["lr"].dtype == torch.float32 and float(d["lr"]) == 0.5
    assert d["flag"].dtype == torch.bool and bool(d["flag"])
    assert d["tag"] == "abc" and d["note"] == "h\u00e9llo \u2713"


@pytest.mark.parametrize("fname,kw", [("mixed.safetensors", {}), ("mixed_crc.safetensors", {"crc_check": True})])
def test_read_safetensors_written_by_mindspore(fname, kw, data):
    d = ms.load_checkpoint(str(MSW / fname), format="safetensors", **kw)
    names = [n for n in ORDER if not (fname.startswith("mixed_crc") and n == "pbf")]
    assert list(d) == sorted(names)
    _check_values(d, data, names)


BYTE_EQUAL = ["mixed.ckpt", "mixed_crc.ckpt", "mixed_append.ckpt", "mixed.safetensors", "mixed_crc.safetensors",
              "list2.ckpt"]


@pytest.fixture(scope="module")
def written(tmp_path_factory, data):
    out = tmp_path_factory.mktemp("mcw")
    W.write_all(out, data)
    return out


def _same_file(a, b):
    """Byte equality; for safetensors the JSON header is compared as a dict, because the
    safetensors library writes ``__metadata__`` keys in hash order (MindSpore's files too)."""
    a, b = a.read_bytes(), b.read_bytes()
    if a[8:10] == b'{"' and a[:8] == b[:8]:
        import json
        n = int.from_bytes(a[:8], "little")
        assert json.loads(a[8:8 + n]) == json.loads(b[8:8 + n])
        assert a[8 + n:] == b[8 + n:]
    else:
        assert a == b


@pytest.mark.parametrize("fname", BYTE_EQUAL)
def test_bytes_identical_to_mindspore(fname, written):
    _same_file(written / fname, MSW / fname)


@pytest.mark.parametrize("fname", BYTE_EQUAL + ["sliced.ckpt"])
def test_committed_ms_compat_files_are_current(fname, written):
    """The files MindSpore read in the generator are what ms_compat writes today."""
    _same_file(written / fname, MCW / fname)


def test_list2_is_the_documented_54_bytes():
    assert (MSW / "list2.ckpt").read_bytes().hex() == (
        "0a1a0a0161121508021207466c6f617433321a080000803f000000400a180a0162121308011205496e7436341a08030000000000"
        "0000")


def test_mindspore_reads_ms_compat_files(data):
    rec = load_ref_json("checkpoint", "read_by_mindspore")
    arrays = load_ref_npz("checkpoint", "read_by_mindspore")
    files = sorted(p.name for p in MCW.iterdir())
    assert set(files) <= set(rec)
    ms_dtype = {"float16": "Float16", "bfloat16": "BFloat16", "float32": "Float32", "float64": "Float64",
                "int8": "Int8", "int16": "Int16", "int32": "Int32", "int64": "Int64", "uint8": "UInt8",
                "bool": "Bool"}
    layout = {n: (dt, list(shape)) for n, dt, shape in W.LAYOUT}
    for fname in files:
        r = rec[fname]
        assert "error" not in r, (fname, r)
        names = [e[0] for e in r["entries"]]
        expect = [n for n in ORDER if not (fname == "mixed_crc.safetensors" and n == "pbf")]
        if fname.endswith(".safetensors"):
            expect = sorted(expect)
        if fname == "mixed_append.ckpt":
            expect = expect + ["epoch_num", "lr", "tag", "flag", "note"]
        if fname == "list2.ckpt":
            expect = ["a", "b"]
        assert names == expect, fname
        for name, dtype, shape, sval in r["entries"]:
            if name in layout:
                assert dtype == ms_dtype[layout[name][0]] and shape == layout[name][1], (fname, name)
                np.testing.assert_array_equal(arrays[f"{fname}|{name}"], data[name].astype(arrays[f"{fname}|{name}"].dtype))
        if fname == "mixed_append.ckpt":
            ent = {e[0]: e for e in r["entries"]}
            assert ent["tag"][3] == "abc" and ent["note"][3] == "h\u00e9llo \u2713"
            assert ent["epoch_num"][1] == "Int64" and ent["lr"][1] == "Float32" and ent["flag"][1] == "Bool"
    assert rec["load_param_into_net_mixed"] == [[], []]
    for name in ORDER:
        np.testing.assert_array_equal(arrays[f"after_load|{name}"], data[name].astype(arrays[f"after_load|{name}"].dtype))


def test_saved_file_mode_like_mindspore(tmp_path):
    rec = load_ref_json("checkpoint", "read_by_mindspore")
    ms.save_checkpoint({"a": ms.Tensor([1.0])}, str(tmp_path / "m.ckpt"))
    assert oct(os.stat(tmp_path / "m.ckpt").st_mode & 0o777) == rec["mode_of_saved_file"] == "0o400"
    ms.save_checkpoint({"a": ms.Tensor([2.0])}, str(tmp_path / "m.ckpt"))  # overwriting a 0400 file works
    assert float(ms.load_checkpoint(str(tmp_path / "m.ckpt"))["a"][0]) == 2.0


def test_damaged_files_raise_valueerror_like_mindspore(tmp_path):
    errors = load_ref_json("checkpoint", "read_by_mindspore")["errors"]
    raw = (MSW / "mixed.ckpt").read_bytes()
    cases = {"truncated_half": raw[: len(raw) // 2], "truncated_minus1": raw[:-1], "garbage": b"\xff" * 40,
             "empty": b""}
    for label, blob in cases.items():
        f = tmp_path / f"{label}.ckpt"
        f.write_bytes(blob)
        assert errors[label][0] == "ValueError"
        with pytest.raises(ValueError) as ei:
            ms.load_checkpoint(str(f))
        assert (str(f) in str(ei.value)) or label == "empty", label
    crc_raw = bytearray((MSW / "mixed_crc.ckpt").read_bytes())
    crc_raw[30] ^= 0x01
    f = tmp_path / "crc.ckpt"
    f.write_bytes(bytes(crc_raw))
    assert errors["crc_flipped_bit"][0] == "ValueError"
    with pytest.raises(ser.CheckpointFormatError, match="crc check is failed"):
        ms.load_checkpoint(str(f), crc_check=True)
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "nope.ckpt"))
    assert errors["missing"][0] == "ValueError"


def test_encrypted_wrong_or_missing_key(tmp_path):
    pytest.importorskip("cryptography")
    errors = load_ref_json("checkpoint", "read_by_mindspore")["errors"]
    assert errors["wrong_key"][0] == errors["no_key"][0] == "ValueError"
    with pytest.raises(ValueError, match="dec_key"):
        ms.load_checkpoint(str(MSW / "enc_gcm.ckpt"), dec_key=bytes(16))
    with pytest.raises(ValueError, match="corrupted"):
        ms.load_checkpoint(str(MSW / "enc_gcm.ckpt"))
