"""``mindspore.save_checkpoint`` / ``load_checkpoint`` / ``load_param_into_net`` on PyTorch tensors.

Reads and writes MindSpore 2.10's ``.ckpt`` files byte for byte (the protobuf ``Checkpoint``
messages of :mod:`ms_compat.train.ckpt_format`, encoded by the ``protobuf`` package; on reading, plain
tensor records are decoded by :mod:`ms_compat.train.ckpt_records` with their bytes going from the file
straight into the tensor, everything else by ``protobuf``) and MindSpore's safetensors files
(``safetensors`` package), with no MindSpore installed.

What a ``.ckpt`` file holds (see ``migration_guides/checkpoints.md``): one serialized ``Checkpoint``
message per tensor, concatenated; tensors over 512 MiB are cut into 512 MiB pieces written as
consecutive entries with the same tag and the full ``dims`` (joined again on read); an optional
trailer ``b"crc_num"`` + CRC32 as a 10-byte big-endian integer; strings from ``append_dict`` as
``dims=[0]``, ``tensor_type='str'``, UTF-32LE content. Encrypted files (``enc_key``) are a sequence
of MindSpore cipher blocks (AES-GCM, AES-CBC, SM4-CBC); they are read and written with the
``cryptography`` package when it is installed, else a clear ``ImportError`` names the file.

Differences from MindSpore, all on the safe side:

* every save is atomic: the data goes to a temporary file in the same directory that replaces the
  target with ``os.replace`` only when complete (MindSpore deletes the old file first); a symlink
  at the target is replaced, never followed (MindSpore rewrites the link's target); the next save
  of a target removes the stale temporary files killed saves of it left (see ``_remove_stale_temps``);
* a file is read entry by entry into preallocated tensors (MindSpore reads the whole file into
  memory first); every corrupt, truncated, wrong-dtype or wrong-size case raises
  :class:`CheckpointFormatError` naming the file and the tensor: a ``ValueError`` whose type name
  is ``ValueError`` (as MindSpore's; ``except ValueError`` catches it, ``type(e).__name__`` and
  tracebacks print ``ValueError``);
* ``load_param_into_net`` checks every shape and dtype before it changes any parameter, so a failed
  load never leaves a half-loaded network (MindSpore updates parameters one by one);
* dicts given to ``save_checkpoint`` may hold plain tensors (``cell.state_dict()``); MindSpore 2.10
  raises ``UnboundLocalError`` for them;
* ``async_save='process'`` saves in a thread (the data is snapshotted first, as in MindSpore's
  thread mode); a failed asynchronous save is raised at the next ``save_checkpoint`` call or
  ``async_ckpt_thread_status()`` (else printed at exit), naming the target (MindSpore only prints it).

The saved file is made owner-read-only (mode ``0400``) as MindSpore does; saving over such a file
works (the directory must be writable).
"""
from __future__ import annotations

import atexit
import binascii
import io
import logging
import math
import numbers
import os
import re
import stat
import struct
import sys
import tempfile
import threading
import time
import warnings
from collections import OrderedDict

import numpy as np
import torch

from ..common import dtype as mstype
from ..common.parameter import Parameter
from . import ckpt_records

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
           "ckpt_to_safetensors", "safetensors_to_ckpt", "CheckpointFormatError",
           "checkpoint_to_torch_state_dict", "torch_state_dict_to_param_dict", "read_checkpoint_tensors",
           "write_checkpoint_tensors", "torch_load_state_dict", "async_ckpt_thread_status"]

logger = logging.getLogger("ms_compat.checkpoint")

SLICE_BYTES = 512 * 1024 * 1024          # MindSpore SLICE_SIZE (512 * 1024 KiB)
ENCRYPT_BLOCK_BYTES = 64 * 1024 * 1024   # MindSpore ENCRYPT_BLOCK_SIZE * 1024
_CRC_TAG = b"crc_num"
_CRC_TRAILER = len(_CRC_TAG) + 10
_MAGIC = {"AES-GCM": 0x7F3A5ED8, "AES-CBC": 0x7F3A5ED9, "SM4-CBC": 0x7F3A5EDA}
_MODE_OF_MAGIC = {v: k for k, v in _MAGIC.items()}

# checkpoint dtype strings (MindSpore str(dtype)); read case-insensitively so old 'Uint8' works
_DTYPE_OF = {s.lower(): d for d, s in mstype._STR.items()}
_MAP_NP = {"int32": np.int32, "float32": np.float32, "float16": np.float16, "float64": np.float64,
           "int64": np.int64}


class CheckpointFormatError(ValueError):
    """A checkpoint file that cannot be read: corrupt, truncated, wrong dtype or size, bad CRC.

    A ``ValueError`` like the errors ``mindspore.load_checkpoint`` raises for such files, named
    ``ValueError`` (``type(e).__name__``, tracebacks) as MindSpore's is; the subclass only lets
    ms_compat tell a bad file from other errors. The message names the file and, where known, the
    tensor."""


# the name MindSpore's users see (type(e).__name__, the traceback's last line) is MindSpore's: ValueError
CheckpointFormatError.__name__ = CheckpointFormatError.__qualname__ = "ValueError"
CheckpointFormatError.__module__ = "builtins"


# ---------------------------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------------------------
def _pb(path=None):
    try:
        from . import ckpt_format
    except ImportError:
        what = (f"The checkpoint file {path} holds entries (strings, map tensors or an unusual field layout) that "
                "need" if path is not None else "Writing .ckpt files needs")
        raise ImportError(f"{what} the 'protobuf' package: pip install protobuf (or ms_compat[checkpoint]). "
                          "Plain tensor entries are read without it.") from None
    return ckpt_format


def _plain(t: torch.Tensor) -> torch.Tensor:
    """Detached plain torch tensor on the CPU, contiguous."""
    t = torch.Tensor.as_subclass(t.detach(), torch.Tensor)
    if t.device.type != "cpu":
        t = t.cpu()
    return t.contiguous()


def _byte_view(t: torch.Tensor) -> np.ndarray:
    """The bytes of a contiguous CPU tensor as a flat writable uint8 numpy array (no copy)."""
    flat = t.reshape(-1)
    if flat.dtype != torch.uint8:
        flat = flat.view(torch.uint8)
    return flat.numpy()


def _itemsize(dtype) -> int:
    return torch.empty((), dtype=dtype).element_size()


def _dtype_name(dtype) -> str:
    return mstype.dtype_str(dtype)


def _check_bool(where, name, value):
    if not isinstance(value, bool):
        raise TypeError(f"For '{where}', the type of '{name}' should be 'bool', but got '{type(value).__name__}'.")


def _is_module(obj):
    return isinstance(obj, torch.nn.Module)


def _param_name(key, p):
    return p.__dict__.get("_ms_name", key) if isinstance(p, Parameter) else key


def _net_params(net):
    """(ms name, parameter) for every parameter of a Cell / torch Module, in MindSpore order."""
    for key, p in net.named_parameters():
        yield _param_name(key, p), p


# ---------------------------------------------------------------------------------------------
# encryption (MindSpore cipher block layout, cryptography package)
# ---------------------------------------------------------------------------------------------
def _crypto(file_name):
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        from cryptography.hazmat.primitives import padding
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    except ImportError:
        raise ImportError(f"The checkpoint file {file_name} is encrypted (or encryption was requested); "
                          "ms_compat needs the 'cryptography' package for MindSpore's AES-GCM / AES-CBC / "
                          "SM4-CBC checkpoint encryption: pip install cryptography") from None
    return Cipher, algorithms, modes, padding, AESGCM


def _check_key(key, mode, where, file_name):
    if mode not in _MAGIC:
        raise ValueError(f"For '{where}', the mode should be one of 'AES-GCM', 'AES-CBC', 'SM4-CBC', "
                         f"but got '{mode}'.")
    lens = (16,) if mode == "SM4-CBC" else (16, 24, 32)
    if len(key) not in lens:
        raise ValueError(f"For '{where}', the key length should be {' or '.join(map(str, lens))} bytes for "
                         f"{mode}, but got {len(key)} (file {file_name}).")


