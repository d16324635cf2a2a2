"""Drop-in import: ``import mindspore`` served by ms_compat.

``install()`` puts a finder at the front of ``sys.meta_path`` that answers every ``mindspore`` /
``mindspore.X.Y`` import with the ms_compat module of the same role — the *same module objects*
(``sys.modules['mindspore.nn'] is ms_compat.nn``), so classes, ``isinstance`` checks and module-level
state are shared between code that imports ``mindspore`` and code that imports ``ms_compat``.
``uninstall()`` removes the finder and the ``mindspore*`` entries from ``sys.modules``.

How a name ``mindspore.<path>`` is resolved (first match wins):

1. ``ms_compat.<path>`` when that module exists (``mindspore.nn`` → ``ms_compat.nn``);
2. the explicit :data:`PATH_ALIASES` table, for MindSpore paths whose role lives under another
   name here (``mindspore.common.api`` → ``ms_compat.common.jit``);
3. for a real MindSpore module below one of the :data:`NAMESPACE_FALLBACKS` prefixes, the flat
   ms_compat namespace that holds those names (``mindspore.nn.layer.basic`` → ``ms_compat.nn``);
4. a MindSpore 2.10 module ms_compat does not provide yet gets a placeholder module (importing works,
   using its names raises ``MissingAPIError``; see ms_compat/porting/_missing.py) — or, with
   ``MS_COMPAT_STRICT_IMPORTS=1``, an :class:`ms_compat.porting._missing.MissingModuleError`;
5. a path MindSpore 2.10 does not have raises :class:`ms_compat.porting._missing.MissingModuleError` (a
   ``ModuleNotFoundError``) saying so, with a did-you-mean.

A served ms_compat module without a module ``__getattr__`` gets one (placeholders for the MindSpore names
it lacks), so ``from mindspore.common.initializer import <private helper real packages use>`` imports.

The namespace is MindSpore's by construction (ms_compat/porting/_namespace.py, the inventory real MindSpore 2.10 wrote:
every module ``pkgutil.walk_packages`` finds, private ones included, every attribute, ``__all__``): a MindSpore
module served in cases 2 and 3, or in case 4, is its *own* module object (a view: ``sys.modules[
'mindspore.nn.layer.basic']`` is not ``ms_compat.nn``) whose ``__all__`` and names are exactly MindSpore's; a
served ms_compat module gets MindSpore's ``__all__`` while the alias is installed. A name MindSpore re-exports
resolves to one object wherever it is reached (the ms_compat object found at any of its MindSpore holders, else
one placeholder), so ``mindspore.ops.composite.clip_by_value is mindspore.ops.clip_by_value``.

The alias refuses to install while the real MindSpore is imported or importable (both cannot own the
name ``mindspore`` in one process) unless ``force=True``, in which case ms_compat shadows it.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import sys
import threading

from ._dtype_spelling import install as _install_spelling, uninstall as _uninstall_spelling
from ._print_hook import install_print as _install_print, uninstall_print as _uninstall_print
from . import _missing as _missing_mod
from . import _namespace
from ._missing import MissingModuleError

__all__ = ["install", "uninstall", "is_installed", "resolve", "PATH_ALIASES", "NAMESPACE_FALLBACKS"]

ROOT = "mindspore"

# MindSpore module path -> ms_compat module path, where the role lives under another name here.
# Entries whose target does not exist (yet) fall through to the missing-module error.
PATH_ALIASES = {
    "mindspore.common.api": "ms_compat.common.jit",
    "mindspore.common.jit_config": "ms_compat.common.jit",
    "mindspore.common.seed": "ms_compat.context",
    "mindspore.common._utils": "ms_compat.common",
    "mindspore.ops.function": "ms_compat.ops",
    "mindspore.ops.functional": "ms_compat.ops",
    "mindspore.ops.operations": "ms_compat.ops",
    "mindspore.ops.composite": "ms_compat.ops",
    "mindspore.ops.composite.math_ops": "ms_compat.ops.composite",  # its numpy-style matmul(x1, x2, dtype)
    "mindspore.ops.auto_generate": "ms_compat.ops",
    "mindspore.nn.layer": "ms_compat.nn",
    "mindspore.nn.loss": "ms_compat.nn",
    "mindspore.nn.optim": "ms_compat.nn",
    "mindspore.nn.wrap": "ms_compat.nn",
    "mindspore.nn.cell": "ms_compat.nn.cell",
    "mindspore.nn.learning_rate_schedule": "ms_compat.nn",
    "mindspore.nn.dynamic_lr": "ms_compat.nn",
    "mindspore.train.amp": "ms_compat.amp",
    "mindspore._c_expression.amp": "ms_compat.amp",
    "mindspore.train.callback": "ms_compat.train",
    "mindspore.train.model": "ms_compat.train",
    "mindspore.train.loss_scale_manager": "ms_compat.amp",
    "mindspore.train.metrics": "ms_compat.train",
    "mindspore.communication.management": "ms_compat.communication",
    "mindspore.parallel.shard": "ms_compat.parallel",
    "mindspore.parallel.auto_parallel": "ms_compat.parallel",
    "mindspore.mint.nn.layer": "ms_compat.mint.nn",
    "mindspore.common.device": "ms_compat.common.device_ctx",
    "mindspore.graph.api": "ms_compat.common.jit",
}

# Prefixes under which any *real* MindSpore submodule (e.g. ``mindspore.nn.layer.basic``,
# ``mindspore.ops.operations.nn_ops``) maps to one flat ms_compat namespace. Only module paths that
# real MindSpore 2.10 has (ms_compat/porting/_ms_modules.py) qualify, so ``from mindspore.nn.layer import X``
# for a missing class ``X`` is still reported as missing rather than aliased to a module.
NAMESPACE_FALLBACKS = {
    "mindspore.nn.layer": "ms_compat.nn",
    "mindspore.nn.loss": "ms_compat.nn",
    "mindspore.nn.optim": "ms_compat.nn",
    "mindspore.nn.wrap": "ms_compat.nn",
    "mindspore.ops.operations": "ms_compat.ops",
    "mindspore.ops.function": "ms_compat.ops",
    "mindspore.ops.composite": "ms_compat.ops",
    "mindspore.ops.auto_generate": "ms_compat.ops",
    "mindspore.train.callback": "ms_compat.train",
    "mindspore.dataset.engine": "ms_compat.dataset.engine",
    "mindspore.dataset.core": "ms_compat.dataset.core",
    "mindspore.dataset.callback": "ms_compat.dataset.callback",
    "mindspore.dataset.vision": "ms_compat.dataset.vision",
    "mindspore.dataset.transforms": "ms_compat.dataset.transforms",
    "mindspore.dataset.text": "ms_compat.dataset.text",
    "mindspore.dataset.audio": "ms_compat.dataset.audio",
    "mindspore.mindrecord": "ms_compat.mindrecord",
    "mindspore.train.metrics": "ms_compat.train",
    "mindspore.hal": "ms_compat.hal",
    "mindspore.runtime": "ms_compat.runtime",
    "mindspore.mint.nn.layer": "ms_compat.mint.nn",
}

_finder = None
_saved_all: list = []  # (ms_compat module, its own __all__, its __getattr__): MindSpore's __all__ while installed
# install()/uninstall() run one at a time (_state); uninstall() removes the aliased modules only once no
# alias import is being loaded (_loading counts them per thread), so a concurrent `import mindspore.x` does
# not find its parent gone from sys.modules half-way (importlib's KeyError: 'mindspore').
_state = threading.RLock()
_loading = threading.Condition(threading.Lock())
_loading_threads: dict = {}  # thread id -> alias modules it is loading now
_added_attrs: list = []  # (parent module, attribute) set by the import system for aliased children
_probe_aliases: list = []  # ms_compat.* names registered for `from mindspore.x import <table alias>`


def _module_exists(name: str) -> bool:
    if name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, AttributeError, ValueError):
        return False


_resolved: dict = {}


def resolve_cached(fullname: str) -> str | None:
    """:func:`resolve`, remembered per path (which ms_compat module serves a MindSpore path does not change while
    the process runs; install()/uninstall() clear the memory)."""
    try:
        return _resolved[fullname]
    except KeyError:
        target = _resolved[fullname] = resolve(fullname)
        return target


def _real_ms_modules():
    from ._ms_modules import MINDSPORE_MODULES
    return MINDSPORE_MODULES


def resolve(fullname: str) -> str | None:
    """The ms_compat module path that serves MindSpore module ``fullname`` (None when there is none)."""
    if fullname != ROOT and not fullname.startswith(ROOT + "."):
        raise ValueError(f"not a mindspore module path: {fullname!r}")
    rest = fullname[len(ROOT):]
    same = "ms_compat" + rest
    if _module_exists(same):
        return same
    target = PATH_ALIASES.get(fullname)
    if target is not None and _module_exists(target):
        return target
    parts = fullname.split(".")
    for i in range(len(parts) - 1, 1, -1):
        prefix = ".".join(parts[:i])
        target = NAMESPACE_FALLBACKS.get(prefix)
        if target is not None:
            if (fullname in _real_ms_modules() or _is_ms_module(fullname)) and _module_exists(target):
                return target
            break
    return None


def _missing(fullname: str) -> MissingModuleError:
    from . import _api_names
    parent, _, leaf = fullname.rpartition(".")
    if fullname in _real_ms_modules() or _api_names.is_module(fullname) or not parent:
        msg = f"module {_missing_mod.not_yet_message(fullname)}"
    else:
        msg = str(_missing_mod.absent_error(parent, leaf))
    # .name is the MindSpore path; importlib's `from pkg import X` probe imports `ms_compat.<pkg>.X`
    # and would swallow an error carrying that name, printing the generic "cannot import name".
    return MissingModuleError(msg, name=fullname)


def _placeholder_spec(fullname: str):
    """A spec serving the placeholder module of a MindSpore 2.10 module ms_compat lacks (None in strict mode
    or for a path MindSpore does not have)."""
    from . import _api_names
    if _missing_mod.strict_imports() or not _api_names.is_module(fullname):
        return None
    return importlib.machinery.ModuleSpec(fullname, _PlaceholderLoader(), is_package=True)


class _PlaceholderLoader(importlib.abc.Loader):
    def create_module(self, spec):
        return _missing_mod.placeholder_module(spec.name)

    def exec_module(self, module):
        pass


def _is_ms_module(path: str) -> bool:
    from . import _api_names
    return _api_names.is_module(path)


def _adapt_served_module(module, ms_name: str) -> None:
    """Give a served ms_compat module without a module ``__getattr__`` one that answers the MindSpore names it
    lacks (placeholders / did-you-mean errors), and a ``__path__`` when it serves a MindSpore *package* (so
    ``import mindspore.ops.composite.base`` reaches this finder)."""
    from . import _api_names
    if not module.__name__.startswith("ms_compat"):
        return
    if "__getattr__" not in module.__dict__:
        name = module.__name__
        module.__getattr__ = lambda attr: _missing_mod.module_getattr(name, attr, {})
    own = module.__dict__.get("__all__")
    if own is not None:
        # MindSpore's __all__ while the alias is installed, read from the inventory when first asked for
        prev = module.__dict__["__getattr__"]
        _saved_all.append((module, own, prev))
        del module.__all__

        def __getattr__(attr, _prev=prev, _own=own, _ms=ms_name):
            if attr == "__all__":
                if not _namespace.has_module(_ms):
                    return _own
                theirs = _namespace.all_of(_ms)
                if theirs is None:
                    raise AttributeError(attr)
                return theirs
            return _prev(attr)
        module.__getattr__ = __getattr__
    if not hasattr(module, "__path__") and _api_names.has_submodules(ms_name):
        module.__path__ = []


class _AliasLoader(importlib.abc.Loader):
    """Serves ``mindspore.<path>`` with the ms_compat module of the same role (resolved and imported
    here, not in the finder); keeps that module's own ``__spec__``.

    ``find_spec`` runs under Python's global import lock, so importing (or resolving, which imports
    parents) there deadlocks against another thread executing an ms_compat module. ``create_module``
    runs under the per-module lock of the aliased name only, like any module body's ``import``."""

    def __init__(self, fullname: str):
        self.fullname = fullname

    def create_module(self, spec):
        with _loading:
            me = threading.get_ident()
            _loading_threads[me] = _loading_threads.get(me, 0) + 1
        try:
            return self._create_module(spec)
        except BaseException:
            _loaded()
            raise

    def _create_module(self, spec):
        name = resolve_cached(self.fullname)
        if name is None:
            if _placeholder_spec(self.fullname) is None:
                raise _missing(self.fullname)
            module = _missing_mod.placeholder_module(self.fullname)  # a MindSpore module not provided yet
        elif name != "ms_compat" + self.fullname[len(ROOT):] and _namespace.has_module(self.fullname):
            module = _missing_mod.namespace_module(self.fullname)  # its own view: MindSpore's names and __all__
        else:
            module = importlib.import_module(name)
            _adapt_served_module(module, self.fullname)
        self._saved_spec = module.__dict__.get("__spec__") or spec
        if hasattr(module, "__path__"):
            spec.submodule_search_locations = list(module.__path__)
        parent, _, child = spec.name.rpartition(".")
        pmod = sys.modules.get(parent) if parent else None
        if pmod is not None and child not in pmod.__dict__:
            _added_attrs.append((pmod, child, module))  # importlib will setattr(parent, child, module)
        return module

    def exec_module(self, module):
        module.__spec__ = self._saved_spec  # importlib replaced it with the alias spec
        try:
            if _missing_mod.is_namespace_module(module) and "__all__" not in module.__dict__ and \
                    _namespace.has_module(self.fullname) and _namespace.all_of(self.fullname) is None:
                # no __all__ in MindSpore: `from mindspore.x import *` binds the public names the module holds
                for n in _namespace.attribute_names(self.fullname):
                    if not n.startswith("_") and n not in module.__dict__:
                        getattr(module, n)
        finally:
            _loaded()


