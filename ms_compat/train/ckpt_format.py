"""MindSpore's ``checkpoint.proto`` messages, built at import time with the ``protobuf`` package.

Mirrors the ``checkpoint_pb2`` module shipped in the MindSpore wheel (proto2, no package)::

    Checkpoint { repeated Value value = 1;
                 Value { required string tag = 1;
                         oneof value { TensorProto tensor = 2; MapTensorProto maptensor = 3; } } }
    TensorProto { repeated int64 dims = 1; required string tensor_type = 2; required bytes tensor_content = 3; }
    MapTensorProto { repeated TensorProto tensor = 1; }

The descriptor is written here in code (``descriptor_pb2``) and registered in a private descriptor
pool, so it never clashes with another ``checkpoint.proto`` loaded in the same process. Only the
``protobuf`` library encodes and decodes messages. This module is imported lazily by
:mod:`ms_compat.train.serialization`; ``import ms_compat`` does not need protobuf.
"""
from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

__all__ = ["Checkpoint", "Value", "TensorProto", "MapTensorProto", "DecodeError"]

from google.protobuf.message import DecodeError

_F = descriptor_pb2.FieldDescriptorProto


def _field(msg, name, number, label, ftype, type_name=None, oneof_index=None):
    f = msg.field.add(name=name, number=number, label=label, type=ftype)
    if type_name:
        f.type_name = type_name
    if oneof_index is not None:
        f.oneof_index = oneof_index
    return f


def _build():
    fdp = descriptor_pb2.FileDescriptorProto(name="checkpoint.proto", syntax="proto2")
    ckpt = fdp.message_type.add(name="Checkpoint")
    _field(ckpt, "value", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".Checkpoint.Value")
    value = ckpt.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _field(value, "tag", 1, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(value, "tensor", 2, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".TensorProto", oneof_index=0)
    _field(value, "maptensor", 3, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".MapTensorProto", oneof_index=0)
    tp = fdp.message_type.add(name="TensorProto")
    _field(tp, "dims", 1, _F.LABEL_REPEATED, _F.TYPE_INT64)
    _field(tp, "tensor_type", 2, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(tp, "tensor_content", 3, _F.LABEL_REQUIRED, _F.TYPE_BYTES)
    mtp = fdp.message_type.add(name="MapTensorProto")
    _field(mtp, "tensor", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".TensorProto")
    pool = descriptor_pool.DescriptorPool()
    fd = pool.Add(fdp)
    fdesc = pool.FindFileByName(fd.name if hasattr(fd, "name") else "checkpoint.proto")
    get = message_factory.GetMessageClass
    return (get(fdesc.message_types_by_name["Checkpoint"]),
            get(fdesc.message_types_by_name["TensorProto"]),
            get(fdesc.message_types_by_name["MapTensorProto"]))


Checkpoint, TensorProto, MapTensorProto = _build()
# the upb/C++ backends expose nested classes as attributes; the pure-Python one (which importing MindSpore
# selects with PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python) does not
Value = message_factory.GetMessageClass(Checkpoint.DESCRIPTOR.nested_types_by_name["Value"])