def _encrypt_block(data: bytes, key: bytes, mode: str, file_name) -> bytes:
    Cipher, algorithms, modes, padding, AESGCM = _crypto(file_name)
    iv = os.urandom(16)
    if mode == "AES-GCM":
        out = AESGCM(key).encrypt(iv[:12], data, None)      # MindSpore keeps 16 IV bytes, uses 12
        cipher, tag = out[:-16], out[-16:]
        body = struct.pack("<i", 16) + iv + struct.pack("<i", len(cipher)) + cipher
        return struct.pack("<I", _MAGIC[mode]) + tag + struct.pack("<i", len(body)) + body
    algo = algorithms.AES(key) if mode == "AES-CBC" else algorithms.SM4(key)
    padder = padding.PKCS7(128).padder()
    plain = padder.update(data) + padder.finalize()
    enc = Cipher(algo, modes.CBC(iv)).encryptor()
    cipher = enc.update(plain) + enc.finalize()
    body = struct.pack("<i", 16) + iv + struct.pack("<i", len(cipher)) + cipher
    return struct.pack("<I", _MAGIC[mode]) + struct.pack("<i", len(body)) + body


_FILE_KIND = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
              (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def _not_regular(path, mode):
    kind = next((name for test, name in _FILE_KIND if test(mode)), "not a regular file")
    return CheckpointFormatError(f"Failed to read the checkpoint file {path}. May not have permission to read it, "
                                 f"please check the correct of the file. It is {kind}, not a regular file.")


def _check_regular(path):
    """Refuse a FIFO, socket, device or directory before anything opens it (opening a FIFO blocks
    until a writer appears; a device never ends). ``ValueError``, as MindSpore raises for a path it
    cannot read."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise CheckpointFormatError(f"Failed to read the checkpoint file {path}. May not have permission to read "
                                    "it, please check the correct of the file.") from e
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def _open_regular(path):
    """``open(path, 'rb')`` for a regular file only, checked on the opened descriptor (so a file
    swapped for a FIFO after :func:`_check_regular` still cannot block: the open is non-blocking)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise CheckpointFormatError(f"Failed to read the checkpoint file {path}. May not have permission to read "
                                    "it, please check the correct of the file.") from e
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _is_cipher_file(path) -> bool:
    try:
        with _open_regular(path) as f:
            head = f.read(4)
    except (OSError, ValueError):
        return False
    return len(head) == 4 and struct.unpack("<I", head)[0] in _MODE_OF_MAGIC


def _decrypt_file(path, key, mode) -> bytes:
    """Plaintext of a MindSpore-encrypted checkpoint (all blocks)."""
    with _open_regular(path) as f:
        raw = f.read()
    return _decrypt_bytes(raw, key, mode, path)


def _decrypt_bytes(raw, key, mode, path) -> bytes:
    """Plaintext of a sequence of MindSpore cipher blocks (a checkpoint file; a MindRecord chunk)."""
    Cipher, algorithms, modes, padding, AESGCM = _crypto(path)
    bad = CheckpointFormatError(f"Failed to read the checkpoint file {path}. The file may be encrypted or tempered "
                                "with, please pass in the correct 'dec_key' or check the file integrity.")
    out = io.BytesIO()
    pos, n = 0, len(raw)
    try:
        while pos < n:
            if n - pos < 8:
                raise bad
            magic = struct.unpack_from("<I", raw, pos)[0]
            if magic != _MAGIC[mode]:
                raise bad
            pos += 4
            tag = None
            if mode == "AES-GCM":
                tag = raw[pos:pos + 16]
                pos += 16
            blen = struct.unpack_from("<i", raw, pos)[0]
            pos += 4
            if blen < 8 or pos + blen > n:
                raise bad
            ivlen = struct.unpack_from("<i", raw, pos)[0]
            if ivlen != 16 or 8 + ivlen > blen:
                raise bad
            iv = raw[pos + 4:pos + 4 + ivlen]
            clen = struct.unpack_from("<i", raw, pos + 4 + ivlen)[0]
            if clen < 0 or 8 + ivlen + clen != blen:
                raise bad
            cipher = raw[pos + 8 + ivlen:pos + blen]
            pos += blen
            if mode == "AES-GCM":
                out.write(AESGCM(key).decrypt(iv[:12], cipher + tag, None))
            else:
                algo = algorithms.AES(key) if mode == "AES-CBC" else algorithms.SM4(key)
                dec = Cipher(algo, modes.CBC(iv)).decryptor()
                plain = dec.update(cipher) + dec.finalize()
                unpad = padding.PKCS7(128).unpadder()
                out.write(unpad.update(plain) + unpad.finalize())
    except CheckpointFormatError:
        raise
    except Exception as e:  # InvalidTag, bad padding, bad key size
        raise bad from e
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# reading .ckpt
# ---------------------------------------------------------------------------------------------
def _read_varint(f):
    """One base-128 varint of the top-level framing (field key or length); None at EOF."""
    shift = result = 0
    raw = bytearray()
    while True:
        b = f.read(1)
        if not b:
            return (None, bytes(raw)) if not raw else (-1, bytes(raw))
        raw += b
        result |= (b[0] & 0x7F) << shift
        if not b[0] & 0x80:
            return result, bytes(raw)
        shift += 7
        if shift >= 70:
            return -1, bytes(raw)


class _RawTensor:
    """A tensor ``Value`` record whose header :func:`ckpt_records.tensor_header` decoded; its
    ``tensor_content`` is still in the file. Quacks like the protobuf ``Value`` for the fields
    :func:`_parse_entries` reads (``tag``, ``WhichOneof``, ``tensor.tensor_type``, ``tensor.dims``)."""

    __slots__ = ("tag", "dims", "tensor_type", "nbytes", "_head", "_reader")

    def __init__(self, tag, dims, ttype, nbytes, head, reader):
        self.tag, self.dims, self.tensor_type, self.nbytes = tag, dims, ttype, nbytes
        self._head, self._reader = head, reader

    @property
    def tensor(self):
        return self

    def WhichOneof(self, _):
        return "tensor"

    def read_into(self, dst):
        """Fill ``dst`` (a writable buffer of exactly ``nbytes`` bytes) with the content, from the file."""
        self._reader.content_into(self, dst)


class _Records:
    """Iterate the ``Value`` records of a ``.ckpt`` file: ``(record, bytes left after it)``.

    A ``.ckpt`` file is a sequence of ``Checkpoint`` messages, i.e. of field-1 ``Value`` records; each
    is found by its length prefix. A plain tensor record comes as a :class:`_RawTensor` whose content the
    consumer reads straight into its destination (``read_into``) or leaves unread (it is then skipped);
    any other record is read into one reused buffer and parsed by protobuf, so memory holds at most one
    record at a time. Anything else at the top level (unknown fields) is handed whole to protobuf.
    ``crc`` is the CRC32 of all bytes consumed so far (when ``want_crc``)."""

    def __init__(self, f, end, path, want_crc=True):
        self.f, self.end, self.path, self.want_crc = f, end, path, want_crc
        self.crc = 0
        self._pending = 0           # content bytes of the last _RawTensor not yet consumed

    def content_into(self, rec, dst):
        with memoryview(dst).cast("B") as out:
            if len(out) != rec.nbytes or self._pending != rec.nbytes - len(rec._head):
                raise _corrupt(self.path)
            k = len(rec._head)
            out[:k] = rec._head
            rest = out[k:]
            if rest and self.f.readinto(rest) != len(rest):
                raise _corrupt(self.path)
            self._pending = 0
            if self.want_crc:
                self.crc = binascii.crc32(rest, self.crc)

    def _skip_pending(self):
        left, self._pending = self._pending, 0
        if not self.want_crc:
            self.f.seek(left, os.SEEK_CUR)
            return
        while left:
            chunk = self.f.read(min(left, 1 << 24))
            if not chunk:
                raise _corrupt(self.path)
            self.crc = binascii.crc32(chunk, self.crc)
            left -= len(chunk)

    def __iter__(self):
        f, end, path = self.f, self.end, self.path
        pos = 0
        buf = bytearray()
        while pos < end:
            start = f.tell()
            key, kraw = _read_varint(f)
            if key != 0x0A:
                f.seek(start)
                rest = f.read(end - pos)
                if len(rest) != end - pos:
                    raise _corrupt(path)
                if self.want_crc:
                    self.crc = binascii.crc32(rest, self.crc)
                for v in self._decode("Checkpoint", rest).value:
                    yield v, 0
                return
            length, lraw = _read_varint(f)
            pos += len(kraw) + len(lraw)
            if length is None or length < 0 or pos + length > end:
                raise CheckpointFormatError(f"Failed to read the checkpoint file {path}. The file may be corrupted, "
                                            f"and the content cannot be parsed (truncated entry at byte {start}).")
            if self.want_crc:
                self.crc = binascii.crc32(lraw, binascii.crc32(kraw, self.crc))
            head = f.read(min(length, ckpt_records.HEAD_BYTES))
            if len(head) != min(length, ckpt_records.HEAD_BYTES):
                raise _corrupt(path)
            parsed = ckpt_records.tensor_header(head, length)
            if parsed is not None and parsed[2].lower() in _DTYPE_OF:
                tag, dims, ttype, content_start, nbytes = parsed
                if self.want_crc:
                    self.crc = binascii.crc32(head, self.crc)
                self._pending = nbytes - (len(head) - content_start)
                pos += length
                yield _RawTensor(tag, dims, ttype, nbytes, head[content_start:], self), end - pos
                if self._pending:
                    self._skip_pending()
                continue
            if len(buf) < length:
                buf = bytearray(length)
            with memoryview(buf) as whole, whole[:length] as payload:
                payload[:len(head)] = head
                if f.readinto(payload[len(head):]) != length - len(head):
                    raise _corrupt(path)
                pos += length
                if self.want_crc:
                    self.crc = binascii.crc32(payload, self.crc)
                v = self._decode("Value", payload)
            yield v, end - pos

    def _decode(self, message, data):
        """``data`` decoded by protobuf as ``message`` (``'Checkpoint'`` or ``'Value'``)."""
        pb = _pb(self.path)
        try:
            return getattr(pb, message).FromString(data)
        except Exception as e:
            raise _corrupt(self.path) from e


def _corrupt(path):
    return CheckpointFormatError(f"Failed to read the checkpoint file {path}. The file may be corrupted, and the "
                                 "content cannot be parsed.")


class _Pending:
    """One tensor being assembled from one or more same-tag entries."""

    __slots__ = ("tag", "ttype", "dims", "dtype", "tensor", "view", "offset", "chunks", "maps")

    def __init__(self, tag, ttype, dims):
        self.tag, self.ttype, self.dims = tag, ttype, dims
        self.dtype = self.tensor = self.view = None
        self.offset = 0
        self.chunks = []
        self.maps = None


def _tensor_error(path, tag, text):
    return CheckpointFormatError(f"For 'load_checkpoint', the tensor '{tag}' in the checkpoint file {path} {text}")


def _start_tensor(cur, content_len, left, path):
    ttype = cur.ttype
    dtype = _DTYPE_OF.get(ttype.lower())
    if dtype is None:
        raise _tensor_error(path, cur.tag, f"has an unknown data type {ttype!r}.")
    dims = list(cur.dims)
    if any(d < 0 for d in dims):
        raise _tensor_error(path, cur.tag, f"has an invalid shape {dims}.")
    item = _itemsize(dtype)
    if dims == [0] and content_len == item:      # scalars written as dims=[0] (old files)
        dims = []
    count = math.prod(dims)
    nbytes = count * item
    if nbytes > content_len + left:
        raise _tensor_error(path, cur.tag, f"is truncated: shape {tuple(dims)} of {mstype.dtype_str(dtype)} needs "
                                           f"{nbytes} bytes, the file holds at most {content_len + left}.")
    cur.dtype, cur.dims = dtype, dims
    cur.tensor = torch.empty(dims, dtype=dtype)
    flat = cur.tensor.reshape(-1)
    cur.view = flat if dtype == torch.uint8 else flat.view(torch.uint8)


def _add_piece(cur, v, left, path):
    t = v.tensor
    raw = isinstance(v, _RawTensor)
    content = None if raw else t.tensor_content
    n = v.nbytes if raw else len(content)
    if cur.ttype == "str":
        if raw:
            raise _tensor_error(path, cur.tag, "is split into entries with different shapes or data types.")
        cur.chunks.append(content)
        return
    if cur.tensor is None:
        _start_tensor(cur, n, left, path)
    elif t.tensor_type != cur.ttype or (list(t.dims) != list(cur.dims) and list(t.dims) != [0]):
        raise _tensor_error(path, cur.tag, "is split into entries with different shapes or data types.")
    if cur.offset + n > cur.view.numel():
        raise _tensor_error(path, cur.tag, f"holds {cur.offset + n} bytes, but shape {tuple(cur.dims)} of "
                                           f"{mstype.dtype_str(cur.dtype)} needs {cur.view.numel()}.")
    if raw:
        v.read_into(cur.view[cur.offset:cur.offset + n].numpy())   # file -> tensor, one copy
    elif n:
        with warnings.catch_warnings():      # read-only source buffer: torch only reads it here
            warnings.simplefilter("ignore", UserWarning)
            src = torch.frombuffer(content, dtype=torch.uint8)
        cur.view[cur.offset:cur.offset + n].copy_(src)
    cur.offset += n


def _finish(cur, path):
    if cur.maps is not None:
        return [np.concatenate(parts) if len(parts) > 1 else parts[0] for parts in cur.maps]
    if cur.ttype == "str":
        data = b"".join(cur.chunks)
        if len(data) % 4:
            raise _tensor_error(path, cur.tag, f"is a string of {len(data)} bytes (not UTF-32).")
        if not data:
            return ""
        try:
            return str(np.frombuffer(data, f"<U{len(data) // 4}")[0])
        except Exception as e:
            raise _tensor_error(path, cur.tag, "is not a valid UTF-32 string.") from e
    if cur.tensor is None:
        raise _tensor_error(path, cur.tag, "has no data.")
    if cur.offset != cur.view.numel():
        raise _tensor_error(path, cur.tag, f"holds {cur.offset} bytes, but shape {tuple(cur.dims)} of "
                                           f"{mstype.dtype_str(cur.dtype)} needs {cur.view.numel()}.")
    return cur.tensor


def _add_map_piece(cur, v, path):
    parts = []
    for tp in v.maptensor.tensor:
        npt = _MAP_NP.get(tp.tensor_type)
        if npt is None:
            raise _tensor_error(path, cur.tag, f"has an unknown map tensor data type {tp.tensor_type!r}.")
        arr = np.frombuffer(tp.tensor_content, npt)
        dims = list(tp.dims)
        try:
            arr = arr.reshape([-1] + dims[1:]) if dims else arr
        except ValueError as e:
            raise _tensor_error(path, cur.tag, "has a map tensor whose size does not match its shape.") from e
        parts.append(arr.copy())
    if cur.maps is None:
        cur.maps = [[p] for p in parts]
    else:
        if len(parts) != len(cur.maps):
            raise _tensor_error(path, cur.tag, "is split into map entries of different layouts.")
        for lst, p in zip(cur.maps, parts):
            lst.append(p)


def _read_ckpt(path, keep, dec_key=None, dec_mode="AES-GCM", crc_check=False, progress=None):
    """OrderedDict tag -> torch.Tensor | str | list[np.ndarray] of a ``.ckpt`` file."""
    out = OrderedDict()
    if dec_key is not None:
        f = io.BytesIO(_decrypt_file(path, dec_key, dec_mode))
    else:
        f = _open_regular(path)
    with f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        end, stored_crc = size, None
        if size >= _CRC_TRAILER:
            f.seek(size - _CRC_TRAILER)
            tail = f.read(_CRC_TRAILER)
            if tail[:len(_CRC_TAG)] == _CRC_TAG:
                end, stored_crc = size - _CRC_TRAILER, int.from_bytes(tail[len(_CRC_TAG):], "big")
        if crc_check and stored_crc is None:
            logger.warning("For 'load_checkpoint', the ckpt file do not contain the crc code, please check the file.")
        if dec_key is None and _is_cipher_file(path):
            f.seek(0)
            mode = _MODE_OF_MAGIC[struct.unpack("<I", f.read(4))[0]]
            raise CheckpointFormatError(f"Failed to read the checkpoint file {path}. The file may be corrupted, and "
                                        f"the content cannot be parsed. It starts like a MindSpore {mode} encrypted "
                                        "checkpoint: pass 'dec_key' (and 'dec_mode').")
        f.seek(0)
        try:
            _parse_entries(f, end, path, keep, out, progress, crc_check and stored_crc is not None)
        except (CheckpointFormatError, ImportError):  # ImportError: protobuf missing, the file is fine
            raise
        except Exception as e:   # anything protobuf/torch/numpy raise on hostile input
            raise CheckpointFormatError(f"Failed to read the checkpoint file {path}. The file may be corrupted, and "
                                        f"the content cannot be parsed ({type(e).__name__}: {e}).") from e
        crc = out.pop(_CRC_KEY)
        if crc_check and stored_crc is not None and crc != stored_crc:
            raise CheckpointFormatError("For 'load_checkpoint', the crc check is failed, please check whether the "
                                        f"ckpt file is damaged: {path}")
    return out


_CRC_KEY = object()


def _parse_entries(f, end, path, keep, out, progress=None, want_crc=False):
    cur = None            # _Pending of the tag being assembled
    skip_tag = None       # tag whose entries the filters drop
    done = 0
    records = _Records(f, end, path, want_crc)
    for v, left in records:
        if progress is not None:
            progress(end - left - done)
            done = end - left
        tag = v.tag
        if skip_tag is not None:
            if tag == skip_tag:
                continue
            skip_tag = None
        if cur is not None and tag != cur.tag:
            out[cur.tag] = _finish(cur, path)
            cur = None
        which = v.WhichOneof("value")
        if cur is None:
            if not keep(tag):
                skip_tag = tag
                continue
            if which is None:
                raise _tensor_error(path, tag, "has neither tensor nor map tensor data.")
            cur = _Pending(tag, v.tensor.tensor_type if which == "tensor" else "<map>", list(v.tensor.dims))
        if which == "maptensor" and cur.ttype == "<map>":
            _add_map_piece(cur, v, path)
        elif which == "tensor" and cur.ttype != "<map>":
            _add_piece(cur, v, left, path)
        else:
            raise _tensor_error(path, tag, "mixes tensor and map tensor entries or has no data.")
    if cur is not None:
        out[cur.tag] = _finish(cur, path)
    out[_CRC_KEY] = records.crc


# ---------------------------------------------------------------------------------------------
# reading safetensors
# ---------------------------------------------------------------------------------------------
_ST_DTYPES = {"F16": torch.float16, "BF16": torch.bfloat16, "F32": torch.float32, "F64": torch.float64,
              "I8": torch.int8, "I16": torch.int16, "I32": torch.int32, "I64": torch.int64, "U8": torch.uint8,
              "U16": torch.uint16, "U32": torch.uint32, "U64": torch.uint64, "BOOL": torch.bool,
              "C64": torch.complex64}


def _read_safetensors_bytes(buf, keep, crc_check=False):
    """safetensors from an in-memory ``io.BytesIO`` (MindSpore accepts one for this format)."""
    try:
        from safetensors.torch import load as st_load
    except ImportError:
        raise ImportError("Reading safetensors needs the 'safetensors' package: pip install safetensors") from None
    import json
    data = buf.getvalue()
    try:
        tensors = st_load(data)
        hlen = int.from_bytes(data[:8], "little")
        meta = json.loads(data[8:8 + hlen]).get("__metadata__") or {}
    except Exception as e:
        raise CheckpointFormatError(f"Failed to read the safetensors data {buf!r}. The content may be corrupted, and "
                                    f"cannot be parsed ({type(e).__name__}: {e}).") from e
    out, crc = OrderedDict(), 0
    for k in sorted(tensors):
        t = tensors[k].contiguous()
        if crc_check:
            crc = binascii.crc32(k.encode("utf-8"), crc)
            crc = binascii.crc32(_byte_view(t), crc)
        if keep(k):
            out[k] = t
    if crc_check and meta.get("crc_num") is not None and str(crc) != meta["crc_num"]:
        raise CheckpointFormatError("For 'load_checkpoint', the crc check has failed. Please check whether the "
                                    "ckpt file is damaged.")
    return out


def _read_safetensors(path, keep, crc_check=False):
    """Read a safetensors file into freshly allocated tensors.

    The ``safetensors`` package validates the file (header, dtypes, shapes, offsets); the bytes are
    then read with ``readinto`` straight into preallocated tensors, so the result never stays
    backed by a memory map of the file (a later change or truncation of the file cannot alter or
    crash the loaded parameters) and peak memory stays about one copy of the tensors."""
    try:
        from safetensors import safe_open
    except ImportError:
        raise ImportError(f"Reading {path} needs the 'safetensors' package: pip install safetensors") from None
    import json
    out = OrderedDict()
    try:
        with safe_open(path, framework="pt") as f:
            meta = f.metadata() or {}
            info = {k: (f.get_slice(k).get_dtype(), tuple(f.get_slice(k).get_shape())) for k in f.keys()}
        with _open_regular(path) as fh:
            hlen = int.from_bytes(fh.read(8), "little")
            header = json.loads(fh.read(hlen))
            base = 8 + hlen
            crc = 0
            for k in sorted(info):
                sdt, shape = info[k]
                if meta.get(k) == "Int4":
                    raise _tensor_error(path, k, "is a qint4x2 tensor, which ms_compat does not support.")
                if not keep(k) and not crc_check:
                    continue
                dtype = _ST_DTYPES.get(sdt)
                if dtype is None:
                    raise _tensor_error(path, k, f"has the safetensors dtype {sdt}, which MindSpore has no type for.")
                begin, end = header[k]["data_offsets"]
                t = torch.empty(shape, dtype=dtype)
                flat = t.reshape(-1)
                view = flat if dtype == torch.uint8 else flat.view(torch.uint8)
                if end - begin != view.numel():
                    raise _tensor_error(path, k, f"holds {end - begin} bytes, but shape {shape} needs {view.numel()}.")
                fh.seek(base + begin)
                if view.numel() and fh.readinto(view.numpy()) != view.numel():
                    raise _tensor_error(path, k, "is truncated.")
                if crc_check:
                    crc = binascii.crc32(k.encode("utf-8"), crc)
                    crc = binascii.crc32(view.numpy(), crc)
                if keep(k):
                    out[k] = t
    except CheckpointFormatError:
        raise
    except Exception as e:
        raise CheckpointFormatError(f"Failed to read the safetensors file {path}. The file may be corrupted, and "
                                    f"the content cannot be parsed ({type(e).__name__}: {e}).") from e
    if crc_check:
        if meta.get("crc_num") is None:
            logger.warning("For 'load_checkpoint', the safetensors file do not contain the crc code, please check "
                           "the file.")
        elif str(crc) != meta["crc_num"]:
            raise CheckpointFormatError("For 'load_checkpoint', the crc check has failed. Please check whether the "
                                        f"ckpt file is damaged: {path}")
    return out


# ---------------------------------------------------------------------------------------------
# load_checkpoint
# ---------------------------------------------------------------------------------------------
def _check_prefix(prefix):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be string, "
                        f"list[string] or tuple[string], but got {type(prefix)}.")
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty when"
                         " 'specify_prefix' or 'filter_prefix' is list or tuple.")
    for i, p in enumerate(prefix):
        if not isinstance(p, str):
            raise TypeError("For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or tuple, the "
                            f"element in it must be string, but got {type(p)} at index {i}.")
        if p == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' can't include "
                             "''.")
    return tuple(prefix)


