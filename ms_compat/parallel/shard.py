"""``Cell.shard`` / ``Cell.set_data_parallel`` on PyTorch DTensor.

A MindSpore strategy tuple gives, per tensor dimension, the number of slices (``(2, 1)``: dim 0 cut in
two, dim 1 whole). :func:`cell_shard` turns the strategies into one ``DeviceMesh`` over the processes
and each tuple into DTensor placements on it (``Shard(dim)`` for a cut dimension, ``Replicate()``
for the devices left over), then:

* parameters named in ``parameter_plan`` keep only this process's slice (``distribute_tensor`` from
  rank 0, then ``to_local``) — as in MindSpore, where a sharded parameter holds its slice on each
  device — and the cell's other parameters stay whole (replicated). They remain MindSpore
  ``Parameter`` objects, so optimizers, names and checkpoints see ordinary Parameters; while
  ``construct`` runs (also when ``recompute`` replays it) each is seen as ``DTensor.from_local``;
* every call redistributes the inputs to their in_strategy placements, runs ``construct`` on
  DTensors (PyTorch's sharding propagation picks the layout of every op inside and inserts the
  collectives, forward and backward), and returns ordinary local tensors: the full (replicated)
  output when ``out_strategy`` is ``None``, else this process's slice of each output laid out by
  ``out_strategy``. A sharded cell called from inside another sharded cell exchanges DTensors.

Strategies may also be ``Layout`` objects (device matrix + tensor map, see ``layout.py``): the device
matrix is then the mesh's shape. With ``pipeline_stages`` S > 1 the mesh covers the processes of this
process's stage (world / S of them), as MindSpore's device matrix covers one stage.

Each process passes the same full input (MindSpore's ``full_batch=True`` view of the data).
Strategies that cannot be expressed on one DeviceMesh of the world's processes, and shapes that a
strategy does not divide evenly, raise ``ValueError`` naming the strategy. MindSpore rules kept:
with group size 1 ``shard`` returns ``None`` and does nothing; outside ``SEMI_AUTO_PARALLEL`` /
``AUTO_PARALLEL`` the strategies are ignored (with a warning); ``shard`` returns ``None`` and later
calls of the cell go through the sharded forward. See migration_guides/parallel.md.
"""
from __future__ import annotations

import math
import warnings

import torch
import torch.distributed as dist

__all__ = ["cell_shard", "cell_set_data_parallel", "device_mesh_for", "sharded_layout", "full_value"]

_meshes: dict = {}
_bypass: list = []  # non-empty while the pipeline runs a cell on the meta device (shapes only, no DTensor)
_LAYOUT = "_ms_shard_layout"  # Parameter.__dict__ key: (mesh, placements, global shape)
_STRIDE = "_ms_shard_stride"  # Parameter.__dict__ key: the global tensor's contiguous stride


def _dtensor_api():
    from torch.distributed.tensor import DTensor, Replicate, Shard, distribute_tensor, init_device_mesh
    from torch.distributed.tensor.experimental import implicit_replication
    return DTensor, Replicate, Shard, distribute_tensor, init_device_mesh, implicit_replication


# ------------------------------------------------------------------------------------------------ validation
def _is_layout(obj):
    return type(obj).__name__ == "Layout"


def _check_strategy_tuple(strategy, what):
    """MindSpore's checks of a strategy: a tuple of tuple(int) or of Layouts (not both); returns
    ``'tuple'`` or ``'layout'``."""
    if not isinstance(strategy, tuple):
        raise TypeError(f"For 'Shard', the '{what}' should be a tuple, but got {type(strategy).__name__}.")
    kinds = set()
    for stra in strategy:
        if _is_layout(stra):
            kinds.add("layout")
            continue
        if not isinstance(stra, tuple):
            raise TypeError(f"The '{what}' should be a tuple(tuple(int)) or tuple(mindspore.parallel.Layout), "
                            f"but got {type(stra).__name__}")
        kinds.add("tuple")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in stra):
            raise TypeError("The tuple strategy for each dimension should be tuple(int).")
        if any(x < 1 for x in stra):
            raise ValueError(f"For 'Shard', every value of the strategy {stra} in '{what}' must be >= 1 "
                             "(the number of slices of that dimension).")
    if len(kinds) > 1:
        raise TypeError("For 'Shard', the strategy can only pass in consistent type for all dimensions.")
    return kinds.pop() if kinds else "tuple"


