"""The error raised when MindSpore code reaches an API ms_compat does not provide (yet)."""
from __future__ import annotations

__all__ = ["MissingAPIError", "MissingModuleError", "module_getattr"]

COVERAGE = "migration_guides/api-coverage.md"


class MissingAPIError(AttributeError, NotImplementedError):
    """Raised for a MindSpore API that ms_compat does not implement.

    It is an ``AttributeError`` (so ``hasattr``/``getattr(..., default)`` keep working) and a
    ``NotImplementedError``; the message names the MindSpore API and points at the coverage table.
    """


class MissingModuleError(ModuleNotFoundError):
    """Raised (with the ``mindspore`` alias installed) when user code imports a MindSpore module or
    name ms_compat does not provide: ``import mindspore.mint``, ``from mindspore.nn import Missing``.
    The message names the MindSpore path and points at the coverage table."""


def module_getattr(module_name: str, public_name: str, lazy: dict):
    """Shared ``__getattr__`` for the public modules: resolve lazy submodules/attributes first,
    else raise :class:`MissingAPIError`."""
    import importlib

    target = lazy.get(public_name)
    if target is not None:
        mod_name, _, attr = target.partition(":")
        mod = importlib.import_module(mod_name)
        return getattr(mod, attr) if attr else mod
    if public_name.startswith("__"):
        raise AttributeError(public_name)
    ms_name = module_name.replace("ms_compat", "mindspore", 1) + "." + public_name
    raise MissingAPIError(f"'{ms_name}' is not implemented in ms_compat yet. See {COVERAGE} for what is covered, "
                          "what is planned and what will not be supported.")
