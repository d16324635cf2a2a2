"""The MindIR protobuf schema (package ``mind_ir``), built in code from a ``FileDescriptorProto``.

Field names and numbers are those of MindSpore's ``mind_ir.proto`` (MindSpore 2.10,
``IR_VERSION_WITH_SCALAR_GRAPH_HOLDER``); the message classes come from protobuf's own ``message_factory``, so no
generated ``_pb2`` module and no MindSpore import is needed. Only what a MindIR file holds is described (all fields of every message, so unknown data is never silently
reinterpreted). ``ModelProto``, ``GraphProto``, ``NodeProto``, ``AttributeProto``, ``TensorProto``, ... are exported.
"""
from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_T = {"double": _F.TYPE_DOUBLE, "float": _F.TYPE_FLOAT, "int64": _F.TYPE_INT64, "uint64": _F.TYPE_UINT64,
      "int32": _F.TYPE_INT32, "bool": _F.TYPE_BOOL, "string": _F.TYPE_STRING, "bytes": _F.TYPE_BYTES}
_OPT, _REP = _F.LABEL_OPTIONAL, _F.LABEL_REPEATED

# message -> [(number, name, type, repeated)]; a type starting with an upper-case letter is a message or an enum
_ATTRIBUTE_TYPES = ["UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "STRING", "BOOL",
                    "FLOAT16", "DOUBLE", "UINT32", "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16", "TENSOR", "GRAPH",
                    "TENSORS", "TUPLE", "LIST", "DICT", "UMONAD", "IOMONAD", "NONE", "PRIMITIVECLOSURE",
                    "FUNCGRAPHCLOSURE", "PARTIALCLOSURE", "UNIONFUNCCLOSURE", "CSR_TENSOR", "COO_TENSOR", "ROW_TENSOR",
                    "CLASS_TYPE", "NAME_SPACE", "SYMBOL", "TYPE_NULL", "MAP_TENSOR", "FUNCTOR", "SCALAR",
                    "SCALAR_GRAPH_HOLDER"]
_DATA_TYPES = ["UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "STRING", "BOOL",
               "FLOAT16", "DOUBLE", "UINT32", "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16", "FLOAT64", "QINT4X2"]
_ENUMS = {
    "AttributeProto.AttributeType": list(enumerate(_ATTRIBUTE_TYPES)),
    "FunctorProto.FunctorType": [(1, "SHAPE_CALC_FUNCTOR"), (2, "ANY_FUNCTOR")],
    "TensorProto.DataType": list(enumerate(_DATA_TYPES)),
    "TensorProto.CompressionType": list(enumerate(["NO_COMPRESSION", "INDEXING", "SPARSE", "FSE", "BIT_PACKING",
                                                   "FSE_INT", "FSE_INFER"])),
    "PrimitiveProto.PrimType": [(1, "PRIMITIVE"), (2, "PRIMITIVE_FUNCTION")],
    "Version": list(enumerate(["IR_VERSION_START", "IR_VERSION", "IR_VERSION_WITH_PRIM_FUNCTION",
                               "IR_VERSION_WITH_SCALAR_GRAPH_HOLDER"])),
}
_MESSAGES = {
    "AttributeProto": [(1, "name", "string"), (2, "f", "float"), (3, "i", "int64"), (4, "d", "double"),
                       (5, "s", "bytes"), (6, "t", "TensorProto"), (7, "g", "GraphProto"), (8, "floats", "float*"),
                       (9, "doubles", "double*"), (10, "ints", "int64*"), (11, "strings", "bytes*"),
                       (12, "tensors", "TensorProto*"), (13, "graphs", "GraphProto*"), (14, "doc_string", "string"),
                       (15, "ref_attr_name", "string"), (16, "type", "AttributeProto.AttributeType"),
                       (17, "values", "AttributeProto*"), (18, "seq_info", "AttributeProto.SeqInfoProto"),
                       (19, "functor", "FunctorProto"), (20, "graph_holder", "ScalarGraphHolderProto")],
    "AttributeProto.SeqInfoProto": [(1, "is_dyn_len", "bool"), (2, "tuple_elem_item", "AttributeProto")],
    "FunctorProto": [(1, "type", "FunctorProto.FunctorType"), (2, "name", "string"), (3, "values", "AttributeProto*")],
    "ValueInfoProto": [(1, "name", "string"), (2, "tensor", "TensorProto*"), (3, "doc_string", "string"),
                       (4, "denotation", "string"), (5, "attr_info", "AttributeProto")],
    "NodeProto": [(1, "input", "string*"), (2, "output", "string*"), (3, "name", "string"), (4, "op_type", "string"),
                  (5, "attribute", "AttributeProto*"), (6, "doc_string", "string"), (7, "domain", "string"),
                  (8, "node_attr", "AttributeProto*"), (9, "primal_attr", "AttributeProto*")],
    "ModelProto": [(1, "ir_version", "string"), (2, "producer_name", "string"), (3, "producer_version", "string"),
                   (4, "domain", "string"), (5, "model_version", "string"), (6, "doc_string", "string"),
                   (7, "graph", "GraphProto"), (8, "functions", "GraphProto*"),
                   (9, "preprocessor", "PreprocessorProto"),
                   (10, "little_endian", "bool"), (11, "parallel", "ParallelProto"),
                   (12, "primitives", "PrimitiveProto*"), (13, "mind_ir_version", "int64"),
                   (14, "user_info", "ModelProto.UserInfoEntry*")],
    "ModelProto.UserInfoEntry": [(1, "key", "string"), (2, "value", "string")],
    "PreprocessorProto": [(1, "op", "PreprocessOpProto*")],
    "PreprocessOpProto": [(1, "input_columns", "string"), (2, "output_columns", "string"),
                          (3, "project_columns", "string"), (4, "op_type", "string"), (5, "operations", "string"),
                          (6, "offload", "bool")],
    "GraphProto": [(1, "node", "NodeProto*"), (2, "name", "string"), (3, "parameter", "TensorProto*"),
                   (4, "doc_string", "string"), (5, "input", "ValueInfoProto*"), (6, "output", "ValueInfoProto*"),
                   (7, "bprop_hash", "string"), (8, "attribute", "AttributeProto*"), (9, "bprop_filepath", "string"),
                   (10, "map_parameter", "MapTensorProto*")],
    "TensorProto": [(1, "dims", "int64*"), (2, "data_type", "int32"), (3, "float_data", "float*"),
                    (4, "int32_data", "int32*"), (5, "string_data", "bytes*"), (6, "int64_data", "int64*"),
                    (7, "name", "string"), (8, "doc_string", "string"), (9, "raw_data", "bytes"),
                    (10, "double_data", "double*"), (11, "uint64_data", "uint64*"),
                    (12, "external_data", "TensorProto.ExternalDataProto"), (13, "ref_key", "string"),
                    (14, "min_dims", "int64*"), (15, "max_dims", "int64*"),
                    (16, "compression_type", "TensorProto.CompressionType"),
                    (17, "quant_params", "TensorProto.QuantParamProto*")],
    "TensorProto.ExternalDataProto": [(1, "location", "string"), (2, "offset", "int64"), (3, "length", "int64")],
    "TensorProto.QuantParamProto": [(1, "quant_algo_name", "string"), (2, "attribute", "AttributeProto*")],
    "MapTensorProto": [(1, "name", "string"), (2, "default_value", "AttributeProto"), (3, "key_tensor", "TensorProto"),
                       (4, "value_tensor", "TensorProto"), (5, "status_tensor", "TensorProto")],
    "ParallelProto": [(1, "layout", "LayoutProto*")],
    "LayoutProto": [(1, "name", "string"), (2, "device_arrangement_int", "int64*"), (3, "tensor_map_int", "int64*"),
                    (4, "slice_shape_int", "int64*"), (5, "field_size", "int64"), (6, "uniform_split", "bool"),
                    (7, "opt_shard_group", "string"), (8, "pipeline_shared", "bool"), (9, "is_send", "bool"),
                    (10, "peer_rank", "int64"), (11, "sr_tag", "int64"), (12, "opt_shard_slice_shape_int", "int64*")],
    "PrimitiveProto": [(1, "name", "string"), (2, "op_type", "string"), (3, "attribute", "AttributeProto*"),
                       (4, "instance_name", "string"), (5, "prim_type", "PrimitiveProto.PrimType")],
    "ScalarNodeProto": [(1, "scalar_op_type", "int64"), (2, "in_index", "int64*"), (3, "value", "int64*")],
    "ScalarGraphHolderProto": [(1, "scalar_node", "ScalarNodeProto*"), (2, "input_shape_index", "uint64*")],
}