def _check_plan(parameter_plan):
    if parameter_plan is None:
        return {}
    if not isinstance(parameter_plan, dict):
        raise TypeError("For 'Shard', the 'parameter_plan' should be a dict or None, "
                        f"but got {type(parameter_plan).__name__}")
    for k, v in parameter_plan.items():
        if not isinstance(k, str) or not (isinstance(v, tuple) or _is_layout(v)):
            raise TypeError("For 'Shard', the type of each key and value in 'parameter_plan' must be str and "
                            f"tuple/Layout, but got {type(k).__name__} and {type(v).__name__}")
        if not _is_layout(v):
            _check_strategy_tuple((v,), "parameter_plan")
    return parameter_plan


def _group_size():
    from ..communication.management import get_group_size
    return get_group_size()  # also adopts a process group made by torch.distributed directly


def _device_count():
    """Devices the mesh spans: the world size (``device_num``, when set, must agree)."""
    from ..context import get_auto_parallel_context
    from ..communication.management import _adopt_torch_group
    if not _adopt_torch_group():
        raise RuntimeError("Cell.shard needs the distributed processes: call ms_compat.communication.init() "
                           "first (launch with torchrun).")
    world = dist.get_world_size()
    device_num = get_auto_parallel_context("device_num")
    if device_num not in (1, world):
        raise ValueError(f"For 'shard', set_auto_parallel_context(device_num={device_num}) differs from the "
                         f"number of processes ({world}); ms_compat builds the DeviceMesh over all processes, so "
                         "device_num must equal the world size.")
    stages = _pipeline_stages()
    if world % stages:
        raise ValueError(f"For 'shard', the number of processes ({world}) must be divisible by pipeline_stages "
                         f"({stages}).")
    return world // stages  # with pipeline stages, a cell is sharded over the devices of one stage


def _pipeline_stages():
    from ..context import get_auto_parallel_context
    return max(get_auto_parallel_context("pipeline_stages"), 1)


# ------------------------------------------------------------------------------------------------ mesh/layouts
def _mesh_shape(strategies, n):
    """One mesh shape for all strategies: the cut counts of the most-cut strategy, after a leading
    replica dimension for the devices that strategy leaves over (MindSpore's device matrix order)."""
    for s in strategies:
        p = math.prod(s)
        if p > n or n % p:
            raise ValueError(f"For 'shard', the strategy {s} uses {p} devices, which does not divide the "
                             f"{n} devices (processes) available.")
    best = max(strategies, key=lambda s: (math.prod(s), sum(f > 1 for f in s))) if strategies else ()
    factors = [f for f in best if f > 1]
    rest = n // math.prod(best) if best else n
    shape = ([rest] if rest > 1 else []) + factors
    return tuple(shape) or (n,)


def _placements(strategy, mesh_shape, Replicate, Shard, what):
    """DTensor placements of ``strategy`` on a mesh of ``mesh_shape`` (cut dims on the trailing mesh dims)."""
    cuts = [(i, f) for i, f in enumerate(strategy) if f > 1]
    placements = [Replicate()] * len(mesh_shape)
    free = list(range(len(mesh_shape)))
    k = len(cuts)
    tail = free[len(free) - k:] if k else []
    if k and [mesh_shape[d] for d in tail] == [f for _, f in cuts]:
        for (i, _), d in zip(cuts, tail):
            placements[d] = Shard(i)
        return placements
    for i, f in cuts:  # general case: one mesh dim, else a run of consecutive free mesh dims, of size f
        chosen = None
        for start in range(len(free) - 1, -1, -1):
            prod, run = 1, []
            for d in free[start:]:
                if run and d != run[-1] + 1:
                    break
                run.append(d)
                prod *= mesh_shape[d]
                if prod >= f:
                    break
            if prod == f:
                chosen = run
                break
        if chosen is None:
            raise ValueError(f"For 'shard', the strategy {strategy} of {what} cannot be expressed on the "
                             f"DeviceMesh {tuple(mesh_shape)} built from this cell's strategies: no mesh "
                             f"dimension(s) of size {f} are left for tensor dimension {i}. Use strategies whose "
                             "cut counts fit one device matrix.")
        for d in chosen:
            placements[d] = Shard(i)
            free.remove(d)
    return placements


