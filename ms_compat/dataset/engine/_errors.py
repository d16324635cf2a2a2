"""Errors of the input pipeline: the original exception, with the operation and element named."""
from __future__ import annotations


def op_name(op):
    return getattr(op, "__name__", None) or type(op).__name__


def annotate(exc, where, index, ops=()):
    """Returns ``exc`` (same object, same type) with a note naming the pipeline step and the element."""
    names = ", ".join(op_name(o) for o in ops)
    what = index if isinstance(index, str) else f"element {index}"
    note = f"In the dataset pipeline: {where}" + (f"({names})" if names else "") + f" failed on {what}."
    if note not in getattr(exc, "__notes__", ()):
        exc.add_note(note)
    return exc
