"""save_checkpoint / load_checkpoint / load_param_into_net semantics (MindSpore 2.10, checkpoint.md)."""
import os

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Parameter, Tensor, nn
from ms_compat.train import ckpt_format as pb
from ms_compat.train import serialization as ser

from conftest import REF

REF_CKPT = REF / "checkpoint" / "mindspore_written"


class Dense(nn.Cell):
    def __init__(self, i=2, o=3):
        super().__init__()
        self.weight = Parameter(Tensor(np.arange(o * i, dtype=np.float32).reshape(o, i)), name="weight")
        self.bias = Parameter(Tensor(np.zeros(o, np.float32)), name="bias")


class BN(nn.Cell):
    def __init__(self, n=3):
        super().__init__()
        self.moving_mean = Parameter(Tensor(np.zeros(n, np.float32)), name="moving_mean", requires_grad=False)
        self.moving_variance = Parameter(Tensor(np.ones(n, np.float32)), name="moving_variance", requires_grad=False)
        self.gamma = Parameter(Tensor(np.ones(n, np.float32)), name="gamma")
        self.beta = Parameter(Tensor(np.zeros(n, np.float32)), name="beta")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p16 = Parameter(Tensor(np.array([1.5, -2.0], np.float16)), name="p16")
        self.dense = Dense()
        self.bn = BN()


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.backbone = Net()


NAMES = ["p16", "dense.weight", "dense.bias", "bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta"]


def _write(path, entries):
    """Raw .ckpt from (tag, dims, type, bytes) entries, built with protobuf."""
    with open(path, "wb") as f:
        for tag, dims, ttype, content in entries:
            m = pb.Checkpoint()
            v = m.value.add()
            v.tag = tag
            v.tensor.dims.extend(dims)
            v.tensor.tensor_type = ttype
            v.tensor.tensor_content = content
            f.write(m.SerializeToString())


def test_save_cell_order_names_and_reload(tmp_path):
    net = Net()
    f = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(net, f)
    d = ms.load_checkpoint(f)
    assert list(d) == NAMES == list(net.parameters_dict())
    assert d["p16"].dtype == ms.float16 and d["bn.moving_mean"].requires_grad
    net2 = Net()
    for p in net2.get_parameters():
        p.set_data(torch.zeros_like(p))
    w = net2.dense.weight
    assert ms.load_param_into_net(net2, d) == ([], [])
    assert net2.dense.weight is w
    np.testing.assert_array_equal(w.asnumpy(), net.dense.weight.asnumpy())


def test_load_checkpoint_with_net_and_filters(tmp_path):
    f = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(Net(), f)
    assert list(ms.load_checkpoint(f, filter_prefix="bn")) == NAMES[:3]
    assert list(ms.load_checkpoint(f, specify_prefix=["dense"])) == ["dense.weight", "dense.bias"]
    assert list(ms.load_checkpoint(f, choice_func=lambda n: n.endswith("bias"))) == ["dense.bias"]
    # prefixes override choice_func
    assert list(ms.load_checkpoint(f, specify_prefix="p16", choice_func=lambda n: False)) == ["p16"]
    with pytest.raises(ValueError, match="empty after filter"):
        ms.load_checkpoint(f, specify_prefix="zzz")
    with pytest.raises(TypeError):
        ms.load_checkpoint(f, filter_prefix=3)
    with pytest.raises(ValueError):
        ms.load_checkpoint(f, filter_prefix=[""])
    net = Net()
    net.dense.bias.set_data(torch.ones(3))
    d = ms.load_checkpoint(f, net=net)
    assert float(net.dense.bias.sum()) == 0.0 and len(d) == 7