def _slices(strategy, what):
    """Slices per dimension of a tuple strategy or a Layout."""
    if _is_layout(strategy):
        from .layout import layout_slices
        return layout_slices(strategy, what)
    return strategy


def _layout_mesh_shape(layouts, n):
    """The DeviceMesh shape given by the Layouts' device matrix (one for all, over all ``n`` processes)."""
    shapes = {tuple(lay._device_shape) for lay in layouts}
    if len(shapes) > 1:
        raise ValueError(f"For 'shard', the Layouts of one cell use different device matrices {sorted(shapes)}; "
                         "ms_compat builds one DeviceMesh per cell.")
    shape = shapes.pop()
    if math.prod(shape) != n:
        raise ValueError(f"For 'shard', the device matrix {shape} of the Layout holds {math.prod(shape)} devices "
                         f"but there are {n} processes; ms_compat's DeviceMesh spans all of them.")
    for lay in layouts:
        if list(lay._rank_list) != list(range(n)):
            raise ValueError(f"For 'shard', Layout rank_list {lay._rank_list} is not supported: the DeviceMesh "
                             "holds the ranks in order (rank_list=None).")
    return shape


def device_mesh_for(shape):
    """The (cached) CPU/CUDA ``DeviceMesh`` of ``shape`` over all processes — with ``pipeline_stages`` S > 1,
    over the processes of this process's stage (the world is a ``(S, *shape)`` mesh, stage-major as
    MindSpore numbers the ranks of its stages)."""
    shape = tuple(shape)
    stages = _pipeline_stages()
    key = shape if stages == 1 else ("pipeline", stages) + shape
    mesh = _meshes.get(key)
    if mesh is None:
        *_, init_device_mesh, _ = _dtensor_api()
        device_type = "cuda" if dist.get_backend() == "nccl" else "cpu"
        if stages == 1:
            mesh = init_device_mesh(device_type, shape)
        else:
            names = tuple(f"dim{i}" for i in range(len(shape)))
            world = init_device_mesh(device_type, (stages,) + shape, mesh_dim_names=("pipeline",) + names)
            mesh = world[names if len(names) > 1 else names[0]]
        _meshes[key] = mesh
    return mesh


def _check_divisible(shape, strategy, what, is_param=False):
    if is_param and len(shape) != len(strategy):
        raise ValueError(f"For {what}, the length of param_strategy: {len(strategy)}, is not equal to param_shape "
                         f"len: {len(shape)}.")
    if len(shape) != len(strategy):
        raise ValueError(f"For 'shard', the strategy {strategy} of {what} has {len(strategy)} dimensions but the "
                         f"tensor has shape {tuple(shape)} ({len(shape)} dimensions).")
    for i, (d, f) in enumerate(zip(shape, strategy)):
        if d % f:
            raise ValueError(f"For '{what}', the shape is {tuple(shape)} and the strategy is {strategy}. "
                             f"The shape[{i}]: {d} cannot be divisible by strategy[{i}]: {f} (uneven slices "
                             "are not supported, as in MindSpore).")


# ------------------------------------------------------------------------------------------------ parameters
def _find_param(cell, key):
    """A parameter of ``cell`` by MindSpore name (``'self.'`` stripped), else by its path in ``cell``."""
    name = key.replace("self.", "")
    from ..common.parameter import Parameter
    by_path = None
    for path, p in cell.named_parameters(remove_duplicate=True):
        ms_name = p.name if isinstance(p, Parameter) else getattr(p, "_ms_name", path)
        if ms_name == name:
            return p
        if path == name:
            by_path = p
    return by_path


