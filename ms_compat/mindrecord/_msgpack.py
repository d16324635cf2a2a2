"""The MessagePack subset MindRecord raw pages use (maps of str -> int/float/str), encoded as MindSpore's
nlohmann::json writes it: smallest integer format (unsigned ones for non-negative values), float32 when
the value is exactly a float32, keys in sorted order."""
from __future__ import annotations

import struct


def pack(obj) -> bytes:
    out = bytearray()
    _pack(obj, out)
    return bytes(out)


def _pack(v, out):
    if v is None:
        out.append(0xC0)
    elif v is True or v is False:
        out.append(0xC3 if v else 0xC2)
    elif isinstance(v, int):
        _pack_int(v, out)
    elif isinstance(v, float):
        try:
            f32 = struct.unpack("<f", struct.pack("<f", v))[0]
        except OverflowError:
            f32 = None
        if f32 is not None and (f32 == v or v != v):
            out += b"\xca" + struct.pack(">f", v)
        else:
            out += b"\xcb" + struct.pack(">d", v)
    elif isinstance(v, str):
        b = v.encode("utf-8")
        n = len(b)
        if n < 32:
            out.append(0xA0 | n)
        elif n < 256:
            out += bytes([0xD9, n])
        elif n < 65536:
            out += b"\xda" + struct.pack(">H", n)
        else:
            out += b"\xdb" + struct.pack(">I", n)
        out += b
    elif isinstance(v, dict):
        n = len(v)
        if n < 16:
            out.append(0x80 | n)
        elif n < 65536:
            out += b"\xde" + struct.pack(">H", n)
        else:
            out += b"\xdf" + struct.pack(">I", n)
        for k in sorted(v):
            _pack(k, out)
            _pack(v[k], out)
    elif isinstance(v, (list, tuple)):
        n = len(v)
        if n < 16:
            out.append(0x90 | n)
        elif n < 65536:
            out += b"\xdc" + struct.pack(">H", n)
        else:
            out += b"\xdd" + struct.pack(">I", n)
        for x in v:
            _pack(x, out)
    else:
        raise TypeError(f"cannot pack {type(v).__name__} into a MindRecord raw field")


def _pack_int(v, out):
    if v >= 0:
        if v < 128:
            out.append(v)
        elif v < 256:
            out += bytes([0xCC, v])
        elif v < 65536:
            out += b"\xcd" + struct.pack(">H", v)
        elif v < 2 ** 32:
            out += b"\xce" + struct.pack(">I", v)
        else:
            out += b"\xcf" + struct.pack(">Q", v)
    else:
        if v >= -32:
            out += struct.pack("b", v)
        elif v >= -128:
            out += b"\xd0" + struct.pack("b", v)
        elif v >= -32768:
            out += b"\xd1" + struct.pack(">h", v)
        elif v >= -2 ** 31:
            out += b"\xd2" + struct.pack(">i", v)
        else:
            out += b"\xd3" + struct.pack(">q", v)


_MAX_DEPTH = 64  # raw pages hold flat maps of scalars; deeper nesting is a damaged or hostile file


def unpack(data: bytes):
    """One MessagePack value; ValueError on anything malformed: a type byte or length past the end, a count
    larger than the bytes left could hold (checked before anything is built), nesting beyond 64 levels."""
    v, pos = _unpack(memoryview(data), 0, 0)
    if pos != len(data):
        raise ValueError("trailing bytes after the MessagePack value")
    return v


_FIXED = {0xCC: (">B", 1), 0xCD: (">H", 2), 0xCE: (">I", 4), 0xCF: (">Q", 8), 0xD0: (">b", 1), 0xD1: (">h", 2),
          0xD2: (">i", 4), 0xD3: (">q", 8), 0xCA: (">f", 4), 0xCB: (">d", 8)}


def _need(b, p, n):
    if n > len(b) - p:
        raise ValueError(f"a MessagePack value needs {n} bytes at byte {p}, {len(b) - p} remain")


def _unpack(b, p, depth):
    _need(b, p, 1)
    t = b[p]
    p += 1
    if t < 0x80:
        return t, p
    if t >= 0xE0:
        return t - 256, p
    if 0xA0 <= t <= 0xBF:
        n = t & 0x1F
        _need(b, p, n)
        return bytes(b[p:p + n]).decode("utf-8"), p + n
    if 0x80 <= t <= 0x8F:
        return _map(b, p, t & 0x0F, depth)
    if 0x90 <= t <= 0x9F:
        return _arr(b, p, t & 0x0F, depth)
    if t == 0xC0:
        return None, p
    if t in (0xC2, 0xC3):
        return t == 0xC3, p
    if t in _FIXED:
        fmt, n = _FIXED[t]
        _need(b, p, n)
        return struct.unpack(fmt, b[p:p + n])[0], p + n
    if t in (0xD9, 0xDA, 0xDB, 0xC4, 0xC5, 0xC6):
        w = {0xD9: 1, 0xDA: 2, 0xDB: 4, 0xC4: 1, 0xC5: 2, 0xC6: 4}[t]
        _need(b, p, w)
        n = int.from_bytes(b[p:p + w], "big")
        p += w
        _need(b, p, n)
        raw = bytes(b[p:p + n])
        return (raw.decode("utf-8") if t in (0xD9, 0xDA, 0xDB) else raw), p + n
    if t in (0xDE, 0xDF):
        w = 2 if t == 0xDE else 4
        _need(b, p, w)
        return _map(b, p + w, int.from_bytes(b[p:p + w], "big"), depth)
    if t in (0xDC, 0xDD):
        w = 2 if t == 0xDC else 4
        _need(b, p, w)
        return _arr(b, p + w, int.from_bytes(b[p:p + w], "big"), depth)
    raise ValueError(f"unsupported MessagePack type byte 0x{t:02x}")


def _nested(b, p, n, per, depth):
    if depth >= _MAX_DEPTH:
        raise ValueError(f"MessagePack nesting deeper than {_MAX_DEPTH} levels")
    _need(b, p, n * per)  # each entry takes at least `per` bytes


def _map(b, p, n, depth):
    _nested(b, p, n, 2, depth)
    out = {}
    for _ in range(n):
        k, p = _unpack(b, p, depth + 1)
        out[k], p = _unpack(b, p, depth + 1)
    return out, p


def _arr(b, p, n, depth):
    _nested(b, p, n, 1, depth)
    out = []
    for _ in range(n):
        v, p = _unpack(b, p, depth + 1)
        out.append(v)
    return out, p
