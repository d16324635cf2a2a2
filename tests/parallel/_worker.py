"""Per-process scenarios for tests/parallel (run in 2 gloo processes, results written as JSON)."""
from __future__ import annotations

import json
import os
import sys
import traceback
import warnings

import numpy as np
import torch


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return None


def _dense_cell():
    import ms_compat as ms
    from ms_compat import nn

    class Linear(nn.Cell):
        """Dense-like cell: y = x @ W.T + b with MindSpore's (out, in) weight layout."""

        def __init__(self, w, b):
            super().__init__()
            self.weight = ms.Parameter(ms.Tensor(w), name="weight")
            self.bias = ms.Parameter(ms.Tensor(b), name="bias")

        def construct(self, x):
            return torch.matmul(x, self.weight.T) + self.bias

    class MLP(nn.Cell):
        def __init__(self, w1, b1, w2, b2):
            super().__init__()
            self.fc1 = Linear(w1, b1)
            self.fc2 = Linear(w2, b2)

        def construct(self, x):
            return self.fc2(torch.relu(self.fc1(x)))

    return Linear, MLP


def _full(t, param=None):
    """The global value of a (local) parameter or gradient laid out by Cell.shard."""
    from torch.distributed.tensor import DTensor
    from ms_compat.parallel.shard import sharded_layout
    layout = sharded_layout(param) if param is not None else None
    if layout is not None:
        mesh, placements, shape = layout
        t = DTensor.from_local(t.detach().as_subclass(torch.Tensor), mesh, placements, run_check=False)
        assert tuple(t.shape) == tuple(shape)
    return t.full_tensor() if isinstance(t, DTensor) else t


def _run_case(make, strategy_kw, x, parallel):
    """Forward + backward of loss = sum(out**2) (+ a weighted term); returns out, grads by name, x.grad."""
    cell = make()
    if parallel:
        cell.shard(**strategy_kw)
    xi = torch.tensor(x, requires_grad=True)
    out = cell(xi)
    wgt = torch.arange(out.numel(), dtype=torch.float32).reshape(out.shape) / out.numel()
    loss = (out * out).sum() + (out * wgt).sum()
    loss.backward()
    grads = {n: _full(p.grad, p).detach().numpy().tolist() for n, p in cell.named_parameters()}
    kinds = {n: type(p).__name__ for n, p in cell.named_parameters()}
    local_shapes = {n: list(p.shape) for n, p in cell.named_parameters()}
    return {"out": torch.as_tensor(out).detach().numpy().tolist(), "grads": grads, "xgrad": xi.grad.numpy().tolist(),
            "kinds": kinds, "out_type": type(out).__name__,
            "local_shapes": local_shapes}


