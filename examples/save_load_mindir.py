"""MindSpore's "save and load" tutorial flow, unchanged MindSpore code: weights to a checkpoint and back, then the
whole model to MindIR (mindspore.export), read back with mindspore.load and run by nn.GraphCell.

    ms-compat run examples/save_load_mindir.py        # or: python examples/save_load_mindir.py under MindSpore
"""
import numpy as np
import mindspore
from mindspore import nn
from mindspore import Tensor


def network():
    model = nn.SequentialCell(
        nn.Flatten(),
        nn.Dense(28 * 28, 512),
        nn.ReLU(),
        nn.Dense(512, 512),
        nn.ReLU(),
        nn.Dense(512, 10))
    return model


# weights: save_checkpoint, then load_checkpoint + load_param_into_net into a fresh instance
model = network()
mindspore.save_checkpoint(model, "model.ckpt")
model = network()
param_dict = mindspore.load_checkpoint("model.ckpt")
param_not_load, _ = mindspore.load_param_into_net(model, param_dict)
print(param_not_load)

# the whole model: export to MindIR, load the graph, run it with GraphCell
model = network()
inputs = Tensor(np.ones([1, 1, 28, 28]).astype(np.float32))
mindspore.export(model, inputs, file_name="model", file_format="MINDIR")

mindspore.set_context(mode=mindspore.GRAPH_MODE)
graph = mindspore.load("model.mindir")
model = nn.GraphCell(graph)
outputs = model(inputs)
print(outputs.shape)
