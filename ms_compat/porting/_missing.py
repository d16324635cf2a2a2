"""What happens when MindSpore code reaches a name ms_compat does not provide.

Three cases, three messages (all raised as :class:`MissingAPIError`, an ``AttributeError``):

* **not in MindSpore 2.10** — a typo or a name of another version (``ops.reluu``): the message says so
  and offers close matches (did-you-mean);
* **not yet** — MindSpore 2.10 has it, ms_compat does not implement it yet: *importing* it works and
  gives a placeholder; *using* the placeholder (calling, instantiating, subclassing, reading an
  attribute) raises, naming the MindSpore path and how to look it up in the coverage table shipped with
  the package (``ms-compat coverage NAME``);
* **will not** — a name with no PyTorch meaning (MindIR export, Ascend-only, …): the message gives the
  PyTorch alternative.

``MS_COMPAT_STRICT_IMPORTS=1`` turns placeholders off: a not-yet name fails where it is imported.
Each placeholder that gets used is logged once (logger ``ms_compat``, level WARNING), and
:func:`used_placeholders` lists them (tests check that real packages use none while importing).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import types

from . import _api_names
from . import _namespace

__all__ = ["MissingAPIError", "MissingModuleError", "module_getattr", "is_placeholder", "used_placeholders",
           "placeholder", "placeholder_module", "namespace_module", "strict_imports", "COVERAGE"]

COVERAGE = "`ms-compat coverage` (the coverage table shipped with ms_compat)"
_log = logging.getLogger("ms_compat")
_lock = threading.Lock()
_placeholders: dict = {}
_placeholder_modules: dict = {}
_used: dict = {}


class MissingAPIError(AttributeError, NotImplementedError):
    """Raised for a MindSpore API that ms_compat does not provide.

    It is an ``AttributeError`` (so ``hasattr``/``getattr(..., default)`` keep working) and a
    ``NotImplementedError``. ``path`` is the MindSpore path; ``kind`` is ``"absent"`` (not a MindSpore
    2.10 name), ``"internal"`` (a MindSpore-private name ms_compat does not know), ``"not_yet"`` or
    ``"will_not"``.
    """

    def __init__(self, message: str, path: str = "", kind: str = "not_yet"):
        super().__init__(message)
        self.path = path
        self.kind = kind


class MissingModuleError(ModuleNotFoundError):
    """Raised (with the ``mindspore`` alias installed) when user code imports a MindSpore module that is not
    in MindSpore 2.10 (or, with ``MS_COMPAT_STRICT_IMPORTS=1``, one ms_compat does not provide yet)."""


def strict_imports() -> bool:
    """True when ``MS_COMPAT_STRICT_IMPORTS`` is set (not empty, not ``0``): no placeholders."""
    return os.environ.get("MS_COMPAT_STRICT_IMPORTS", "") not in ("", "0")


def not_yet_message(path: str) -> str:
    reason = _api_names.will_not_reason(path)
    if reason is not None:
        return f"'{path}' (MindSpore {_api_names.MINDSPORE_VERSION}) is not provided by ms_compat and will not be: {reason}."
    return (f"'{path}' (MindSpore {_api_names.MINDSPORE_VERSION}) is not implemented in ms_compat yet. "
            f"See {_api_names.coverage_command(path)} for what is covered, planned and not supported.")


def _kind(path: str) -> str:
    return "will_not" if _api_names.will_not_reason(path) is not None else "not_yet"


def absent_error(module_path: str, name: str, extra=()) -> MissingAPIError:
    """The error for ``module_path.name`` when MindSpore 2.10 has no such name."""
    path = f"{module_path}.{name}"
    if name.startswith("_"):
        return MissingAPIError(f"'{path}' is a MindSpore-internal name that ms_compat does not provide "
                               f"(internal names are served only where real MindSpore packages use them).",
                               path, "internal")
    msg = f"'{path}' is not a name of MindSpore {_api_names.MINDSPORE_VERSION} (module '{module_path}' has no '{name}')."
    close = _api_names.suggest(module_path, name, extra)
    if close:
        msg += " Did you mean " + " or ".join(f"'{module_path}.{c}'" for c in close) + "?"
    return MissingAPIError(msg, path, "absent")


def _record_use(path: str, how: str) -> None:
    with _lock:
        first = path not in _used
        if first:
            _used[path] = how
    if first:
        _log.warning("MindSpore API '%s' %s, but ms_compat does not provide it (%s)", path, how,
                     "will not: " + _api_names.will_not_reason(path) if _kind(path) == "will_not" else "not yet")


def used_placeholders() -> dict:
    """MindSpore path -> how it was first used, for every placeholder used in this process."""
    with _lock:
        return dict(_used)


class _Placeholder:
    """Stands for a MindSpore 2.10 name ms_compat does not provide yet (see the module docstring).

    Importing and holding it is fine (it can sit in a dict, an ``isinstance`` tuple, an annotation);
    ``isinstance(x, placeholder)`` and ``issubclass(C, placeholder)`` are False (nothing can be an instance
    of an API that does not exist here). Calling, subclassing, reading an attribute, iterating or testing
    its truth raises :class:`MissingAPIError` naming the MindSpore path.
    """

    def __init__(self, path: str):
        d = self.__dict__
        d["_ms_path"] = path
        d["__module__"], _, d["__name__"] = path.rpartition(".")
        d["__qualname__"] = d["__name__"]
        d["__doc__"] = not_yet_message(path)

    def _fail(self, how: str):
        path = self.__dict__["_ms_path"]
        _record_use(path, how)
        raise MissingAPIError(not_yet_message(path), path, _kind(path))

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._fail(f"attribute '{attr}' read")

    def __setattr__(self, attr, value):
        self._fail(f"attribute '{attr}' set")

    def __call__(self, *args, **kwargs):
        self._fail("called")

    def __mro_entries__(self, bases):
        """``class Foo(nn.Missing)`` at module level is common in real packages (mindcv subclasses
        ``boost.GradientAccumulation``): the class is created (so the package imports) on a stand-in base
        whose instantiation raises; in strict-import mode subclassing raises at once."""
        path = self.__dict__["_ms_path"]
        if strict_imports():
            self._fail("subclassed")
        return (_missing_base(path),)

    def __instancecheck__(self, obj):
        return False

    def __subclasscheck__(self, cls):
        return False

    def __bool__(self):
        self._fail("truth-tested")

    def __iter__(self):
        self._fail("iterated")

    def __len__(self):
        self._fail("len() taken")

    def __getitem__(self, key):
        self._fail("indexed")

    def __or__(self, other):  # `Missing | None` in an annotation
        import typing
        return typing.Union[self, other]

    def __ror__(self, other):
        import typing
        return typing.Union[other, self]

    def __reduce__(self):
        self._fail("pickled")

    def __repr__(self):
        return f"<ms_compat placeholder for '{self.__dict__['_ms_path']}' (not provided)>"


class _MissingBaseMeta(type):
    """Metaclass of the stand-in base of a class that subclasses a placeholder: reading a name the class
    would inherit from the missing MindSpore base raises MissingAPIError."""

    def __getattr__(cls, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        path = cls.__dict__.get("_ms_path") or next(c.__dict__["_ms_path"] for c in cls.__mro__
                                                     if "_ms_path" in c.__dict__)
        _record_use(path, f"inherited attribute '{attr}' read")
        raise MissingAPIError(not_yet_message(path), path, _kind(path))


_missing_bases: dict = {}


def _missing_base(path: str) -> type:
    base = _missing_bases.get(path)
    if base is None:
        def __new__(cls, *args, **kwargs):
            _record_use(path, f"subclassed by '{cls.__module__}.{cls.__qualname__}' and instantiated")
            raise MissingAPIError(f"{cls.__qualname__} cannot be created: its base {not_yet_message(path)}", path,
                                  _kind(path))
        base = _MissingBaseMeta(path.rpartition(".")[2], (), {
            "__new__": __new__, "_ms_path": path, "__module__": path.rpartition(".")[0],
            "__doc__": f"Stand-in base for the MindSpore API '{path}' that ms_compat does not provide."})
        with _lock:
            base = _missing_bases.setdefault(path, base)
    return base


def _binary(op):
    def method(self, *other):
        self._fail(f"used with operator {op}")
    method.__name__ = op
    return method


for _op in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__",
            "__matmul__", "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__int__", "__float__", "__index__"):
    setattr(_Placeholder, _op, _binary(_op))


def is_placeholder(obj) -> bool:
    """True for a placeholder object or placeholder module (a MindSpore name ms_compat does not provide)."""
    return type(obj) is _Placeholder or type(obj) is _PlaceholderModule or type(obj) is _MissingBaseMeta


def is_namespace_module(obj) -> bool:
    """True for a module object ms_compat made for a MindSpore path (a view or a placeholder module)."""
    return isinstance(obj, _PlaceholderModule)


def placeholder(path: str):
    """The (one, cached) placeholder for MindSpore name ``path``."""
    obj = _placeholders.get(path)
    if obj is None:
        with _lock:
            obj = _placeholders.setdefault(path, _Placeholder(path))
    return obj


class _PlaceholderModule(types.ModuleType):
    """A MindSpore 2.10 module ms_compat does not provide yet: importing it works; its names are those MindSpore
    lists (``ms_compat/porting/_namespace.py``: its ``__all__`` exactly, a real ms_compat object where ms_compat has the
    same MindSpore object under another module, else a placeholder); its submodules are served like any other
    ``mindspore.*`` module."""

    def __getattr__(self, name):
        if name == "__all__":
            names = _namespace.all_of(self.__name__) if _namespace.has_module(self.__name__) else None
            if names is None:
                raise AttributeError(name)
            self.__dict__["__all__"] = names
            return names
        if name.startswith("__") and name.endswith("__") and (name not in _namespace.DUNDER_ATTRS or
                                                              _namespace.canonical(self.__name__, name) is None):
            raise AttributeError(name)
        obj = missing_attribute(self.__name__, name)
        self.__dict__[name] = obj
        return obj

    def __setattr__(self, name, value):
        if isinstance(value, types.ModuleType) and not name.startswith("__") and \
                _namespace.canonical(self.__name__, name) is not None:
            return  # the import system binding a submodule where MindSpore binds another object (run_check)
        super().__setattr__(name, value)

    def __dir__(self):
        return sorted(set(self.__dict__) | set(_namespace.attribute_names(self.__name__))
                      | set(_namespace.submodules(self.__name__)))

    def __repr__(self):
        return f"<ms_compat placeholder module '{self.__name__}' (not provided)>"


def placeholder_module(path: str) -> types.ModuleType:
    """The (one, cached) placeholder module for MindSpore module ``path``."""
    mod = _placeholder_modules.get(path)
    if mod is None:
        mod = _PlaceholderModule(path, not_yet_message(path))
        mod.__path__ = []  # a package, so `import path.sub` reaches the alias finder
        with _lock:
            mod = _placeholder_modules.setdefault(path, mod)
    return mod


class _NamespaceView(_PlaceholderModule):
    """A MindSpore 2.10 module whose names ms_compat serves from a module of another name (``mindspore.nn.layer.
    basic`` from the flat ``ms_compat.nn``): its own module object, so its ``__all__`` and names are exactly
    MindSpore's, each resolving to the same object as wherever else MindSpore holds it."""

    def __repr__(self):
        return f"<module '{self.__name__}' (served by ms_compat)>"