def _loaded():
    with _loading:
        me = threading.get_ident()
        _loading_threads[me] -= 1
        if not _loading_threads[me]:
            del _loading_threads[me]
            _loading.notify_all()


def _wait_for_loads(timeout=30.0):
    """Wait until no other thread is loading an alias module (this thread's own loads cannot finish first)."""
    me = threading.get_ident()
    with _loading:
        _loading.wait_for(lambda: not any(t != me for t in _loading_threads), timeout)


class _MindSporeFinder(importlib.abc.MetaPathFinder):
    """``sys.meta_path`` entry answering ``mindspore`` imports with ms_compat modules."""

    closing = False  # set by uninstall(): refuse new mindspore imports until the modules are gone

    def find_spec(self, fullname, path=None, target=None):
        if fullname != ROOT and not fullname.startswith(ROOT + "."):
            if fullname.startswith("ms_compat.") and _from_import_probe() and not self.closing:
                return self._find_ms_compat(fullname, path, target)
            return None
        if self.closing:  # not None: the path finder would load a second copy of an ms_compat file
            raise ModuleNotFoundError(f"No module named '{fullname}'", name=fullname)
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(fullname))

    def find_distributions(self, context=None):
        return _find_distributions(context)

    def _find_ms_compat(self, fullname, path, target):
        """``from mindspore.nn import X`` (after ``X`` was not an attribute) makes importlib try the
        submodule ``ms_compat.nn.X`` — the module's real name — and turn a plain "not found" into
        Python's generic "cannot import name". Look it up with the other finders and, when it does
        not exist, raise the MindSpore-named error instead."""
        for finder in sys.meta_path:
            if finder is self or getattr(finder, "find_spec", None) is None:
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                return spec
        # a table alias reached through `from mindspore.ops import functional`: serve it under the
        # probed ms_compat name too (removed again by uninstall()); a missing one raises the
        # MindSpore-named error from the loader.
        _probe_aliases.append(fullname)
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(ROOT + fullname[len("ms_compat"):]))


