"""MindSpore 2.10's generated protobuf modules (``mindspore.train.mind_ir_pb2``, ``checkpoint_pb2``,
``summary_pb2``, ``anf_ir_pb2``, ``node_strategy_pb2``, ``lineage_pb2``, ``print_pb2``, ``profiling_parallel_pb2``),
built from MindSpore's own schemas.

``ms_compat/_data/mindspore_protos.json`` holds each ``.proto`` file's ``FileDescriptorProto`` as MindSpore 2.10
ships it (written by tools/reference/gen_ms_protos.py, which finds every module holding a protobuf
``DESCRIPTOR``). The files are added to a descriptor pool of ms_compat's own (protobuf's default pool, which plain
code uses, is left alone; ms_compat's MindIR reader/writer keep their schema in ``train/mindir/schema.py``), and a
module's namespace is what protoc generates: ``DESCRIPTOR``, every top-level message class, every top-level enum
(an ``EnumTypeWrapper``), each enum value as a module constant, and the modules of the files it imports. The message classes come from protobuf's
``message_factory``, so they parse and serialize MindSpore's files; they are not the classes of ms_compat's
MindIR reader, so a message of one is not accepted by the other.
"""
from __future__ import annotations

import base64
import importlib
import json
import pathlib
import threading

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.internal import enum_type_wrapper

__all__ = ["module_namespace"]

_DATA = pathlib.Path(__file__).resolve().parent.parent / "_data" / "mindspore_protos.json"
_lock = threading.Lock()
_state: dict = {}


def _pool():
    with _lock:
        if "pool" not in _state:
            data = json.loads(_DATA.read_text())
            pool = descriptor_pool.DescriptorPool()
            for f in data["files"]:
                pool.Add(descriptor_pb2.FileDescriptorProto.FromString(base64.b64decode(f["pb"])))
            _state["pool"], _state["modules"] = pool, data["modules"]
    return _state["pool"], _state["modules"]


def module_namespace(module: str) -> dict:
    """The attributes of the generated module ``module`` (``ms_compat.train.mind_ir_pb2`` or
    ``mindspore.train.mind_ir_pb2``), as protoc generates them."""
    pool, modules = _pool()
    fd = pool.FindFileByName(modules["mindspore." + module.split(".", 1)[1]])
    ns = {"DESCRIPTOR": fd}
    by_file = {proto: path for path, proto in modules.items()}
    for dep in fd.dependencies:  # protoc's ``import anf_ir_pb2 as anf__ir__pb2``
        ns[dep.name[:-len(".proto")].replace("_", "__") + "__pb2"] = importlib.import_module(
            "ms_compat." + by_file[dep.name].split(".", 1)[1])
    for name, d in fd.enum_types_by_name.items():
        ns[name] = enum_type_wrapper.EnumTypeWrapper(d)
        ns.update((v.name, v.number) for v in d.values)
    for name, d in fd.message_types_by_name.items():
        ns[name] = message_factory.GetMessageClass(d)
    return ns
