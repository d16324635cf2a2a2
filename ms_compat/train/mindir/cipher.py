"""MindSpore's encrypted MindIR (``mindspore.export(..., enc_key=, enc_mode=)`` / ``mindspore.load(file, dec_key=,
dec_mode=)``): the serialized ``ModelProto`` run through MindSpore's ``_encrypt``, the same cipher blocks as its
encrypted checkpoints (``magic [GCM tag] block_len iv_len iv cipher_len cipher``, see
:mod:`ms_compat.train.serialization`), or through the user's own function when ``enc_mode``/``dec_mode`` is a
callable. AES-GCM, AES-CBC and SM4-CBC need the ``cryptography`` package (``pip install ms-compat[checkpoint]``);
without it an ``ImportError`` names the file and the package.
"""
from __future__ import annotations

import os

__all__ = ["MODES", "encrypt_mindir", "decrypt_mindir", "is_cipher_file", "check_can_encrypt", "failed_for_cipher"]

MODES = ("AES-GCM", "AES-CBC", "SM4-CBC")
_DECRYPT_FAILED = ("Load MindIR failed. The file may be encrypted and decrypt failed, you can check whether the "
                   "values of the arguments 'dec_key' and 'dec_mode' are the same as when exported MindIR file, or "
                   "check the file integrity.")


def _need_cryptography(file_name):
    try:
        import cryptography  # noqa: F401
    except ImportError:
        raise ImportError(f"The MindIR file {file_name} is encrypted (or encryption was requested); ms_compat needs "
                          f"the 'cryptography' package for MindSpore's AES-GCM / AES-CBC / SM4-CBC MindIR "
                          f"encryption: pip install ms-compat[checkpoint] (or pip install cryptography)") from None


def encrypt_mindir(data, key, mode, file_name):
    """The bytes MindSpore writes for the serialized model ``data`` with ``enc_key=key``, ``enc_mode=mode`` (a
    mode name, or a callable ``mode(data, key) -> bytes``, MindSpore's customized encryption). Blocks of 64 MiB of
    plaintext, as ms_compat's encrypted checkpoints."""
    if callable(mode):
        return mode(data, key)
    from ..serialization import ENCRYPT_BLOCK_BYTES, _encrypt_block
    check_can_encrypt(key, mode, file_name)
    view = memoryview(data)
    return b"".join(_encrypt_block(bytes(view[i:i + ENCRYPT_BLOCK_BYTES]), key, mode, file_name)
                    for i in range(0, max(len(data), 1), ENCRYPT_BLOCK_BYTES))


def check_can_encrypt(key, mode, file_name):
    """The key fits the mode and, for a named mode, the ``cryptography`` package is there (``ValueError`` /
    ``ImportError`` naming the file)."""
    if callable(mode):
        return
    from ..serialization import _check_key
    _check_key(key, mode, "export", file_name)
    _need_cryptography(file_name)


def is_cipher_file(path):
    """Whether ``path`` starts with one of MindSpore's cipher-block magic numbers (MindSpore's ``_is_cipher_file``)."""
    from ..serialization import _is_cipher_file
    return _is_cipher_file(path)


def decrypt_mindir(path, key, mode):
    """The serialized model in the encrypted MindIR file ``path`` (``dec_key=key``, ``dec_mode=mode``: a mode name
    or a callable ``mode(data, key) -> bytes``). A wrong key or mode, or a damaged file, raises MindSpore's
    ``RuntimeError`` ("Load MindIR failed. The file may be encrypted and decrypt failed, ...")."""
    from ..serialization import CheckpointFormatError, _MAGIC, _decrypt_bytes
    with open(path, "rb") as f:
        raw = f.read()
    if callable(mode):
        try:
            return mode(raw, key)
        except Exception as e:  # noqa: BLE001 - the user's function failing is MindSpore's "decrypt failed"
            raise RuntimeError(f"{_DECRYPT_FAILED} (file {os.fspath(path)}: dec_mode raised "
                               f"{type(e).__name__}: {e})") from e
    if mode not in _MAGIC:
        raise RuntimeError(f"{_DECRYPT_FAILED} (file {os.fspath(path)}: dec_mode '{mode}' is not one of "
                           f"{', '.join(MODES)})")
    if len(key) not in ((16,) if mode == "SM4-CBC" else (16, 24, 32)):
        raise RuntimeError(f"{_DECRYPT_FAILED} (file {os.fspath(path)}: a {len(key)}-byte key does not fit {mode})")
    _need_cryptography(path)
    try:
        return _decrypt_bytes(raw, key, mode, path)
    except CheckpointFormatError:
        raise RuntimeError(f"{_DECRYPT_FAILED} (file {os.fspath(path)})") from None


def failed_for_cipher(path):
    """MindSpore's error for an encrypted file loaded without ``dec_key``."""
    return RuntimeError(f"{_DECRYPT_FAILED} (file {os.fspath(path)})")
