"""``ms-compat convert IN OUT``: convert checkpoints between MindSpore ``.ckpt``, safetensors and a
PyTorch ``.pt`` state_dict (the format is taken from each file's extension).

    ms-compat convert model.ckpt model.safetensors
    ms-compat convert model.ckpt model.pt            # torch.load(..., weights_only=True) reads it
    ms-compat convert model.pt model.ckpt --crc-check
    ms-compat convert enc.ckpt plain.ckpt --dec-key 000102...0f --dec-mode AES-CBC
    ms-compat convert a.ckpt b.pt --rename bn.gamma=bn.weight --rename bn.beta=bn.bias
    ms-compat convert model.mindir model.onnx       # a MindIR graph to ONNX (ms_compat.train.mindir)
    ms-compat convert model.mindir model.safetensors  # a MindIR file's parameters

Reading never runs code: ``.ckpt``/safetensors are parsed as data, ``.pt`` only with
``torch.load(weights_only=True)``. Output is written atomically. Large files show a progress bar
on stderr; a summary of tensors and bytes written is printed at the end. Names are kept as they
are (use ``--rename`` or :mod:`ms_compat.train.name_map` in Python for layer-aware renaming).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

__all__ = ["main", "convert"]

_KIND = {".ckpt": "ckpt", ".safetensors": "safetensors", ".pt": "pt", ".pth": "pt", ".bin": "pt",
         ".mindir": "mindir", ".onnx": "onnx"}
_BAR_MIN_BYTES = 16 * 1024 * 1024
_EXPAND_ENV = "MS_COMPAT_CONVERT_MAX_EXPAND"
DEFAULT_MAX_EXPAND = 256 * 1024 * 1024


class InputSizeError(ValueError):
    """A ``.pt`` input whose tensors would take far more memory than the file holds (stride-0,
    expanded or overlapping views): refused before anything is materialised."""


def _parse_bytes(text):
    """``'256M'``, ``'2G'``, ``'1048576'`` -> bytes."""
    t = str(text).strip().upper().rstrip("B").rstrip("I")
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}.get(t[-1:], 1)
    try:
        n = int(float(t[:-1] if scale > 1 else t) * scale)
    except ValueError:
        raise ValueError(f"cannot read {text!r} as a size in bytes (e.g. 512M, 4G)") from None
    if n < 0:
        raise ValueError(f"a size limit cannot be negative: {text!r}")
    return n


def _max_expand(value=None):
    if value is not None:
        return value if isinstance(value, int) else _parse_bytes(value)
    env = os.environ.get(_EXPAND_ENV)
    return _parse_bytes(env) if env else DEFAULT_MAX_EXPAND


def _check_expansion(path, tensors, max_expand):
    """Bound what the tensors of a loaded ``.pt`` materialise to by what the file holds: each
    storage counts once, each tensor counts ``numel * itemsize`` (a stride-0 ``expand`` of one float
    asks for gigabytes from four bytes). Tied weights (two names, one storage) double the held
    bytes, so up to twice the held bytes plus ``max_expand`` is accepted."""
    held, seen, wanted = 0, set(), 0
    for t in tensors:
        st = t.untyped_storage()
        if st.data_ptr() not in seen:
            seen.add(st.data_ptr())
            held += st.nbytes()
        wanted += t.numel() * t.element_size()
    if wanted > 2 * held + max_expand:
        raise InputSizeError(f"{path}: its tensors would take {wanted:,} bytes in memory but the file holds only "
                             f"{held:,} bytes of tensor data (expanded, stride-0 or overlapping views); refused "
                             f"above twice the held bytes + {max_expand:,}. Raise the limit with --max-expand-bytes "
                             f"or {_EXPAND_ENV} if you trust the file.")


def _kind(path):
    ext = os.path.splitext(path)[1].lower()
    if ext not in _KIND:
        raise ValueError(f"cannot tell the format of '{path}' from its extension; use one of "
                         f"{', '.join(sorted(_KIND))}")
    return _KIND[ext]


class _Bar:
    """A plain stderr progress bar (no dependency); silent for small files or when disabled."""

    def __init__(self, label, total, enabled, stream=None):
        self.label, self.total, self.done = label, max(int(total), 1), 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and total >= _BAR_MIN_BYTES
        self._last = 0.0

    def __call__(self, n):
        self.done += n
        if self.enabled:
            now = time.monotonic()
            if now - self._last >= 0.1 or self.done >= self.total:
                self._last = now
                frac = min(self.done / self.total, 1.0)
                fill = int(frac * 30)
                self.stream.write(f"\r{self.label} [{'#' * fill}{'.' * (30 - fill)}] {frac * 100:5.1f}% "
                                  f"{self.done / 1e6:,.1f}/{self.total / 1e6:,.1f} MB")
                self.stream.flush()

    def close(self):
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _read(path, kind, dec_key, dec_mode, crc_check, show, max_expand=None):
    from . import serialization as ser
    import torch
    if kind == "mindir":
        from .mindir.convert_mindir import mindir_parameters
        return mindir_parameters(path), []
    if kind == "pt":
        try:
            obj = ser.torch_load_state_dict(path)
        except MemoryError:
            raise
        except Exception as e:
            # a corrupt pickle makes torch's weights_only unpickler raise anything (struct.error,
            # IndexError, AssertionError, KeyError ...): one ValueError naming the file
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise ValueError(f"{path} cannot be read as a plain state_dict with torch.load(weights_only=True) "
                             f"(nothing in it was executed): {first}") from None
        if not isinstance(obj, dict):
            raise ValueError(f"{path} holds a {type(obj).__name__}, not a state_dict (dict of tensors)")
        out, skipped = {}, []
        for k, v in obj.items():
            if isinstance(v, torch.Tensor) or isinstance(v, str):
                out[str(k)] = v
            else:
                skipped.append(str(k))
        _check_expansion(path, [v for v in out.values() if isinstance(v, torch.Tensor)], _max_expand(max_expand))
        seen = set()
        for k, v in out.items():     # tied weights: one copy per name (safetensors refuses shared memory)
            if isinstance(v, torch.Tensor):
                ptr = v.untyped_storage().data_ptr()
                if ptr in seen and v.numel():
                    out[k] = v.clone()
                seen.add(ptr)
        return out, skipped
    bar = _Bar("reading", os.path.getsize(path), show and kind == "ckpt")
    try:
        data = ser.read_checkpoint_tensors(path, format=kind, dec_key=dec_key, dec_mode=dec_mode,
                                           crc_check=crc_check, progress=bar)
    finally:
        bar.close()
    return data, []


def convert(src, dst, dec_key=None, dec_mode="AES-GCM", crc_check=False, rename=None, show_progress=True,
            max_expand_bytes=None):
    """Convert ``src`` to ``dst``; returns a summary dict (tensors, strings, skipped, bytes, file size).

    A ``.pt`` input whose tensors would materialise to more than twice the tensor bytes the file
    holds plus ``max_expand_bytes`` (default 256 MiB, or ``$MS_COMPAT_CONVERT_MAX_EXPAND``, e.g.
    ``4G``) raises :class:`InputSizeError`."""
    import torch
    from . import serialization as ser
    skind, dkind = _kind(src), _kind(dst)
    if not os.path.exists(src):
        raise ValueError(f"the input file {src} does not exist")
    ser._check_regular(src)   # a FIFO or device would block or never end
    if skind == "onnx" or dkind == "mindir":
        raise ValueError(f"ms-compat convert reads .mindir graphs and writes .onnx ones; it cannot convert "
                         f"'{src}' to '{dst}' (write MindIR with mindspore.export(net, ..., file_format='MINDIR'))")
    if dkind == "onnx":
        from .mindir.convert_mindir import mindir_to_onnx
        return mindir_to_onnx(src, dst)
    data, skipped = _read(src, skind, dec_key, dec_mode, crc_check, show_progress, max_expand_bytes)
    other = [k for k, v in data.items() if not isinstance(v, (torch.Tensor, str))]
    if other:   # e.g. a record with no tensor (load_checkpoint gives []): nothing to write, reported as skipped
        skipped += [str(k) for k in other]
        data = {k: v for k, v in data.items() if isinstance(v, (torch.Tensor, str))}
    bad = [k for k in data if not isinstance(k, str)]
    if bad:     # a .ckpt tag that is not UTF-8 text comes back as bytes (protobuf proto2 strings)
        raise ValueError(f"{src}: the tensor name {bad[0]!r} is not valid UTF-8 text; it cannot be written to "
                         f"{dst} (the file may be corrupted)")
    if rename:
        data = {rename.get(k, k): v for k, v in data.items()}
    if dkind == "safetensors":
        skipped += [k for k, v in data.items() if isinstance(v, str)]
        data = {k: v for k, v in data.items() if not isinstance(v, str)}
    tensors = {k: v for k, v in data.items() if isinstance(v, torch.Tensor)}
    nbytes = sum(t.numel() * t.element_size() for t in tensors.values())
    if dkind == "pt":
        plain = {k: (torch.Tensor.as_subclass(v.detach(), torch.Tensor) if isinstance(v, torch.Tensor) else v)
                 for k, v in data.items()}
        target = ser._write_path(dst)
        ser._atomic_write(target, lambda f: torch.save(plain, f), mode=None)
    else:
        bar = _Bar("writing", nbytes, show_progress and dkind == "ckpt")
        try:
            ser.write_checkpoint_tensors(data, dst, format=dkind, crc_check=crc_check, progress=bar)
        finally:
            bar.close()
    return {"tensors": len(tensors), "strings": len(data) - len(tensors), "skipped": skipped,
            "tensor_bytes": nbytes, "file_bytes": os.path.getsize(dst), "output": ser._write_path(dst)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="ms-compat convert", description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--dec-key", help="hex key of an encrypted .ckpt input")
    ap.add_argument("--dec-mode", default="AES-GCM", choices=["AES-GCM", "AES-CBC", "SM4-CBC"])
    ap.add_argument("--crc-check", action="store_true", help="verify the input CRC and write one (.ckpt/safetensors)")
    ap.add_argument("--rename", action="append", default=[], metavar="OLD=NEW", help="rename a tensor")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--max-expand-bytes", metavar="SIZE", default=None,
                    help="a .pt input may materialise to twice the tensor bytes it holds plus SIZE (default 256M, "
                         f"or ${_EXPAND_ENV}); stride-0/expanded views past that are refused")
    a = ap.parse_args(argv)
    rename = {}
    for r in a.rename:
        old, sep, new = r.partition("=")
        if not sep:
            ap.error(f"--rename expects OLD=NEW, got {r!r}")
        rename[old] = new
    try:
        key = bytes.fromhex(a.dec_key) if a.dec_key else None
        s = convert(a.input, a.output, key, a.dec_mode, a.crc_check, rename, show_progress=not a.quiet,
                    max_expand_bytes=a.max_expand_bytes)
    except InputSizeError as e:
        print(f"ms-compat convert: error: {e}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, ImportError, OSError, RuntimeError, MemoryError) as e:
        text = str(e).strip()
        print(f"ms-compat convert: error: {text.splitlines()[0] if text else type(e).__name__}", file=sys.stderr)
        return 1
    except BaseException as e:   # a Rust panic (safetensors) or protobuf EncodeError: one line, no traceback
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        print(f"ms-compat convert: error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
              file=sys.stderr)
        return 1
    extra = f" + {s['strings']} string(s)" if s["strings"] else ""
    print(f"wrote {s['tensors']} tensor(s){extra}, {s['tensor_bytes']:,} bytes of tensor data, "
          f"{s['file_bytes']:,} bytes on disk -> {s['output']}")
    if s["skipped"]:
        print(f"skipped (not representable in the output format): {', '.join(s['skipped'])}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
