"""One process of the mint.distributed test (2 gloo processes); writes its observations as JSON."""
import json
import traceback


def main(rank, world, port, out_dir):
    res = {}
    try:
        import numpy as np
        import ms_compat as ms
        from ms_compat.mint import distributed as D

        res["before"] = [D.is_initialized(), D.get_rank(), D.get_world_size()]
        D.init_process_group(init_method=f"tcp://127.0.0.1:{port}", world_size=world, rank=rank)
        res["after"] = [D.is_initialized(), D.get_rank(), D.get_world_size(), D.get_backend()]
        t = ms.Tensor(np.array([1.0, 2.0], np.float32) * (rank + 1))
        assert D.all_reduce(t) is None
        res["all_reduce"] = t.asnumpy().tolist()
        m = ms.Tensor(np.array([float(rank)], np.float32))
        D.all_reduce(m, op="max")
        res["all_reduce_max"] = m.asnumpy().tolist()
        out = ms.Tensor(np.zeros((2 * world,), np.float32))
        D.all_gather_into_tensor(out, ms.Tensor(np.array([rank, rank + 10], np.float32)))
        res["all_gather_into_tensor"] = out.asnumpy().tolist()
        lst = [ms.Tensor(np.zeros(2, np.float32)) for _ in range(world)]
        D.all_gather(lst, ms.Tensor(np.array([rank, -rank], np.float32)))
        res["all_gather"] = [x.asnumpy().tolist() for x in lst]
        b = ms.Tensor(np.array([rank + 5.0], np.float32))
        h = D.broadcast(b, 1, async_op=True)
        h.wait()
        res["broadcast"] = b.asnumpy().tolist()
        rs = ms.Tensor(np.zeros(1, np.float32))
        D.reduce_scatter(rs, [ms.Tensor(np.array([1.0 + rank], np.float32)), ms.Tensor(np.array([10.0 * (rank + 1)], np.float32))])
        res["reduce_scatter"] = rs.asnumpy().tolist()
        a2a = [ms.Tensor(np.zeros(1, np.float32)) for _ in range(world)]
        D.all_to_all(a2a, [ms.Tensor(np.array([100.0 * rank + j], np.float32)) for j in range(world)])
        res["all_to_all"] = [x.asnumpy().tolist() for x in a2a]
        single = ms.Tensor(np.zeros(world, np.float32))
        D.all_to_all_single(single, ms.Tensor(np.array([10.0 * rank + j for j in range(world)], np.float32)))
        res["all_to_all_single"] = single.asnumpy().tolist()
        uneven = ms.Tensor(np.zeros(3, np.float32))
        D.all_gather_into_tensor_uneven(uneven, ms.Tensor(np.array([rank + 1.0] * (rank + 1), np.float32)), [1, 2])
        res["all_gather_uneven"] = uneven.asnumpy().tolist()
        if rank == 0:
            D.send(ms.Tensor(np.array([42.0], np.float32)), 1)
        else:
            r = ms.Tensor(np.zeros(1, np.float32))
            res["recv_ret"] = D.recv(r, 0)
            res["recv"] = r.asnumpy().tolist()
        objs = [None, None]
        D.all_gather_object(objs, {"rank": rank})
        res["all_gather_object"] = objs
        g = D.new_group([0, 1])
        res["group"] = [g, D.get_rank(g), D.get_world_size(g), D.get_process_group_ranks(g), D.get_global_rank(g, 1)]
        gt = ms.Tensor(np.array([1.0], np.float32))
        D.all_reduce(gt, group=g)
        res["group_all_reduce"] = gt.asnumpy().tolist()
        D.barrier()
        D.destroy_process_group()
        res["destroyed"] = D.is_initialized()
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(f"{out_dir}/rank{rank}.json", "w") as f:
        json.dump(res, f)