def test_extension_and_format_rules(tmp_path):
    ms.save_checkpoint(Net(), str(tmp_path / "noext"))
    assert (tmp_path / "noext.ckpt").exists()
    ms.save_checkpoint(Net(), str(tmp_path / "a.safetensors"))       # format ckpt -> .ckpt appended
    assert (tmp_path / "a.safetensors.ckpt").exists()
    with pytest.raises(ValueError, match="must same with 'format'"):
        ms.load_checkpoint(str(tmp_path / "noext.ckpt"), format="safetensors")
    with pytest.raises(ValueError, match="format must be"):
        ms.save_checkpoint(Net(), str(tmp_path / "x"), format="pt")
    with pytest.raises(TypeError, match="must be nn.Cell, list or dict, but got <class 'int'>"):
        ms.save_checkpoint(3, str(tmp_path / "x"))
    with pytest.raises(TypeError, match="'ckpt_file_name' must be string, but got <class 'int'>"):
        ms.save_checkpoint(Net(), 3)


def test_partial_and_extra_keys(tmp_path):
    net = Net()
    d = {k: Parameter(v.clone(), name=k) for k, v in net.parameters_dict().items() if k != "p16"}
    d["extra.param"] = Parameter(Tensor([1.0]), name="extra.param")
    assert ms.load_param_into_net(net, d) == (["p16"], ["extra.param"])
    assert ms.load_param_into_net(net, d, strict_load=True) == (["p16"], ["extra.param"])


def test_names_must_match_no_prefix_stripping_for_outer(tmp_path):
    f = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(Net(), f)
    not_loaded, unused = ms.load_param_into_net(Outer(), ms.load_checkpoint(f))
    assert not_loaded == ["backbone." + n for n in NAMES] and unused == NAMES


def test_prefixed_checkpoint_retry_like_mindspore(tmp_path):
    net = Net()
    d = {"network." + k: Parameter(v.clone() + 1, name="network." + k) for k, v in net.parameters_dict().items()}
    target = Net()
    assert ms.load_param_into_net(target, d) == ([], list(d))    # loaded, ckpt list not updated (as MindSpore)
    np.testing.assert_array_equal(target.bn.gamma.asnumpy(), np.full(3, 2, np.float32))
    fresh = Net()
    assert ms.load_param_into_net(fresh, d, strict_load=True)[0] == NAMES   # strict: no retry


def test_dtype_rules():
    net = Net()
    d = {"dense.weight": Parameter(Tensor(np.ones((3, 2), np.float16)), name="dense.weight")}
    ms.load_param_into_net(net, d)
    assert net.dense.weight.dtype == ms.float32 and float(net.dense.weight.sum()) == 6.0
    with pytest.raises(RuntimeError) as ei:
        ms.load_param_into_net(Net(), d, strict_load=True)
    assert str(ei.value).startswith(
        "For 'load_param_into_net', dense.weight in the argument 'net' should have the same type as dense.weight in "
        "the argument 'parameter_dict'. but got its type Float32 in the argument 'net' and type Float16 in the "
        "argument 'parameter_dict'.May you need to check")
    bad = {"dense.weight": Parameter(Tensor(np.ones((3, 2), bool)), name="dense.weight")}
    with pytest.raises(RuntimeError, match="same type"):
        ms.load_param_into_net(Net(), bad)          # bool -> float is not converted even non-strict


def test_shape_mismatch_leaves_net_untouched():
    net = Net()
    before = {k: v.detach().clone() for k, v in net.parameters_dict().items()}
    d = {"p16": Parameter(Tensor(np.zeros(2, np.float16)), name="p16"),
         "dense.weight": Parameter(Tensor(np.zeros((5, 5), np.float32)), name="dense.weight")}
    with pytest.raises(RuntimeError) as ei:
        ms.load_param_into_net(net, d)
    assert ("dense.weight in the argument 'net' should have the same shape as dense.weight in the argument "
            "'parameter_dict'. But got its shape (3, 2) in the argument 'net' and shape (5, 5)") in str(ei.value)
    for k, v in net.parameters_dict().items():
        assert torch.equal(v.detach(), before[k]), k      # p16 was not loaded either
    # trailing 1-dims in the checkpoint are accepted, as in MindSpore
    d2 = {"dense.bias": Parameter(Tensor(np.ones((3, 1, 1), np.float32)), name="dense.bias")}
    ms.load_param_into_net(net, d2)
    assert net.dense.bias.shape == (3,) and float(net.dense.bias.sum()) == 3


