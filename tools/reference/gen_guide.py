"""Assets for the porting guide (migration_guides/README.md), made with real MindSpore 2.10: the corpus
ViT's checkpoint and a recording of its cells (ms_compat's recorder run under MindSpore)."""
import subprocess
import sys

import numpy as np
import mindspore as ms

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from models import corpus, vit  # noqa: E402

assets = refutil.ROOT / "migration_guides" / "assets"
assets.mkdir(exist_ok=True)
net, specs = vit.build()
for p in net.get_parameters():
    p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
ms.save_checkpoint(net, str(assets / "vit.ckpt"))
inp = assets / "_inputs.npz"
np.savez(inp, arg0=corpus.make_inputs(specs)[0])
rec = refutil.ROOT / "ms_compat" / "testing" / "recorder.py"
subprocess.run([sys.executable, str(rec), "models.vit:build", "--inputs", str(inp), "--out",
                str(assets / "vit_reference.npz"), "--ckpt", str(assets / "vit.ckpt"), "--path",
                str(refutil.ROOT / "tests")], check=True)
inp.unlink()
print("wrote guide assets")
