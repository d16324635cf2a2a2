"""``ms-compat run`` / ``python -m ms_compat``: run an unchanged MindSpore script on ms_compat.

    ms-compat run [--force] [--progress] script.py [args ...]
    ms-compat run [--force] [--progress] -m package.module [args ...]

The ``mindspore`` import alias is installed first (:func:`ms_compat.porting.alias.install`), then the script
runs as ``__main__`` (``runpy``; an uncaught error's traceback starts at the script, as under ``python
script.py``) with ``sys.argv = [script, *args]`` and the script's directory at the
front of ``sys.path`` (as ``python script.py`` does), so the user's own packages import normally; the
``-m`` form runs a module of a package with the current directory on ``sys.path``, so its relative
imports work (as ``python -m`` does). ``--force`` installs the alias even where the real MindSpore is
installed (it is shadowed). ``--progress`` shows a progress bar on stderr for ``Model.train``/``eval``
(sets ``MS_COMPAT_PROGRESS=1``; only drawn when stderr is a terminal; stdout is unchanged).

Child interpreters get the alias too: the runner exports ``MS_COMPAT_ALIAS`` and puts
``ms_compat/porting/_startup`` (a ``sitecustomize`` that installs the alias on the first ``import mindspore``)
first on ``PYTHONPATH``, so ``multiprocessing`` spawn/forkserver workers, ``ProcessPoolExecutor`` and
``DataLoader`` workers import ``mindspore`` as the parent does.
"""
from __future__ import annotations

import os
import runpy
import sys

USAGE = ("usage: ms-compat run [--force] [--progress] script.py [args ...]\n"
         "       ms-compat run [--force] [--progress] -m package.module [args ...]\n"
         "Runs an unchanged MindSpore script with `import mindspore` served by ms_compat.")


def _export_alias(force: bool) -> None:
    """Make child interpreters started from here serve ``import mindspore`` (see ms_compat/porting/_startup)."""
    pkg = os.path.dirname(os.path.abspath(__file__))
    startup = os.path.join(pkg, "_startup")
    old = os.environ.get("PYTHONPATH", "")
    if startup not in old.split(os.pathsep):
        os.environ["PYTHONPATH"] = startup + (os.pathsep + old if old else "")
    os.environ["MS_COMPAT_ALIAS"] = "force" if force else "1"
    os.environ["MS_COMPAT_ALIAS_PATH"] = os.path.dirname(os.path.dirname(pkg))  # the folder holding ms_compat/


def _module_problem(module: str):
    """Why ``-m module`` cannot run (a user error: one line, exit 2), or None. Only looks the module
    up (its parent packages are imported, as ``python -m`` does); errors raised while the module
    itself runs are the program's own and propagate."""
    import importlib.util
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError) as e:
        return f"No module named {module} ({e})"
    if spec is None:
        return f"No module named {module}"
    if spec.submodule_search_locations is not None:
        try:
            main_spec = importlib.util.find_spec(module + ".__main__")
        except ImportError:
            main_spec = None
        if main_spec is None:
            return f"No module named {module}.__main__; '{module}' is a package and cannot be directly executed"
    return None


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
        _export_alias(force)
        sys.argv = [module] + args  # runpy replaces argv[0] with the module's file
        if "" not in sys.path and os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        problem = _module_problem(module)
        if problem:
            print(f"ms-compat run: {problem}", file=sys.stderr)
            return 2
        return _run_user_code(runpy.run_module, module, run_name="__main__", alter_sys=True)
    script, args = argv[0], argv[1:]
    if not os.path.exists(script):
        print(f"ms-compat run: can't open file '{script}': No such file or directory", file=sys.stderr)
        return 2
    if os.path.isdir(script) and not os.path.exists(os.path.join(script, "__main__.py")):
        print(f"ms-compat run: can't find '__main__' module in '{script}'", file=sys.stderr)
        return 2
    install(force=force)
    _export_alias(force)
    sys.argv = [script] + args
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    return _run_user_code(runpy.run_path, os.path.abspath(script), run_name="__main__")  # __file__ absolute, as python


def _run_user_code(run, *args, **kwargs) -> int:
    """Run the script; an error it does not catch is shown as under ``python script.py`` (traceback from
    the script's first frame, ms_compat's exception classes named bare: see _script_traceback) and gives
    exit status 1. ``SystemExit`` and ``KeyboardInterrupt`` propagate unchanged."""
    try:
        run(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - what Python's top level does for an uncaught error
        from ._script_traceback import report_uncaught
        report_uncaught(e)
        return 1
    return 0
