"""``mindspore.export(net, *inputs, file_name, file_format, **kwargs)``: ONNX through ``torch.onnx``, MINDIR through
ms_compat's MindIR writer (:mod:`.writer`), AIR refused (Ascend's offline-model format)."""
from __future__ import annotations

import os
import stat

import torch

__all__ = ["export"]

_FORMATS = ["AIR", "ONNX", "MINDIR"]


def _plain(x):
    if isinstance(x, torch.Tensor):
        return x.detach().as_subclass(torch.Tensor)
    return x


def _dataset_inputs(dataset):
    """MindSpore's rule: a Dataset stands for one random input per "image" column, shaped and typed as it."""
    import numpy as np
    from ...common.tensor import Tensor
    shapes, types, columns = dataset.output_shapes(), dataset.output_types(), dataset.get_col_names()
    from ...common.dtype import dtype_to_nptype
    inputs = [Tensor(np.random.uniform(-1.0, 1.0, size=s).astype(t if isinstance(t, np.dtype) else dtype_to_nptype(t)))
              for c, s, t in zip(columns, shapes, types) if c == "image"]
    if not inputs:
        raise RuntimeError("Only supports parse \"image\" column from dataset now, given dataset has columns: "
                           + str(columns))
    return tuple(inputs)


def _check_key_mode(file_format, kwargs):
    enc_key = kwargs.get("enc_key")
    if not isinstance(enc_key, bytes):
        raise TypeError(f"The argument 'enc_key' must be bytes, but got {type(enc_key).__name__}.")
    enc_mode = kwargs.get("enc_mode", "AES-GCM")
    if callable(enc_mode):
        return enc_key, enc_mode
    if not isinstance(enc_mode, str):
        raise TypeError(f"The argument 'enc_mode' must be str, but got {type(enc_mode).__name__}.")
    if file_format in ("AIR", "ONNX"):
        raise ValueError(f"AIR/ONNX only support customized encryption, but got {enc_mode}.")
    if enc_mode in ("AES-CBC", "AES-GCM", "SM4-CBC"):
        return enc_key, enc_mode
    raise ValueError(f"MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got {enc_mode}")


def _write(file_name, data):
    if os.path.exists(file_name):
        os.chmod(file_name, stat.S_IWUSR)
    else:
        os.makedirs(os.path.dirname(file_name) or ".", mode=0o700, exist_ok=True)
    with open(file_name, "wb") as f:
        f.write(data)
    os.chmod(file_name, stat.S_IRUSR)  # read-only for the owner, as MindSpore leaves its exported files


def _onnx_bytes(net, args):
    """The ONNX bytes of ``net(*args)``: PyTorch's TorchScript exporter (about 1 s for the small networks of the
    tests, against 5-20 s for the dynamo exporter; it needs the onnx package); when it cannot trace the network,
    the dynamo exporter (``torch.onnx.export(..., dynamo=True)``, needs onnx and onnxscript) on the program
    the MINDIR writer traces (``torch.export`` through TorchDynamo, so ``construct`` runs on MindSpore Tensors)."""
    import io
    import warnings
    buf = io.BytesIO()
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its deprecation notice and tracer warnings are PyTorch's, not the user's
            torch.onnx.export(net, args, buf, dynamo=False)
        return buf.getvalue()
    except Exception as legacy_error:  # noqa: BLE001 - fall back to the other exporter, then report both
        try:
            import onnx  # noqa: F401
            import onnxscript  # noqa: F401
        except ImportError:
            raise ImportError(f"Export ONNX format model needs the onnx and onnxscript packages (pip install "
                              f"ms-compat[onnx]); PyTorch's TorchScript exporter raised "
                              f"{type(legacy_error).__name__}: {legacy_error}") from legacy_error
        from .writer import _trace  # torch.export on MindSpore Tensors (strict): construct keeps their methods
        exported, _ = _trace(net, args)
        with torch.no_grad():
            program = torch.onnx.export(exported, (), dynamo=True, verbose=False, external_data=False)
        return program.model_proto.SerializeToString()


