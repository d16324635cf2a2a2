"""Run a function on a module right after it is imported — now, if it already is.

ms_compat adjusts two PyTorch modules it must not import itself (importing them costs seconds at
``import ms_compat``): TorchDynamo's builtin-variable table (``dynamo_support``) and Inductor's config
(``constant_scalar_pass``). :func:`after_import` places a one-shot finder at the front of ``sys.meta_path``
that wraps the module's loader so the function runs once the module's code has executed.
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys


class _AfterImport(importlib.abc.MetaPathFinder):
    """One-shot finder: calls ``fn(module)`` right after ``name`` is executed, then leaves ``sys.meta_path``."""

    def __init__(self, name, fn, key):
        self.name, self.fn, self.key = name, fn, key

    def find_spec(self, name, path=None, target=None):
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:  # pragma: no cover
            return spec
        exec_module, fn = spec.loader.exec_module, self.fn

        def exec_then_call(module):
            exec_module(module)
            fn(module)
        spec.loader.exec_module = exec_then_call
        return spec


def after_import(name: str, fn, key=None) -> None:
    """``fn(sys.modules[name])`` now if ``name`` is imported, else right after its import; a second call with the
    same ``name`` and ``key`` (default: ``fn`` itself) before that import registers nothing more."""
    module = sys.modules.get(name)
    key = fn if key is None else key
    if module is not None:
        fn(module)
    elif not any(isinstance(f, _AfterImport) and f.name == name and f.key == key for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport(name, fn, key))