class _MindSporeDistribution(importlib.metadata.Distribution):
    """Package metadata for ``mindspore`` while the alias is installed, so version checks real packages make
    (``importlib.metadata.version("mindspore")``) see the MindSpore version ms_compat follows."""

    def read_text(self, filename):
        if filename == "METADATA":
            from ._api_names import MINDSPORE_VERSION
            return (f"Metadata-Version: 2.1\nName: mindspore\nVersion: {MINDSPORE_VERSION}\n"
                    "Summary: MindSpore API served by ms_compat on PyTorch\n")
        return None

    def locate_file(self, path):
        import pathlib
        return pathlib.Path(__file__).parent.parent / path  # the ms_compat package folder


def _find_distributions(context=None):
    name = getattr(context, "name", None)
    if name is not None and name.lower().replace("-", "_") == ROOT:
        yield _MindSporeDistribution()


def _from_import_probe() -> bool:
    """True when the current import is importlib's ``from package import name`` submodule probe."""
    f = sys._getframe(2)
    for _ in range(8):
        if f is None:
            return False
        if f.f_code.co_name == "_handle_fromlist":
            return True
        if not f.f_code.co_filename.startswith("<frozen importlib"):
            return False  # an import made by other code (e.g. find_spec inside a module __getattr__)
        f = f.f_back
    return False


