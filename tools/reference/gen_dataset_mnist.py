"""The beginner program under MindSpore 2.10: MNIST idx files -> MnistDataset -> map(vision) -> batch -> Model.train
-> Model.eval. tests/dataset/test_mnist_program.py runs this same file's program() through the ms_compat alias
on the same files (made by tools/reference/dataset_files.py) and compares."""
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_files  # noqa: E402

import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.transforms as transforms  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402
from mindspore import nn  # noqa: E402
from mindspore.train import Accuracy, Callback, Loss, Model  # noqa: E402


def pipeline(root, usage, batch_size):
    d = ds.MnistDataset(root, usage=usage, shuffle=False)
    d = d.map([vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize(mean=(0.1307,), std=(0.3081,)), vision.HWC2CHW()],
              input_columns="image")
    d = d.map(transforms.TypeCast(ms.int32), input_columns="label")
    return d.batch(batch_size)


class _Losses(Callback):
    def __init__(self):
        super().__init__()
        self.losses = []

    def step_end(self, run_context):
        out = run_context.original_args().net_outputs
        out = out[0] if isinstance(out, (tuple, list)) else out
        self.losses.append(float(out.asnumpy()))


def program(root):
    """Returns (summary dict, {name: array}) of the whole program on the MNIST files under ``root``."""
    raw = ds.MnistDataset(root, usage="train", shuffle=False)
    train, test = pipeline(root, "train", 8), pipeline(root, "test", 5)
    out = {"raw_size": raw.get_dataset_size(), "raw_columns": raw.get_col_names(),
           "raw_types": [str(t) for t in raw.output_types()], "raw_shapes": raw.output_shapes(),
           "train_size": train.get_dataset_size(), "test_size": test.get_dataset_size(),
           "columns": train.get_col_names(), "batch_size": train.get_batch_size()}
    arrays = {}
    shapes = []
    for k, (img, lab) in enumerate(train.create_tuple_iterator(num_epochs=1)):
        shapes.append([type(img).__name__, str(img.dtype), list(img.shape), str(lab.dtype), list(lab.shape)])
        arrays[f"img{k}"], arrays[f"lab{k}"] = img.asnumpy(), lab.asnumpy()
    out["batches"] = shapes
    dict_keys = [sorted(r) for r in test.create_dict_iterator(num_epochs=1, output_numpy=True)]
    out["dict_keys"] = dict_keys[0]
    out["dict_types"] = [type(v).__name__ for v in next(iter(test.create_dict_iterator(output_numpy=True))).values()]

    w = np.random.RandomState(0).normal(0.0, 0.05, (10, 784)).astype(np.float32)
    net = nn.SequentialCell([nn.Flatten(), nn.Dense(784, 10, weight_init=ms.Tensor(w), bias_init="zeros")])
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"acc": Accuracy(), "loss": Loss()})
    rec = _Losses()
    model.train(2, train, callbacks=[rec])
    out["train_losses"] = rec.losses
    res = model.eval(test)
    out["eval"] = {k: float(v) for k, v in res.items()}
    return out, arrays


if __name__ == "__main__":
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        summary, arrays = program(dataset_files.write_mnist(tmp))
    refutil.save_json("dataset", "mnist_program", summary)
    refutil.save_npz("dataset", "mnist_program", **arrays)
    print("ok", summary["train_losses"][:3], summary["eval"])