def test_load_param_into_net_type_errors():
    with pytest.raises(TypeError, match="the argument 'net' should be a Cell, but got <class 'int'>"):
        ms.load_param_into_net(1, {})
    with pytest.raises(TypeError, match="'parameter_dict' should be a dict, but got <class 'list'>"):
        ms.load_param_into_net(Net(), [])
    with pytest.raises(TypeError, match="should be a 'str' and 'Parameter'"):
        ms.load_param_into_net(Net(), {"p16": Tensor([1.0])})


def test_save_list_dict_state_dict_and_append(tmp_path):
    net = Net()
    f = str(tmp_path / "l.ckpt")
    ms.save_checkpoint(list(net.get_parameters()), f)
    assert list(ms.load_checkpoint(f)) == NAMES
    ms.save_checkpoint(net.trainable_params(), f, choice_func=lambda n: n.startswith("dense"))
    assert list(ms.load_checkpoint(f)) == ["dense.weight", "dense.bias"]
    # dict {"y": Parameter(name='other')} is saved under the key
    ms.save_checkpoint({"y": Parameter(Tensor([1.0]), name="other"), "n": np.arange(3, dtype=np.int32),
                        "s": "text"}, f)
    d = ms.load_checkpoint(f)
    assert list(d) == ["y", "n", "s"] and d["n"].dtype == ms.int32 and d["s"] == "text"
    # state_dict() (plain tensors) works (MindSpore 2.10 raises UnboundLocalError: documented difference)
    ms.save_checkpoint(net.state_dict(), f)
    assert list(ms.load_checkpoint(f)) == list(net.state_dict())
    ms.save_checkpoint(net, f, append_dict={"epoch_num": 3, "lr": 0.5, "tag": "abc", "flag": True})
    d = ms.load_checkpoint(f)
    assert [str(d[k].dtype) for k in ("epoch_num", "lr", "flag")] == ["torch.int64", "torch.float32", "torch.bool"]
    assert d["tag"] == "abc"
    with pytest.raises(TypeError, match="append_dict"):
        ms.save_checkpoint(net, f, append_dict=[1])
    with pytest.raises(TypeError, match="list of Parameter"):
        ms.save_checkpoint([torch.zeros(1)], f)
    with pytest.raises(TypeError, match="should be parameter"):
        ms.save_checkpoint([{"name": "a", "data": 1}], f)
    with pytest.raises(TypeError, match="when save_obj is made up by dict"):
        ms.save_checkpoint({"a": 1}, f)


def test_string_entry_bytes():
    chunks = list(ser._iter_ckpt_chunks([("tag", "abc")]))
    v = pb.Checkpoint.FromString(chunks[0]).value[0]
    assert list(v.tensor.dims) == [0] and v.tensor.tensor_type == "str"
    assert v.tensor.tensor_content == bytes.fromhex("610000006200000063000000")


def test_old_dtype_spelling_and_dims0_scalar(tmp_path):
    f = str(tmp_path / "old.ckpt")
    _write(f, [("u", [2], "Uint8", b"\x01\x02"), ("s", [0], "Float32", np.float32(2.5).tobytes()),
               ("e", [0], "Int32", b"")])
    d = ms.load_checkpoint(f)
    assert d["u"].dtype == ms.uint8 and d["u"].asnumpy().tolist() == [1, 2]
    assert d["s"].shape == () and float(d["s"]) == 2.5
    assert d["e"].shape == (0,)


def test_all_dtypes_round_trip(tmp_path):
    f = str(tmp_path / "all.ckpt")
    vals = {}
    for dt in [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32,
               torch.int64, torch.uint8, torch.uint16, torch.uint32, torch.uint64, torch.bool, torch.complex64]:
        vals[str(dt)] = (torch.arange(6) % 2 == 0).to(dt).reshape(2, 3) if dt == torch.bool else \
            torch.arange(6).to(dt).reshape(2, 3)
    ms.save_checkpoint(vals, f)
    raw = pb.Checkpoint.FromString(open(f, "rb").read())
    assert [v.tensor.tensor_type for v in raw.value] == ["Float16", "BFloat16", "Float32", "Float64", "Int8", "Int16",
                                                         "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
                                                         "Bool", "Complex64"]
    d = ms.load_checkpoint(f)
    for k, v in vals.items():
        assert d[k].dtype == v.dtype and torch.equal(torch.Tensor.as_subclass(d[k].detach(), torch.Tensor), v), k