def scenario_comm(rank, res):
    import ms_compat as ms
    from ms_compat import communication as C
    from ms_compat.communication import comm_func as F
    from ms_compat import ops as P  # the public mindspore.ops names
    res["before_init_rank"] = C.get_rank()
    res["before_init_size"] = C.get_group_size()
    res["before_init_create"] = _err(lambda: C.create_group("g", [0, 1]))
    C.init()
    res["backend"] = C.GlobalComm.BACKEND
    res["world_group"] = C.GlobalComm.WORLD_COMM_GROUP
    res["inited"] = C.GlobalComm.INITED
    res["rank"] = C.get_rank()
    res["size"] = C.get_group_size()
    res["local_rank"] = C.get_local_rank()
    res["local_size"] = C.get_local_rank_size()
    res["rank_hccl_name"] = C.get_rank("hccl_world_group")
    C.create_group("g01", [0, 1])
    res["g_rank"] = C.get_rank("g01")
    res["g_size"] = C.get_group_size("g01")
    res["w2g"] = C.get_world_rank_from_group_rank("g01", 1)
    res["g2w"] = C.get_group_rank_from_world_rank(1, "g01")
    res["g_ranks"] = C.get_process_group_ranks("g01")
    # a group only rank 1 is in: only rank 1 calls create_group (MindSpore's pattern)
    if rank == 1:
        C.create_group("solo1", [1])
        res["solo_size"] = C.get_group_size("solo1")
        res["solo_allreduce"] = F.all_reduce(ms.Tensor(np.array([5.0], np.float32)), group="solo1")[0].tolist()
    res["err_create_dup"] = _err(lambda: C.create_group("g01", [0]))
    res["err_create_dupdata"] = _err(lambda: C.create_group("gx", [0, 0]))
    res["err_create_type"] = _err(lambda: C.create_group("gx", (0, 1)))
    res["err_destroy_world"] = _err(lambda: C.destroy_group(C.GlobalComm.WORLD_COMM_GROUP))
    res["err_rank_type"] = _err(lambda: C.get_rank(1))
    res["err_unknown_group"] = _err(lambda: C.get_rank("nope"))
    res["err_w2g_type"] = _err(lambda: C.get_world_rank_from_group_rank("g01", "0"))

    x = ms.Tensor(np.full((2, 3), rank + 1.0, np.float32))
    out, handle = F.all_reduce(x)
    res["all_reduce"] = out.tolist()
    res["all_reduce_handle"] = handle is None
    res["all_reduce_type"] = type(out).__name__
    res["all_reduce_max"] = F.all_reduce(x, op="max")[0].tolist()
    res["all_gather"] = F.all_gather_into_tensor(x)[0].tolist()
    rs_in = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2) * (rank + 1))
    res["reduce_scatter"] = F.reduce_scatter_tensor(rs_in)[0].tolist()
    res["broadcast"] = F.broadcast(x, src=1).tolist()
    res["err_all_reduce_op"] = _err(lambda: F.all_reduce(x, op="avg"))
    res["err_all_reduce_input"] = _err(lambda: F.all_reduce(np.ones(2)))
    F.barrier()
    # gradients follow MindSpore's bprops
    xg = torch.full((2,), float(rank + 1), requires_grad=True)
    y = F.all_reduce(xg)[0]
    (y * (rank + 1)).sum().backward()
    res["grad_all_reduce"] = xg.grad.tolist()          # sum over ranks of (rank+1) = 3
    xg2 = torch.full((2,), float(rank + 1), requires_grad=True)
    g = F.all_gather_into_tensor(xg2)[0]
    (g * torch.arange(4.0)).sum().backward()
    res["grad_all_gather"] = xg2.grad.tolist()          # reduce_scatter(sum) of arange*... = 2*chunk
    xg3 = torch.full((2,), float(rank + 1), requires_grad=True)
    b = F.broadcast(xg3, src=0)
    (b * 5).sum().backward()
    res["grad_broadcast"] = xg3.grad.tolist()           # identity bprop: 5
    # Primitive forms
    res["prim_allreduce"] = P.AllReduce()(x).tolist()
    res["prim_allgather"] = P.AllGather()(x).tolist()
    res["prim_reducescatter"] = P.ReduceScatter(P.ReduceOp.SUM)(rs_in).tolist()
    res["prim_broadcast"] = [t.tolist() for t in P.Broadcast(1)((x,))]
    res["prim_allgather_repr"] = repr(P.AllGather())


def _ensure_init():
    from ms_compat import communication as C
    if not C.GlobalComm.INITED:
        C.init()


def _LAY(*tensor_map):
    from ms_compat.parallel import Layout
    return Layout((2,), ("mp",))(*tensor_map)


