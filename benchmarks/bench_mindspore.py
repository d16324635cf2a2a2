"""The benchmark models' step times under real MindSpore 2.10 (CPU, PYNATIVE). Run with the reference
interpreter: ``.msref/bin/python benchmarks/bench_mindspore.py [--quick]``; prints one JSON object
``{model: {"eval": [median, min, max], "train": [...]}}`` (seconds)."""
import json
import os
import pathlib
import statistics
import sys
import time

os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import mindspore as ms  # noqa: E402
from mindspore import nn  # noqa: E402

from benchmarks.model_configs import configs, make_inputs  # noqa: E402  (numpy only)
from models import bert, lstm_tagger, resnet50, unet, vit  # noqa: E402


class Loss(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net

    def construct(self, *x):
        out = self.net(*x)
        if isinstance(out, tuple):
            out = out[0]
        return (out * out).mean()


def timed(fn, repeat):
    fn()
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return [statistics.median(runs), min(runs), max(runs)]


def main():
    quick = "--quick" in sys.argv
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = {}
    for name, (kw, _, specs) in configs(quick).items():
        cls = {"resnet50": resnet50.ResNet, "vit": vit.ViT, "bert": bert.BertModel, "unet": unet.UNet,
               "lstm": lstm_tagger.LSTMTagger}[name]
        net = cls(**kw)
        xs = [ms.Tensor(a.astype(np.int32) if a.dtype == np.int64 else a) for a in make_inputs(specs)]
        net.set_train(False)
        ev = timed(lambda: net(*xs)[0].asnumpy() if name == "bert" else net(*xs).asnumpy(), 5)
        net.set_train(True)
        step = nn.TrainOneStepCell(Loss(net), nn.Momentum(net.trainable_params(), 1e-3, 0.9))
        tr = timed(lambda: step(*xs).asnumpy(), 5)
        out[name] = {"eval": ev, "train": tr}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