def _distribute_parameters(cell, mesh, plan_placements):
    """Lay out every parameter of ``cell`` on ``mesh``: planned ones keep only their local slice
    (``distribute_tensor`` from rank 0, then ``to_local``), the others stay whole (broadcast from rank 0
    so every process starts equal). The Parameter objects stay MindSpore Parameters (names, optimizers
    and ``parameters_dict`` unchanged) and remember their layout; a parameter that already has one
    (shared with a cell sharded before) keeps it."""
    _, Replicate, _, distribute_tensor, _, _ = _dtensor_api()
    from ..common.tensor import to_torch
    entries, seen = [], set()
    for _, mod in cell.named_modules(remove_duplicate=False):
        for leaf, p in list(mod._parameters.items()):
            if p is None:
                continue
            entries.append((mod, leaf))
            if id(p) in seen:
                continue
            seen.add(id(p))
            if _LAYOUT in p.__dict__:
                if id(p) in plan_placements:
                    warnings.warn(f"The layout of parameter '{getattr(p, 'name', leaf)}' has been set, "
                                  "current setting will be ignored.", UserWarning, stacklevel=4)
                continue
            placements = plan_placements.get(id(p), [Replicate()] * mesh.ndim)
            global_shape = tuple(p.shape)
            with torch.no_grad():
                local = distribute_tensor(to_torch(p.detach()).contiguous(), mesh, placements).to_local()
            p.data = local.clone()
            p.__dict__[_LAYOUT] = (mesh, tuple(placements), global_shape)
            p.__dict__[_STRIDE] = torch.empty(global_shape, device="meta").stride()
            from .strategy_file import register
            register(p)
    return entries


def sharded_layout(param):
    """``(DeviceMesh, placements, global shape)`` of a parameter laid out by ``Cell.shard``, else ``None``."""
    return param.__dict__.get(_LAYOUT)


def full_value(param):
    """The whole (global) value of a parameter laid out by ``Cell.shard`` (an all-gather: every process
    must call it); other parameters are returned as they are. ms_compat helper — MindSpore merges
    slices when it saves an integrated checkpoint."""
    layout = sharded_layout(param)
    if layout is None:
        return param
    DTensor = _dtensor_api()[0]
    from ..common.tensor import as_ms, to_torch
    mesh, placements, _ = layout
    with torch.no_grad():
        return as_ms(DTensor.from_local(to_torch(param.detach()), mesh, placements, run_check=False).full_tensor())


def _make_param_swap_factory(entries):
    """Innermost forward wrapper: while ``construct`` runs (and when ``recompute`` replays it), each laid-out
    parameter is seen as ``DTensor.from_local(param)`` — differentiable, so gradients land on the local
    Parameter already reduced to its layout (a replicated parameter gets the full gradient)."""
    DTensor = _dtensor_api()[0]
    from ..common.tensor import to_torch

    def factory(cell, inner):
        def with_dtensor_parameters(*args, **kwargs):
            if _bypass:
                return inner(*args, **kwargs)
            saved = []
            try:
                for mod, leaf in entries:
                    p = mod._parameters.get(leaf)
                    if p is None or isinstance(p, DTensor):
                        continue
                    layout = p.__dict__.get(_LAYOUT)
                    if layout is None:
                        continue
                    mesh, placements, shape = layout
                    mod._parameters[leaf] = DTensor.from_local(to_torch(p), mesh, placements, run_check=False,
                                                               shape=torch.Size(shape), stride=p.__dict__[_STRIDE])
                    saved.append((mod, leaf, p))
                return inner(*args, **kwargs)
            finally:
                for mod, leaf, p in reversed(saved):
                    mod._parameters[leaf] = p
        return with_dtensor_parameters
    return factory


# ------------------------------------------------------------------------------------------------ forward
def _make_forward_factory(mesh, in_strats, in_places, out_strats, out_places):
    DTensor, Replicate, _, _, _, implicit_replication = _dtensor_api()
    from ..common.tensor import to_torch
    full = [Replicate()] * mesh.ndim

    def to_dtensor(x, strategy, placements, idx):
        if isinstance(x, DTensor):
            if x.device_mesh != mesh:
                raise ValueError(f"For 'shard', input {idx} is a DTensor on another DeviceMesh "
                                 f"{tuple(x.device_mesh.shape)}; this cell's mesh is {tuple(mesh.shape)}.")
            return x.redistribute(mesh, placements)
        if isinstance(x, torch.Tensor):
            _check_divisible(x.shape, strategy, f"input {idx}")
            return DTensor.from_local(to_torch(x), mesh, full, run_check=False).redistribute(mesh, placements)
        return x

    def finish(out, nested, idx):
        if isinstance(out, DTensor):
            i = idx[0]
            idx[0] += 1
            if out_places is not None:
                if i >= len(out_places):
                    raise ValueError(f"For 'shard', the cell returned more outputs than out_strategy "
                                     f"{out_strats} describes.")
                out = out.redistribute(mesh, out_places[i])
                return out if nested else _as_ms(out.to_local())
            return out if nested else _as_ms(out.redistribute(mesh, full).to_local())
        if isinstance(out, (tuple, list)):
            return type(out)(finish(o, nested, idx) for o in out)
        return out

    def factory(cell, inner):
        def sharded_forward(*args, **kwargs):
            if _bypass:
                return inner(*args, **kwargs)
            if len(args) != len(in_strats):
                raise ValueError(f"For 'shard', the cell got {len(args)} positional inputs but in_strategy "
                                 f"{in_strats} has {len(in_strats)} entries (one per input).")
            nested = any(isinstance(a, DTensor) for a in args)
            dargs = [to_dtensor(a, s, p, i) for i, (a, s, p) in enumerate(zip(args, in_strats, in_places))]
            with implicit_replication():
                out = inner(*dargs, **kwargs)
            return finish(out, nested, [0])
        return sharded_forward
    return factory


