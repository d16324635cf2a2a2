"""Encrypted MindIR both ways (tools/reference/gen_mindir_encrypt.py): files real MindSpore 2.10 encrypted
(AES-GCM, AES-CBC, SM4-CBC) load here with dec_key/dec_mode and run with MindSpore's outputs; files ms_compat
encrypted were loaded and run by MindSpore (stored, with its outputs), and ms_compat still encrypts the same model
bytes in the same block layout; errors as MindSpore's."""
import json
import pathlib
import struct
import sys

import numpy as np
import pytest

import ms_compat as ms

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "reference_data" / "mindir" / "encrypted"
SUMMARY = json.loads((DATA / "summary.json").read_text())
OUT = np.load(DATA / "outputs.npz")
KEY = bytes.fromhex(SUMMARY["key"])
MODES = SUMMARY["modes"]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import mindir_nets  # noqa: E402

pytest.importorskip("cryptography")


def _inputs():
    return [ms.Tensor(OUT[f"input{i}"]) for i in range(sum(k.startswith("input") for k in OUT.files))]


def _check(cell, prefix):
    outs = cell(*_inputs())
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.asnumpy(), OUT[f"{prefix}/output{i}"], rtol=1e-4, atol=1e-5, err_msg=prefix)


@pytest.mark.parametrize("mode", MODES)
def test_mindspore_encrypted_file_loads_and_matches(mode):
    _check(ms.nn.GraphCell(ms.load(str(DATA / f"{mode}.mindir"), dec_key=KEY, dec_mode=mode)), mode)


@pytest.fixture(scope="module")
def mixer_bytes(tmp_path_factory):
    """What ms_compat's writer writes for the network whose encrypted files MindSpore ran."""
    net, inputs = mindir_nets.build(ms)["mixer"]
    d = tmp_path_factory.mktemp("plain")
    ms.export(net, *inputs, file_name=str(d / "mixer"), file_format="MINDIR")
    return net, inputs, (d / "mixer.mindir").read_bytes()


def _blocks(raw, mode):
    """The cipher blocks' (magic, block_len, iv_len, cipher_len) headers."""
    out, pos = [], 0
    while pos < len(raw):
        magic = struct.unpack_from("<I", raw, pos)[0]
        pos += 4 + (16 if mode == "AES-GCM" else 0)
        blen, ivlen = struct.unpack_from("<ii", raw, pos)
        clen = struct.unpack_from("<i", raw, pos + 8 + ivlen)[0]
        out.append((magic, blen, ivlen, clen))
        pos += 4 + blen
    return out


@pytest.mark.parametrize("mode", MODES)
def test_mindspore_ran_what_ms_compat_encrypts(mode, mixer_bytes, tmp_path):
    from ms_compat.train.mindir.cipher import decrypt_mindir
    net, inputs, plain = mixer_bytes
    stored = DATA / f"ms_compat_{mode}.mindir"  # MindSpore loaded and ran this file: its outputs are stored
    assert decrypt_mindir(stored, KEY, mode) == plain, "the writer changed: rerun gen_mindir_encrypt"
    for i, o in enumerate(net(*inputs)):
        np.testing.assert_allclose(OUT[f"ms_compat_{mode}/output{i}"], o.asnumpy(), rtol=1e-4, atol=1e-5)
    ms.export(net, *inputs, file_name=str(tmp_path / "again"), file_format="MINDIR", enc_key=KEY, enc_mode=mode)
    again = (tmp_path / "again.mindir").read_bytes()
    assert again != stored.read_bytes()  # a fresh random IV each time, as MindSpore
    assert _blocks(again, mode) == _blocks(stored.read_bytes(), mode)
    assert decrypt_mindir(tmp_path / "again.mindir", KEY, mode) == plain
    _check(ms.nn.GraphCell(ms.load(str(tmp_path / "again.mindir"), dec_key=KEY, dec_mode=mode)), f"ms_compat_{mode}")


@pytest.mark.parametrize("case, call", [
    ("no_key", lambda f: ms.load(f)),
    ("wrong_key", lambda f: ms.load(f, dec_key=bytes(16))),
    ("wrong_mode", lambda f: ms.load(f, dec_key=KEY, dec_mode="AES-CBC")),
    ("key_not_bytes", lambda f: ms.load(f, dec_key="0123456789abcdef")),
])
def test_load_errors_as_mindspore(case, call):
    kind, message = SUMMARY["errors"][case]
    with pytest.raises(Exception) as e:
        call(str(DATA / "AES-GCM.mindir"))
    assert type(e.value).__name__ == kind and str(e.value).startswith(message)


def test_export_bad_mode_as_mindspore(mixer_bytes, tmp_path):
    net, inputs, _ = mixer_bytes
    kind, message = SUMMARY["errors"]["export_bad_mode"]
    with pytest.raises(ValueError) as e:
        ms.export(net, *inputs, file_name=str(tmp_path / "x"), file_format="MINDIR", enc_key=KEY, enc_mode="DES")
    assert type(e.value).__name__ == kind and str(e.value) == message


def test_customized_encryption_functions(mixer_bytes, tmp_path):
    net, inputs, plain = mixer_bytes

    def xor(data, key):
        return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))
    ms.export(net, *inputs, file_name=str(tmp_path / "c"), file_format="MINDIR", enc_key=KEY, enc_mode=xor)
    raw = (tmp_path / "c.mindir").read_bytes()
    assert raw == xor(plain, KEY)
    _check(ms.nn.GraphCell(ms.load(str(tmp_path / "c.mindir"), dec_key=KEY, dec_mode=xor)), "AES-GCM")


def test_missing_cryptography_is_named(monkeypatch, mixer_bytes, tmp_path):
    net, inputs, _ = mixer_bytes
    monkeypatch.setitem(sys.modules, "cryptography", None)
    with pytest.raises(ImportError, match="cryptography") as e:
        ms.load(str(DATA / "AES-CBC.mindir"), dec_key=KEY, dec_mode="AES-CBC")
    assert "AES-CBC.mindir" in str(e.value)
    with pytest.raises(ImportError, match="cryptography"):
        ms.export(net, *inputs, file_name=str(tmp_path / "y"), file_format="MINDIR", enc_key=KEY)
    assert not (tmp_path / "y.mindir").exists()
