"""Thin wrappers: one line of a table becomes a function with MindSpore's exact signature.

``mint`` is PyTorch-shaped: most of its functions are a PyTorch function under MindSpore's argument
names. :func:`define` turns a table line ``"name(signature) [: call expression]"`` into a real Python
function (so ``inspect.signature`` and keyword calls behave as in MindSpore) whose body is the call
expression — by default ``torch.<name>`` with the positional parameters passed positionally and the
keyword-only ones by keyword. The result is handed back as MindSpore Tensors (plain tensors produced
from non-Tensor inputs are viewed as ``ms_compat.Tensor``; tuples keep their structure).
"""
from __future__ import annotations

import inspect

import torch

from ..common.tensor import _wrap

__all__ = ["define_all", "wrap"]

wrap = _wrap


def _default_call(name: str, params) -> str:
    args = []
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            args.append("*" + p.name)
        elif p.kind is p.KEYWORD_ONLY:
            args.append(f"{p.name}={p.name}")
        elif p.kind is p.VAR_KEYWORD:
            args.append("**" + p.name)
        else:
            args.append(p.name)
    return f"torch.{name}({', '.join(args)})"


def define_all(table: str, namespace: dict, module: str, extra_globals: dict | None = None) -> list:
    """Define every function of ``table`` (one ``sig [: call]`` per line, ``#`` comments) in ``namespace``.

    ``call`` is a Python expression over the parameters; names it uses resolve in ``namespace`` (plus
    ``torch``, ``F`` = ``torch.nn.functional`` and ``extra_globals``). Returns the defined names."""
    env = {"torch": torch, "F": torch.nn.functional, "_w": _wrap}
    env.update(extra_globals or {})
    names = []
    for line in table.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        sig, _, call = line.partition(" : ")
        sig = sig.strip()
        name = sig[:sig.index("(")]
        probe: dict = {}
        exec(f"def {sig}: pass", dict(env), probe)  # noqa: S102 - our own table, parsed for its signature
        params = inspect.signature(probe[name]).parameters.values()
        body = call.strip() or _default_call(name, params)
        src = f"def {sig}:\n    return _w({body})\n"
        for k, v in env.items():
            namespace.setdefault(k, v)
        exec(compile(src, f"<mindspore.{module[len('ms_compat.'):]}.{name}>", "exec"), namespace)  # noqa: S102
        fn = namespace[name]
        fn.__module__ = module
        fn.__qualname__ = name
        fn.__doc__ = (f"Mirrors ``mindspore.{module[len('ms_compat.'):]}.{sig}``: computed as ``{body}``; the "
                      "result is a MindSpore Tensor.")
        names.append(name)
    return names
