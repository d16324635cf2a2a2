"""``mindspore.load`` / ``mindspore.load_mindir``: read a MindIR file (see :mod:`.reader`)."""
from __future__ import annotations

import os

from .reader import MindIRFormatError, read_mindir

__all__ = ["load", "load_mindir", "save_mindir"]


def load(file_name, **kwargs):
    """Mirrors ``mindspore.load(file_name, **kwargs)``: returns the graph of the MindIR file ``file_name`` (a
    :class:`~ms_compat.train.mindir.reader.MindIRGraph`, MindSpore's ``FuncGraph``) for ``nn.GraphCell``.
    ``dec_key`` (bytes) and ``dec_mode`` (``"AES-GCM"``, the default, ``"AES-CBC"``, ``"SM4-CBC"``, or a callable
    ``dec_mode(data, key) -> bytes``) read a file ``mindspore.export(..., enc_key=, enc_mode=)`` encrypted, by
    MindSpore or by ms_compat (:mod:`.cipher`; the named modes need the ``cryptography`` package). ``obf_func``
    (obfuscated models) is refused with ``ValueError``."""
    from . import cipher
    for k in kwargs:
        if k == "obf_func":
            if kwargs[k] is not None:
                raise ValueError("For 'load', 'obf_func' is for obfuscated MindIR files "
                                 "(mindspore.obfuscate_model), which ms_compat does not read.")
        elif k not in ("dec_key", "dec_mode"):
            raise ValueError(f"For 'load', the argument '{k}' is not supported; the supported arguments are "
                             f"'dec_key', 'dec_mode' and 'obf_func'.")
    if "dec_key" in kwargs:
        dec_key = kwargs["dec_key"]
        if not isinstance(dec_key, bytes):  # MindSpore's Validator.check_isinstance: ValueError
            raise ValueError(f"The parameter 'dec_key' must be isinstance of <class 'bytes'>, but got {dec_key}.")
        dec_mode = kwargs.get("dec_mode", "AES-GCM")
        if not callable(dec_mode) and not isinstance(dec_mode, str):
            raise ValueError(f"The parameter 'dec_mode' must be isinstance of <class 'str'>, but got {dec_mode}.")
        return read_mindir(file_name, decrypt=lambda path: cipher.decrypt_mindir(path, dec_key, dec_mode))
    try:
        return read_mindir(file_name)
    except MindIRFormatError:
        if cipher.is_cipher_file(os.path.realpath(os.fspath(file_name))):
            raise cipher.failed_for_cipher(file_name) from None
        raise


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