def _check_file(file, fmt):
    if fmt not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'format'.")
    if isinstance(file, io.BytesIO):
        if fmt == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
        return file
    if not isinstance(file, (str, os.PathLike)):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got {type(file)}.")
    file = os.fspath(file)
    if not file.endswith(fmt):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{file}', format:'{fmt}'")
    file = os.path.realpath(file)
    if not os.path.exists(file):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {file} does not exist, please check whether "
                         "the 'ckpt_file_name' is correct.")
    _check_regular(file)
    return file


def read_checkpoint_tensors(ckpt_file_name, format="ckpt", dec_key=None, dec_mode="AES-GCM", crc_check=False,
                            choice_func=None, progress=None):
    """Plain reader: ``OrderedDict`` name → ``torch.Tensor`` (strings stay ``str``) of a ``.ckpt`` or
    safetensors file, without wrapping values in Parameters; ``progress(nbytes)`` is called as
    ``.ckpt`` entries are read. ms_compat helper (no MindSpore API)."""
    file = _check_file(ckpt_file_name, format)
    keep = choice_func if choice_func is not None else (lambda name: True)
    if dec_key is not None:
        _check_key(dec_key, dec_mode, "load_checkpoint", file)
    if format == "safetensors":
        return _read_safetensors(file, keep, crc_check)
    return _read_ckpt(file, keep, dec_key, dec_mode, crc_check, progress)


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """Mirrors ``mindspore.load_checkpoint``: a dict name → ``Parameter`` (``requires_grad=True``,
    strings from ``append_dict`` as ``str``), loaded into ``net`` too when given.

    ``filter_prefix`` drops names starting with a prefix, ``specify_prefix`` keeps only those
    (either one overrides ``choice_func``). Reads the file entry by entry into preallocated tensors;
    any unreadable file raises :class:`CheckpointFormatError` (a ``ValueError``) naming the file and
    tensor, before ``net`` is touched. ``remove_redundancy`` (parallel deduplication) is accepted
    and must be ``False``: there is nothing to deduplicate in one process.
    """
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    if dec_key is not None and not isinstance(dec_key, bytes):
        raise TypeError(f"For 'load_checkpoint', the type of 'dec_key' should be 'bytes', but got "
                        f"'{type(dec_key).__name__}'.")
    if not isinstance(dec_mode, str):
        raise TypeError(f"For 'load_checkpoint', the type of 'dec_mode' should be 'str', but got "
                        f"'{type(dec_mode).__name__}'.")
    _check_bool("load_checkpoint", "crc_check", crc_check)
    _check_bool("load_checkpoint", "remove_redundancy", remove_redundancy)
    if format == "safetensors" and (dec_key is not None or dec_mode != "AES-GCM"):
        name, val = ("dec_key", dec_key) if dec_key is not None else ("dec_mode", dec_mode)
        default = None if name == "dec_key" else "AES-GCM"
        raise ValueError(f"For 'load_checkpoint', when format is 'safetensors', the parameter '{name}' must be set "
                         f"to default value '{default}', but got '{val}'.")
    if dec_key is not None:
        _check_key(dec_key, dec_mode, "load_checkpoint", ckpt_file_name)
    if specify_prefix is not None or filter_prefix is not None:
        def keep(name):
            ok = True
            if specify_prefix:
                ok = any(name.startswith(p) for p in specify_prefix)
            if filter_prefix and any(name.startswith(p) for p in filter_prefix):
                ok = False
            return ok
    elif choice_func is not None:
        keep = choice_func
    else:
        def keep(name):
            return True
    file = _check_file(ckpt_file_name, format)
    if isinstance(file, io.BytesIO):
        raw = _read_safetensors_bytes(file, keep, crc_check)
    elif format == "safetensors":
        raw = _read_safetensors(file, keep, crc_check)
    else:
        raw = _read_ckpt(file, keep, dec_key, dec_mode, crc_check)
    parameter_dict = {}
    for name, value in raw.items():
        if isinstance(value, torch.Tensor):
            value = Parameter._owning(value, name)  # the loaded array is referenced nowhere else: no copy
        parameter_dict[name] = value
    if not parameter_dict:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, remove_redundancy)
    return parameter_dict