def _real_mindspore_location():
    """Where a real MindSpore would be imported from (None if nowhere), ignoring our own finder."""
    mod = sys.modules.get(ROOT)
    if mod is not None and not getattr(mod, "__name__", "").startswith("ms_compat"):
        return getattr(mod, "__file__", None) or repr(mod)
    for finder in sys.meta_path:
        if isinstance(finder, _MindSporeFinder):
            continue
        find = getattr(finder, "find_spec", None)
        if find is None:
            continue
        try:
            spec = find(ROOT, None)
        except Exception:  # noqa: BLE001 - a broken third-party finder must not block install
            continue
        if spec is not None:
            return spec.origin or (list(spec.submodule_search_locations or []) or ["?"])[0]
    return None


def is_installed() -> bool:
    """True while the ``mindspore`` alias is active."""
    return _finder is not None and _finder in sys.meta_path


def install(force: bool = False, print_dtypes: bool = True) -> None:
    """Make ``import mindspore`` (and every ``mindspore.X.Y``) resolve to ms_compat.

    With ``print_dtypes`` (the default), dtypes are also spelled as MindSpore spells them: ``str``, ``print``,
    f-strings and ``format`` give ``Float32``, ``repr`` (so a dtype inside a container) ``mindspore.float32``,
    for every caller outside PyTorch's own code (see ``ms_compat.porting._dtype_spelling``; where the interpreter
    does not allow that, only ``print`` is changed: ``ms_compat.porting._print_hook``). ``print_dtypes=False`` keeps
    PyTorch's spelling (``torch.float32``).

    Idempotent. Raises ``RuntimeError`` if the real MindSpore is imported or importable, unless
    ``force=True`` (then ms_compat shadows it for imports made from now on; an already-imported real
    ``mindspore`` is dropped from ``sys.modules``).
    """
    with _state:
        _install(force, print_dtypes)


