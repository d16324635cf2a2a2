"""Start-up hook that carries the ``mindspore`` alias into child interpreters of ``ms-compat run``.

``ms-compat run`` / ``python -m ms_compat`` put this directory first on ``PYTHONPATH`` and set
``MS_COMPAT_ALIAS`` (``1``, or ``force`` for ``--force``), so every Python process the program starts —
``multiprocessing`` spawn and forkserver workers, ``ProcessPoolExecutor``, ``DataLoader`` workers,
``subprocess`` runs of ``python`` — serves ``import mindspore`` with ms_compat as the parent does.
Nothing is imported at start-up: a one-entry finder installs the alias on the first ``mindspore``
import (so children that never import it do not pay for torch). A ``sitecustomize`` of the user's that
this file shadows is run afterwards.
"""
import importlib.machinery
import importlib.util
import os
import sys


class _AliasOnFirstImport:
    """``sys.meta_path`` entry: the first ``import mindspore`` installs ``ms_compat.porting.alias`` and is
    answered by it. No import happens in ``find_spec`` (Python's global import lock is held there)."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname != "mindspore":
            return None
        return importlib.machinery.ModuleSpec("mindspore", cls)

    @classmethod
    def create_module(cls, spec):
        while cls in sys.meta_path:
            sys.meta_path.remove(cls)
        try:
            import ms_compat.porting.alias as alias
        except ImportError:  # ms_compat reached the parent through its cwd or sys.path, not an install
            extra = os.environ.get("MS_COMPAT_ALIAS_PATH")
            if not extra:
                raise
            sys.path.append(extra)
            import ms_compat.porting.alias as alias
        alias.install(force=os.environ.get("MS_COMPAT_ALIAS") == "force")
        module = alias._MindSporeFinder().find_spec("mindspore").loader.create_module(spec)
        cls._saved_spec = module.__dict__.get("__spec__")
        return module

    @classmethod
    def exec_module(cls, module):
        module.__spec__ = cls._saved_spec


def _run_shadowed_sitecustomize():
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


if os.environ.get("MS_COMPAT_ALIAS") and "mindspore" not in sys.modules:
    sys.meta_path.insert(0, _AliasOnFirstImport)
_run_shadowed_sitecustomize()
