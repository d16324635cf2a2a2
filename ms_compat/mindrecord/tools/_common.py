"""Helpers shared by the MindRecord converters: MindSpore's file-name check, its batched writing loop and its
restricted unpickler for the CIFAR python batches (only numpy arrays and plain containers are rebuilt)."""
from __future__ import annotations

import io
import os
import pickle

import numpy as np

SUCCESS = 0
_FORBIDDEN = set(r'\/:*?"<>|`&\';')


def check_filename(path, arg_name=""):
    """Mirrors ``mindspore.mindrecord.core.shardutils.check_filename`` (MindSpore raises its ParamValueError,
    ms_compat ValueError, with the same message)."""
    arg_name = "File path" if arg_name == "" else f"'{arg_name}'"
    if not path:
        raise ValueError(f"{arg_name} is not allowed None or empty!")
    if not isinstance(path, str):
        raise ValueError(f"File path: {path} is not string.")
    if path.endswith("/"):
        raise ValueError("File path can not end with '/'")
    name = os.path.basename(path)
    if set(name) & _FORBIDDEN:
        raise ValueError(r"File name should not contains \/:*?\"<>|`&;\'")
    if name.startswith(" ") or name.endswith(" "):
        raise ValueError("File name should not start/end with space.")
    return True


def check_partition(partition_number):
    if partition_number is None or not isinstance(partition_number, int):
        raise ValueError("The parameter partition_number must be int")
    return partition_number


def write_batched(writer, rows, batch_size=256, parallel_writer=False):
    """MindSpore's converter loop: ``write_raw_data`` per 256 rows (the batching decides how rows are split
    over shards), then ``commit``."""
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == batch_size:
            writer.write_raw_data(batch, parallel_writer)
            batch = []
    if batch:
        writer.write_raw_data(batch, parallel_writer)
    writer.commit()


class _RestrictedUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if module in ("numpy.core.multiarray", "numpy._core.multiarray") and name == "_reconstruct":
            core = getattr(np, "_core", None) or np.core
            return core.multiarray._reconstruct
        if module == "numpy" and name in ("ndarray", "dtype"):
            return getattr(np, name)
        raise pickle.UnpicklingError(f"global '{module}.{name}' is forbidden")


def restricted_loads(data: bytes):
    """A CIFAR python batch file's dict; nothing but numpy arrays and builtin containers can be built (as
    MindSpore's ``restricted_loads``), so a hostile file cannot run code."""
    try:
        return _RestrictedUnpickler(io.BytesIO(data), encoding="bytes").load()
    except (pickle.UnpicklingError, UnicodeDecodeError):
        raise RuntimeError("Not a valid Cifar10 Dataset.") from None
    except Exception:  # noqa: BLE001 - anything else a malformed pickle raises
        raise RuntimeError("Unexpected error while Unpickling Cifar10 Dataset.") from None


def cv2():
    import cv2 as _cv2  # noqa: PLC0415 - OpenCV is a core dependency; imported on use like MindSpore
    return _cv2