def test_plain_tensor_records_read_straight_into_tensors_without_protobuf(tmp_path, monkeypatch):
    """Plain tensor records (all dtypes, split pieces, CRC) are decoded by ckpt_records.tensor_header and
    their bytes read from the file into the tensor, so reading them needs no protobuf at all; the
    MindSpore-written files load the same way."""
    f = str(tmp_path / "all.ckpt")
    vals = {str(dt): torch.arange(6).to(dt).reshape(2, 3) for dt in
            [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.int64, torch.uint8,
             torch.bool, torch.complex64]}
    vals["scalar"] = torch.tensor(3.5)
    monkeypatch.setattr(ser, "SLICE_BYTES", 8)   # "float64" and "complex64" come in pieces
    ms.save_checkpoint(vals, f, crc_check=True)
    ms_written = str(REF_CKPT / "layers.ckpt")
    expected = ms.load_checkpoint(ms_written)

    def no_protobuf():
        raise ImportError("protobuf is not needed for plain tensor records")

    monkeypatch.setattr(ser, "_pb", no_protobuf)
    d = ms.load_checkpoint(f, crc_check=True)
    for k, v in vals.items():
        assert d[k].dtype == v.dtype and torch.equal(torch.Tensor.as_subclass(d[k].detach(), torch.Tensor), v), k
    again = ms.load_checkpoint(ms_written)
    assert list(again) == list(expected)
    assert all(torch.equal(again[k], expected[k]) for k in expected)
    with open(f, "r+b") as fh:   # the CRC still covers bytes that went straight into the tensors
        fh.seek(-18, os.SEEK_END)   # the last content byte (of "scalar"), before the 17-byte trailer
        b = fh.read(1)
        fh.seek(-18, os.SEEK_END)   # the last content byte (of "scalar"), before the 17-byte trailer
        fh.write(bytes([b[0] ^ 0xFF]))
    with pytest.raises(ser.CheckpointFormatError, match="crc check is failed"):
        ms.load_checkpoint(f, crc_check=True)


def test_large_tensor_split_and_join(tmp_path, monkeypatch):
    monkeypatch.setattr(ser, "SLICE_BYTES", 8)
    f = str(tmp_path / "big.ckpt")
    t = torch.arange(10, dtype=torch.float32).reshape(5, 2)
    ms.save_checkpoint({"w": t, "b": torch.ones(1)}, f, crc_check=True)
    raw = open(f, "rb").read()
    vals = pb.Checkpoint.FromString(raw[:-17]).value
    assert [v.tag for v in vals] == ["w"] * 5 + ["b"]
    assert all(list(v.tensor.dims) == [5, 2] for v in vals[:5])
    d = ms.load_checkpoint(f, crc_check=True)
    assert torch.equal(torch.Tensor.as_subclass(d["w"].detach(), torch.Tensor), t)
    # a missing piece is reported by name
    g = str(tmp_path / "short.ckpt")
    with open(g, "wb") as out:
        for v in vals[:4]:
            m = pb.Checkpoint()
            m.value.append(v)
            out.write(m.SerializeToString())
    with pytest.raises(ser.CheckpointFormatError, match="'w'.*holds 32 bytes, but shape \\(5, 2\\) of Float32 needs 40"):
        ms.load_checkpoint(g)


def test_wrong_size_and_unknown_dtype_named(tmp_path):
    f = str(tmp_path / "bad.ckpt")
    _write(f, [("ok", [1], "Float32", b"\0" * 4), ("w", [2, 2], "Float32", b"\0" * 12)])
    with pytest.raises(ser.CheckpointFormatError, match=r"tensor 'w' in the checkpoint file .*bad.ckpt"):
        ms.load_checkpoint(f)
    _write(f, [("w", [1], "Float8", b"\0")])
    with pytest.raises(ValueError, match="'w'.*unknown data type 'Float8'"):
        ms.load_checkpoint(f)
    _write(f, [("w", [1 << 40], "Float32", b"\0" * 4)])     # no huge allocation for a lying shape
    with pytest.raises(ValueError, match="'w'.*truncated"):
        ms.load_checkpoint(f)


