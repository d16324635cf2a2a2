"""``ms-compat convert`` (ms_compat.train.convert)."""
import io

import pytest
import torch

from conftest import REF

import ms_compat as ms
from ms_compat.porting import cli
from ms_compat.train import convert

MSW = REF / "checkpoint" / "mindspore_written"


def test_ckpt_pt_safetensors_round_trip_is_lossless(tmp_path, capsys):
    src = MSW / "mixed_append.ckpt"
    assert cli.main(["convert", str(src), str(tmp_path / "a.pt")]) == 0
    out = capsys.readouterr().out
    assert "wrote 23 tensor(s) + 2 string(s), 240 bytes of tensor data" in out
    sd = torch.load(tmp_path / "a.pt", weights_only=True)
    assert sd["tag"] == "abc" and sd["pbf"].dtype == torch.bfloat16 and type(sd["p16"]) is torch.Tensor
    assert convert.main([str(tmp_path / "a.pt"), str(tmp_path / "b.ckpt"), "--quiet"]) == 0
    assert (tmp_path / "b.ckpt").read_bytes() == src.read_bytes()      # back to MindSpore's exact bytes
    assert convert.main([str(tmp_path / "b.ckpt"), str(tmp_path / "c.safetensors")]) == 0
    assert "skipped" in capsys.readouterr().err                        # strings have no safetensors form
    d = ms.load_checkpoint(str(tmp_path / "c.safetensors"), format="safetensors")
    assert len(d) == 23


def test_encrypted_input_rename_and_crc(tmp_path):
    pytest.importorskip("cryptography")
    assert convert.main([str(MSW / "enc_cbc.ckpt"), str(tmp_path / "p.ckpt"), "--dec-key", bytes(range(16)).hex(),
                         "--dec-mode", "AES-CBC"]) == 0
    assert (tmp_path / "p.ckpt").read_bytes() == (MSW / "mixed.ckpt").read_bytes()
    assert convert.main([str(MSW / "mixed.ckpt"), str(tmp_path / "r.ckpt"), "--rename", "p16=half",
                         "--crc-check"]) == 0
    d = ms.load_checkpoint(str(tmp_path / "r.ckpt"), crc_check=True)
    assert "half" in d and "p16" not in d


def test_errors_exit_1_with_message(tmp_path, capsys):
    assert convert.main([str(tmp_path / "missing.ckpt"), str(tmp_path / "o.pt")]) == 1
    assert "does not exist" in capsys.readouterr().err
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(b"\x0a\x05ab")
    assert convert.main([str(bad), str(tmp_path / "o.pt")]) == 1
    assert "corrupted" in capsys.readouterr().err
    assert not (tmp_path / "o.pt").exists()
    assert convert.main([str(bad), str(tmp_path / "o.txt")]) == 1


def test_pt_input_is_read_with_weights_only(tmp_path):
    class Evil:
        def __reduce__(self):
            return (print, ("pwned",))
    torch.save({"w": torch.ones(1), "x": Evil()}, tmp_path / "evil.pt")
    assert convert.main([str(tmp_path / "evil.pt"), str(tmp_path / "o.ckpt")]) == 1


def test_progress_bar(monkeypatch):
    monkeypatch.setattr(convert, "_BAR_MIN_BYTES", 10)
    buf = io.StringIO()
    bar = convert._Bar("writing", 100, True, stream=buf)
    bar(50)
    bar(50)
    bar.close()
    assert "100.0%" in buf.getvalue() and "#" * 30 in buf.getvalue()