_views: dict = {}


def namespace_module(path: str) -> types.ModuleType:
    """The module object for MindSpore module ``path`` (one in the namespace inventory): the ms_compat module of the
    same name, else its one view (served from another ms_compat module), else its placeholder module."""
    from .alias import resolve_cached
    served = resolve_cached(path)
    if served is None:
        return placeholder_module(path)
    if served == "ms_compat" + path[len("mindspore"):]:
        import importlib
        return importlib.import_module(served)
    mod = _views.get(path)
    if mod is None:
        mod = _NamespaceView(path, f"MindSpore module '{path}', served by ms_compat.")
        if _namespace.submodules(path):
            mod.__path__ = []
        with _lock:
            mod = _views.setdefault(path, mod)
    return mod


def _submodule(path: str):
    """MindSpore module ``path`` as an attribute of its parent: the ms_compat module that serves it, or a
    placeholder module."""
    if _namespace.has_module(path):
        return _namespace.module_for(path)
    from .alias import resolve
    target = resolve(path)
    if target is not None:
        import importlib
        return importlib.import_module(target)
    if strict_imports():
        raise MissingAPIError(not_yet_message(path), path, _kind(path))
    return placeholder_module(path)


def missing_attribute(ms_module: str, name: str, served_by: str | None = None, extra=()):
    """Resolve ``ms_module.name`` that the serving module lacks: a placeholder (MindSpore 2.10 has it),
    a submodule, or :class:`MissingAPIError`. ``served_by`` is the ms_compat module asked (a flat ms_compat
    namespace may serve several MindSpore modules: ``ms_compat.ops`` serves ``ops.operations.nn_ops``)."""
    found, obj = _namespace.lookup(ms_module, name)
    if found:
        return obj
    sub = f"{ms_module}.{name}"
    if _api_names.is_module(sub):
        return _submodule(sub)
    alias = _api_names.module_alias(sub)
    if alias is not None:
        return _submodule(alias)
    path = None
    if _api_names.has_name(ms_module, name):
        path = sub
    elif served_by is not None:
        from .alias import resolve
        for m in _api_names.modules_with(name):
            if m != ms_module and resolve(m) == served_by:
                path = f"{m}.{name}"
                break
        else:
            for parent, target in _api_names.module_aliases_named(name):
                if resolve(parent) == served_by:
                    return _submodule(target)
    if path is None:
        raise absent_error(ms_module, name, extra)
    if strict_imports():
        raise MissingAPIError(not_yet_message(path), path, _kind(path))
    return placeholder(path)


