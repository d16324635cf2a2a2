"""``mindspore.amp.auto_mixed_precision`` / ``custom_mixed_precision`` / ``get_white_list`` / ``get_black_list``.

MindSpore 2.10 semantics (measured per layer, tests/reference_data/amp/levels.json):

* ``O0``: the network unchanged.
* ``O1``: every white-list cell (Conv*, Dense, LSTMCell/RNNCell/GRUCell) runs its operators in ``dtype``
  and its output is cast back to float32; white-list primitive objects held as cell attributes
  (MatMul, BatchMatMul, Conv2D, ReLU, PReLU, ...) likewise. No flags are set. MindSpore rewrites the
  network's source into a new class ``<Net>Opt``; ms_compat installs the casts on the same object
  (type and identity unchanged).
* ``O2``: ``to_float(dtype)`` on every cell except black-list cells (BatchNorm1d/2d/3d, LayerNorm),
  which get ``to_float(float32)`` and are wrapped in ``_OutputTo16`` (output cast to ``dtype``); the
  whole network is wrapped in ``_OutputTo32``.
* ``O3``: ``to_float(dtype)`` on everything, wrapped in ``_OutputTo32``.
* ``auto``: operator-level policy: MindSpore's auto white-list ops run in ``dtype``, auto black-list
  ops in float32, promote-list ops in the widest input float type, others follow their inputs
  (a TorchFunctionMode, see :class:`_AutoPolicyMode`). ``to_float`` settings inside take precedence.

Parameters are never cast in storage. Why not ``torch.autocast``: autocast is op-level like ``auto``
but its op lists differ (e.g. it leaves ``linear``'s fused bias in low precision, MindSpore's BiasAdd
promotes to float32) and O1/O2/O3 are cell-level casts, so MindSpore's lists are implemented directly.
"""
from __future__ import annotations

import functools
import inspect
import warnings

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode

from ..porting._missing import is_placeholder
from ..common import dtype as mstype
from ..nn.cell import Cell
from . import cell_cast
from .cell_cast import cast_floats, current_cast_dtype, run_in_dtype, set_cell_dtype

__all__ = ["auto_mixed_precision", "custom_mixed_precision", "get_white_list", "get_black_list"]

_WHITE_CELLS = ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose", "Dense",
                "LSTMCell", "RNNCell", "GRUCell")
_WHITE_PRIMS = ("Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput", "MatMul",
                "BatchMatMul", "PReLU", "ReLU", "Ger")
_BLACK_CELLS = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm")


def _resolve(module_name, names):
    import importlib
    try:
        mod = importlib.import_module(module_name)
    except ImportError:
        return []
    out = []
    for n in names:
        try:
            obj = getattr(mod, n)
        except AttributeError:  # not provided by ms_compat (yet): MissingAPIError is an AttributeError
            continue
        if not is_placeholder(obj):
            out.append(obj)
    return out


_AMP_LISTS = {}


def amp_list(name):
    """``AMP_WHITE_LIST`` / ``AMP_BLACK_LIST`` of ``mindspore.train.amp``: the module-level lists the O1 white
    list and the O2 black list are read from (built on first use; like MindSpore's, changing them changes what
    later ``auto_mixed_precision`` calls do)."""
    lst = _AMP_LISTS.get(name)
    if lst is None:
        if name == "AMP_WHITE_LIST":
            lst = _resolve("ms_compat.nn", _WHITE_CELLS) + _resolve("ms_compat.ops", _WHITE_PRIMS)
        elif name == "AMP_BLACK_LIST":
            lst = _resolve("ms_compat.nn", _BLACK_CELLS)
        else:
            raise KeyError(name)
        lst = _AMP_LISTS.setdefault(name, lst)
    return lst


def _white_list():
    return tuple(amp_list("AMP_WHITE_LIST"))


def _black_list():
    return tuple(amp_list("AMP_BLACK_LIST"))


def get_white_list():
    """Mirrors ``mindspore.amp.get_white_list()``: a copy of the O1 white list (cell and primitive classes)."""
    return list(_white_list())


def get_black_list():
    """Mirrors ``mindspore.amp.get_black_list()``: a copy of the O2 black list (BatchNorm1d/2d/3d, LayerNorm)."""
    return list(_black_list())


