"""The ``Value`` records of a MindSpore ``.ckpt`` file, read with each tensor's bytes going straight from
the file into the tensor that will hold them (no MindSpore counterpart: an internal of
``load_checkpoint``).

A ``.ckpt`` file is a sequence of length-prefixed ``Value`` records (see :mod:`ms_compat.train.ckpt_format`).
For a plain tensor record MindSpore writes, in field order, ``tag`` (1), then ``tensor`` (2) holding
``dims`` (1), ``tensor_type`` (2) and ``tensor_content`` (3), the content last. :func:`tensor_header`
decodes exactly that layout by hand from the first bytes of a record; the content, which is nearly all
of the file, is then read by the caller directly into the destination tensor (``readinto``), instead
of into a buffer, then into a protobuf ``bytes`` field, then into the tensor (three copies). Anything
else — map tensors, strings, unknown or reordered fields, a field that does not end where its length
says — answers ``None`` and the record goes through protobuf as before, so this is a fast path, never a
second parser with its own notion of what is valid: every length is checked against the record's.
"""
from __future__ import annotations

__all__ = ["HEAD_BYTES", "tensor_header"]

HEAD_BYTES = 4096   # read ahead per record: tag + dims + type fit many times over


def _varint(buf, pos, end):
    """(value, next position) of the base-128 varint at ``buf[pos]``; None if it runs past ``end``, over
    10 bytes or over 64 bits (left to protobuf)."""
    result = shift = 0
    while pos < end and shift < 70:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return (result, pos) if result < 1 << 64 else None
        shift += 7
    return None


def _span(buf, pos, end):
    """(start, stop) of the length-delimited field body whose length varint is at ``buf[pos]``."""
    r = _varint(buf, pos, end)
    if r is None or r[1] + r[0] > end:
        return None
    return r[1], r[1] + r[0]


def _text(buf, pos, end):
    """(str, next position) of the length-delimited UTF-8 string at ``buf[pos]``."""
    span = _span(buf, pos, end)
    if span is None:
        return None
    try:
        return bytes(buf[span[0]:span[1]]).decode("utf-8"), span[1]
    except UnicodeDecodeError:
        return None


def _int64(d):
    return d - (1 << 64) if d >= 1 << 63 else d


def tensor_header(buf, length):
    """Decode ``tag`` / ``dims`` / ``tensor_type`` of a ``Value`` record of ``length`` bytes whose first
    bytes are ``buf`` (``len(buf) <= length``).

    Returns ``(tag, dims, tensor_type, content_start, content_len)`` with ``content_start`` the offset of
    ``tensor_content`` in the record and ``content_start + content_len == length``; or ``None`` when the
    record is not a plain tensor record in MindSpore's field order."""
    end = len(buf)
    if end < 2 or buf[0] != 0x0A:                      # field 1 (tag), length-delimited
        return None
    r = _text(buf, 1, end)
    if r is None:
        return None
    tag, pos = r
    if pos >= end or buf[pos] != 0x12:                 # field 2 (tensor), length-delimited
        return None
    r = _varint(buf, pos + 1, end)
    if r is None or r[1] + r[0] != length:             # the tensor is the last field of the record
        return None
    pos = r[1]
    dims = []
    ttype = None
    while pos < end:
        key = buf[pos]
        if key == 0x08 and ttype is None:              # dims, one varint each (proto2 unpacked)
            r = _varint(buf, pos + 1, end)
            if r is None:
                return None
            dims.append(_int64(r[0]))
            pos = r[1]
        elif key == 0x0A and ttype is None:            # dims, packed
            span = _span(buf, pos + 1, end)
            if span is None:
                return None
            pos, stop = span
            while pos < stop:
                r = _varint(buf, pos, stop)
                if r is None:
                    return None
                dims.append(_int64(r[0]))
                pos = r[1]
        elif key == 0x12 and ttype is None:            # tensor_type
            r = _text(buf, pos + 1, end)
            if r is None:
                return None
            ttype, pos = r
        elif key == 0x1A and ttype is not None:        # tensor_content: must run to the record's end
            r = _varint(buf, pos + 1, end)
            if r is None or r[1] + r[0] != length:
                return None
            return tag, dims, ttype, r[1], r[0]
        else:
            return None
    return None
