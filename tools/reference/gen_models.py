"""Run the model corpus (tests/models/) under real MindSpore 2.10: eval outputs, train-mode loss and
parameter gradients, and a 3-step TrainOneStepCell(Momentum) loss trajectory, with deterministic
weights from tests/models/corpus.py. Writes tests/reference_data/models/<model>.{npz,json}."""
import importlib
import sys

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from models import corpus  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
FULL_GRADS = 4  # store full gradients of the first and last few parameters, norms of all


def set_weights(net):
    for p in net.get_parameters():
        p.set_data(Tensor(corpus.weight_for(p.name, p.shape)))


class LossNet(nn.Cell):
    def __init__(self, net, ws):
        super().__init__(auto_prefix=False)
        self.net = net
        self.ws = [Tensor(w) for w in ws]

    def construct(self, *inputs):
        outs = self.net(*inputs)
        if not isinstance(outs, (tuple, list)):
            outs = (outs,)
        loss = 0.0
        for o, w in zip(outs, self.ws):
            loss = loss + ((o - w) ** 2).mean()
        return loss


def run(name):
    mod = importlib.import_module(f"models.{name}")
    net, specs = mod.build()
    set_weights(net)
    inputs = [Tensor(a) for a in corpus.make_inputs(specs)]
    net.set_train(False)
    outs = net(*inputs)
    if not isinstance(outs, (tuple, list)):
        outs = (outs,)
    arrays = {f"out{i}": o.asnumpy() for i, o in enumerate(outs)}
    ws = [corpus.output_weights(o.shape, seed=10 + i) for i, o in enumerate(outs)]
    # gradients in train mode
    net.set_train(True)
    loss_net = LossNet(net, ws)
    params = net.trainable_params()
    loss, grads = ms.value_and_grad(loss_net, None, params)(*inputs)
    names = [p.name for p in params]
    arrays["train_loss"] = np.array(loss.asnumpy())
    arrays["grad_norms"] = np.array([float(np.linalg.norm(g.asnumpy().astype(np.float64))) for g in grads])
    keep = list(range(min(FULL_GRADS, len(grads)))) + list(range(max(FULL_GRADS, len(grads) - FULL_GRADS), len(grads)))
    for i in keep:
        arrays[f"grad_{i}"] = grads[i].asnumpy()
    # short training run from the same weights
    net2, _ = mod.build()
    set_weights(net2)
    net2.set_train(True)
    step = nn.TrainOneStepCell(LossNet(net2, ws), nn.Momentum(net2.trainable_params(), 0.01, 0.9))
    traj = [float(step(*inputs).asnumpy()) for _ in range(3)]
    arrays["trajectory"] = np.array(traj)
    refutil.save_npz("models", name, **arrays)
    refutil.save_json("models", name, {"param_names": [p.name for p in net.get_parameters()],
                                       "param_shapes": [list(p.shape) for p in net.get_parameters()],
                                       "trainable": names, "full_grad_index": keep,
                                       "cells": [n for n, _ in net.cells_and_names()]})
    print(f"{name}: {len(names)} trainable params, loss {float(loss.asnumpy()):.4f}, traj {traj}")


only = sys.argv[1:] or corpus.MODELS
for name in only:
    run(name)