def _cell_cls():
    from ..nn.cell import Cell
    return Cell


def _prim_cls():
    try:
        from ..ops.primitive import Primitive
        return Primitive
    except ImportError:  # pragma: no cover
        return ()


def _dtype_text(dtype):
    return mstype.dtype_str(dtype) if isinstance(dtype, torch.dtype) and mstype.is_mindspore_dtype(dtype) else dtype


def _check_dtype(dtype):
    if not (isinstance(dtype, torch.dtype) and dtype in (torch.float16, torch.bfloat16)):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {_dtype_text(dtype)}.")


# ---------------------------------------------------------------- wrappers
def _sync_attrs(wrapper, backbone):
    for key in ("_amp_level", "_jit_config_dict"):
        if key in backbone.__dict__:
            wrapper.__dict__[key] = backbone.__dict__[key]


class _OutputTo16(Cell):
    """MindSpore's O2 wrapper of a black-list cell: runs it (in float32) and casts the output to ``dtype``."""

    def __init__(self, backbone, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype
        _sync_attrs(self, backbone)

    def construct(self, *args, **kwargs):
        return cast_floats(self._backbone(*args, **kwargs), self.dtype)


class _OutputTo32(Cell):
    """MindSpore's O2/O3 wrapper of the network: casts the floating outputs to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        _sync_attrs(self, backbone)

    def construct(self, *args, **kwargs):
        return cast_floats(self._backbone(*args, **kwargs), torch.float32)


def _wrappers():
    return _OutputTo16, _OutputTo32


def _precision_set_by_user(cell):
    flags = cell.__dict__.get("_func_graph_flags", {})
    return any(flags.get(f) for f in ("fp16", "fp32", "bf16"))


def _auto_black_list(network, black_list, dtype):
    """O2 / custom black list: to_float(dtype) everywhere, black-list cells to_float(float32) in _OutputTo16."""
    Cell = _cell_cls()
    _OutputTo16 = _wrappers()[0]
    network.to_float(dtype)
    black = tuple(black_list)
    modules = network._modules
    for name, sub in list(modules.items()):
        if sub is None or sub is network or not isinstance(sub, Cell):
            continue
        if black and isinstance(sub, black):
            modules[name] = _OutputTo16(sub.to_float(torch.float32), dtype)
        else:
            _auto_black_list(sub, black_list, dtype)
    return network


def _white_cell_forward(dtype, inner, *args, **kwargs):
    return cast_floats(run_in_dtype(dtype, inner, *args, **kwargs), torch.float32)


def _white_cell_wrap(dtype, cell, inner):
    return functools.partial(_white_cell_forward, dtype, inner)


def _white_cell_factory(dtype):
    return functools.partial(_white_cell_wrap, dtype)  # picklable (no closure)


class _CastPrimitive:
    """A white-list primitive as O1 leaves it: float inputs cast to ``dtype``, float outputs to float32."""

    def __init__(self, prim, dtype):
        self.__dict__["_prim"] = prim
        self.__dict__["_dtype"] = dtype

    def __call__(self, *args, **kwargs):
        return cast_floats(run_in_dtype(self._dtype, self._prim, *args, **kwargs), torch.float32)

    def __getattr__(self, name):
        prim = self.__dict__.get("_prim")
        if prim is None:
            raise AttributeError(name)
        return getattr(prim, name)

    def __repr__(self):
        return repr(self._prim)


def _apply_white_list(network, white_list, dtype, force=False):
    """O1 / custom white list (MindSpore's rewrite, done in place): white cells run in ``dtype`` with
    float32 outputs; white primitive attributes are replaced by casting proxies. Cells whose
    precision was set with to_float are left alone (as MindSpore does)."""
    Cell = _cell_cls()
    Prim = _prim_cls()
    white = tuple(white_list)
    cell_types = tuple(c for c in white if isinstance(c, type) and issubclass(c, Cell))
    prim_types = tuple(c for c in white if Prim and isinstance(c, type) and issubclass(c, Prim))

    def visit(cell):
        if _precision_set_by_user(cell):
            return
        if cell_types and isinstance(cell, cell_types):
            cell._set_forward_wrapper("amp", _white_cell_factory(dtype))
            return
        if prim_types:
            for k, v in list(vars(cell).items()):
                if isinstance(v, prim_types):
                    cell.__dict__[k] = _CastPrimitive(v, dtype)
        for sub in cell._modules.values():
            if isinstance(sub, Cell):
                visit(sub)
    visit(network)
    return network


# ---------------------------------------------------------------- 'auto': op-level policy
def _fn_set(*names):
    out = set()
    for n in names:
        for mod in (torch, F, torch.Tensor, torch.special, torch.linalg):
            f = getattr(mod, n, None)
            if f is not None:
                out.add(f)
    return out


_AUTO_WHITE = _fn_set("conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
                      "convolution", "matmul", "mm", "bmm", "__matmul__", "__rmatmul__", "linear", "addmm", "addbmm",
                      "addmv", "baddbmm", "mv", "einsum", "prelu")
_AUTO_BLACK = _fn_set("pow", "__pow__", "__rpow__", "float_power", "acos", "arccos", "asin", "arcsin", "cosh", "erfinv",
                      "exp", "expm1", "log", "log10", "log1p", "log2", "reciprocal", "rsqrt", "sinh", "tan",
                      "softplus", "layer_norm", "batch_norm", "group_norm", "norm", "kl_div", "smooth_l1_loss",
                      "multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss", "multi_margin_loss",
                      "binary_cross_entropy_with_logits", "pdist", "cdist", "renorm", "prod", "softmax",
                      "log_softmax", "cumprod", "cumsum", "sum", "l1_loss", "mse_loss", "nll_loss")
_AUTO_PROMOTE = _fn_set("addcdiv", "addcmul", "cross", "dot", "grid_sample", "cat", "concat", "concatenate")
# ops whose bias MindSpore adds with a separate BiasAdd (promote list): main op in dtype, bias promoted
_BIAS_SPLIT = {F.linear: 2, F.conv1d: 2, F.conv2d: 2, F.conv3d: 2}
_FLOAT_RANK = {torch.float16: 1, torch.bfloat16: 1, torch.float32: 2, torch.float64: 3}


def _float_dtypes(obj, acc):
    if isinstance(obj, torch.Tensor):
        if obj.dtype in _FLOAT_RANK:
            acc.append(obj.dtype)
    elif isinstance(obj, (tuple, list)):
        for o in obj:
            _float_dtypes(o, acc)
    return acc


class _AutoPolicyMode(TorchFunctionMode):
    """MindSpore's ``amp_level='auto'`` op policy on torch functions."""

    def __init__(self, dtype):
        super().__init__()
        self.dtype = dtype

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if current_cast_dtype() is not None:  # inside a to_float cell: its setting wins
            return func(*args, **kwargs)
        if func in _AUTO_WHITE:
            dt = self.dtype
            nb = _BIAS_SPLIT.get(func)
            if nb is not None:
                bias = args[nb] if len(args) > nb else kwargs.get("bias")
                if isinstance(bias, torch.Tensor):
                    args = list(args)
                    if len(args) > nb:
                        args[nb] = None
                    else:
                        kwargs = dict(kwargs, bias=None)
                    out = func(*cast_floats(tuple(args), dt), **cast_floats(kwargs, dt))
                    shape = (-1,) + (1,) * (out.dim() - 2) if func is not F.linear else (-1,)
                    return out + bias.reshape(shape)
            return func(*cast_floats(tuple(args), dt), **cast_floats(kwargs, dt))
        if func in _AUTO_BLACK:
            return func(*cast_floats(tuple(args), torch.float32), **cast_floats(kwargs, torch.float32))
        if func in _AUTO_PROMOTE:
            dts = _float_dtypes(args, [])
            _float_dtypes(list(kwargs.values()), dts)
            if dts:
                widest = max(dts, key=_FLOAT_RANK.__getitem__)
                return func(*cast_floats(tuple(args), widest), **cast_floats(kwargs, widest))
        return func(*args, **kwargs)


def _auto_forward(dtype, inner, *args, **kwargs):
    with _AutoPolicyMode(dtype):
        return inner(*args, **kwargs)


def _auto_wrap(dtype, cell, inner):
    return functools.partial(_auto_forward, dtype, inner)


def _auto_factory(dtype):
    return functools.partial(_auto_wrap, dtype)  # picklable (no closure)


def _set_auto(network, dtype):
    Cell = _cell_cls()
    if isinstance(network, Cell):
        network._set_forward_wrapper("amp", _auto_factory(dtype))
        network.__dict__["amp_strategy"] = ("auto", dtype)
        return network

    @functools.wraps(network)
    def wrapper(*args, **kwargs):
        with _AutoPolicyMode(dtype):
            return network(*args, **kwargs)
    return wrapper


# ---------------------------------------------------------------- public API
def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """Mirrors ``mindspore.amp.auto_mixed_precision(network, amp_level='O0', dtype=mstype.float16)``.

    Levels ``'O0'``, ``'O1'``, ``'O2'``, ``'O3'``, ``'auto'`` as described in the module docstring;
    ``dtype`` is float16 or bfloat16. Returns the processed network (O2/O3: an ``_OutputTo32`` wrapper;
    O1: the same object, where MindSpore returns a rewritten copy). A function is accepted only with
    ``'auto'``.
    """
    Cell = _cell_cls()
    if not isinstance(network, Cell):
        if amp_level == "auto":
            if not inspect.isfunction(network) and not inspect.ismethod(network):
                raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
        else:
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
    _check_dtype(dtype)
    if amp_level == "O0":
        return network
    prev = getattr(network, "__dict__", {}).get("_amp_level")
    if prev in ("O1", "O2", "O3", "auto"):
        warnings.warn(f"The network's auto mixed-precision level is adjusted from {prev} to {amp_level}, and "
                      "repeated calls to mixed-precision interfaces can cause performance degradation.",
                      UserWarning, stacklevel=2)
    if amp_level == "O1":
        network = _apply_white_list(network, _white_list(), dtype)
    elif amp_level == "O2":
        network = _auto_black_list(network, _black_list(), dtype)
        network = _wrappers()[1](network)
    elif amp_level == "O3":
        network.to_float(dtype)
        network = _wrappers()[1](network)
    elif amp_level == "auto":
        network = _set_auto(network, dtype)
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    try:
        network.__dict__["_amp_level"] = amp_level
    except AttributeError:  # pragma: no cover
        pass
    return network


def _list_check(custom_list, list_name):
    Cell, Prim = _cell_cls(), _prim_cls()
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if list_name == "white_list" and not issubclass(elem, Cell) and not (Prim and issubclass(elem, Prim)):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell' and 'Primitive', "
                            f"but got {elem}")
        if list_name == "black_list" and not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', but got {elem}")
    if list_name == "black_list":
        for elem in _black_list():
            if elem not in custom_list:
                warnings.warn(f"{elem} is removed from internal black list.", UserWarning, stacklevel=3)


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """Mirrors ``mindspore.amp.custom_mixed_precision(network, *, white_list=None, black_list=None,
    dtype=mstype.float16)``: O1 with ``white_list`` or O2 with ``black_list`` (exactly one)."""
    Cell = _cell_cls()
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided "
                         "at the same time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _apply_white_list(network, white_list, dtype)
    _list_check(black_list, "black_list")
    network = _auto_black_list(network, black_list, dtype)
    return _wrappers()[1](network)


def keep_cells_fp32(network, black_list=None):
    """``build_train_network``'s keep_batchnorm_fp32: black-list cells to_float(float32) in _OutputTo16."""
    Cell = _cell_cls()
    _OutputTo16 = _wrappers()[0]
    black = tuple(_black_list() if black_list is None else black_list)
    modules = network._modules
    for name, sub in list(modules.items()):
        if sub is None or sub is network or not isinstance(sub, Cell):
            continue
        if isinstance(sub, black):
            modules[name] = _OutputTo16(sub.to_float(torch.float32))
        else:
            keep_cells_fp32(sub, black_list)


del cell_cast, set_cell_dtype


class AmpLevel(__import__("enum").IntEnum):
    """Mirrors ``mindspore.train.amp.AmpLevel`` (MindSpore's ``_c_expression.amp.AmpLevel``): the levels of an
    AMP strategy (``AmpO0`` … ``AmpO3``, ``AmpAuto``), as used by ``create_amp_strategy``/``amp_strategy``."""

    AmpO0 = 0
    AmpO1 = 1
    AmpO2 = 2
    AmpO3 = 3
    AmpAuto = 4