def scenario_shard(rank, res):
    import ms_compat as ms
    _ensure_init()
    from ms_compat import ParallelMode
    Linear, MLP = _dense_cell()
    rng = np.random.default_rng(0)
    w1 = rng.standard_normal((8, 6)).astype(np.float32)
    b1 = rng.standard_normal((8,)).astype(np.float32)
    w2 = rng.standard_normal((4, 8)).astype(np.float32)
    b2 = rng.standard_normal((4,)).astype(np.float32)
    x = rng.standard_normal((4, 6)).astype(np.float32)
    cases = {
        # column-parallel Dense: output features split (weight rows, bias)
        "column": (lambda: Linear(w1, b1), dict(in_strategy=((1, 1),), parameter_plan={"weight": (2, 1), "bias": (2,)})),
        # row-parallel Dense: input features split (x columns, weight columns) -> partial sums
        "row": (lambda: Linear(w1, b1), dict(in_strategy=((1, 2),), parameter_plan={"weight": (1, 2)})),
        # batch split only (data parallel strategy), parameters replicated
        "batch": (lambda: Linear(w1, b1), dict(in_strategy=((2, 1),))),
        # Megatron MLP: fc1 column, fc2 row, names as MindSpore names with the 'self.' prefix
        "mlp_plan": (lambda: MLP(w1, b1, w2, b2), dict(in_strategy=((1, 1),), parameter_plan={
            "self.fc1.weight": (2, 1), "self.fc1.bias": (2,), "self.fc2.weight": (1, 2)})),
        "out_strategy": (lambda: Linear(w1, b1), dict(in_strategy=((1, 1),), out_strategy=((1, 2),),
                                                       parameter_plan={"weight": (2, 1), "bias": (2,)})),
        # the same strategies written with mindspore.Layout (DTensor placements on the device matrix)
        "layout_mlp": (lambda: MLP(w1, b1, w2, b2), dict(in_strategy=(_LAY("None", "None"),), parameter_plan={
            "fc1.weight": _LAY("mp", "None"), "fc1.bias": _LAY("mp"), "fc2.weight": _LAY("None", "mp")})),
        "layout_batch": (lambda: Linear(w1, b1), dict(in_strategy=(_LAY("mp", "None"),))),
    }
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.SEMI_AUTO_PARALLEL)
    for name, (make, kw) in cases.items():
        if name == "out_strategy":
            continue
        res[f"shard_{name}_ref"] = _run_case(make, kw, x, parallel=False)
        res[f"shard_{name}"] = _run_case(make, kw, x, parallel=True)
    # recompute on top of shard: the replayed construct must see the same DTensor parameters
    def make_recomputed():
        m = MLP(w1, b1, w2, b2)
        m.recompute()
        return m
    res["shard_recompute_ref"] = _run_case(cases["mlp_plan"][0], cases["mlp_plan"][1], x, parallel=False)
    res["shard_recompute"] = _run_case(make_recomputed, cases["mlp_plan"][1], x, parallel=True)
    # nested: fc1 sharded on its own (column), then the whole MLP (batch split) -> DTensors flow between them
    def make_nested_parallel():
        m = MLP(w1, b1, w2, b2)
        m.fc1.shard(in_strategy=((1, 1),), parameter_plan={"fc1.weight": (2, 1), "fc1.bias": (2,)})
        return m
    res["shard_nested_ref"] = _run_case(lambda: MLP(w1, b1, w2, b2), {}, x, parallel=False)
    res["shard_nested"] = _run_case(make_nested_parallel, dict(in_strategy=((2, 1),)), x, parallel=True)
    # out_strategy: each process gets its slice of the output's column dimension
    cell = cases["out_strategy"][0]()
    res["shard_out_strategy_ret"] = repr(cell.shard(**cases["out_strategy"][1]))
    res["shard_out_strategy_local"] = cell(torch.tensor(x)).detach().numpy().tolist()
    res["shard_out_strategy_full"] = (torch.tensor(x) @ torch.tensor(w1).T + torch.tensor(b1)).numpy().tolist()
    # set_data_parallel
    res["dp_ref"] = _run_case(lambda: Linear(w1, b1), {}, x, parallel=False)
    cell = Linear(w1, b1)
    cell.set_data_parallel()
    xi = torch.tensor(x, requires_grad=True)
    out = cell(xi)
    wgt = torch.arange(out.numel(), dtype=torch.float32).reshape(out.shape) / out.numel()
    ((out * out).sum() + (out * wgt).sum()).backward()
    res["dp_cell"] = {"out": out.detach().numpy().tolist(),
                      "grads": {n: _full(p.grad, p).numpy().tolist() for n, p in cell.named_parameters()},
                      "xgrad": xi.grad.numpy().tolist()}
    # a training step on sharded parameters with torch.optim
    cell = MLP(w1, b1, w2, b2)
    cell.shard(in_strategy=((1, 1),), parameter_plan={"fc1.weight": (2, 1), "fc1.bias": (2,), "fc2.weight": (1, 2)})
    ref = MLP(w1, b1, w2, b2)
    for net in (cell, ref):
        opt = torch.optim.SGD(net.parameters(), lr=0.1)
        for _ in range(2):
            opt.zero_grad()
            loss = (net(torch.tensor(x)) ** 2).mean()
            loss.backward()
            opt.step()
    res["train_max_diff"] = max(float((_full(a.detach(), a) - b.detach()).abs().max())
                                for (_, a), (_, b) in zip(cell.named_parameters(), ref.named_parameters()))
    res["train_local_shape"] = list(cell.fc1.weight.shape)
    # errors
    lin = Linear(w1, b1)
    res["err_uneven_param"] = _err(lambda: Linear(w1[:7], b1[:7]).shard(((1, 1),), parameter_plan={"weight": (2, 1)}))
    res["err_too_many_devices"] = _err(lambda: Linear(w1, b1).shard(((4, 1),)))
    res["err_in_not_tuple"] = _err(lambda: lin.shard([(1, 1)]))
    res["err_inner_not_tuple"] = _err(lambda: lin.shard(([1, 1],)))
    res["err_inner_not_int"] = _err(lambda: lin.shard(((1.0, 1),)))
    res["err_plan_type"] = _err(lambda: lin.shard(((1, 1),), parameter_plan=[("weight", (2, 1))]))
    res["err_plan_len"] = _err(lambda: Linear(w1, b1).shard(((1, 1),), parameter_plan={"weight": (2,)}))
    res["err_device_type"] = _err(lambda: lin.shard(((1, 1),), device=1))
    res["err_mixed_layout"] = _err(lambda: Linear(w1, b1).shard(((1, 1), _LAY("mp", "None"))))
    res["err_layout_devices"] = _err(lambda: Linear(w1, b1).shard(
        (ms.Layout((2, 2), ("dp", "mp"))("dp", "None"),)))
    # function-level shard with a Layout, and reshard inside a sharded cell (values unchanged)
    from ms_compat import ops
    f = ms.shard(lambda a: ops.relu(a) * 3 + ops.reshard(a, _LAY("None", "mp")), (_LAY("mp", "None"),))
    res["fn_layout"] = f(torch.tensor(x)).asnumpy().tolist()
    res["fn_layout_ref"] = (torch.relu(torch.tensor(x)) * 3 + torch.tensor(x)).numpy().tolist()
    c = Linear(w1, b1)
    c.shard(((2, 1),))
    res["err_uneven_input"] = _err(lambda: c(torch.ones(3, 6)))
    res["err_input_count"] = _err(lambda: c(torch.ones(4, 6), torch.ones(4, 6)))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        Linear(w1, b1).shard(((1, 1),), parameter_plan={"nope.weight": (2, 1)})
    res["warn_missing_param"] = [str(x.message) for x in w]
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.STAND_ALONE)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        c2 = Linear(w1, b1)
        c2.shard(((1, 2),), parameter_plan={"weight": (1, 2)})
    res["warn_standalone"] = [str(x.message) for x in w]
    res["standalone_param_type"] = type(c2.weight).__name__


