"""Mirrors ``mindspore.dataset.serialize``, ``deserialize``, ``show``, ``compare`` and ``Dataset.to_json``: a
pipeline as a JSON-able dict, and back.

Layout as MindSpore 2.10's: one node per dict, ``op_type`` (``Repeat``, ``Batch``, ``Map``, ``Shuffle``, ``Take``,
``Skip``, ``Project``, ``Rename``, ``Zip``, ``Concat``, ``Filter``, or the source's class name such as
``TFRecordDataset``), its arguments under MindSpore's keys (``count``, ``batch_size``, ``drop_remainder``,
``input_columns``, ``output_columns``, ``buffer_size``, ``num_parallel_workers``, ``connector_queue_size`` ...) and
``children``; ``Map`` lists ``operations`` as ``{"tensor_op_name": ..., "tensor_op_params": {...}}``.
Differences (documented, tests/dataset/test_serialize.py): a source lists its constructor arguments under their
Python names (MindSpore writes its C++ node's fields: e.g. TFRecord's ``shuffle_files``); an operation is named
by its Python class (``HwcToChw`` for ``HWC2CHW``, as MindSpore) with its constructor arguments (MindSpore writes
its kernels' fields, e.g. Decode's ``rgb``); enums, dtypes, samplers, schemas and numpy arrays are tagged objects
(``{"__enum__": ...}``) so that ``deserialize`` can rebuild them; a Python function is
``{"tensor_op_name": "PyFunc", "python_module", "python_function"}`` and rebuilt only when importable by that
name (a lambda raises RuntimeError).
``deserialize`` reads what ``serialize`` writes.
"""
from __future__ import annotations

import enum
import importlib
import json

import numpy as np

from ..core.init_args import init_arguments

__all__ = ["serialize", "deserialize", "show", "compare"]

_QUEUE = 16  # MindSpore's default op_connector_size, written by every parallel node
_NODES = {"BatchDataset": "Batch", "PaddedBatchDataset": "Batch", "MapDataset": "Map", "RepeatDataset": "Repeat",
          "ShuffleDataset": "Shuffle", "TakeDataset": "Take", "SkipDataset": "Skip", "ZipDataset": "Zip",
          "ConcatDataset": "Concat", "ProjectDataset": "Project", "RenameDataset": "Rename",
          "FilterDataset": "Filter"}
_DROP = ("child", "datasets", "cache")
# operations MindSpore 2.10 names by their C++ kernel (measured); the others carry their Python class name
_OP_NAMES = {"HWC2CHW": "HwcToChw"}
_OP_CLASSES = {v: k for k, v in _OP_NAMES.items()}


def _workers(v):
    from ..core import config
    return v if v is not None else config.get_num_parallel_workers()


def _enc(v, where):
    from ..transforms.transforms import TensorOperation
    from .datasets import Schema
    from .samplers import BuiltinSampler
    if isinstance(v, enum.Enum):  # before str/int: str- and int-valued enums are both
        return {"__enum__": f"{type(v).__module__}:{type(v).__qualname__}", "value": v.value}
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_enc(x, where) for x in v]
    if isinstance(v, dict):
        return {str(k): _enc(x, where) for k, x in v.items()}
    if isinstance(v, np.ndarray):
        return {"__ndarray__": v.tolist(), "dtype": str(v.dtype)}
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, np.dtype) or (isinstance(v, type) and issubclass(v, np.generic)):
        return {"__dtype__": np.dtype(v).name}
    if type(v).__name__ == "dtype" and type(v).__module__ == "torch":
        return {"__dtype__": str(v).replace("torch.", ""), "framework": "mindspore"}
    if isinstance(v, TensorOperation):
        return _op(v)
    if isinstance(v, BuiltinSampler):
        args = init_arguments(v) or {}
        out = {"sampler_name": type(v).__name__}
        out.update({k: _enc(x, where) for k, x in args.items()})
        if v.child_sampler is not None:
            out["child_sampler"] = [_enc(v.child_sampler, where)]
        return out
    if isinstance(v, Schema):
        return {"__schema__": [[c["name"], _enc(c["type"], where), c["shape"]] for c in v.columns]}
    if callable(v):
        return {"tensor_op_name": "PyFunc", "python_module": getattr(v, "__module__", None),
                "python_function": getattr(v, "__qualname__", repr(v))}
    raise RuntimeError(f"serialize: {where} holds a {type(v).__name__}, which has no JSON description.")