def _save_onnx(net, file_name, inputs, kwargs):
    from ...nn.cell import Cell
    if not isinstance(net, Cell):
        raise ValueError(f"Export ONNX format model only support nn.Cell object, but got {type(net)}.")
    for x in inputs:
        if isinstance(x, torch.Tensor) and -1 in tuple(x.shape):
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    if not file_name.endswith(".onnx"):
        file_name += ".onnx"
    training = net.training
    net.set_train(False)
    try:
        data = _onnx_bytes(net, tuple(_plain(x) for x in inputs))
    finally:
        net.set_train(training)
    if "enc_key" in kwargs and "enc_mode" in kwargs:
        data = kwargs["enc_mode"](data, kwargs["enc_key"])
    _write(file_name, data)


def export(net, *inputs, file_name, file_format, **kwargs):
    """Mirrors ``mindspore.export(net, *inputs, file_name, file_format, **kwargs)``.

    * ``"ONNX"``: ``torch.onnx.export`` of ``net`` in inference mode (PyTorch's TorchScript exporter, else its
      dynamo exporter; needs the ``onnx`` package, ``pip install ms-compat[onnx]``); ``.onnx`` is appended to
      ``file_name`` when missing; ``enc_key`` with a callable ``enc_mode`` encrypts the bytes, as MindSpore's
      customized encryption.
      The graph's operators are PyTorch's ONNX translations, not MindSpore's, so the file differs from the one
      MindSpore writes; it computes the same outputs.
    * ``"MINDIR"``: a MindIR file of MindSpore primitives that real MindSpore 2.10 loads (``mindspore.load`` +
      ``nn.GraphCell``); see :func:`ms_compat.train.mindir.writer.save_mindir`. ``enc_key`` (bytes) with
      ``enc_mode`` ``"AES-GCM"`` (default), ``"AES-CBC"``, ``"SM4-CBC"`` or a callable encrypts it as MindSpore
      does (:mod:`.cipher`; ``mindspore.load(..., dec_key=, dec_mode=)`` in MindSpore or ms_compat reads it).
    * ``"AIR"``: refused with ``ValueError`` — AIR is the Ascend offline-model format, built by the Ascend graph
      engine, which PyTorch has no counterpart of (MindSpore 2.10 itself deprecates it).

    ``inputs`` may be one ``mindspore.dataset`` Dataset: its "image" columns give random inputs of their shape
    and type, as MindSpore does. ``obf_func`` raises ``NotImplementedError`` as in MindSpore 2.10.
    """
    if "obf_func" in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_FORMATS}, but got {file_format}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if file_format == "AIR":
        raise ValueError("For 'export', file_format='AIR' is not supported by ms_compat: AIR is the offline-model "
                         "format of the Ascend graph engine, which has no PyTorch counterpart. Export 'ONNX' or "
                         "'MINDIR' instead.")
    from ...dataset.engine.datasets import Dataset
    if inputs and isinstance(inputs[0], Dataset):
        if len(inputs) != 1:
            raise RuntimeError("You can only serialize one dataset into MindIR, got " + str(len(inputs)) + " datasets")
        kwargs["dataset"] = inputs[0]
        inputs = _dataset_inputs(inputs[0])
    file_name = os.path.realpath(file_name)
    if "enc_key" in kwargs:
        kwargs["enc_key"], kwargs["enc_mode"] = _check_key_mode(file_format, kwargs)
    if file_format == "ONNX":
        _save_onnx(net, file_name, inputs, kwargs)
    elif "enc_key" in kwargs:
        _save_mindir_encrypted(net, file_name, inputs, kwargs)
    else:
        from .writer import save_mindir
        save_mindir(net, file_name, inputs, kwargs)


def _save_mindir_encrypted(net, file_name, inputs, kwargs):
    """MindSpore's ``_save_mindir_together`` with ``enc_key``: the serialized model, encrypted (:mod:`.cipher`),
    is what reaches the disk (no plaintext copy is written); key and mode are checked before the trace."""
    from .cipher import check_can_encrypt, encrypt_mindir
    from .writer import save_mindir

    def seal(name):
        check_can_encrypt(kwargs["enc_key"], kwargs["enc_mode"], name)
        return lambda data: encrypt_mindir(data, kwargs["enc_key"], kwargs["enc_mode"], name)
    save_mindir(net, file_name, inputs, kwargs, seal)