def scenario_data_parallel(rank, res):
    import ms_compat as ms
    _ensure_init()
    from ms_compat import ParallelMode
    from ms_compat.parallel.data_parallel import DistributedGradReducer, make_grad_reducer
    Linear, MLP = _dense_cell()
    rng = np.random.default_rng(1)
    w1 = rng.standard_normal((8, 6)).astype(np.float32)
    b1 = rng.standard_normal((8,)).astype(np.float32)
    w2 = rng.standard_normal((4, 8)).astype(np.float32)
    b2 = rng.standard_normal((4,)).astype(np.float32)
    x = rng.standard_normal((8, 6)).astype(np.float32)
    t = rng.standard_normal((8, 4)).astype(np.float32)

    def grads_of(net, xs, ts):
        loss = ((net(torch.tensor(xs)) - torch.tensor(ts)) ** 2).mean()
        return torch.autograd.grad(loss, list(net.parameters()))

    ref = MLP(w1, b1, w2, b2)
    res["dp_full_grads"] = [g.numpy().tolist() for g in grads_of(ref, x, t)]
    net = MLP(w1, b1, w2, b2)
    net.fc2.bias.layerwise_parallel = True
    half = slice(rank * 4, rank * 4 + 4)
    local = grads_of(net, x[half], t[half])
    res["dp_local_grads"] = [g.numpy().tolist() for g in local]
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    reducer = make_grad_reducer(list(net.parameters()))
    res["reducer_type"] = type(reducer).__name__
    res["reducer_degree"] = reducer.degree
    red = reducer(local)
    res["dp_reduced_grads"] = [g.numpy().tolist() for g in red]
    res["dp_reduced_types"] = [type(g).__name__ for g in red]
    res["dp_sum_grads"] = [g.numpy().tolist() for g in DistributedGradReducer(list(net.parameters()), mean=False)(local)]
    res["err_degree"] = _err(lambda: DistributedGradReducer(list(net.parameters()), degree=0))
    # the PyTorch way: torch DDP around a Cell (it averages gradients in its backward hooks)
    from torch.nn.parallel import DistributedDataParallel as DDP
    ms.reset_auto_parallel_context()
    ddp_net = MLP(w1, b1, w2, b2)
    ddp = DDP(ddp_net)
    loss = ((ddp(torch.tensor(x[half])) - torch.tensor(t[half])) ** 2).mean()
    loss.backward()
    res["ddp_grads"] = [p.grad.numpy().tolist() for p in ddp_net.parameters()]
    # MindSpore 2.10's PyNative wrapper: mindspore.parallel.distributed.DistributedDataParallel
    from ms_compat.parallel.distributed import DistributedDataParallel as MSDDP
    for avg in (False, True):
        n4 = MLP(w1 + rank, b1, w2, b2)  # different starting weights: init_sync makes them rank 0's
        wrapped = MSDDP(n4, average_in_collective=avg)
        params = list(n4.parameters())
        fn = ms.value_and_grad(lambda xs, ts: ((wrapped(xs) - ts) ** 2).mean(), None, params)
        _, grads = fn(ms.Tensor(x[half]), ms.Tensor(t[half]))
        res[f"msddp_grads_{avg}"] = [g.numpy().tolist() for g in grads]
        res[f"msddp_backwards_{avg}"] = wrapped.__dict__["_engine"].backward_count  # through DDP's reducer
    for p in params:
        p.grad = None
    loss = ((wrapped(torch.tensor(x[half])) - torch.tensor(t[half])) ** 2).mean()
    loss.backward()  # the PyTorch way: DDP's hooks reduce into .grad
    res["msddp_backward_grads"] = [p.grad.numpy().tolist() for p in params]
    wrapped.zero_grad()
    with wrapped.no_sync():
        loss = ((wrapped(torch.tensor(x[half])) - torch.tensor(t[half])) ** 2).mean()
        loss.backward()
    res["msddp_nosync_grads"] = [p.grad.numpy().tolist() for p in n4.parameters()]
    # after no_sync, the next step is reduced again
    _, grads = fn(ms.Tensor(x[half]), ms.Tensor(t[half]))
    res["msddp_after_nosync"] = [g.numpy().tolist() for g in grads]
    res["msddp_names"] = [p.name for p in wrapped.trainable_params()]
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    # TrainOneStepCell in data parallel mode (device_num given explicitly, as MindSpore scripts do)
    try:
        from ms_compat import nn
        ms.set_auto_parallel_context(device_num=2)

        class WithLoss(nn.Cell):
            def __init__(self, net):
                super().__init__()
                self.net = net

            def construct(self, xs, ts):
                return ((self.net(xs) - ts) ** 2).mean()

        res["tosc"] = {}
        for tag, xs, ts in (("dp", x[half], t[half]), ):
            n2 = MLP(w1, b1, w2, b2)
            step = nn.TrainOneStepCell(WithLoss(n2), nn.SGD(n2.trainable_params(), learning_rate=0.5))
            step.set_train()
            step(ms.Tensor(xs), ms.Tensor(ts))
            res["tosc"][tag] = [p.detach().numpy().tolist() for p in n2.trainable_params()]
            res["tosc_reducer"] = type(step.grad_reducer).__name__
        ms.reset_auto_parallel_context()
        n3 = MLP(w1, b1, w2, b2)
        step = nn.TrainOneStepCell(WithLoss(n3), nn.SGD(n3.trainable_params(), learning_rate=0.5))
        step.set_train()
        step(ms.Tensor(x), ms.Tensor(t))
        res["tosc"]["full"] = [p.detach().numpy().tolist() for p in n3.trainable_params()]
    except Exception:  # noqa: BLE001 - reported, the test decides
        res["tosc_error"] = traceback.format_exc()
    ms.reset_auto_parallel_context()