class _ParamDictFuture:
    """What ``load_checkpoint_async`` returns: ``result()`` gives the ``load_checkpoint`` dict."""

    def __init__(self, executor, future):
        self._executor, self._future = executor, future

    def result(self):
        try:
            return self._future.result()
        finally:
            self._executor.shutdown(wait=False)


def load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                          dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """Mirrors ``mindspore.load_checkpoint_async``: runs :func:`load_checkpoint` in a thread; the
    returned object's ``result()`` waits for it (format from the ``.safetensors`` extension)."""
    from concurrent.futures import ThreadPoolExecutor
    fmt = "safetensors" if str(ckpt_file_name).endswith(".safetensors") else "ckpt"
    ex = ThreadPoolExecutor(max_workers=1)
    fut = ex.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key, dec_mode,
                    specify_prefix, choice_func, format=fmt)
    return _ParamDictFuture(ex, fut)


# ---------------------------------------------------------------------------------------------
# load_param_into_net
# ---------------------------------------------------------------------------------------------
_FLOATS = {torch.float16, torch.float32, torch.float64, torch.bfloat16}
_INTS = {torch.int8, torch.int16, torch.int32, torch.int64}


def _shape(t):
    return tuple(torch.Tensor.size(t))


def _plan_update(param, name, new, strict_load):
    """Check one parameter against its new value; return the tensor to copy in (not applied yet)."""
    data = torch.Tensor.as_subclass(new.detach(), torch.Tensor)
    pshape, nshape = _shape(param), _shape(data)
    if pshape != nshape:
        # MindSpore accepts extra trailing 1-dims in the checkpoint ((12, 2048, 1, 1) -> (12, 2048))
        if len(nshape) > len(pshape) and nshape[:len(pshape)] == pshape and all(d == 1 for d in nshape[len(pshape):]):
            data = data.reshape(pshape)
        else:
            logger.critical("Failed to combine the net and the parameters for param %s.", name)
            raise RuntimeError(
                f"For 'load_param_into_net', {name} in the argument 'net' should have the same shape as {name} in "
                f"the argument 'parameter_dict'. But got its shape {pshape} in the argument 'net' and shape "
                f"{nshape} in the argument 'parameter_dict'.May you need to check whether the checkpoint you "
                "loaded is correct or the batch size and so on in the 'net' and 'parameter_dict' are same.")
    if param.dtype != data.dtype:
        pair = {param.dtype, data.dtype}
        if not strict_load and (pair <= _FLOATS or pair <= _INTS):
            logger.warning("The type of %s:%s in 'parameter_dict' is different from the type of it in 'net':%s, "
                           "then the type convert from %s to %s in the network.", name,
                           _dtype_name(data.dtype), _dtype_name(param.dtype), _dtype_name(data.dtype),
                           _dtype_name(param.dtype))
            data = data.to(param.dtype)
        else:
            logger.critical("Failed to combine the net and the parameters for param %s.", name)
            raise RuntimeError(
                f"For 'load_param_into_net', {name} in the argument 'net' should have the same type as {name} in the "
                f"argument 'parameter_dict'. but got its type {_dtype_name(param.dtype)} in the argument 'net' and "
                f"type {_dtype_name(data.dtype)} in the argument 'parameter_dict'.May you need to check whether the "
                "checkpoint you loaded is correct.")
    return data


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """Mirrors ``mindspore.load_param_into_net``; returns ``(param_not_load, ckpt_not_load)``.

    Matches by ``param.name`` (``net.parameters_dict()`` keys), copies values in place (the
    Parameter objects stay the same), casts float↔float / int↔int when ``strict_load=False`` and
    raises ``RuntimeError`` for other dtype mismatches and any shape mismatch. Like MindSpore, when
    some parameters are missing and ``strict_load=False`` it retries with a common name prefix of
    the checkpoint stripped. Difference: every value is checked before any parameter changes.
    ``net`` may also be a plain ``torch.nn.Module`` (names = ``named_parameters`` paths).
    """
    if not _is_module(net):
        logger.critical("Failed to combine the net and the parameters.")
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}.")
    if not isinstance(parameter_dict, dict):
        logger.critical("Failed to combine the net and the parameters.")
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, but got "
                        f"{type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            logger.critical("Load parameters into net failed.")
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a 'str' and "
                            f"'Parameter' , but got {type(key)} and {type(value)}.")
    _check_bool("load_param_into_net", "strict_load", strict_load)
    _check_bool("load_param_into_net", "remove_redundancy", remove_redundancy)
    if remove_redundancy:
        raise TypeError("The deduplication feature for loading checkpoint can only be used in parallel scenarios, "
                        "but got stand_alone.")
    params = list(_net_params(net))
    plan = []
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    other_stage = _other_stage_test()
    for name, param in params:
        if other_stage is not None and other_stage(param):  # pipeline: another stage's weight, or a later
            continue                                        # stage's copy of a shared one (MindSpore skips it)
        if name in parameter_dict:
            new = parameter_dict[name]
            if not isinstance(new, torch.Tensor):   # strings / map tensors: MindSpore skips them
                continue
            plan.append((param, _plan_update(param, name, new, strict_load)))
            if name in ckpt_not_load:
                ckpt_not_load.remove(name)
        else:
            if name.startswith("accu_grads"):
                continue
            param_not_load.append(name)
    if param_not_load and not strict_load:
        _plan_prefixed(params, parameter_dict, param_not_load, strict_load, plan)
    with torch.no_grad():
        for param, data in plan:
            if isinstance(param, Parameter):
                param.set_data(data)
            else:
                param.copy_(data)
    if param_not_load:
        logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they are not "
                       "in the 'parameter_dict', please check whether the network structure is consistent when "
                       "training and loading checkpoint.", len(param_not_load))
    return param_not_load, ckpt_not_load


