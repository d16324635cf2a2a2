"""Mirrors ``mindspore.mindrecord.config``: ``set_enc_key``, ``set_enc_mode``, ``set_dec_mode`` — MindRecord file
encryption. With a key set, ``FileWriter.commit`` encrypts each file and its ``.db`` index, and ``FileReader``,
``MindDataset`` and ``MindPage`` decrypt them, in MindSpore 2.10's format: the file cut in 64 MB chunks, each
``[int32 big-endian length][cipher block]`` (the block is MindSpore's AES-GCM cipher block, the one encrypted
checkpoints use: magic, tag, IV, ciphertext), then ``[int32 0]["AES-GCM" or "UDF-ENC"]["ENCRYPT"]``. Files
encrypted by MindSpore are read and files encrypted here are read by MindSpore (tests/dataset/
test_mindrecord_encrypt.py). Needs the ``cryptography`` package.

Difference: MindSpore decrypts into ``<data folder>/.decrypt_mindrecord/``; ms_compat into a private temporary
folder (removed when the process exits), so nothing is written next to the data.
"""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import uuid

__all__ = ["set_enc_key", "set_enc_mode", "set_dec_mode"]

ENC_KEY = None
ENC_MODE = "AES-GCM"
DEC_MODE = None
ENCRYPT_END_FLAG = b"ENCRYPT"
_CHUNK = 64 * 1024 * 1024
_TMP = None


def set_enc_key(enc_key):
    """Mirrors ``mindspore.mindrecord.set_enc_key``: a str key of 16, 24 or 32 characters, or None (off)."""
    global ENC_KEY
    if enc_key is None:
        ENC_KEY = None
        return
    if not isinstance(enc_key, str):
        raise ValueError("The input enc_key is not str.")
    if len(enc_key) not in (16, 24, 32):
        raise ValueError("The length of input enc_key is not 16, 24, 32.")
    ENC_KEY = enc_key


def set_enc_mode(enc_mode="AES-GCM"):
    """Mirrors ``mindspore.mindrecord.set_enc_mode``: ``"AES-GCM"`` or a function
    ``enc_mode(src_file, file_size, dst_file, enc_key)`` that writes the encrypted bytes."""
    global ENC_MODE
    if callable(enc_mode):
        ENC_MODE = enc_mode
        return
    if not isinstance(enc_mode, str):
        raise ValueError("The input enc_mode is not str.")
    if enc_mode != "AES-GCM":
        raise ValueError("The input enc_mode is invalid.")
    ENC_MODE = enc_mode


def set_dec_mode(dec_mode="AES-GCM"):
    """Mirrors ``mindspore.mindrecord.set_dec_mode``: ``"AES-GCM"``, a function ``dec_mode(src_file, file_size,
    dst_file, enc_key)``, or None (decrypt as ``set_enc_mode`` says)."""
    global DEC_MODE
    if dec_mode is None or callable(dec_mode):
        DEC_MODE = dec_mode
        return
    if not isinstance(dec_mode, str):
        raise ValueError("The input dec_mode is not str.")
    if dec_mode != "AES-GCM":
        raise ValueError("The input dec_mode is invalid.")
    DEC_MODE = dec_mode


def _dec_mode():
    if DEC_MODE is None:
        if callable(ENC_MODE):
            raise RuntimeError("You use custom encryption, so you must also define custom decryption.")
        return ENC_MODE
    return DEC_MODE


def _mode_tag(mode):
    return b"UDF-ENC" if callable(mode) else mode.encode("utf-8")


def _key_bytes():
    return ENC_KEY.encode("utf-8")


def encrypt(filename):
    """Encrypts ``filename`` in place with the configured key and mode (MindSpore's ``config.encrypt``)."""
    from ..train.serialization import _encrypt_block  # noqa: PLC0415 - the checkpoint cipher block
    size = os.path.getsize(filename)
    tmp = filename + ".encrypt"
    try:
        with open(filename, "rb") as src, open(tmp, "wb") as dst:
            if callable(ENC_MODE):
                ENC_MODE(src, size, dst, ENC_KEY)
            else:
                while True:
                    data = src.read(_CHUNK)
                    if not data:
                        break
                    block = _encrypt_block(data, _key_bytes(), ENC_MODE, filename)
                    dst.write(len(block).to_bytes(4, "big", signed=True) + block)
            dst.write((0).to_bytes(4, "big", signed=True) + _mode_tag(ENC_MODE) + ENCRYPT_END_FLAG)
        os.replace(tmp, filename)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _tail(filename, n):
    with open(filename, "rb") as f:
        f.seek(max(os.path.getsize(filename) - n, 0))
        return f.read(n)


def _tmp_root():
    global _TMP
    if _TMP is None:
        _TMP = tempfile.mkdtemp(prefix="ms_compat_mindrecord_")
        atexit.register(shutil.rmtree, _TMP, True)
    return _TMP


def decrypted(filename, group=None):
    """``filename`` itself when it is not encrypted (and no key is set), else the path of its decrypted copy
    (``group``: the data file the copy belongs with, so a data file and its ``.db`` land side by side)."""
    encrypted = os.path.getsize(filename) >= len(ENCRYPT_END_FLAG) and _tail(filename, 7) == ENCRYPT_END_FLAG
    if ENC_KEY is None:
        if encrypted:
            raise RuntimeError("The mindrecord file is encrypted. You need to configure "
                               "'mindspore.mindrecord.config.set_enc_key(...)' and "
                               "'mindspore.mindrecord.config.set_enc_mode(...)' for decryption.")
        return filename
    if not encrypted:
        raise RuntimeError("The mindrecord file is not encrypted. You can set "
                           "'mindspore.mindrecord.config.set_enc_key(None)' to disable the decryption.")
    mode = _dec_mode()
    if _tail(filename, 14)[:7] != _mode_tag(mode):
        raise RuntimeError("Failed to decrypt data, please check if enc_key and enc_mode / dec_mode is valid.")
    src_group = os.path.realpath(group or filename)
    folder = os.path.join(_tmp_root(), uuid.uuid5(uuid.NAMESPACE_URL, src_group).hex)
    os.makedirs(folder, exist_ok=True)
    out = os.path.join(folder, os.path.basename(filename))
    size = os.path.getsize(filename) - len(ENCRYPT_END_FLAG)
    try:
        with open(filename, "rb") as src, open(out, "wb") as dst:
            if callable(mode):
                mode(src, size, dst, ENC_KEY)
            else:
                _decrypt_blocks(src, dst, filename, size)
    except Exception:
        if os.path.exists(out):
            os.remove(out)
        raise
    return out


def _decrypt_blocks(src, dst, filename, size):
    from ..train.serialization import CheckpointFormatError, _decrypt_bytes  # noqa: PLC0415
    pos = 0
    while True:
        head = src.read(4)
        if len(head) != 4:
            raise RuntimeError(f"Invalid encrypted block length in file: {filename} at offset: {pos}.")
        n = int.from_bytes(head, "big", signed=True)
        if n == 0:
            return
        if n < 0 or n > size - pos - 15:
            raise RuntimeError(f"Invalid encrypted block length {n} in file: {filename} at offset: {pos}.")
        data = src.read(n)
        try:
            dst.write(_decrypt_bytes(data, _key_bytes(), "AES-GCM", filename))
        except CheckpointFormatError:
            raise RuntimeError("Failed to decrypt data, please check if enc_key and enc_mode / dec_mode is "
                               "valid.") from None
        pos += 4 + n
