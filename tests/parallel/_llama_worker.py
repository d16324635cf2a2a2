"""Per-process runs for tests/parallel/test_llama_parallel.py: examples/llama_parallel.py's layouts, each
trained in parallel and in one process (results as JSON, one file per rank). Started by
``spawn_bounded(main, ...)`` or by ``torchrun ... _llama_worker.py OUTDIR CONFIG...``."""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback

import torch

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _example():
    spec = importlib.util.spec_from_file_location("llama_parallel_example",
                                                  os.path.join(_ROOT, "examples", "llama_parallel.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(outdir, configs):
    """In a process whose torchrun variables are set: every config of ``configs``, results to JSON."""
    os.environ.setdefault("MS_COMPAT_COMM_TIMEOUT", "60")
    torch.set_num_threads(1)
    res = {}
    rank = os.environ.get("RANK", "?")
    try:
        from ms_compat.communication import get_rank, init
        init()
        rank = get_rank()
        example = _example()
        for name in configs:
            res[name] = example.compare(name)
    except Exception:  # noqa: BLE001 - reported, the test decides
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    from ms_compat.communication import release
    release()


def main(rank, world, port, outdir, configs):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    run(outdir, configs)


if __name__ == "__main__":  # under torchrun
    run(sys.argv[1], sys.argv[2:])