def _other_stage_test():
    """Under pipeline parallel (``ms_compat/parallel/stage_local.py``): a test for the parameters this rank does
    not load (released, or a later stage's copy of a shared parameter); ``None`` otherwise."""
    sl = sys.modules.get("ms_compat.parallel.stage_local")
    if sl is None:
        return None
    return lambda p: sl.is_released(p) or sl.is_shared_copy(p)


def _plan_prefixed(params, parameter_dict, param_not_load, strict_load, plan):
    """MindSpore's retry for checkpoints whose names carry an extra prefix (``network.`` ...)."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_name):
                    prefix_name = dict_name[:-len(net_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                           prefix_name)
            for name, param in params:
                new_name = prefix_name + name
                if name in param_not_load and new_name in parameter_dict:
                    new = parameter_dict[new_name]
                    if isinstance(new, torch.Tensor):
                        plan.append((param, _plan_update(param, name, new, strict_load)))
                    param_not_load.remove(name)


# ---------------------------------------------------------------------------------------------
# save_checkpoint
# ---------------------------------------------------------------------------------------------
def _to_tensor_value(value):
    if isinstance(value, np.ndarray):   # (np.ascontiguousarray would turn 0-d into 1-d)
        return torch.from_numpy(value if value.flags.c_contiguous else value.copy(order="C"))
    return value


def _collect(save_obj, choice_func):
    """``[(name, tensor | str)]`` in MindSpore's order for a Cell / list / dict."""
    items = OrderedDict()
    if _is_module(save_obj):
        for name, p in _net_params(save_obj):
            if choice_func is not None and not choice_func(name):
                continue
            items[name] = p
        return items
    if isinstance(save_obj, list):
        if save_obj and isinstance(save_obj[0], dict):
            for d in save_obj:
                if not (isinstance(d, dict) and "name" in d and "data" in d):
                    raise TypeError("For save_checkpoint, save_obj should be a list of dict items, and the dict should "
                                    f"have key values 'name' and 'value', but got {type(d)} and {d}.")
                if not isinstance(d["name"], str):
                    raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the name in dict "
                                    f"should be string, but got {type(d['name'])}.")
                data = _to_tensor_value(d["data"])
                if not isinstance(data, torch.Tensor):
                    raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the data in dict "
                                    f"should be parameter, but got {type(d['data'])}.")
                if choice_func is not None and not choice_func(d["name"]):
                    continue
                items[d["name"]] = data
        else:
            for p in save_obj:
                if not isinstance(p, Parameter):
                    raise TypeError("For save_checkpoint, when save_obj is made up by list of Parameter,the param "
                                    f"should be parameter, but got {type(p)}")
                if choice_func is not None and not choice_func(p.name):
                    continue
                items[p.name] = p
        return items
    if isinstance(save_obj, dict):
        for key, value in save_obj.items():
            value = _to_tensor_value(value)
            if not isinstance(key, str) or not isinstance(value, (torch.Tensor, str)):
                raise TypeError("For save_checkpoint, when save_obj is made up by dict, the key should be str "
                                f"andvalue should be Parameter, but got the type of key is {type(key)} andthe type of "
                                f"value is {type(value)}")
            if choice_func is not None and not choice_func(key):
                continue
            items[key] = value
        return items
    raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                    f"but got {type(save_obj)}.")