def _as_ms(t):
    from ..common.tensor import as_ms
    return as_ms(t)


def _check_device_level(device, level):
    if device is not None and not isinstance(device, str):
        raise TypeError(f"For 'Shard', the 'device' should be a string, but got {type(device).__name__}")
    if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
        raise TypeError(f"For 'Shard', the 'level' should be an integer, but got {type(level).__name__}")


def _mode_allows_shard(api):
    from ..context import ParallelMode, get_auto_parallel_context
    mode = get_auto_parallel_context("parallel_mode")
    if mode in (ParallelMode.SEMI_AUTO_PARALLEL, ParallelMode.AUTO_PARALLEL):
        return True
    warnings.warn(f"{api} is only valid in semi auto parallel or auto parallel mode; parallel_mode is '{mode}', "
                  "so the strategies are ignored (as in MindSpore). Call set_auto_parallel_context("
                  "parallel_mode=ParallelMode.SEMI_AUTO_PARALLEL) before it.", UserWarning, stacklevel=3)
    return False


def cell_shard(cell, in_strategy, out_strategy=None, parameter_plan=None, device=None, level=None):
    """``Cell.shard(in_strategy, out_strategy=None, parameter_plan=None)`` (MindSpore 2.10) on DTensor.

    ``device``/``level`` (the older ``ops.shard`` arguments in the seeds: target device and sharding
    propagation level) are accepted and type-checked; they have no effect — the device is the one
    the process group runs on, and PyTorch's sharding propagation has no levels. Returns ``None``.
    """
    if _group_size() == 1:
        return None
    _check_device_level(device, level)
    _check_strategy_tuple(in_strategy, "in_strategy")
    if out_strategy is not None:
        _check_strategy_tuple(out_strategy, "out_strategy")
    plan = _check_plan(parameter_plan)
    if not _mode_allows_shard("Cell.shard"):
        return None
    n = _device_count()
    _, Replicate, Shard, _, _, _ = _dtensor_api()

    planned = []  # (param, strategy or Layout, key)
    for key, strategy in plan.items():
        p = _find_param(cell, key)
        if p is None:
            warnings.warn(f"{key} is not exist, ignored its setting.", UserWarning, stacklevel=3)
            continue
        _check_divisible(tuple(p.shape), _slices(strategy, key), key, is_param=True)
        planned.append((p, strategy, key))

    strategies = list(in_strategy) + [s for _, s, _ in planned] + list(out_strategy or ())
    layouts = [s for s in strategies if _is_layout(s)]
    shape = _layout_mesh_shape(layouts, n) if layouts else _mesh_shape(strategies, n)
    mesh = device_mesh_for(shape)

    def places(s, what):
        if _is_layout(s):
            from .layout import layout_placements
            return layout_placements(s, what)
        return _placements(s, shape, Replicate, Shard, what)

    in_places = [places(s, f"input {i}") for i, s in enumerate(in_strategy)]
    out_places = None if out_strategy is None else [places(s, f"output {i}") for i, s in enumerate(out_strategy)]
    plan_placements = {id(p): places(s, f"parameter '{k}'") for p, s, k in planned}
    in_strategy = tuple(_slices(s, f"input {i}") for i, s in enumerate(in_strategy))
    if out_strategy is not None:
        out_strategy = tuple(_slices(s, f"output {i}") for i, s in enumerate(out_strategy))

    if cell.__dict__.get("_ms_shard_strategy") is not None:
        old = cell.__dict__["_ms_shard_strategy"]
        warnings.warn(f"For '{type(cell).__name__}', 'Shard' has been configured more than once. The existing "
                      f"in_strategy is {old[0]} and the existing out_strategy is {old[1]}. The new in_strategy "
                      f"{in_strategy} and out_strategy {out_strategy} replace them; parameter layouts already "
                      "set are kept.", UserWarning, stacklevel=3)
    entries = _distribute_parameters(cell, mesh, plan_placements)
    cell._set_forward_wrapper("shard_params", _make_param_swap_factory(entries))
    cell.__dict__["_ms_shard_strategy"] = (in_strategy, out_strategy)
    cell.__dict__["_ms_device_mesh"] = mesh
    cell._set_forward_wrapper("shard", _make_forward_factory(mesh, list(in_strategy), in_places, out_strategy,
                                                             out_places))
    from .strategy_file import maybe_write_strategy_file
    maybe_write_strategy_file()
    return None


