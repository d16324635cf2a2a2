"""``mindspore.nn.Cell`` as a ``torch.nn.Module``.

A Cell *is* a ``torch.nn.Module``: its parameters live in ``_parameters``, children in
``_modules``, buffers in ``_buffers`` (MindSpore's ``_params``/``_cells`` are the same dicts), and
calling it runs PyTorch's module call (hooks, then ``forward``) — ``construct`` is installed as the
class's ``forward`` when the subclass is defined. ``Cell.__call__`` replaces ``Module.__call__``: it applies
MindSpore's rule for what records gradients (``common/grad_scope.py``) and, on a call PyTorch's own fast path
would take (no hook on the cell or global, no ``torch.jit.trace`` recording scopes, no ``Module.compile``),
calls ``forward`` directly as ``Module._call_impl`` does, without that method's frames; any other call goes
through ``Module._call_impl`` (``_torch_seam.module_fast_path`` holds what it checks).

MindSpore rules kept on top: new Cells start in inference mode (``training=False``); parameters
carry a stored ``name`` that attribute assignment sets and an ``auto_prefix`` parent rewrites
(``'sub.weight'``); assignment rules, errors and the collection methods follow MindSpore 2.10
(see ``migration_guides/cell-api.md``). Per-instance features (``to_float``, ``recompute``,
``shard``, custom ``bprop``, graph mode) wrap ``forward`` for that instance only, so cells that
use none of them pay nothing.
"""
from __future__ import annotations

import sys
import warnings
import weakref as _weakref
from collections import OrderedDict
from types import MethodType as _method
from typing import Callable

import torch
from torch import nn as _tnn

from .._torch_seam import is_compiling as _is_compiling, module_fast_path as _module_fast_path
from .._torch_seam import set_grad_mode as _set_grad_mode
from ..common.grad_scope import last as _ms_only_last, mindspore_only as _mindspore_only, state as _grad_scope
from ..common.parameter import Parameter, ParameterTuple, _check_prefix
from ..common.tensor import Tensor, to_torch
from . import _layer_internals

__all__ = ["Cell"]

_Module = _tnn.Module
_module_setattr = _Module.__setattr__
_call_impl = _Module._call_impl
_grad_enabled = torch.is_grad_enabled
_getframe = sys._getframe
# what torch.nn.Module._call_impl checks before it calls forward directly (_torch_seam.module_fast_path)
if _module_fast_path is not None:
    (_g_fwd_pre_hooks, _g_fwd_hooks, _g_bwd_pre_hooks, _g_bwd_hooks), _jit_trace = _module_fast_path
else:  # a PyTorch whose _call_impl reads other hooks: every call goes through it (a non-empty dict reads as hooked)
    _g_fwd_pre_hooks = _g_fwd_hooks = _g_bwd_pre_hooks = _g_bwd_hooks = {0: None}
    _jit_trace = None

# order in which per-instance forward wrappers compose (inner → outer)
_WRAPPER_ORDER = {"shard_params": 5, "bprop": 10, "param_hook": 15, "cast": 20, "amp": 25, "recompute": 30,
                  "offload": 35, "shard": 40, "saved_tensors": 45, "jit": 50, "first_call": 1000}


def _first_call(cell, inner):
    """One-shot outermost wrapper: MindSpore 2.10 PyNative checks a cell's parameter names on its first
    call (``_self_check``) and, when two share a name, renames all of them to their paths relative to
    that cell. The wrapper removes itself, so later calls go straight to ``forward``."""
    def forward(*args, **kwargs):
        if not torch.compiler.is_compiling():  # traced calls leave it to the first eager call
            cell._set_forward_wrapper("first_call", None)
            cell.check_names_and_refresh_name()
        return inner(*args, **kwargs)
    return forward


def _first_call_forward(ref):
    """The same one-shot check installed by ``Cell.__init__``, holding the cell weakly (no reference cycle, so
    cells are still freed by reference counting)."""
    def forward(*args, **kwargs):
        cell = ref()
        if not torch.compiler.is_compiling():
            cell._set_forward_wrapper("first_call", None)
            cell.check_names_and_refresh_name()
        return type(cell).forward(cell, *args, **kwargs)
    return forward


_removed_warned = set()


def _warn_once(key, msg):
    if key not in _removed_warned:
        _removed_warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=3)