def _append_value(value):
    if isinstance(value, str):
        return value
    if isinstance(value, torch.Tensor):
        return value
    if isinstance(value, bool):
        return torch.tensor(value, dtype=torch.bool)
    if isinstance(value, numbers.Integral):
        return torch.tensor(int(value), dtype=torch.int64)
    return torch.tensor(float(value), dtype=torch.float32)


def _check_append_dict(append_dict):
    if append_dict is None:
        return None
    if not isinstance(append_dict, dict):
        raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, but got {type(append_dict)}.")
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, torch.Tensor)):
            raise TypeError("For 'save_checkpoint', the type of dict 'append_info' must be key: string, value: int, "
                            f"float, bool or Generator, but got key: {type(key)}, value: {type(value)}")
    return append_dict


def _target_name(ckpt_file_name, fmt):
    if not isinstance(ckpt_file_name, (str, os.PathLike)):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is invalid,"
                        f"'ckpt_file_name' must be string, but got {type(ckpt_file_name)}.")
    name = _write_path(ckpt_file_name)
    if os.path.isdir(name):
        raise IsADirectoryError(f"For 'save_checkpoint', the parameter `ckpt_file_name`: {name} is a directory, it "
                                "must be a file name.")
    if not name.endswith(fmt):
        name += f".{fmt}"
    return name


def _entry_bytes(pb, name, dims, ttype, content):
    msg = pb.Checkpoint()
    v = msg.value.add()
    v.tag = name
    v.tensor.dims.extend(dims)
    v.tensor.tensor_type = ttype
    v.tensor.tensor_content = content
    return msg.SerializeToString()


def _iter_ckpt_chunks(items):
    """Serialized ``Checkpoint`` messages, one per entry (512 MiB pieces for large tensors)."""
    pb = _pb()
    for name, value in items:
        if isinstance(value, str):
            yield _entry_bytes(pb, name, [0], "str", np.array(value).tobytes())
            continue
        t = _plain(value)
        dims, ttype = list(_shape(t)), _dtype_name(t.dtype)
        view = _byte_view(t)
        for i in range(0, view.size, SLICE_BYTES):     # an empty tensor writes no entry, as in MindSpore
            yield _entry_bytes(pb, name, dims, ttype, view[i:i + SLICE_BYTES].tobytes())


def _write_path(path):
    """The absolute path a write goes to: the directory part is resolved, the last component is
    not, so a symlink at ``path`` is replaced by the new file and its target is left alone (as
    atomic-write tools do; MindSpore resolves the link and rewrites its target)."""
    path = os.path.abspath(os.fspath(path))
    head, tail = os.path.split(path)
    return os.path.join(os.path.realpath(head), tail) if tail else os.path.realpath(path)


# Temporary files of a save are named ``.<target name>.<host>-<pid>.<random>.tmp``; a save that was
# killed leaves one behind. The next save of the same target removes those that are stale: written by
# a process of this host that no longer runs (and untouched for _STALE_DEAD_S seconds), or untouched
# for _STALE_ANY_S seconds whoever wrote them (also the ``.<target name>.<random>.tmp`` files of
# older ms_compat versions). A save in progress keeps its file's mtime fresh.
_STALE_DEAD_S = 5.0
_STALE_ANY_S = 3600.0


def _host_tag():
    return re.sub(r"[^A-Za-z0-9-]", "-", os.uname().nodename)[:40] or "host"


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def _remove_stale_temps(target):
    """Remove the stale temporary files of earlier, killed saves of ``target`` (see above); files of
    other targets, files not named like ours and anything not a regular file are left alone."""
    directory, base = os.path.split(target)
    pat = re.compile(r"\." + re.escape(base) + r"\.(?:([A-Za-z0-9-]+)-(\d+)\.)?[A-Za-z0-9_]+\.tmp\Z")
    try:
        names = os.listdir(directory or ".")
    except OSError:
        return
    host = _host_tag()
    now = time.time()
    for name in names:
        m = pat.match(name)
        if m is None:
            continue
        path = os.path.join(directory, name)
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        age = now - st.st_mtime
        dead = m.group(1) == host and not _pid_alive(int(m.group(2)))
        if age >= _STALE_ANY_S or (dead and age >= _STALE_DEAD_S):
            try:
                os.unlink(path)
                logger.info("Removed %s, the temporary file of an interrupted save of %s.", path, target)
            except OSError:
                pass


def _atomic_write(target, write_fn, mode=stat.S_IRUSR):
    """Write through a temporary file in the target's directory, then ``os.replace`` it in; the
    file gets ``mode`` (MindSpore's 0400 for checkpoints; ``None``: the usual umask default). The
    mode is set on the temporary file before the rename, and the rename replaces a symlink at
    ``target`` itself, never the file it points to."""
    directory = os.path.dirname(target) or "."
    _remove_stale_temps(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.{_host_tag()}-{os.getpid()}.",
                                   suffix=".tmp", dir=directory)
    except OSError as e:
        logger.critical("Failed to save the checkpoint file %s. Maybe don't have the permission to write files, or "
                        "the disk space is insufficient and so on.", target)
        raise _target_error(e, target) from e
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        with os.fdopen(fd, "wb") as f:
            write_fn(f)
            f.flush()
            os.fsync(f.fileno())
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException as exc:
        logger.critical("Failed to save the checkpoint file %s. Maybe don't have the permission to write files, or "
                        "the disk space is insufficient and so on.", target)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _target_error(exc, target) from exc
        raise


