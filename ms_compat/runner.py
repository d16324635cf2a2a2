"""``ms-compat run`` / ``python -m ms_compat``: run an unchanged MindSpore script on ms_compat.

    ms-compat run [--force] [--progress] script.py [args ...]
    ms-compat run [--force] [--progress] -m package.module [args ...]

The ``mindspore`` import alias is installed first (:func:`ms_compat.alias.install`), then the script
runs as ``__main__`` (``runpy``) with ``sys.argv = [script, *args]`` and the script's directory at the
front of ``sys.path`` (as ``python script.py`` does), so the user's own packages import normally; the
``-m`` form runs a module of a package with the current directory on ``sys.path``, so its relative
imports work (as ``python -m`` does). ``--force`` installs the alias even where the real MindSpore is
installed (it is shadowed). ``--progress`` shows a progress bar on stderr for ``Model.train``/``eval``
(sets ``MS_COMPAT_PROGRESS=1``; only drawn when stderr is a terminal; stdout is unchanged).
"""
from __future__ import annotations

import os
import runpy
import sys

USAGE = ("usage: ms-compat run [--force] [--progress] script.py [args ...]\n"
         "       ms-compat run [--force] [--progress] -m package.module [args ...]\n"
         "Runs an unchanged MindSpore script with `import mindspore` served by ms_compat.")


def main(argv=None) -> int:
    """Entry point of ``ms-compat run``; returns the exit code (a ``SystemExit`` raised by the script
    propagates unchanged, as under ``python script.py``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    force = False
    while argv and argv[0] in ("--force", "--progress", "-h", "--help"):
        opt = argv.pop(0)
        if opt == "--force":
            force = True
        elif opt == "--progress":
            os.environ["MS_COMPAT_PROGRESS"] = "1"
        else:
            print(USAGE)
            return 0
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    from .alias import install
    if argv[0] == "-m":
        if len(argv) < 2:
            print("ms-compat run: -m needs a module name\n" + USAGE, file=sys.stderr)
            return 2
        module, args = argv[1], argv[2:]
        install(force=force)
        sys.argv = [module] + args  # runpy replaces argv[0] with the module's file
        if "" not in sys.path and os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    script, args = argv[0], argv[1:]
    if not os.path.exists(script):
        print(f"ms-compat run: can't open file '{script}': No such file or directory", file=sys.stderr)
        return 2
    install(force=force)
    sys.argv = [script] + args
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0