def test_crc_trailer(tmp_path):
    f = str(tmp_path / "c.ckpt")
    ms.save_checkpoint(Net(), f, crc_check=True)
    raw = open(f, "rb").read()
    assert raw[-17:-10] == b"crc_num"
    import binascii
    assert int.from_bytes(raw[-10:], "big") == binascii.crc32(raw[:-17])
    bad = bytearray(raw)
    bad[-20] ^= 0x40           # inside the last float payload: still parses
    os.chmod(f, 0o600)
    open(f, "wb").write(bytes(bad))
    assert len(ms.load_checkpoint(f)) == 7            # no check requested
    with pytest.raises(ValueError, match="crc check is failed"):
        ms.load_checkpoint(f, crc_check=True)


def test_atomic_save_keeps_old_file(tmp_path, monkeypatch):
    f = str(tmp_path / "a.ckpt")
    ms.save_checkpoint(Net(), f)
    before = open(f, "rb").read()
    real = ser._iter_ckpt_chunks

    def failing(items):
        for i, chunk in enumerate(real(items)):
            if i == 2:
                raise OSError("disk full (simulated)")
            yield chunk
    monkeypatch.setattr(ser, "_iter_ckpt_chunks", failing)
    net = Net()
    net.dense.bias.set_data(torch.full((3,), 9.0))
    with pytest.raises(OSError, match="simulated"):
        ms.save_checkpoint(net, f)
    assert open(f, "rb").read() == before
    assert os.listdir(tmp_path) == ["a.ckpt"]          # no temp file left behind


def test_encryption_round_trip_and_missing_package(tmp_path, monkeypatch):
    pytest.importorskip("cryptography")
    key = b"k" * 32
    for mode in ("AES-GCM", "AES-CBC"):
        f = str(tmp_path / f"e{mode}.ckpt")
        ms.save_checkpoint(Net(), f, enc_key=key, enc_mode=mode, append_dict={"t": "x"})
        d = ms.load_checkpoint(f, dec_key=key, dec_mode=mode)
        assert list(d) == NAMES + ["t"]
        with pytest.raises(ValueError):
            ms.load_checkpoint(f, dec_key=b"j" * 32, dec_mode=mode)
    with pytest.raises(ValueError, match="key length"):
        ms.save_checkpoint(Net(), str(tmp_path / "k.ckpt"), enc_key=b"short")
    import builtins
    real_import = builtins.__import__

    def no_crypto(name, *a, **k):
        if name.startswith("cryptography"):
            raise ImportError("No module named 'cryptography'")
        return real_import(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_crypto)
    f = str(tmp_path / "eAES-GCM.ckpt")
    with pytest.raises(ImportError, match=r"eAES-GCM\.ckpt.*'cryptography' package"):
        ms.load_checkpoint(f, dec_key=key)


def test_safetensors_round_trip_and_torch_reader(tmp_path):
    from safetensors.torch import load_file
    f = str(tmp_path / "n.safetensors")
    ms.save_checkpoint(Net(), f, format="safetensors", crc_check=True)
    d = ms.load_checkpoint(f, format="safetensors", crc_check=True)
    assert list(d) == sorted(NAMES) and all(isinstance(v, Parameter) for v in d.values())
    assert sorted(load_file(f)) == sorted(NAMES)
    with pytest.raises(ValueError, match="'enc_key' must be set to default"):
        ms.save_checkpoint(Net(), f, format="safetensors", enc_key=b"0" * 16)
    bad = str(tmp_path / "bad.safetensors")
    open(bad, "wb").write(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json}")
    with pytest.raises(ValueError, match="bad.safetensors"):
        ms.load_checkpoint(bad, format="safetensors")


