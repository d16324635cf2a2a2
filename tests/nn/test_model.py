"""ms_compat.train.Model train/eval/predict with LossMonitor vs real MindSpore 2.10 (gen_optim.py)."""
import numpy as np
import pytest
import torch

from conftest import load_ref_json, load_ref_npz

import ms_compat as ms
import ms_compat.nn as nn
from ms_compat import Parameter, Tensor
from ms_compat.train import Callback, LossMonitor, Model, TimeMonitor

REF = load_ref_json("optim", "model")
ARR = load_ref_npz("optim", "model")
T = load_ref_npz("optim", "train")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = Parameter(Tensor(T["w1"]), name="w1")
        self.b1 = Parameter(Tensor(T["b1"]), name="b1")
        self.w2 = Parameter(Tensor(T["w2"]), name="w2")
        self.b2 = Parameter(Tensor(T["b2"]), name="b2")

    def construct(self, x):
        h = torch.relu(torch.matmul(x, self.w1.T) + self.b1)
        return torch.matmul(h, self.w2.T) + self.b2


def batches():
    x, y = T["x"], T["y"]
    return [(Tensor(x[i:i + 4]), Tensor(y[i:i + 4])) for i in (0, 4)]


def test_model_train_eval_predict(capsys):
    net = Net()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc", "loss"})
    model.train(2, batches(), callbacks=[LossMonitor(1)])
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("epoch")]
    assert len(lines) == len(REF["stdout"])
    for got, want in zip(lines, REF["stdout"]):
        assert got.rsplit(" ", 1)[0] == want.rsplit(" ", 1)[0]
        np.testing.assert_allclose(float(got.rsplit(" ", 1)[1]), float(want.rsplit(" ", 1)[1]), rtol=1e-4)
    for p in net.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), ARR[f"model/{p.name}"], rtol=1e-4, atol=1e-5)
    res = model.eval(batches())
    assert set(res) == set(REF["eval"])
    np.testing.assert_allclose(res["acc"], REF["eval"]["acc"])
    np.testing.assert_allclose(res["loss"], REF["eval"]["loss"], rtol=1e-4)
    pred = model.predict(Tensor(T["x"]))
    np.testing.assert_allclose(pred.asnumpy(), ARR["model/pred"], rtol=1e-4, atol=1e-5)
    assert net.training == REF["train_flag_after"]


def test_callbacks_order_and_stop(capsys):
    seen = []

    class Rec(Callback):
        def on_train_begin(self, rc):
            seen.append("begin")

        def on_train_epoch_begin(self, rc):
            seen.append(f"epoch{rc.original_args().cur_epoch_num}")

        def step_end(self, rc):  # old-style name still called
            cb = rc.original_args()
            seen.append(f"step{cb.cur_step_num}")
            if cb.cur_step_num == 3:
                rc.request_stop()

        def on_train_end(self, rc):
            seen.append("end")

    net = Net()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.SGD(net.trainable_params(), 0.1))
    model.train(5, batches(), callbacks=[Rec(), TimeMonitor()])
    assert seen == ["begin", "epoch1", "step1", "step2", "epoch2", "step3", "end"]
    assert "epoch time:" in capsys.readouterr().out


def test_loss_monitor_nan_raises_and_errors():
    net = Net()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.SGD(net.trainable_params(), 1e30))
    with pytest.raises(ValueError, match="loss is NAN or INF"):
        model.train(3, batches(), callbacks=LossMonitor())
    with pytest.raises(ValueError, match="metrics"):
        Model(Net(), nn.MSELoss()).eval(batches())
    with pytest.raises(ValueError):
        Model(Net()).train(0, batches())
    assert ms.LossMonitor is LossMonitor and nn.Accuracy is ms.Accuracy


def test_model_train_on_mindspore_style_dataset(capsys):
    """The same run as test_model_train_eval_predict, fed by ms_compat.dataset like the reference was."""
    import ms_compat.dataset as ds
    data = ds.NumpySlicesDataset({"x": T["x"], "y": T["y"]}, shuffle=False).batch(4)
    net = Net()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc", "loss"})
    model.train(2, data, callbacks=[LossMonitor(1)])
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("epoch")]
    assert [l.rsplit(" ", 1)[0] for l in lines] == [l.rsplit(" ", 1)[0] for l in REF["stdout"]]
    for p in net.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), ARR[f"model/{p.name}"], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(model.eval(data)["loss"], REF["eval"]["loss"], rtol=1e-4)
