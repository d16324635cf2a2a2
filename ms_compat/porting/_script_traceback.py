"""How ``ms-compat run`` shows an error the user's script does not catch: as ``python script.py`` would.

The traceback starts at the script's first frame (the runner's and ``runpy``'s frames are dropped), and an
exception class of ms_compat is named as the script sees it: ``MissingAPIError: ...`` rather than
``ms_compat.porting._missing.MissingAPIError: ...`` (MindSpore 2.10 defines no exception classes of its own: its
errors are builtins, named bare). A ``sys.excepthook`` the script installed is called instead, with the
shortened traceback.
"""
from __future__ import annotations

import os
import runpy
import sys
import traceback

__all__ = ["user_traceback", "report_uncaught"]

_OURS = {os.path.normcase(os.path.abspath(p)) for p in (
    os.path.join(os.path.dirname(__file__), "runner.py"), os.path.join(os.path.dirname(__file__), "cli.py"),
    os.path.join(os.path.dirname(os.path.dirname(__file__)), "__main__.py"), runpy.__file__)}


def _is_runner_frame(tb) -> bool:
    name = tb.tb_frame.f_code.co_filename
    return name == "<frozen runpy>" or os.path.normcase(os.path.abspath(name)) in _OURS


def user_traceback(tb):
    """``tb`` without its leading runner/runpy frames (unchanged when nothing else is left)."""
    rest = tb
    while rest is not None and _is_runner_frame(rest):
        rest = rest.tb_next
    return rest if rest is not None else tb


def _chain(exc):
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ if exc.__cause__ is not None else (None if exc.__suppress_context__ else exc.__context__)


def _display_names(exc):
    """``{'ms_compat.porting._missing.MissingAPIError': 'MissingAPIError'}`` for the ms_compat classes in the chain."""
    names = {}
    for e in _chain(exc):
        cls = type(e)
        if cls.__module__.split(".")[0] == "ms_compat":
            names[f"{cls.__module__}.{cls.__qualname__}"] = cls.__qualname__
    return names


def format_uncaught(exc, tb) -> str:
    """The text Python would print for ``exc`` at ``tb``, with ms_compat's class names shortened."""
    lines = "".join(traceback.format_exception(type(exc), exc, tb)).splitlines(keepends=True)
    names = _display_names(exc)
    out = []
    for line in lines:
        if not line[:1].isspace():
            for full, short in names.items():
                if line.startswith(full + ":") or line.rstrip("\n") == full:
                    line = short + line[len(full):]
                    break
        out.append(line)
    return "".join(out)


def report_uncaught(exc) -> None:
    """Show ``exc`` as Python shows an uncaught error of ``python script.py`` (on stderr, or through a
    ``sys.excepthook`` the script set)."""
    tb = user_traceback(exc.__traceback__)
    if sys.excepthook is not sys.__excepthook__:
        sys.excepthook(type(exc), exc, tb)
        return
    sys.stderr.write(format_uncaught(exc, tb))
    sys.stderr.flush()