def _target_error(e, target):
    """``e`` (an ``OSError`` met while writing ``target`` through its temporary file) as the same
    type naming ``target``: the user never sees the temporary name."""
    if e.errno is None:
        return type(e)(f"Failed to save the checkpoint file {target}: {e}")
    try:
        return type(e)(e.errno, f"Failed to save the checkpoint file: {e.strerror or e}", target)
    except TypeError:
        return OSError(e.errno, f"Failed to save the checkpoint file: {e.strerror or e}", target)


def _write_ckpt(target, items, enc_key=None, enc_mode="AES-GCM", crc_check=False, progress=None):
    def write(f):
        crc = 0
        sink = io.BytesIO() if enc_key is not None else f
        for chunk in _iter_ckpt_chunks(items):
            if crc_check:
                crc = binascii.crc32(chunk, crc)
            sink.write(chunk)
            if progress is not None:
                progress(len(chunk))
        if enc_key is not None:
            data = sink.getbuffer()
            for i in range(0, len(data), ENCRYPT_BLOCK_BYTES):
                f.write(_encrypt_block(bytes(data[i:i + ENCRYPT_BLOCK_BYTES]), enc_key, enc_mode, target))
            del data
        if crc_check:
            f.write(_CRC_TAG + crc.to_bytes(10, "big"))
    _atomic_write(target, write)


def _write_safetensors(target, items, crc_check=False):
    try:
        from safetensors.torch import save as st_save
    except ImportError:
        raise ImportError(f"Writing {target} needs the 'safetensors' package: pip install safetensors") from None
    tensors = {}
    meta = {"format": "ms"}
    crc = 0
    for name in sorted(items):
        value = items[name]
        if isinstance(value, str):
            raise TypeError(f"For 'save_checkpoint', the string value of '{name}' cannot be saved in the safetensors "
                            "format.")
        t = _plain(value)
        tensors[name] = t
        if crc_check:
            crc = binascii.crc32(name.encode("utf-8"), crc)
            crc = binascii.crc32(_byte_view(t).tobytes(), crc)
    if crc_check:
        meta["crc_num"] = str(crc)
    data = st_save(tensors, metadata=meta if tensors else None)
    _atomic_write(target, lambda f: f.write(data))


class _AsyncSave(threading.Thread):
    """The ``asyn_save_ckpt`` thread of ``save_checkpoint(async_save=...)``: it keeps the exception
    of a failed save (MindSpore's thread only prints it) so that the next ``save_checkpoint`` call,
    ``async_ckpt_thread_status()`` or the end of the program reports it."""

    def __init__(self, target, args):
        super().__init__(name="asyn_save_ckpt")
        self.ckpt_target, self._args, self.error = target, args, None

    def run(self):
        try:
            _save_items(*self._args)
        except BaseException as e:   # noqa: BLE001 - handed to the caller's thread
            self.error = e
        finally:
            del self._args


_async_threads = []
_async_lock = threading.Lock()


def _async_failure(th):
    e = th.error
    msg = f"For 'save_checkpoint', the asynchronous save of {th.ckpt_target} failed: "
    if isinstance(e, OSError):
        new = type(e)(e.errno, msg + (e.strerror or str(e)), th.ckpt_target) if e.errno is not None \
            else type(e)(msg + str(e))
    else:
        try:
            new = type(e)(msg + str(e))
        except Exception:   # noqa: BLE001 - an exception type that takes other arguments
            new = RuntimeError(msg + f"{type(e).__name__}: {e}")
    new.__cause__ = e
    return new


def _wait_async_save(wait=True):
    """Join (``wait``) or collect the finished asynchronous saves; raise the error of the first that
    failed, naming its target (the others' errors are logged)."""
    with _async_lock:
        done = [th for th in _async_threads if wait or not th.is_alive()]
        for th in done:
            _async_threads.remove(th)
    failed = []
    for th in done:
        th.join()
        if th.error is not None:
            failed.append(th)
    for th in failed[1:]:
        logger.error("%s", _async_failure(th))
    if failed:
        raise _async_failure(failed[0])


def _report_async_at_exit():
    try:
        _wait_async_save()
    except BaseException as e:   # noqa: BLE001 - nobody is left to catch it
        print(f"ms_compat: {type(e).__name__}: {e}", file=sys.stderr)


atexit.register(_report_async_at_exit)


def async_ckpt_thread_status():
    """Mirrors ``mindspore.async_ckpt_thread_status`` (deprecated in MindSpore 2.5): ``True`` while an
    asynchronous checkpoint save is running. Difference: if a finished asynchronous save failed,
    its error is raised here (MindSpore only prints it from the thread)."""
    _wait_async_save(wait=False)
    return any(th.name == "asyn_save_ckpt" and th.is_alive() for th in threading.enumerate())


def write_checkpoint_tensors(tensors, ckpt_file_name, format="ckpt", crc_check=False, progress=None):
    """Write ``name → tensor | str`` items (dict or list of pairs) to ``ckpt_file_name`` exactly as
    ``save_checkpoint`` would, without adding an extension. ``progress(nbytes)`` is called per
    written entry. ms_compat helper (no MindSpore API)."""
    items = list(tensors.items()) if isinstance(tensors, dict) else list(tensors)
    target = _write_path(ckpt_file_name)
    if format == "safetensors":
        _write_safetensors(target, OrderedDict(items), crc_check)
    else:
        _write_ckpt(target, items, crc_check=crc_check, progress=progress)
    return target


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt", **kwargs):
    """Mirrors ``mindspore.save_checkpoint``: writes a Cell's parameters (keyed by ``param.name``,
    in ``parameters_and_names`` order), a list of Parameters or ``{'name', 'data'}`` dicts, or a
    dict name → Parameter/Tensor/ndarray/str, plus ``append_dict`` entries.

    ``format='safetensors'`` writes MindSpore's safetensors layout. ``enc_key`` encrypts like
    MindSpore (needs the ``cryptography`` package). Differences: the write is atomic (temporary file
    and ``os.replace``); plain tensors in a dict are accepted; ``async_save='process'`` uses a thread;
    ``enc_key`` with ``crc_check=True`` raises ``ValueError`` (MindSpore documents them as exclusive
    and writes an unusable trailer). Parameters laid out by ``Cell.shard`` are saved whole with
    ``integrated_save=True`` (an all-gather: every rank must call it) and as this rank's slices with
    ``False``, as in MindSpore (see ms_compat/parallel/checkpoint_transform.py).
    """
    if format not in ("safetensors", "ckpt"):
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (list, dict)) and not _is_module(save_obj):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj)}.")
    target = _target_name(ckpt_file_name, format)
    _check_bool("save_checkpoint", "integrated_save", integrated_save)
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, but got "
                        f"{type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',but got "
                         f"{async_save}.")
    append_dict = _check_append_dict(append_dict)
    if enc_key is not None and not isinstance(enc_key, bytes):
        raise TypeError(f"For 'save_checkpoint', the type of 'enc_key' should be 'bytes', but got "
                        f"'{type(enc_key).__name__}'.")
    if not isinstance(enc_mode, str):
        raise TypeError(f"For 'save_checkpoint', the type of 'enc_mode' should be 'str', but got "
                        f"'{type(enc_mode).__name__}'.")
    _check_bool("save_checkpoint", "crc_check", crc_check)
    if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM"):
        name, val = ("enc_key", enc_key) if enc_key is not None else ("enc_mode", enc_mode)
        default = None if name == "enc_key" else "AES-GCM"
        raise ValueError(f"For 'save_checkpoint', when format is 'safetensors', the parameter '{name}' must be set "
                         f"to default value '{default}', but got '{val}'.")
    if enc_key is not None:
        _check_key(enc_key, enc_mode, "save_checkpoint", target)
        _crypto(target)
        if crc_check:
            raise ValueError("For 'save_checkpoint', 'enc_key' and 'crc_check' cannot be used together.")
    items = _collect(save_obj, choice_func)
    if _is_module(save_obj) and "ms_compat.parallel.stage_local" in sys.modules:  # pipeline: this stage's
        from ..parallel.stage_local import stage_items
        items = stage_items(items)
    if _is_module(save_obj) and "ms_compat.parallel.shard" in sys.modules:  # a parallel run: slices or whole
        from ..parallel.checkpoint_transform import integrated_items
        items = integrated_items(items, integrated_save)
    if append_dict:
        for k, v in append_dict.items():
            items[k] = _append_value(v)
    # an earlier asynchronous save that failed is reported now (before this save starts)
    _wait_async_save(wait=bool(async_save))
    if async_save:
        snapshot = OrderedDict((k, v if isinstance(v, str) else _plain(v).clone()) for k, v in items.items())
        th = _AsyncSave(target, (target, snapshot, enc_key, enc_mode, crc_check, format))
        with _async_lock:
            _async_threads.append(th)
        th.start()
        return
    _save_items(target, items, enc_key, enc_mode, crc_check, format)