# Public ``torch.nn.Module`` methods that ``mindspore.nn.Cell`` 2.10 does not have (measured: dir() of both;
# tests/semantics checks the list against real MindSpore). MindSpore code may use these names for its own
# Parameters and sub-cells, and there the user's attribute wins: it is also kept in the instance
# ``__dict__``, which Python reads before a class's method. Assigning a Parameter or Cell under any
# *other* name a Cell class already has raises MindSpore's KeyError.
_TORCH_ONLY_NAMES = frozenset((
    "bfloat16", "children", "cpu", "cuda", "double", "eval", "float", "get_parameter", "get_submodule", "half",
    "ipu", "modules", "mtia", "parameters", "register_full_backward_hook", "register_full_backward_pre_hook",
    "requires_grad_", "set_submodule", "share_memory", "train", "type", "xpu", "zero_grad"))
# torch-only names that PyTorch's and ms_compat's own machinery call on every Cell (``forward`` runs
# ``construct``; checkpoints, ``parameters_dict`` and repr go through the others): a Parameter or Cell
# of that name raises a KeyError saying so instead of silently breaking them.
_MACHINERY_NAMES = frozenset(("forward", "extra_repr", "named_modules", "named_parameters", "named_children",
                              "add_module", "register_module", "register_parameter", "call_super_init",
                              "dump_patches"))


def _check_attr_name(cell, name, what):
    """For a Parameter/Cell assigned as ``cell.<name>`` (not registered under that name yet): True when
    the user's attribute must shadow a torch-only method; KeyError where MindSpore (or ms_compat's
    machinery) forbids the name."""
    if name[0] == "_" or not hasattr(type(cell), name):
        return False
    if name in _TORCH_ONLY_NAMES:
        return True
    kind, fn = ("parameter", "insert_param_to_cell") if what == "param" else ("child cell", "insert_child_to_cell")
    if name in _MACHINERY_NAMES:
        raise KeyError(f"For '{fn}', the name '{name}' is a torch.nn.Module method that ms_compat runs every Cell "
                       f"through; a {kind} cannot take it (MindSpore allows it). Please rename the attribute.")
    raise KeyError(f"For '{fn}', the {name} {kind} already exists in the network."
                   f"Cannot insert another {kind} with the same name.")


def _construct_missing(self, *args, **kwargs):
    raise AttributeError("For 'Cell', the method 'construct' is not defined.")


def _check_hook(hook_fn):
    if not callable(hook_fn):
        raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")


def _trainable(p):
    return p._ms_trainable() if isinstance(p, Parameter) else p.requires_grad


def _param_name(key, p):
    """MindSpore name of a parameter: its stored name, or the path key for a plain torch parameter."""
    return p.__dict__.get("_ms_name", key) if isinstance(p, Parameter) else key