def _op(op):
    from ..transforms.transforms import TensorOperation
    if not isinstance(op, TensorOperation):
        return _enc(op, "map")
    args = init_arguments(op)
    return {"tensor_op_name": _OP_NAMES.get(type(op).__name__, type(op).__name__),
            "tensor_op_params": None if not args else {k: _enc(v, type(op).__name__) for k, v in args.items()}}


def _node(d):
    name = type(d).__name__
    args = init_arguments(d) or {}
    kind = _NODES.get(name)
    if kind == "Map":
        ops = args.get("operations")
        ops = [] if ops is None else (list(ops) if isinstance(ops, (list, tuple)) else [ops])
        cbs = args.get("callbacks") or []
        out = {"callback": [type(c).__name__ for c in (cbs if isinstance(cbs, (list, tuple)) else [cbs])],
               "connector_queue_size": _QUEUE, "input_columns": list(d._in or []), "num_parallel_workers":
               _workers(args.get("num_parallel_workers")), "op_type": "Map", "operations": [_op(o) for o in ops],
               "output_columns": list(d._out or [])}
    elif kind == "Batch":
        out = {"batch_size": _enc(args.get("batch_size"), "batch"), "connector_queue_size": _QUEUE,
               "drop_remainder": args.get("drop_remainder", False),
               "input_columns": list(d._in or []), "num_parallel_workers": _workers(args.get("num_parallel_workers")),
               "op_type": "Batch", "output_columns": list(d._out or [])}
        if args.get("per_batch_map") is not None:
            out["per_batch_map"] = _enc(args["per_batch_map"], "batch")
        if name == "PaddedBatchDataset":
            out["pad_info"] = _enc(args.get("pad_info"), "padded_batch")
    elif kind == "Shuffle":
        out = {"buffer_size": args.get("buffer_size"), "op_type": "Shuffle", "reset_each_epoch": True}
    elif kind in ("Repeat", "Take", "Skip"):
        out = {"count": args.get("count", -1) if args.get("count") is not None else -1, "op_type": kind}
    elif kind == "Project":
        out = {"columns": list(d._cols), "op_type": "Project"}
    elif kind == "Rename":
        out = {"input_columns": list(d._in or []), "op_type": "Rename", "output_columns": list(d._out or [])}
    elif kind == "Filter":
        out = {"input_columns": list(d._in or []), "op_type": "Filter",
               "predicate": _enc(args.get("predicate"), "filter")}
    elif kind in ("Zip", "Concat"):
        out = {"op_type": kind}
    else:
        out = {"op_type": name}
        out.update({k: _enc(v, name) for k, v in args.items() if k not in _DROP})
    out["children"] = [_node(c) for c in d.children]
    return out


def serialize(dataset, json_filepath=""):
    """Mirrors ``mindspore.dataset.serialize(dataset, json_filepath='')``: ``dataset.to_json(json_filepath)``, the
    pipeline ending at ``dataset`` as a dict, also written as JSON to ``json_filepath`` when given (as MindSpore,
    a non-dataset argument raises AttributeError: it has no ``to_json``)."""
    return dataset.to_json(json_filepath)