def _save_items(target, items, enc_key, enc_mode, crc_check, fmt):
    if fmt == "safetensors":
        _write_safetensors(target, items, crc_check)
    else:
        _write_ckpt(target, list(items.items()), enc_key, enc_mode, crc_check)


# ---------------------------------------------------------------------------------------------
# ckpt <-> safetensors
# ---------------------------------------------------------------------------------------------
def _convert_files(file_path, save_path, name_map, file_name_regex, src, dst, func):
    file_path = os.fspath(file_path)
    is_dir, is_file = os.path.isdir(file_path), os.path.isfile(file_path)
    if not is_dir and not is_file:
        raise ValueError(f"For {func}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {func}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {func}, the type of 'name_map' must be a directory, but got '{type(name_map)}'")
    tasks = []
    if is_dir:
        ranks = [d for d in sorted(os.listdir(file_path))
                 if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d))]
        if not ranks:
            raise ValueError(f"For '{func}', no directories starting with 'rank' found in {file_path}.")
        for r in ranks:
            src_dir = os.path.join(file_path, r)
            dst_dir = os.path.join(save_path, r) if save_path else src_dir
            if os.path.islink(dst_dir):
                raise ValueError(f"For '{func}', the output directory {dst_dir} is a symbolic link; refusing to "
                                 "write through it (replace it with a real directory).")
            os.makedirs(dst_dir, exist_ok=True)
            for fn in sorted(os.listdir(src_dir)):
                if fn.endswith("." + src) and (file_name_regex is None or re.search(file_name_regex, fn)):
                    tasks.append((os.path.join(src_dir, fn), os.path.join(dst_dir, fn.replace("." + src, "." + dst))))
    else:
        if not file_path.endswith("." + src):
            raise ValueError(f"For {func}, the input file must be a .{src} file, but got {file_path}")
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {func}, the input file does not match the regular expression.")
        if save_path:
            os.makedirs(save_path, exist_ok=True)
        base = os.path.basename(file_path).replace("." + src, "." + dst)
        tasks.append((file_path, os.path.join(save_path or os.path.dirname(file_path), base)))
    for s, d in tasks:
        params = load_checkpoint(s, format=src)
        if name_map:
            params = {name_map.get(k, k): v for k, v in params.items()}
        save_checkpoint(params, d, format=dst)


def ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Mirrors ``mindspore.ckpt_to_safetensors``: convert one ``.ckpt`` file (or the ``rank*``
    folders of a directory) to safetensors; ``name_map`` renames keys. ``processes_num`` is
    accepted; files are converted one after the other."""
    _convert_files(file_path, save_path, name_map, file_name_regex, "ckpt", "safetensors", "ckpt_to_safetensors")


def safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Mirrors ``mindspore.safetensors_to_ckpt`` (see :func:`ckpt_to_safetensors`)."""
    _convert_files(file_path, save_path, name_map, file_name_regex, "safetensors", "ckpt", "safetensors_to_ckpt")


# ---------------------------------------------------------------------------------------------
# reading .pt files: torch.load(weights_only=True) with a scoped, shape-free allow-list
# ---------------------------------------------------------------------------------------------
def _rebuild_plain(data, state=None):
    """Stands in for ``ms_compat.common.tensor._rebuild_tensor`` / ``Parameter._rebuild`` (how
    ms_compat Tensors and Parameters pickle) inside :func:`torch_load_state_dict`: takes only a tensor
    torch already rebuilt from the file's own storage and returns it as a plain tensor, so a pickle
    cannot make it build anything (no shape, no constructor)."""
    import pickle
    if type(data) is not torch.Tensor or (state is not None and not isinstance(state, dict)):
        raise pickle.UnpicklingError("an ms_compat Tensor/Parameter record must hold a tensor read from the file's "
                                     f"storage, got {type(data).__name__}")
    return data


_PT_ALLOWED = [(_rebuild_plain, "ms_compat.common.tensor._rebuild_tensor"),
               (_rebuild_plain, "ms_compat.common.parameter.Parameter._rebuild")]


def torch_load_state_dict(path):
    """``torch.load(path, map_location='cpu', weights_only=True)`` of a regular file, also accepting
    ms_compat Tensors/Parameters pickled by ``torch.save`` (returned as plain tensors).

    The allow-list is scoped to this call (``torch.serialization.safe_globals``) and holds no class
    and nothing that takes a shape: ``import ms_compat`` leaves torch's global allow-list unchanged.
    ms_compat helper (no MindSpore API)."""
    path = os.fspath(path)
    _check_regular(path)
    with torch.serialization.safe_globals(_PT_ALLOWED):
        return torch.load(path, map_location="cpu", weights_only=True)


# ---------------------------------------------------------------------------------------------
# PyTorch state_dict <-> MindSpore names
# ---------------------------------------------------------------------------------------------
def _source_dict(src, **load_kwargs):
    if isinstance(src, (str, os.PathLike)):
        fmt = "safetensors" if os.fspath(src).endswith(".safetensors") else "ckpt"
        return read_checkpoint_tensors(src, format=fmt, **load_kwargs)
    if isinstance(src, dict):
        return src
    raise TypeError(f"Expected a checkpoint file name or a dict name -> tensor, but got {type(src)}.")


def checkpoint_to_torch_state_dict(ckpt, net=None, name_map=None):
    """A MindSpore checkpoint (file name or ``load_checkpoint`` dict) as a plain PyTorch
    ``state_dict`` (``OrderedDict`` of plain tensors; strings dropped).

    * ``net`` an ms_compat Cell (the ported model): keys become the Cell's ``state_dict`` keys
      (attribute paths), translated from ``param.name`` — ready for ``net.load_state_dict``.
    * ``net`` a native ``torch.nn.Module``: keys are translated per layer kind with
      :mod:`ms_compat.train.name_map` (``gamma`` → ``weight`` ...); see
      :func:`ms_compat.train.name_map.load_into_torch` for the report of unmatched names.
    * no ``net``: keys unchanged; ``name_map`` (dict old → new) renames keys.
    """
    params = _source_dict(ckpt)
    tensors = OrderedDict((k, _plain(v)) for k, v in params.items() if isinstance(v, torch.Tensor))
    if net is not None:
        from .name_map import ms_to_torch
        tensors, _ = ms_to_torch(tensors, net)
    if name_map:
        tensors = OrderedDict((name_map.get(k, k), v) for k, v in tensors.items())
    return tensors


def torch_state_dict_to_param_dict(state_dict, net=None, name_map=None):
    """A PyTorch ``state_dict`` (dict, or a ``.pt`` file read with ``torch.load(weights_only=True)``)
    as a ``load_checkpoint``-style dict name → ``Parameter`` for ``load_param_into_net`` /
    ``save_checkpoint``.

    With ``net`` (an ms_compat Cell or any module using MindSpore names), keys are translated to
    the net's ``param.name`` with :mod:`ms_compat.train.name_map` (``weight`` → ``gamma`` for
    BatchNorm/LayerNorm, ``running_mean`` → ``moving_mean``, ``weight`` → ``embedding_table`` ...).
    """
    if isinstance(state_dict, (str, os.PathLike)):
        state_dict = torch_load_state_dict(state_dict)
        if not isinstance(state_dict, dict):
            raise TypeError(f"The file holds a {type(state_dict).__name__}, not a state_dict.")
    tensors = OrderedDict((k, v) for k, v in state_dict.items() if isinstance(v, torch.Tensor))
    if net is not None:
        from .name_map import torch_to_ms
        tensors, _ = torch_to_ms(tensors, net)
    if name_map:
        tensors = OrderedDict((name_map.get(k, k), v) for k, v in tensors.items())
    return {k: Parameter(_plain(v).clone(), name=k) for k, v in tensors.items()}


def _load_parameter_slice(self, params):
    """Old ``Cell.load_parameter_slice``: load a parameter dict into this cell (``load_param_into_net`` without
    the report)."""
    load_param_into_net(self, params)


CELL_METHODS = {"load_parameter_slice": _load_parameter_slice}  # installed on Cell by ms_compat/nn/_cell_features.py