def test_convert_ckpt_safetensors_and_async(tmp_path):
    f = str(tmp_path / "n.ckpt")
    ms.save_checkpoint(Net(), f, async_save=True)
    ser._wait_async_save()
    ms.ckpt_to_safetensors(f, save_path=str(tmp_path / "out"), name_map={"p16": "half"})
    d = ms.load_checkpoint(str(tmp_path / "out" / "n.safetensors"), format="safetensors")
    assert "half" in d and "p16" not in d
    ms.safetensors_to_ckpt(str(tmp_path / "out" / "n.safetensors"))
    assert (tmp_path / "out" / "n.ckpt").exists()
    fut = ms.load_checkpoint_async(str(tmp_path / "out" / "n.ckpt"))
    assert "half" in fut.result()


def test_torch_state_dict_helpers(tmp_path):
    net = Net()
    f = str(tmp_path / "n.ckpt")
    ms.save_checkpoint(net, f)
    sd = ser.checkpoint_to_torch_state_dict(f, net=Net())
    assert list(sd) == list(net.state_dict()) and all(type(v) is torch.Tensor for v in sd.values())
    torch.save(sd, tmp_path / "n.pt")
    pd = ser.torch_state_dict_to_param_dict(str(tmp_path / "n.pt"), net=Net())
    assert list(pd) == NAMES and all(isinstance(v, Parameter) for v in pd.values())
    assert ms.load_param_into_net(Net(), pd) == ([], [])


def test_safetensors_result_not_backed_by_the_file(tmp_path):
    f = tmp_path / "m.safetensors"
    ms.save_checkpoint({"a": torch.zeros(4)}, str(f), format="safetensors")
    d = ms.load_checkpoint(str(f), format="safetensors")
    os.chmod(f, 0o600)
    with open(f, "r+b") as g:       # change and truncate the file in place
        raw = g.read()
        g.seek(0)
        g.write(raw[:-16] + b"\x01" * 16)
        g.truncate(len(raw) - 8)
    assert float(d["a"].sum()) == 0.0


@pytest.mark.cuda
def test_cuda_parameters_save_and_load_in_place(tmp_path):
    net = Net().to("cuda")
    f = str(tmp_path / "g.ckpt")
    ms.save_checkpoint(net, f)
    assert ms.load_checkpoint(f)["dense.weight"].device.type in ("cpu", "cuda")
    other = Net().to("cuda")
    for p in other.get_parameters():
        p.set_data(torch.zeros_like(p))
    w = other.dense.weight
    assert ms.load_param_into_net(other, ms.load_checkpoint(f)) == ([], [])
    assert other.dense.weight is w and w.device.type == "cuda"
    assert torch.equal(w.detach().cpu(), net.dense.weight.detach().cpu())


def test_bytesio_input_safetensors_only(tmp_path):
    import io
    f = tmp_path / "b.safetensors"
    ms.save_checkpoint(Net(), str(f), format="safetensors", crc_check=True)
    d = ms.load_checkpoint(io.BytesIO(f.read_bytes()), format="safetensors", crc_check=True)
    assert list(d) == sorted(NAMES) and isinstance(d["p16"], Parameter)
    with pytest.raises(TypeError, match="ckpt don't support BytesIO"):
        ms.load_checkpoint(io.BytesIO(b""))
    with pytest.raises(ValueError):
        ms.load_checkpoint(io.BytesIO(b"\x05\x00\x00\x00\x00\x00\x00\x00{bad"), format="safetensors")


def test_without_protobuf_plain_files_load_and_others_name_the_package():
    """protobuf is an optional dependency: plain tensor checkpoints load without it; a file that needs
    it (here: an append_dict string) raises ImportError naming the package, not 'file corrupted'."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['google'] = None; sys.modules['google.protobuf'] = None\n"
            "import ms_compat as ms\n"
            f"print(len(ms.load_checkpoint({str(REF_CKPT / 'layers.ckpt')!r})))\n"
            "try:\n"
            f"    ms.load_checkpoint({str(REF_CKPT / 'mixed_append.ckpt')!r})\n"
            "except ImportError as e:\n"
            "    print('ImportError', 'protobuf' in str(e), 'corrupted' not in str(e))\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert res.stdout.split() == [str(len(ms.load_checkpoint(str(REF_CKPT / "layers.ckpt")))), "ImportError",
                                  "True", "True"], res.stderr[-2000:]