def _install(force, print_dtypes):
    global _finder
    if is_installed():
        return
    where = _real_mindspore_location()
    if where is not None:
        if not force:
            raise RuntimeError(
                f"ms_compat.install(): the real MindSpore is {'imported' if ROOT in sys.modules else 'installed'} "
                f"({where}). Both cannot own the name 'mindspore' in one process. Run this code in an environment "
                "without MindSpore, use `import ms_compat as mindspore`, or call ms_compat.install(force=True) "
                "to shadow the real package.")
        for key in [k for k in list(sys.modules) if k == ROOT or k.startswith(ROOT + ".")]:
            sys.modules.pop(key, None)
    _resolved.clear()
    _finder = _MindSporeFinder()
    sys.meta_path.insert(0, _finder)
    importlib.invalidate_caches()
    if print_dtypes and not _install_spelling():
        _install_print()


def uninstall() -> None:
    """Undo :func:`install`: remove the finder and every aliased ``mindspore*`` entry of ``sys.modules``.

    Idempotent, thread-safe: waits for alias imports other threads are loading (an import that starts
    after the finder is gone fails with ModuleNotFoundError). Objects user code already holds stay valid
    (they are ms_compat's)."""
    with _state:
        _uninstall()


def _uninstall():
    global _finder
    _uninstall_spelling()
    _uninstall_print()
    finders = [f for f in sys.meta_path if isinstance(f, _MindSporeFinder)]
    for f in finders:
        f.closing = True
    _wait_for_loads()
    for key in [k for k in list(sys.modules) if k == ROOT or k.startswith(ROOT + ".")]:
        mod = sys.modules.get(key)
        if getattr(mod, "__name__", "").startswith("ms_compat") or _missing_mod.is_placeholder(mod) or \
                _missing_mod.is_namespace_module(mod):
            sys.modules.pop(key, None)
    for f in finders:
        while f in sys.meta_path:
            sys.meta_path.remove(f)
    _finder = None
    while _saved_all:
        module, own, prev = _saved_all.pop()
        module.__all__ = own
        module.__getattr__ = prev
    _resolved.clear()
    while _probe_aliases:
        sys.modules.pop(_probe_aliases.pop(), None)
    while _added_attrs:
        pmod, child, module = _added_attrs.pop()
        if pmod.__dict__.get(child) is module and pmod.__name__ + "." + child != module.__name__:
            delattr(pmod, child)
    importlib.invalidate_caches()
