"""A team's plain PyTorch program, run by tests/test_plain_pytorch_unchanged.py as
``python _plain_pytorch_program.py alone|import|install``: alone, after ``import ms_compat`` (by another module
of the process: this module holds no MindSpore name), and after ``ms_compat.install()`` with a MindSpore
module imported and used beside it. It prints one JSON object; every mode must print the same bytes.
"""
import atexit
import hashlib
import importlib
import io
import json
import math
import os
import sys

import numpy as np
import torch
import torch.distributed as dist

mode = sys.argv[1]
torch.set_num_threads(1)

# an atexit collective registered before anything imports ms_compat (issue 31: the exit guard destroyed the
# group first)
os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=os.environ["PLAIN_PORT"])
dist.init_process_group("gloo", rank=0, world_size=1)


def final_collective():
    t = torch.arange(3.0)
    dist.all_reduce(t)
    print("atexit all_reduce", t.tolist(), flush=True)
    dist.destroy_process_group()


atexit.register(final_collective)

if mode != "alone":  # the MindSpore project of the same process imports it (no name bound here)
    importlib.import_module("ms_compat")
if mode == "install":
    importlib.import_module("ms_compat").install()
    # MindSpore code runs beside the team's: it spells dtypes its way and builds a Cell
    ms_project = type(sys)("ms_project")
    exec("import mindspore as ms\nfrom mindspore import nn\nspelled = str(ms.float32)\n"
         "net = nn.Dense(3, 2)\n", ms_project.__dict__)
    assert ms_project.spelled == "Float32", ms_project.spelled

torch.manual_seed(0)  # the team's program seeds its own work (the MindSpore module drew random weights)
out = {}

# 1. dtype idioms
d = torch.bfloat16
idioms = [str(d), repr(d), f"{d}", "%s" % d, "{}".format(d), str([d]), str({"k": d}), f"{d!r}",
          str(d).split(".")[-1], str(getattr(torch, str(d).split(".")[-1]) is d),
          str(np.dtype(str(torch.float16).replace("torch.", ""))), json.dumps({"dtype": str(d)})]
out["dtype_idioms"] = idioms

# 2. torch.save bytes (dtype metadata included)
buf = io.BytesIO()
torch.save({"w": torch.arange(6, dtype=torch.float16).reshape(2, 3), "dtype": str(d), "meta": [torch.int8]}, buf)
out["torch_save_sha256"] = hashlib.sha256(buf.getvalue()).hexdigest()


# 3. a compiled attention block that divides by a constant 0-d tensor (what ms_compat's Inductor pass folds)
class Attention(torch.nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.dim = dim

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) / torch.tensor(math.sqrt(self.dim))
        return torch.softmax(scores, dim=-1) @ v


from torch._dynamo.utils import counters  # noqa: E402

att = Attention()
x = torch.randn(2, 5, 8)
with torch.no_grad():
    y = torch.compile(att)(x)
out["attention_sha256"] = hashlib.sha256(y.numpy().tobytes()).hexdigest()
out["fuse_attention"] = counters["inductor"]["fuse_attention"]

# 4. a compiled LSTM
lstm = torch.nn.LSTM(4, 6, batch_first=True)
with torch.no_grad():
    h = torch.compile(lstm)(torch.randn(2, 3, 4))[0]
out["lstm_sha256"] = hashlib.sha256(h.numpy().tobytes()).hexdigest()

# 5. the FX-graph cache: the keys written for the graphs above (a fresh cache directory per run)
cache = os.environ["TORCHINDUCTOR_CACHE_DIR"]
out["fx_graph_cache_keys"] = sorted(
    os.path.relpath(os.path.join(root, name), cache) for root, dirs, files in os.walk(cache)
    for name in dirs if os.path.basename(root) in ("fxgraph", "aotautograd") or len(name) > 40)
out["ms_compat_imported"] = "ms_compat" in sys.modules
print(json.dumps(out, sort_keys=True), flush=True)
