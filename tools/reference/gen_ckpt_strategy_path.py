"""mindspore.train.get_ckpt_path_with_strategy under MindSpore 2.10: the parameter-redundancy groups it derives
from parameter layouts (dev_matrix, tensor_map; no optimizer sharding) and the backup checkpoint it picks for a
rank whose own checkpoint is missing. The rank is set by replacing the module's get_rank (no cluster needed);
MindSpore also takes a layout dict where a strategy file path goes. tests/train/test_ckpt_strategy_path.py runs
run() through the ms_compat alias."""
import os
import sys
import tempfile

LAYOUTS = {
    "dp8": {"w": [[8, 1], [-1, -1]], "b": [[8], [-1]]},
    "dp2_mp4": {"w": [[2, 4], [0, -1]], "b": [[2, 4], [-1]], "e": [[2, 4], [1, 0]]},
    "dp4_mp2": {"w": [[4, 2], [-1, 0]], "v": [[4, 2], [0]]},
    "mp8": {"w": [[8], [0]]},
}


def _full(layout):
    # MindSpore's net.parameter_layout_dict entries: dev_matrix, tensor_map, slice shape, field size, uniform split,
    # optimizer-shard group
    return {k: [v[0], v[1], [1], 0, True, ""] for k, v in layout.items()}


def _mindspore_hooks():
    import mindspore.train.serialization as ser
    from mindspore.train._utils import get_parameter_redundancy
    real = ser.get_rank

    def set_rank(rank):
        ser.get_rank = real if rank is None else (lambda: rank)
    return get_parameter_redundancy, ser.get_ckpt_path_with_strategy, set_rank


def run(hooks=None):
    """``hooks``: (get_parameter_redundancy, get_ckpt_path_with_strategy, set_rank(rank or None to restore));
    default MindSpore's (tests/train/test_ckpt_strategy_path.py passes ms_compat's)."""
    get_parameter_redundancy, find, set_rank = hooks or _mindspore_hooks()
    out = {"redundancy": {}, "paths": {}}
    for name, layout in LAYOUTS.items():
        red = get_parameter_redundancy(_full(layout), initial_rank=0)
        out["redundancy"][name] = {k: [list(g) for g in v] for k, v in red.items()}
    with tempfile.TemporaryDirectory() as d:
        for r in (2, 3, 6):
            os.makedirs(os.path.join(d, f"rank_{r}"))
            open(os.path.join(d, f"rank_{r}", "net.ckpt"), "wb").close()
        try:
            for name, layout in LAYOUTS.items():
                for rank in range(8):
                    set_rank(rank)
                    got = find(os.path.join(d, f"rank_{rank}", "net.ckpt"), _full(layout))
                    out["paths"][f"{name}/{rank}"] = None if got is None else os.path.relpath(got, d)
            set_rank(1)
            got = find(os.path.join(d, "net.ckpt"), _full(LAYOUTS["dp8"]))
            out["paths"]["no_rank_in_path"] = None if got is None else os.path.relpath(got, d)
        finally:
            set_rank(None)
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("train", "ckpt_strategy_path", run())
    print("ok")  # noqa: T201