def to_json(dataset, json_filepath=""):
    """``Dataset.to_json``'s body."""
    if not isinstance(json_filepath, str):
        raise TypeError(f"Argument json_filepath with value {json_filepath} is not of type [<class 'str'>].")
    out = _node(dataset)
    if json_filepath:
        with open(json_filepath, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
    return out


def show(dataset, indentation=2):
    """Mirrors ``mindspore.dataset.show(dataset, indentation=2)``: prints the serialized pipeline
    (``indentation=None``: on one line)."""
    print(json.dumps(serialize(dataset), indent=indentation))


def compare(pipeline1, pipeline2):
    """Mirrors ``mindspore.dataset.compare(pipeline1, pipeline2)``: whether both serialize alike."""
    return serialize(pipeline1) == serialize(pipeline2)


# -- rebuilding
def _dec(v):
    if isinstance(v, list):
        return [_dec(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__enum__" in v:
        mod, _, qual = v["__enum__"].partition(":")
        cls = importlib.import_module(mod)
        for part in qual.split("."):
            cls = getattr(cls, part)
        return cls(v["value"])
    if "__ndarray__" in v:
        return np.array(v["__ndarray__"], dtype=v["dtype"])
    if "__dtype__" in v:
        if v.get("framework") == "mindspore":
            from ... import common
            return getattr(common.dtype, v["__dtype__"])
        return np.dtype(v["__dtype__"])
    if "__schema__" in v:
        from .datasets import Schema
        s = Schema()
        for name, t, shape in v["__schema__"]:
            s.add_column(name, _dec(t), shape)
        return s
    if "sampler_name" in v:
        from . import samplers
        args = {k: _dec(x) for k, x in v.items() if k not in ("sampler_name", "child_sampler")}
        s = getattr(samplers, v["sampler_name"])(**args)
        for child in v.get("child_sampler", []):
            s.add_child(_dec(child))
        return s
    if "tensor_op_name" in v:
        return _rebuild_op(v)
    return {k: _dec(x) for k, x in v.items()}


def _rebuild_op(v):
    name = v["tensor_op_name"]
    if name == "PyFunc":
        mod, qual = v.get("python_module"), v.get("python_function", "")
        if not mod or "<" in qual:
            raise RuntimeError(f"deserialize: the Python function {qual} of module {mod} cannot be rebuilt (a lambda "
                               f"or a local function has no importable name).")
        obj = importlib.import_module(mod)
        for part in qual.split("."):
            obj = getattr(obj, part)
        return obj
    from .. import audio, text, transforms, vision
    for mod in (vision, transforms, text, audio):
        cls = getattr(mod, _OP_CLASSES.get(name, name), None)
        if isinstance(cls, type):
            params = v.get("tensor_op_params") or {}
            return cls(**{k: _dec(x) for k, x in params.items()})
    raise RuntimeError(f"deserialize: unknown operation {name}.")


def _build(node):
    from ... import dataset as ds
    kids = [_build(c) for c in node.get("children", [])]
    kind = node.get("op_type")
    if kind == "Map":
        return kids[0].map(operations=[_dec(o) for o in node["operations"]], input_columns=node["input_columns"],
                           output_columns=node["output_columns"], num_parallel_workers=node["num_parallel_workers"])
    if kind == "Batch":
        if "pad_info" in node:
            return kids[0].padded_batch(node["batch_size"], node["drop_remainder"], node["num_parallel_workers"],
                                        _dec(node["pad_info"]))
        return kids[0].batch(node["batch_size"], node["drop_remainder"], node["num_parallel_workers"],
                             per_batch_map=_dec(node.get("per_batch_map")),
                             input_columns=node["input_columns"] or None, output_columns=node["output_columns"] or None)
    if kind == "Shuffle":
        return kids[0].shuffle(node["buffer_size"])
    if kind in ("Repeat", "Take", "Skip"):
        return getattr(kids[0], kind.lower())(node["count"])
    if kind == "Project":
        return kids[0].project(node["columns"])
    if kind == "Rename":
        return kids[0].rename(node["input_columns"], node["output_columns"])
    if kind == "Filter":
        return kids[0].filter(_dec(node["predicate"]), node["input_columns"] or None)
    if kind == "Zip":
        return ds.zip(tuple(kids))
    if kind == "Concat":
        return kids[0].concat(kids[1:])
    cls = getattr(ds, kind, None)
    if not isinstance(cls, type):
        raise RuntimeError(f"deserialize: unknown dataset node {kind}.")
    args = {k: _dec(v) for k, v in node.items() if k not in ("op_type", "children")}
    return cls(**args)


def deserialize(input_dict=None, json_filepath=None):
    """Mirrors ``mindspore.dataset.deserialize(input_dict=None, json_filepath=None)``: the pipeline described by
    ``input_dict`` or (taking precedence, as MindSpore) the JSON file, rebuilt (see the module docstring for what
    can be). As MindSpore 2.10: ``None`` when neither is given; OSError when the file cannot be opened."""
    data = None
    if input_dict:
        if not isinstance(input_dict, dict):
            raise TypeError(f"Argument input_dict with value {input_dict} is not of type [<class 'dict'>].")
        data = _build(input_dict)
    if json_filepath:
        with open(json_filepath, encoding="utf-8") as f:
            data = _build(json.load(f))
    return data