class Cell(_Module):
    """Mirrors ``mindspore.nn.Cell(auto_prefix=True, flags=None)``; a ``torch.nn.Module``.

    Differences from MindSpore: all ``torch.nn.Module`` methods are there too (``parameters``,
    ``train``/``eval`` — kept in sync with ``set_train`` —, ``to``, ``state_dict`` ...);
    ``state_dict()`` values are detached plain tensors as in PyTorch (MindSpore returns the live
    Parameters); hooks do fire in GRAPH_MODE (MindSpore skips them). A Parameter or sub-cell named like a
    torch-only ``Module`` method (``half``, ``train``, ``children`` ...) shadows that method, as the user's
    attribute wins in MindSpore; ``forward``, ``extra_repr``, ``named_parameters``, ``named_modules`` are refused
    (see ``_TORCH_ONLY_NAMES`` and migration_guides/cell-api.md).
    """

    total_instance_count = 0
    forward = _construct_missing
    construct = _construct_missing

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        construct = cls.__dict__.get("construct")
        if construct is not None and "forward" not in cls.__dict__:
            cls.forward = construct  # PyTorch's call path reaches construct directly
        elif "forward" in cls.__dict__ and "construct" not in cls.__dict__:
            cls.construct = cls.__dict__["forward"]  # torch-style subclass: construct() still works
        if getattr(cls, "bprop", None) is not None:  # also subclasses inheriting a bprop
            from .bprop import install_bprop_class
            install_bprop_class(cls)

    def __call__(self, *args, **kwargs):
        """``Cell.__call__``: ``torch.nn.Module.__call__`` (hooks, then ``construct``), under MindSpore's rule for
        recording gradients (``common/grad_scope.py``): the outermost Cell call made by MindSpore code outside
        any grad function records no autograd graph; nested calls, calls inside grad functions and calls from
        PyTorch code record as PyTorch does."""
        if not _is_compiling():  # eager (a Dynamo trace reads the constant True: PyTorch's call path, below)
            d = self.__dict__
            try:
                hooked = (_g_fwd_pre_hooks or _g_fwd_hooks or _g_bwd_pre_hooks or _g_bwd_hooks
                          or d["_forward_pre_hooks"] or d["_forward_hooks"] or d["_backward_pre_hooks"]
                          or d["_backward_hooks"] or "_compiled_call_impl" in d
                          or _jit_trace._trace_module_map is not None)
            except KeyError:  # Cell.__init__ never ran: PyTorch's call path raises its AttributeError
                hooked = True
            # not hooked: forward directly, as Module._call_impl's own fast path does (without its two frames)
            call = (self._compiled_call_impl or _method(_call_impl, self)) if hooked else self.forward
            box = _grad_scope.box
            if not box[0] and _grad_enabled():  # an outermost call: its caller's module decides
                g = _getframe(1).f_globals
                last = _ms_only_last[0]
                if last[2] if last[0] is g and last[1] == len(g) else _mindspore_only(g):
                    _set_grad_mode(False)
                    try:
                        return call(*args, **kwargs)
                    finally:
                        _set_grad_mode(True)
                box[0] = 1
                try:
                    return call(*args, **kwargs)
                finally:
                    box[0] = 0
            return call(*args, **kwargs)
        if self._compiled_call_impl is None:  # torch.nn.Module.__call__ without its frame
            return _call_impl(self, *args, **kwargs)
        return self._compiled_call_impl(*args, **kwargs)

    def __init__(self, auto_prefix=True, flags=None):
        _Module.__init__(self)
        d = self.__dict__
        d["training"] = False
        d["_auto_prefix"] = auto_prefix
        d["_func_graph_flags"] = {}
        d["_params_list"] = OrderedDict()
        d["_list_param_names"] = set()
        d["_param_tuple_count"] = 0
        d["_param_prefix"] = ""
        d["_scope"] = None
        d["_forward_wrappers"] = {"first_call": _first_call}
        d["forward"] = _first_call_forward(_weakref.ref(self))
        d["requires_grad"] = False
        d["_phase"] = "train"
        d["_cell_inputs"] = None
        d["_jit_config_dict"] = {}
        d["_bprop_debug"] = False
        d["cell_type"] = None
        Cell.total_instance_count += 1
        if flags:
            self.add_flags(**flags)

    # ------------------------------------------------------------------ attribute routing
    def __getattr__(self, name):
        d = self.__dict__
        p = d.get("_parameters")
        if p is not None:
            if name in p:
                return p[name]
            b = d["_buffers"]
            if name in b:
                return b[name]
            m = d["_modules"]
            if name in m:
                return m[name]
            pl = d.get("_params_list")
            if pl and name in pl:
                return pl[name]
        elif name in ("_cells", "_params"):
            pass
        if not name.startswith("_"):
            prim = _layer_internals.internal_primitive(self, name)
            if prim is not None:
                return prim
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get("_parameters")
        if isinstance(value, _tnn.Parameter):
            if params is None:
                raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
            if isinstance(value, Parameter) and value._has_generated_name():
                value.name = name
            if name in d["_modules"] or name in d["_buffers"]:
                raise KeyError(f"For 'insert_param_to_cell', the {name} parameter already exists in the network."
                               "Cannot insert another parameter with the same name.")
            shadow = _check_attr_name(self, name, "param") if name not in params else name in _TORCH_ONLY_NAMES
            d.pop(name, None)
            params[name] = value
            if shadow:
                d[name] = value  # the user's attribute wins over torch.nn.Module's method
            return
        if isinstance(value, ParameterTuple):
            if params is None:
                raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
            self._register_param_tuple(name, value)
            return
        if isinstance(value, _Module):
            modules = d.get("_modules")
            if modules is None:
                raise AttributeError(f"The '{type(self).__name__}' object has no attribute '_cells'.")
            shadow = _check_attr_name(self, name, "cell") if name not in modules else name in _TORCH_ONLY_NAMES
            if name in params:
                del params[name]
            d.pop(name, None)
            modules[name] = value
            if shadow:
                d[name] = value  # the user's attribute wins over torch.nn.Module's method
            if isinstance(value, Cell):
                if d["_auto_prefix"]:
                    value.update_parameters_name(name + ".")
            else:
                _bridge(value, name + "." if d["_auto_prefix"] else "")
                value.train(bool(d["training"]))  # a torch child follows its Cell's mode
            return
        if params is not None:
            if name in params:
                if value is None:
                    params[name] = None
                    if name in _TORCH_ONLY_NAMES:
                        d[name] = None
                elif isinstance(value, torch.Tensor):
                    cur = params[name]
                    if cur is None:
                        raise TypeError(f"Parameter '{name}' already exists in network, can not assign this "
                                        f"type: '{type(value)}' as a parameter.")
                    cur.set_data(value) if isinstance(cur, Parameter) else cur.data.copy_(value)
                else:
                    raise TypeError(f"Parameter '{name}' already exists in network, can not assign this type: "
                                    f"'{type(value)}' as a parameter.")
                return
            modules = d["_modules"]
            if name in modules:
                if value is None:
                    modules[name] = None
                    if name in _TORCH_ONLY_NAMES:
                        d[name] = None
                    return
                raise TypeError(f"Sub cell '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a cell.")
            buffers = d["_buffers"]
            if name in buffers:
                if value is None or d.get("_ms_assigning_buffers"):
                    buffers[name] = value
                    return
                raise TypeError(f"Buffer '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a buffer.")
            if isinstance(value, (list, tuple)) and value and all(isinstance(v, Parameter) for v in value):
                self._check_list_param_names(value)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        _Module.__delattr__(self, name)
        if name in _TORCH_ONLY_NAMES:
            self.__dict__.pop(name, None)  # the shadowing copy (see _TORCH_ONLY_NAMES)

    def _check_list_param_names(self, value):
        seen = self.__dict__["_list_param_names"]
        ids = set()
        for p in value:
            if id(p) in ids:
                continue
            ids.add(id(p))
            if p.name in seen:
                raise ValueError(f"The value {list(value)} , its name '{p.name}' already exists. "
                                 "Please set a unique name for the parameter.")
            seen.add(p.name)

    def _register_param_tuple(self, name, value):
        d = self.__dict__
        for p in value:
            if p._has_generated_name():
                d["_param_tuple_count"] += 1
                p.name = f"Parameter${d['_param_tuple_count']}"
            d["_parameters"][p.name] = p
        d["_params_list"][name] = value

    def __setstate__(self, state):
        state.pop("forward", None)
        super().__setstate__(state)
        if self.__dict__.get("_forward_wrappers"):
            self._rebuild_forward()

    def __getstate__(self):
        state = self.__dict__.copy()
        state.pop("forward", None)
        return state

    @property
    def _cells(self):
        """MindSpore's name for the children dict (the same object as ``_modules``)."""
        return self.__dict__["_modules"]

    @property
    def _params(self):
        """MindSpore's name for the own-parameter dict (the same object as ``_parameters``)."""
        return self.__dict__["_parameters"]

    def __bool__(self):
        return True

    # ------------------------------------------------------------------ per-instance forward wrappers
    def _set_forward_wrapper(self, key: str, factory: Callable | None):
        """Install (or with ``None`` remove) a wrapper around this instance's ``forward``.

        ``factory(cell, inner)`` returns the callable used instead of ``inner``. Wrappers compose
        in a fixed order (bprop, cast, amp, recompute, offload, shard, jit: inner → outer)."""
        w = self.__dict__["_forward_wrappers"]
        if factory is None:
            w.pop(key, None)
        else:
            w[key] = factory
        self._rebuild_forward()

    def _rebuild_forward(self):
        d = self.__dict__
        d.pop("forward", None)
        wrappers = d["_forward_wrappers"]
        if not wrappers:
            return
        fn = type(self).forward.__get__(self)
        for key in sorted(wrappers, key=lambda k: _WRAPPER_ORDER.get(k, 100)):
            fn = wrappers[key](self, fn)
        d["forward"] = fn

    # ------------------------------------------------------------------ collections
    def cells_and_names(self, cells=None, name_prefix=""):
        """``(name, cell)`` pairs, self first; ``cells`` is a set of cells to skip (MindSpore 2.10)."""
        t_cells = cells if cells else set()
        if self in t_cells:
            return
        t_cells.add(self)
        yield name_prefix, self
        for name, cell in self._modules.items():
            if cell is None or (isinstance(cell, Cell) and not cell):  # MindSpore: `if cell:` (empty containers)
                continue
            prefix = name_prefix + "." + name if name_prefix else name
            if isinstance(cell, Cell):
                yield from cell.cells_and_names(t_cells, prefix)
            else:
                for sub_name, sub in cell.named_modules(prefix=prefix):
                    if sub not in t_cells:
                        t_cells.add(sub)
                        yield sub_name, sub

    def name_cells(self):
        """OrderedDict of the direct children (``None`` and repeated cells skipped)."""
        out, seen = OrderedDict(), set()
        for name, cell in self._modules.items():
            if cell is None or id(cell) in seen:
                continue
            seen.add(id(cell))
            out[name] = cell
        return out

    def cells(self):
        """The direct children (``odict_values``)."""
        return self.name_cells().values()

    def get_sub_cell(self, target: str):
        """Cell at dotted path ``target`` (``''`` → self)."""
        if target == "":
            return self
        cell = self
        for item in target.split("."):
            mods = cell.__dict__.get("_modules", {})
            if item not in mods:
                raise AttributeError(f"{type(cell).__name__} has no attribute `{item}`")
            cell = mods[item]
        return cell

    def get_parameters(self, expand=True):
        """Generator of Parameters (own first, then children depth-first; each once)."""
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    def parameters_and_names(self, name_prefix="", expand=True):
        """Generator of ``(path, Parameter)``; the path is independent of ``param.name``."""
        return self.named_parameters(prefix=name_prefix, recurse=expand)

    def trainable_params(self, recurse=True):
        """List of parameters with ``requires_grad=True``."""
        return [p for p in self.get_parameters(expand=recurse) if _trainable(p)]

    def untrainable_params(self, recurse=True):
        """List of parameters with ``requires_grad=False``."""
        return [p for p in self.get_parameters(expand=recurse) if not _trainable(p)]

    def parameters_dict(self, recurse=True):
        """OrderedDict keyed by ``param.name`` (not by path)."""
        return OrderedDict((_param_name(k, p), p) for k, p in self.parameters_and_names(expand=recurse))

    def parameters_broadcast_dict(self, recurse=True):
        """Like ``parameters_dict`` without ``layerwise_parallel`` parameters; ``None`` if empty."""
        out = OrderedDict((k, p) for k, p in self.parameters_dict(recurse).items()
                          if not getattr(p, "layerwise_parallel", False))
        return out or None

    def check_names_and_refresh_name(self):
        """Mirrors MindSpore 2.10: if two parameters share a name, ``update_parameters_name()`` (names become
        the paths relative to this cell) and ``check_names()``. Run automatically on a cell's first call."""
        names = [_param_name(k, p) for k, p in dict(self.parameters_and_names()).items()]
        if len(set(names)) < len(names):
            self.update_parameters_name()
            self.check_names()

    def check_names(self):
        """Raise ``ValueError`` if two reachable parameters share a name."""
        names = set()
        for key, p in self.parameters_and_names():
            name = _param_name(key, p)
            if name in names:
                raise ValueError(f"The value of {key} is {p}, its name '{name}' already exists. "
                                 "Please set a unique name for the parameter.")
            names.add(name)

    def update_parameters_name(self, prefix="", recurse=True):
        """Set ``param.name = prefix + path`` for every parameter (own only with ``recurse=False``)."""
        _check_prefix(prefix)
        for key, p in self.parameters_and_names(expand=recurse):
            if isinstance(p, Parameter):
                p.name = prefix + key

    @property
    def param_prefix(self):
        return self.__dict__["_param_prefix"]

    def update_cell_prefix(self):
        """Give each descendant its dotted path from this cell as ``param_prefix``."""
        for name, cell in self.cells_and_names():
            if isinstance(cell, Cell):
                cell.__dict__["_param_prefix"] = name

    def generate_scope(self):
        """Give each descendant a scope string ``'Default/<name>-<Class>/...'`` (the root keeps ``None``)."""
        def walk(cell, scope):
            for name, child in cell._modules.items():
                if isinstance(child, Cell):
                    s = f"{scope}/{name}-{type(child).__name__}"
                    child.__dict__["_scope"] = s
                    walk(child, s)
        walk(self, "Default")

    def get_scope(self):
        return self.__dict__["_scope"]

    def update_cell_type(self, cell_type):
        self.cell_type = cell_type

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Mirrors ``Cell.insert_param_to_cell`` with MindSpore's errors."""
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not be None.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not contain'.' ")
        d = self.__dict__
        if "_parameters" not in d:
            raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
        if (param_name in d or param_name in d["_modules"] or param_name in d["_buffers"]) \
                and param_name not in d["_parameters"]:
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the network."
                           "Cannot insert another parameter with the same name.")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"For 'insert_param_to_cell', the argument 'param' must be 'Parameter' if not None, "
                            f"but got {_ms_type_name(param)}.")
        if isinstance(param, Parameter) and param._has_generated_name():
            param.name = param_name
        d["_parameters"][param_name] = param

    def insert_child_to_cell(self, child_name, child_cell):
        """Mirrors ``Cell.insert_child_to_cell`` (no renaming of the child's parameters)."""
        if not isinstance(child_name, str):
            raise TypeError(f"For 'insert_child_to_cell', the type of parameter 'child_name' must be str, "
                            f"but got {type(child_name)}.")
        if not child_name or "." in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None and "
                           "can not contain '.' ")
        d = self.__dict__
        if (child_name in d or child_name in d["_parameters"] or child_name in d["_buffers"]
                or hasattr(type(self), child_name)) and child_name not in d["_modules"]:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the "
                           "network.Cannot insert another child cell with the same name.")
        if child_cell is not None and not isinstance(child_cell, _Module):
            raise TypeError(f"For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not None, "
                            f"but got type {type(child_cell)}.")
        d["_modules"][child_name] = child_cell
        if child_cell is not None and not isinstance(child_cell, Cell):
            _bridge(child_cell, "")

    def add_module(self, name, module):
        """``torch.nn.Module.add_module``; a plain torch module gets the MindSpore bridge (torch_bridge.py)."""
        super().add_module(name, module)
        if module is not None and not isinstance(module, Cell):
            _bridge(module, name + "." if self.__dict__["_auto_prefix"] else "")

    def register_module(self, name, module):
        self.add_module(name, module)

    # ------------------------------------------------------------------ modes and flags
    def set_train(self, mode=True):
        """Set training mode on this cell and every descendant (torch children too); returns self."""
        self.add_flags_recursive(training=mode)
        return self

    def train(self, mode: bool = True):
        """``torch.nn.Module.train``: same effect as ``set_train(mode)`` (flags kept in sync)."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        return self.set_train(mode)

    def set_grad(self, requires_grad=True):
        """Sets ``cell.requires_grad`` (not recursive); autograd in PyTorch records regardless."""
        self.__dict__["requires_grad"] = requires_grad
        return self

    def add_flags(self, **flags):
        d = self.__dict__
        d["_func_graph_flags"].update(flags)
        for k, v in flags.items():
            if k == "training":
                d["training"] = v
                d["_phase"] = "train" if v else "predict"
            else:
                object.__setattr__(self, k, v)
        return self

    def add_flags_recursive(self, **flags):
        for _, cell in self.cells_and_names():
            if isinstance(cell, Cell):
                cell.add_flags(**flags)
            elif "training" in flags:
                cell.training = flags["training"]
        return self

    def get_flags(self):
        return self.__dict__["_func_graph_flags"]

    @property
    def phase(self):
        return self.__dict__["_phase"]

    @phase.setter
    def phase(self, value):
        self.__dict__["_phase"] = value

    @property
    def cls_name(self):
        return type(self).__name__

    @property
    def bprop_debug(self):
        return self.__dict__["_bprop_debug"]

    @bprop_debug.setter
    def bprop_debug(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"For 'Cell', the property 'bprop_debug' must be bool type, but got type {type(value)}.")
        self.__dict__["_bprop_debug"] = value

    @property
    def has_bprop(self):
        return hasattr(type(self), "bprop")

    @property
    def parameter_layout_dict(self):
        return self.__dict__.get("_parameter_layout_dict", {})

    @parameter_layout_dict.setter
    def parameter_layout_dict(self, value):
        self.__dict__["_parameter_layout_dict"] = value

    @property
    def pipeline_stage(self):
        if "_pipeline_stage" not in self.__dict__:
            raise AttributeError(f"The '{type(self).__name__}' object has no attribute 'pipeline_stage'.")
        return self.__dict__["_pipeline_stage"]

    @pipeline_stage.setter
    def pipeline_stage(self, value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("For 'Cell', the property 'pipeline_stage' must be int type, but got type "
                            f"{type(value)}.")
        if value < 0:
            raise ValueError(f"For 'Cell', the property 'pipeline_stage' can not be less than 0, but got {value}")
        self.__dict__["_pipeline_stage"] = value

    @property
    def jit_config_dict(self):
        return self.__dict__["_jit_config_dict"]

    def set_boost(self, boost_type):
        if boost_type != "less_bn":
            raise ValueError(f"For 'set_boost', the argument 'boost_type' must be 'less_bn', but got {boost_type}.")
        _warn_once("set_boost", "Cell.set_boost('less_bn') has no effect in ms_compat (an Ascend boost algorithm).")
        return self

    def set_broadcast_flag(self, mode=True):
        self.add_flags_recursive(broadcast_flag=mode)
        return self

    def set_comm_fusion(self, fusion_type, recurse=True):
        if isinstance(fusion_type, bool) or not isinstance(fusion_type, int) or fusion_type < 0:
            raise ValueError(f"The input value must be int and must >= 0, but got '{fusion_type}' with type "
                             f"'{type(fusion_type).__name__}'.")
        for p in self.trainable_params(recurse):
            if isinstance(p, Parameter):
                p.comm_fusion = fusion_type

    def set_jit_config(self, jit_config):
        """Store a ``JitConfig``; used by ``compile`` / GRAPH_MODE (see migration_guides/graph-mode.md)."""
        self.__dict__["_jit_config_dict"] = jit_config.jit_config_dict

    def set_inputs(self, *inputs, **kwargs):
        if inputs and kwargs:
            raise ValueError(f"For Cell, set_inputs should only set inputs or kwargs(inputs: {inputs}, "
                             f"kwargs: {kwargs})!")
        if kwargs:
            self.__dict__["_cell_inputs"] = {"arg_specified_infos": [[i, v] for i, v in enumerate(kwargs.values())],
                                             "total_arg_length": len(kwargs)}
        else:
            self.__dict__["_cell_inputs"] = inputs

    def get_inputs(self):
        return self.__dict__["_cell_inputs"]

    def cast_inputs(self, inputs, dst_type):
        """Deprecated in MindSpore 2.10, where it returns ``None``; same here (with the warning)."""
        warnings.warn("'cast_inputs' is deprecated.", DeprecationWarning, stacklevel=2)
        return None

    def run_construct(self, cast_inputs, kwargs):
        """Deprecated: calls ``construct(cast_inputs, **kwargs)`` like MindSpore 2.10."""
        warnings.warn("'run_construct' is deprecated.", DeprecationWarning, stacklevel=2)
        return self.construct(cast_inputs, **kwargs)

    def get_func_graph_proto(self):
        _warn_once("get_func_graph_proto", "Cell.get_func_graph_proto() has no meaning on PyTorch (no MindIR graph);"
                   " it returns None. Use torch.export for a graph.")
        return None

    def init_parameters_data(self, auto_parallel_mode=False):
        return {p: p for p in self.get_parameters()}

    def remove_redundant_parameters(self):
        warnings.warn("'remove_redundant_parameters' is deprecated.", DeprecationWarning, stacklevel=2)

    def extend_repr(self):
        """MindSpore's ``extend_repr`` (PyTorch's ``extra_repr`` returns it)."""
        return ""

    def extra_repr(self):
        return self.extend_repr()

    # ------------------------------------------------------------------ hooks (MindSpore signatures)
    def register_forward_pre_hook(self, hook_fn, *, prepend=False, with_kwargs=False):
        """``hook_fn(cell, args)``; same meaning as PyTorch's forward pre hook."""
        _check_hook(hook_fn)
        if with_kwargs:
            from ._hook_adapters import forward_pre_hook_with_kwargs
            hook_fn = forward_pre_hook_with_kwargs(hook_fn)
        return super().register_forward_pre_hook(hook_fn, prepend=prepend, with_kwargs=with_kwargs)

    def register_forward_hook(self, hook_fn, *, prepend=False, with_kwargs=False, always_call=False):
        """``hook_fn(cell, args, output)``; same meaning as PyTorch's forward hook."""
        _check_hook(hook_fn)
        return super().register_forward_hook(hook_fn, prepend=prepend, with_kwargs=with_kwargs,
                                             always_call=always_call)

    def register_backward_hook(self, hook_fn):
        """``hook_fn(cell, grad_input, grad_output)`` — PyTorch's *full* backward hook (MindSpore 2.10)."""
        _check_hook(hook_fn)
        from ._hook_adapters import backward_hook
        return self.register_full_backward_hook(backward_hook(hook_fn))

    def register_backward_pre_hook(self, hook_fn):
        """``hook_fn(cell, grad_output)`` — PyTorch's full backward pre hook."""
        _check_hook(hook_fn)
        from ._hook_adapters import backward_pre_hook
        return self.register_full_backward_pre_hook(backward_pre_hook(hook_fn))

    def register_parameter_forward_hook(self, hook):
        """MindSpore 2.10: ``hook(cell, name, param)`` may return a replacement for each parameter
        used during this cell's forward (applied through torch.func-free parametrization)."""
        from .parameter_forward_hook import register_parameter_forward_hook
        return register_parameter_forward_hook(self, hook)

    def register_saved_tensors_hooks(self, pack_hook, unpack_hook):
        """Saved-tensor hooks active while this cell runs forward (``torch.autograd.graph.saved_tensors_hooks``)."""
        from .saved_tensors import register_saved_tensors_hooks
        return register_saved_tensors_hooks(self, pack_hook, unpack_hook)

    # ------------------------------------------------------------------ state dict
    def _save_to_state_dict(self, destination, prefix, keep_vars):
        # plain torch tensors, so torch.save(...)/torch.load(weights_only=True) need nothing of ms_compat
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else to_torch(param.detach())
        npb = self._non_persistent_buffers_set
        for name, buf in self._buffers.items():
            if buf is not None and name not in npb:
                destination[prefix + name] = buf if keep_vars else to_torch(buf.detach())
        if type(self).get_extra_state is not _Module.get_extra_state:
            destination[prefix + "_extra_state"] = self.get_extra_state()

    def to_empty(self, *, device=None, recurse=True):
        """``Cell.to_empty(*, device=None, recurse=True)``: ``torch.nn.Module.to_empty``; ``device=None`` is the
        device ``mindspore.set_device`` chose (else torch's default device), as in MindSpore."""
        from ..context import _default_device, _resolve_device
        if device is None:
            device = _default_device() or torch.get_default_device()
        elif isinstance(device, str) and device.lower() in ("cpu", "gpu", "ascend", "npu"):
            device = _resolve_device(device)  # MindSpore's names; torch's ("cuda:0", "meta") pass as they are
        return super().to_empty(device=device, recurse=recurse)

    def load_state_dict(self, state_dict, strict=True, *, assign=False):
        """``Cell.load_state_dict(state_dict, strict=True)``: ``torch.nn.Module.load_state_dict`` (MindSpore 2.10
        has the same semantics); torch's keyword-only ``assign`` is kept, as torch's own loaders pass it."""
        flagged = []
        if assign:
            for _, m in self.named_modules():
                if isinstance(m, Cell):
                    m.__dict__["_ms_assigning_buffers"] = True
                    flagged.append(m)
        try:
            return super().load_state_dict(state_dict, strict=strict, assign=assign)
        finally:
            for m in flagged:
                m.__dict__.pop("_ms_assigning_buffers", None)

    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Cell.__init__() call")
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{type(tensor)}' object to buffer '{name}' (mindspore Tensor or None "
                            "required)")
        return super().register_buffer(name, tensor, persistent)

    # ------------------------------------------------------------------ seed-only (removed in 2.10)
    def set_param_ps(self, recurse=True, init_in_server=False):
        """Parameter server (removed in 2.10): no PyTorch meaning; raises."""
        raise RuntimeError("Cell.set_param_ps: the MindSpore parameter server has no PyTorch counterpart in "
                           "ms_compat; use torch.distributed (https://pytorch.org/docs/stable/distributed.html).")

    def place(self, role, rank_id):
        """r2.3 API (removed in 2.10): process placement for the parameter server; warns, no effect."""
        _warn_once("place", "Cell.place() has no effect in ms_compat (MindSpore parameter-server/cluster placement).")

    def set_auto_parallel(self):
        _warn_once("set_auto_parallel", "Cell.set_auto_parallel() has no effect in ms_compat.")

    def set_parallel_input_with_inputs(self, *inputs):
        _warn_once("set_parallel_input_with_inputs", "Cell.set_parallel_input_with_inputs() has no effect.")

    def exec_checkpoint_graph(self):
        _warn_once("exec_checkpoint_graph", "Cell.exec_checkpoint_graph() has no effect in ms_compat.")

    def infer_param_pipeline_stage(self):
        _warn_once("infer_param_pipeline_stage", "Cell.infer_param_pipeline_stage() has no pipeline stages here; "
                   "returns all parameters.")
        return list(self.get_parameters())


def _bridge(module, prefix):
    from .torch_bridge import bridge_torch_module
    bridge_torch_module(module, prefix)


def _ms_type_name(obj):
    if isinstance(obj, Tensor):
        return "<class 'mindspore.common.tensor.Tensor'>"
    return str(type(obj))

