"""Property/fuzz test: mutated and truncated checkpoint files end in ValueError (CheckpointFormatError
or MindSpore's 'empty dict' ValueError) or load cleanly — never another exception, a crash or a hang."""
import os
import pathlib

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REF

import ms_compat as ms

MSW = REF / "checkpoint" / "mindspore_written"
SOURCES = {name: (MSW / name).read_bytes() for name in
           ("mixed.ckpt", "mixed_crc.ckpt", "mixed_append.ckpt", "list2.ckpt", "mixed.safetensors")}
if os.path.exists(MSW / "enc_gcm.ckpt"):
    SOURCES["enc_gcm.ckpt"] = (MSW / "enc_gcm.ckpt").read_bytes()

_edit = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10 ** 6), st.integers(1, 255)),
    st.tuples(st.just("set"), st.integers(0, 10 ** 6), st.integers(0, 255)),
    st.tuples(st.just("cut"), st.integers(0, 10 ** 6), st.just(0)),
    st.tuples(st.just("drop"), st.integers(0, 10 ** 6), st.integers(1, 16)),
    st.tuples(st.just("insert"), st.integers(0, 10 ** 6), st.integers(0, 255)),
)


def _mutate(raw, edits):
    b = bytearray(raw)
    for kind, pos, val in edits:
        if not b:
            break
        i = pos % len(b)
        if kind == "flip":
            b[i] ^= val
        elif kind == "set":
            b[i] = val
        elif kind == "cut":
            del b[i:]
        elif kind == "drop":
            del b[i:i + val]
        else:
            b.insert(i, val)
    return bytes(b)


def _load(path, name):
    kw = {}
    if name.endswith(".safetensors"):
        kw["format"] = "safetensors"
    if name.startswith("enc_"):
        kw["dec_key"] = bytes(range(16))
    if "crc" in name:
        kw["crc_check"] = True
    return ms.load_checkpoint(str(path), **kw)


@settings(max_examples=int(os.environ.get("CKPT_FUZZ_EXAMPLES", 250)), deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SOURCES)), edits=st.lists(_edit, min_size=1, max_size=4))
def test_mutated_files_end_in_valueerror(tmp_path, name, edits):
    if name.startswith("enc_"):
        pytest.importorskip("cryptography")
    blob = _mutate(SOURCES[name], edits)
    path = pathlib.Path(tmp_path) / ("f_" + name)
    path.write_bytes(blob)
    try:
        out = _load(path, name)
    except ValueError:
        return
    assert isinstance(out, dict) and out


@settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(SOURCES)), frac=st.floats(0, 1, exclude_max=True))
def test_truncated_files_raise(tmp_path, name, frac):
    if name.startswith("enc_"):
        pytest.importorskip("cryptography")
    raw = SOURCES[name]
    cut = int(len(raw) * frac)
    path = pathlib.Path(tmp_path) / ("t_" + name)
    path.write_bytes(raw[:cut])
    try:
        _load(path, name)
    except ValueError:
        return
    # a cut exactly at an entry boundary is a valid shorter checkpoint (MindSpore reads it too);
    # anything else must have raised
    from ms_compat.train import ckpt_format as pb
    if name.endswith(".ckpt") and not name.startswith("enc_"):
        pb.Checkpoint.FromString(raw[:cut])
    else:
        pytest.fail(f"truncated {name} at {cut}/{len(raw)} loaded without error")


def _protobuf_tensors(blob):
    """The tensors of a (CRC-less, unencrypted) .ckpt blob as protobuf alone decodes them:
    tag -> (tensor_type, dims, concatenated content), or None where protobuf rejects the file."""
    from ms_compat.train import ckpt_format as pb
    try:
        msg = pb.Checkpoint.FromString(blob)
    except Exception:  # noqa: BLE001 - any protobuf decode failure
        return None
    out = {}
    for v in msg.value:
        if v.WhichOneof("value") != "tensor":
            return "other"
        t = v.tensor
        if v.tag in out:
            ttype, dims, data = out[v.tag]
            out[v.tag] = (ttype, dims, data + t.tensor_content)
        else:
            out[v.tag] = (t.tensor_type, list(t.dims), t.tensor_content)
    return out


@settings(max_examples=int(os.environ.get("CKPT_FUZZ_EXAMPLES", 250)), deadline=2000,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(["mixed.ckpt", "list2.ckpt"]), edits=st.lists(_edit, min_size=1, max_size=3))
def test_fast_record_reader_agrees_with_protobuf(tmp_path, name, edits):
    """load_checkpoint reads plain tensor records without protobuf (ckpt_records.tensor_header, content
    straight into the tensor). On any mutation it must never accept what protobuf rejects, and what it
    loads must be exactly the bytes protobuf decodes."""
    blob = _mutate(SOURCES[name], edits)
    path = pathlib.Path(tmp_path) / ("d_" + name)
    path.write_bytes(blob)
    ref = _protobuf_tensors(blob)
    try:
        out = _load(path, name)
    except ValueError:
        return
    assert ref is not None, "loaded a file protobuf rejects"
    if ref == "other":
        return
    assert set(out) == set(ref)
    for tag, value in out.items():
        ttype, dims, data = ref[tag]
        if isinstance(value, str):
            assert ttype == "str"
            continue
        assert list(value.shape) == ([] if dims == [0] and len(data) == value.element_size() else dims)
        t = value.detach().reshape(-1)
        raw = t.view(torch.uint8) if t.dtype != torch.uint8 else t
        assert bytes(raw.numpy()) == data, tag
