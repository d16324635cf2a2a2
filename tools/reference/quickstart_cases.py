"""The MindSpore quick start's training loop (examples/quickstart_mnist.py: its own data pipe, Network and
train step) for the first ``steps`` batches, run alike under real MindSpore 2.10 (gen_quickstart.py) and
ms_compat (tests/test_quickstart_losses.py): ``run(mindspore, example, data_dir)`` -> (losses, final weights).

As the example's ``main``: ``mindspore.set_seed(1)`` (which also seeds the dataset), the train and test pipes,
then the Network (initialised from that seed), CrossEntropyLoss, SGD(1e-2) and ``value_and_grad``; every step's
loss is recorded (the example prints every tenth). ``to_net`` / ``to_data`` let a caller carry the run in
another dtype (the float64 twin that sizes the tolerance).
"""
import importlib.util
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_example():
    spec = importlib.util.spec_from_file_location("quickstart_mnist", os.path.join(ROOT, "examples",
                                                                                   "quickstart_mnist.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(mindspore, example, data_dir, steps=20, to_net=None, to_data=None):
    from mindspore import nn
    if not os.path.isdir(os.path.join(data_dir, "train")):
        example.write_synthetic_mnist(data_dir)
    mindspore.set_seed(1)
    train_dataset = example.datapipe(os.path.join(data_dir, "train"), 64)
    example.datapipe(os.path.join(data_dir, "test"), 64)
    model = example.Network()
    if to_net is not None:
        to_net(model)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.SGD(model.trainable_params(), 1e-2)

    def forward_fn(data, label):
        logits = model(data)
        return loss_fn(logits, label), logits

    grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)
    model.set_train()
    losses = []
    for batch, (data, label) in enumerate(train_dataset.create_tuple_iterator()):
        if batch == steps:
            break
        if to_data is not None:
            data = to_data(data)
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
    weights = {p.name: p.asnumpy().astype(np.float64) for p in model.trainable_params()}
    return np.asarray(losses, np.float64), weights


def printed_losses(text):
    """The numbers the whole example prints about its training: the loop's ``loss:`` lines, the test passes'
    average losses, and ``LossMonitor``'s lines of the ``Model.train`` part."""
    import re
    return {"loop": [float(v) for v in re.findall(r"^loss: +([0-9.]+) +\[", text, re.M)],
            "test_avg": [float(v) for v in re.findall(r"Avg loss: ([0-9.]+)", text)],
            "monitor": [float(v) for v in re.findall(r"^epoch: \d+ step: \d+, loss is ([0-9.e-]+)$", text, re.M)]}
