"""MindRecord file encryption against MindSpore 2.10 (tools/reference/gen_mindrecord_encrypt.py run through the
alias for writing): ms_compat reads a file MindSpore encrypted (set_enc_key), and a file ms_compat encrypts has
MindSpore's layout and decrypts to the byte-identical plaintext MindSpore writes."""
import base64
import hashlib
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

pytest.importorskip("cryptography")
GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_mindrecord_encrypt.py"
REF = load_ref_json("dataset", "mindrecord_encrypt")


@pytest.fixture()
def cfg():
    from ms_compat.mindrecord import config
    yield config
    config.set_enc_key(None)
    config.set_enc_mode("AES-GCM")
    config.set_dec_mode(None)


def _gen():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_mindrecord_encrypt")
    finally:
        ms_compat.uninstall()


def test_reads_file_encrypted_by_mindspore(tmp_path, cfg):
    p = tmp_path / "enc.mindrecord"
    p.write_bytes(base64.b64decode(REF["enc_file"]))
    (tmp_path / "enc.mindrecord.db").write_bytes(base64.b64decode(REF["enc_db"]))
    g = _gen()
    with pytest.raises(RuntimeError, match="is encrypted"):
        g["read"](str(p))
    cfg.set_enc_key(REF["key"])
    assert g["read"](str(p)) == REF["enc_rows"] == REF["rows"]
    from ms_compat.dataset import MindDataset
    labels = [int(r[0]) for r in MindDataset(str(p), columns_list=["label"], shuffle=False)
              .create_tuple_iterator(output_numpy=True)]
    assert labels == [r["label"] for r in REF["rows"]]
    cfg.set_enc_key("f" * 32)  # wrong key
    with pytest.raises(RuntimeError, match="Failed to decrypt"):
        g["read"](str(p))


def test_writes_mindspore_layout(tmp_path, cfg):
    from ms_compat.mindrecord.config import decrypted
    g = _gen()
    plain = tmp_path / "plain.mindrecord"
    g["write"](str(plain))
    assert hashlib.sha1(plain.read_bytes()).hexdigest() == REF["plain_sha1"]
    (tmp_path / "p").mkdir()
    plain = tmp_path / "p" / "enc.mindrecord"  # the header names the file: same name as the encrypted one
    g["write"](str(plain))
    cfg.set_enc_key(REF["key"])
    enc = tmp_path / "enc.mindrecord"
    g["write"](str(enc))
    data = enc.read_bytes()
    ms = base64.b64decode(REF["enc_file"])
    assert data[-18:] == ms[-18:] == b"\0\0\0\0AES-GCMENCRYPT"
    assert len(data) == len(ms)  # same block framing and cipher-block sizes
    n = int.from_bytes(data[:4], "big")
    assert n == int.from_bytes(ms[:4], "big") and data[4:8] == ms[4:8]  # block length, cipher magic
    assert pathlib.Path(decrypted(str(enc))).read_bytes() == plain.read_bytes()
    assert g["read"](str(enc)) == REF["rows"]
    cfg.set_enc_key(None)
    with pytest.raises(RuntimeError, match="is encrypted"):
        g["read"](str(enc))


def test_custom_modes_and_bad_settings(tmp_path, cfg):
    def enc(src, size, dst, key):
        dst.write(bytes(b ^ 0x5A for b in src.read(size)))

    def dec(src, size, dst, key):
        dst.write(bytes(b ^ 0x5A for b in src.read(size - 11)))  # minus the [0][mode] trailer
    g = _gen()
    cfg.set_enc_key(REF["key"])
    cfg.set_enc_mode(enc)
    p = tmp_path / "udf.mindrecord"
    g["write"](str(p))
    assert p.read_bytes()[-14:] == b"UDF-ENCENCRYPT"
    with pytest.raises(RuntimeError, match="custom decryption"):
        g["read"](str(p))
    cfg.set_dec_mode(dec)
    assert g["read"](str(p)) == REF["rows"]
    with pytest.raises(ValueError, match="16, 24, 32"):
        cfg.set_enc_key("short")
    with pytest.raises(ValueError, match="invalid"):
        cfg.set_enc_mode("SM4-CBC")
    with pytest.raises(ValueError, match="not str"):
        cfg.set_dec_mode(3)