def module_getattr(module_name: str, public_name: str, lazy: dict):
    """Shared ``__getattr__`` for the public modules: resolve lazy submodules/attributes first, else a
    placeholder for a MindSpore 2.10 name ms_compat lacks, else :class:`MissingAPIError`."""
    target = lazy.get(public_name)
    if target is not None:
        import importlib
        mod_name, _, attr = target.partition(":")
        mod = importlib.import_module(mod_name)
        return getattr(mod, attr) if attr else mod
    ms_name = module_name.replace("ms_compat", "mindspore", 1)
    if public_name == "__all__":
        names = _namespace.all_of(ms_name) if _namespace.has_module(ms_name) else None
        if names is None:
            raise AttributeError(public_name)
        return names
    if public_name.startswith("__") and public_name.endswith("__"):
        from .alias import is_installed
        if not is_installed() or public_name not in _namespace.DUNDER_ATTRS or \
                _namespace.canonical(ms_name, public_name) is None:
            raise AttributeError(public_name)  # only MindSpore's own dunder attributes (ops.__primitive__)
    if _namespace.in_real_lookup(module_name, public_name):
        raise AttributeError(public_name)
    module = sys.modules.get(module_name)
    extra = [n for n in vars(module) if not n.startswith("_")] + list(lazy) if module is not None else list(lazy)
    return missing_attribute(ms_name, public_name, served_by=module_name, extra=extra)