def cell_set_data_parallel(cell):
    """``Cell.set_data_parallel()``: every input split along dim 0 (batch) over all processes, parameters
    replicated, outputs returned whole — MindSpore's data-parallel strategy for every operator of the
    cell under semi-auto parallel. No effect with group size 1 or outside semi/auto parallel mode."""
    if _group_size() == 1:
        return None
    if not _mode_allows_shard("Cell.set_data_parallel"):
        return None
    n = _device_count()
    DTensor, Replicate, Shard, _, _, implicit_replication = _dtensor_api()
    mesh = device_mesh_for((n,))
    entries = _distribute_parameters(cell, mesh, {})
    cell._set_forward_wrapper("shard_params", _make_param_swap_factory(entries))
    full = [Replicate()]

    def factory(c, inner):
        def data_parallel_forward(*args, **kwargs):
            if _bypass:
                return inner(*args, **kwargs)
            from ..common.tensor import to_torch
            nested = any(isinstance(a, DTensor) for a in args)
            dargs = []
            for i, a in enumerate(args):
                if isinstance(a, DTensor):
                    a = a.redistribute(mesh, [Shard(0)]) if a.ndim else a
                elif isinstance(a, torch.Tensor) and a.ndim:
                    if a.shape[0] % n:
                        raise ValueError(f"For 'set_data_parallel', input {i} has batch size {a.shape[0]}, which "
                                         f"is not divisible by the {n} devices.")
                    a = DTensor.from_local(to_torch(a), mesh, full, run_check=False).redistribute(mesh, [Shard(0)])
                dargs.append(a)
            with implicit_replication():
                out = inner(*dargs, **kwargs)
            return _gather_outputs(out, mesh, full, nested)
        return data_parallel_forward

    cell.__dict__["_ms_device_mesh"] = mesh
    cell._set_forward_wrapper("shard", factory)
    return None


def _gather_outputs(out, mesh, full, nested):
    from torch.distributed.tensor import DTensor
    if isinstance(out, DTensor):
        return out if nested else _as_ms(out.redistribute(mesh, full).to_local())
    if isinstance(out, (tuple, list)):
        return type(out)(_gather_outputs(o, mesh, full, nested) for o in out)
    return out


# ---- nn.Cell's methods of this feature (installed on Cell by ms_compat/nn/_cell_features.py)
def _shard(self, in_strategy, out_strategy=None, parameter_plan=None, *, device=None, level=None):
    """Mirrors ``mindspore.nn.Cell.shard``: distribute with DTensor (see :func:`cell_shard`); older MindSpore's
    ``device``/``level`` are accepted keyword-only."""
    return cell_shard(self, in_strategy, out_strategy, parameter_plan, device=device, level=level)


def _set_data_parallel(self):
    """Mirrors ``mindspore.nn.Cell.set_data_parallel``: batch-split every input over the processes
    (see :func:`cell_set_data_parallel`)."""
    return cell_set_data_parallel(self)


CELL_METHODS = {"shard": _shard, "set_data_parallel": _set_data_parallel}

from .layout import Layout  # noqa: E402  (mindspore.parallel.shard.Layout)


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None, *, device="Ascend", level=0):
    """``mindspore.parallel.shard.shard``: the function form, see ``ms_compat/parallel/function_shard.py``."""
    from .function_shard import shard as _shard
    return _shard(fn, in_strategy, out_strategy, parameter_plan, device=device, level=level)