def _file_descriptor():
    fd = descriptor_pb2.FileDescriptorProto(name="ms_compat/mind_ir.proto", package="mind_ir", syntax="proto2")
    made = {}

    def holder(path):  # the DescriptorProto for "A" or "A.B" (nested)
        if path in made:
            return made[path]
        outer, _, inner = path.rpartition(".")
        d = (holder(outer).nested_type if outer else fd.message_type).add(name=inner)
        made[path] = d
        return d

    for path in _MESSAGES:
        holder(path)
    made["ModelProto.UserInfoEntry"].options.map_entry = True  # map<string, string> user_info = 14
    for path, values in _ENUMS.items():
        outer, _, inner = path.rpartition(".")
        e = (holder(outer).enum_type if outer else fd.enum_type).add(name=inner)
        for number, name in values:
            e.value.add(name=name, number=number)
    for path, fields in _MESSAGES.items():
        d = made[path]
        for number, name, ftype in fields:
            rep = ftype.endswith("*")
            ftype = ftype.rstrip("*")
            f = d.field.add(name=name, number=number, label=_REP if rep else _OPT)
            if ftype in _T:
                f.type = _T[ftype]
            else:
                f.type = _F.TYPE_ENUM if ftype in _ENUMS else _F.TYPE_MESSAGE
                f.type_name = ".mind_ir." + ftype
            if rep and f.type not in (_F.TYPE_MESSAGE, _F.TYPE_STRING, _F.TYPE_BYTES):
                f.options.packed = False  # proto2 default, as MindSpore writes them
    return fd


_pool = descriptor_pool.DescriptorPool()
_pool.Add(_file_descriptor())


def _cls(name):
    return message_factory.GetMessageClass(_pool.FindMessageTypeByName("mind_ir." + name))


ModelProto = _cls("ModelProto")
GraphProto = _cls("GraphProto")
NodeProto = _cls("NodeProto")
AttributeProto = _cls("AttributeProto")
TensorProto = _cls("TensorProto")
PrimitiveProto = _cls("PrimitiveProto")
ValueInfoProto = _cls("ValueInfoProto")

__all__ = ["ModelProto", "GraphProto", "NodeProto", "AttributeProto", "TensorProto", "PrimitiveProto",
           "ValueInfoProto"]
