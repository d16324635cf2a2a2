"""``mindspore.load`` / ``mindspore.load_mindir``: read a MindIR file (see :mod:`.reader`)."""
from __future__ import annotations

import os

from .reader import read_mindir

__all__ = ["load", "load_mindir", "save_mindir"]


def load(file_name, **kwargs):
    """Mirrors ``mindspore.load(file_name, **kwargs)``: returns the graph of the MindIR file ``file_name`` (a
    :class:`~ms_compat.train.mindir.reader.MindIRGraph`, MindSpore's ``FuncGraph``) for ``nn.GraphCell``.
    ``dec_key``/``dec_mode`` (MindSpore's encrypted MindIR) and ``obf_func`` (obfuscated models) are refused with
    ``ValueError``: ms_compat reads plain MindIR files only."""
    for k in kwargs:
        if k in ("dec_key", "dec_mode", "obf_func"):
            if kwargs[k] is not None and not (k == "dec_mode" and kwargs[k] == "AES-GCM"):
                raise ValueError(f"For 'load', '{k}' is for encrypted or obfuscated MindIR files, which ms_compat "
                                 f"does not read; export the model without 'enc_key'.")
        else:
            raise ValueError(f"For 'load', the argument '{k}' is not supported; the supported arguments are "
                             f"'dec_key', 'dec_mode' and 'obf_func'.")
    return read_mindir(file_name)


def load_mindir(file_name):
    """Mirrors ``mindspore.load_mindir(file_name)``: MindSpore returns the ``ModelProto`` of the file (its
    protobuf message); so does this (:class:`~ms_compat.train.mindir.schema.ModelProto`, same fields)."""
    from . import schema
    read_mindir(file_name)  # same checks and errors as load
    model = schema.ModelProto()
    with open(file_name, "rb") as f:
        model.ParseFromString(f.read())
    return model


def save_mindir(model, file_name):
    """Mirrors ``mindspore.save_mindir(model, file_name)``: writes the ``ModelProto`` ``model`` (from
    :func:`load_mindir`, possibly edited) to ``file_name`` (``.mindir`` appended when missing), read-only for
    the owner as MindSpore leaves it."""
    from . import schema
    from .export import _write
    if not isinstance(model, schema.ModelProto):
        raise TypeError(f"For 'save_mindir', the argument 'model' must be a ModelProto (from load_mindir), but got "
                        f"{type(model).__name__}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'save_mindir', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    _write(os.path.realpath(file_name), model.SerializeToString())
