"""MindSpore 2.10's generated protobuf modules (``mindspore.train.*_pb2``, ms_compat/train/_pb2.py) under
``ms_compat.install()``: every module real MindSpore has, with its public names and every message's fields (name,
number, type, repeated) exactly MindSpore's (tests/reference_data/namespace/pb2_modules.json, gen_ms_protos.py);
``from mindspore.train.mind_ir_pb2 import ModelProto`` (mindspore_gs) imports; a checkpoint ms_compat writes
parses with ``checkpoint_pb2.Checkpoint``."""
import importlib

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

REF = load_ref_json("namespace", "pb2_modules")


@pytest.fixture(scope="module")
def installed():
    ms_compat.install(force=True)
    yield
    ms_compat.uninstall()


def _messages(mod):
    out = {}
    for n, d in mod.DESCRIPTOR.message_types_by_name.items():
        stack = [(n, d)]
        while stack:
            path, m = stack.pop()
            out[path] = sorted([f.name, f.number, f.type, f.is_repeated] for f in m.fields)
            stack.extend((f"{path}.{k}", v) for k, v in m.nested_types_by_name.items())
    return out


@pytest.mark.parametrize("module", sorted(REF))
def test_pb2_module_has_mindspores_names_and_messages(module, installed):
    mod = importlib.import_module(module)
    assert sorted(n for n in vars(mod) if not n.startswith("_")) == REF[module]["names"]
    assert {k: [list(r) for r in v] for k, v in _messages(mod).items()} == REF[module]["messages"]


def test_checkpoint_written_by_ms_compat_parses_with_checkpoint_pb2(installed, tmp_path):
    import mindspore
    from mindspore.train.checkpoint_pb2 import Checkpoint
    net = mindspore.nn.Dense(3, 2)
    path = str(tmp_path / "net.ckpt")
    mindspore.save_checkpoint(net, path)
    ck = Checkpoint.FromString(open(path, "rb").read())
    tags = [v.tag for v in ck.value]
    assert tags == [p.name for p in net.get_parameters()]
    w = ck.value[0].tensor
    assert list(w.dims) == [2, 3] and w.tensor_type == "Float32"
    np.testing.assert_array_equal(np.frombuffer(w.tensor_content, np.float32).reshape(2, 3), net.weight.asnumpy())


def test_mindir_message_classes_import_as_mindspore_gs_imports_them(installed):
    from mindspore.train.mind_ir_pb2 import GraphProto, ModelProto
    m = ModelProto(ir_version="1")
    m.graph.CopyFrom(GraphProto(name="g"))
    assert ModelProto.FromString(m.SerializeToString()).graph.name == "g"