def scenario_mesh2d(rank, res):
    """4 processes: strategies that need a 2-D DeviceMesh (2, 2)."""
    import ms_compat as ms
    from ms_compat import ParallelMode
    _ensure_init()
    Linear, MLP = _dense_cell()
    rng = np.random.default_rng(2)
    w1 = rng.standard_normal((8, 6)).astype(np.float32)
    b1 = rng.standard_normal((8,)).astype(np.float32)
    w2 = rng.standard_normal((4, 8)).astype(np.float32)
    b2 = rng.standard_normal((4,)).astype(np.float32)
    x = rng.standard_normal((4, 6)).astype(np.float32)
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.SEMI_AUTO_PARALLEL)
    cases = {
        # batch over mesh dim 0, features over mesh dim 1; weight columns follow the features
        "dp_mp": (lambda: Linear(w1, b1), dict(in_strategy=((2, 2),), parameter_plan={"weight": (1, 2)})),
        # input cut in 2 on 4 devices: a replica mesh dim first
        "replica": (lambda: MLP(w1, b1, w2, b2), dict(in_strategy=((2, 1),), parameter_plan={
            "fc1.weight": (2, 2), "fc2.weight": (1, 2)})),
        # one tensor dim over both mesh dims
        "four_way": (lambda: Linear(w1, b1), dict(in_strategy=((4, 1),), parameter_plan={"weight": (2, 2)})),
    }
    for name, (make, kw) in cases.items():
        res[f"shard_{name}_ref"] = _run_case(make, kw, x, parallel=False)
        res[f"shard_{name}"] = _run_case(make, kw, x, parallel=True)
    from ms_compat.parallel.shard import _meshes
    res["mesh_shapes"] = sorted(list(k) for k in _meshes)
    ms.reset_auto_parallel_context()


def scenario_example(rank, res):
    """Run examples/shard_mlp.py's main() in this process (its init() adopts the running process group)."""
    import contextlib
    import importlib.util
    import io
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location("shard_mlp_example", os.path.join(root, "examples", "shard_mlp.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        mod.main()
    res["example_stdout"] = buf.getvalue()
    res["example_ok"] = True


def main(rank, world, port, outdir, scenarios):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(1)
    res = {}
    try:
        for name in scenarios:
            globals()["scenario_" + name](rank, res)
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    from ms_compat.communication import release
    release()
