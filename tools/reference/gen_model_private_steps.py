"""``mindspore.train.Model``'s private construction steps under real MindSpore 2.10, as a subclass sees them
(MindArmour's ``DPModel`` calls ``self._check_kwargs`` from its ``_build_train_network`` and reads
``self._parallel_mode``): the order ``__init__`` calls the overridable steps, the attributes set before
``_build_train_network`` runs, the errors of the validating steps, and ``mindspore.train.amp._add_loss_network``'s
wrapper. For tests/train/test_model_private_steps.py: tests/reference_data/training/model_private_steps.json."""
import mindspore as ms
from mindspore import nn
from mindspore.train.amp import _add_loss_network

import refutil

STEPS = ("_check_kwargs", "_process_amp_args", "_check_amp_level_arg", "_check_for_graph_cell",
         "_build_train_network", "_build_eval_network")
ATTRS = ("_network", "_loss_fn", "_optimizer", "_loss_scale_manager", "_loss_scale_manager_set", "_keep_bn_fp32",
         "_amp_level", "_boost_level", "_parallel_mode", "_device_number", "_parameter_broadcast", "_metrics")


def traced(calls, seen):
    class Traced(ms.Model):
        pass

    for name in STEPS:
        def step(self, *args, _name=name, **kwargs):
            calls.append(_name)
            if _name == "_build_train_network":
                seen.update({a: repr(getattr(self, a)) if a in ("_parallel_mode",) or not hasattr(self, a)
                             else type(getattr(self, a)).__name__ if a in ("_network", "_loss_fn", "_optimizer")
                             else repr(getattr(self, a)) for a in ATTRS if hasattr(self, a)})
                seen["missing"] = [a for a in ATTRS if not hasattr(self, a)]
            return getattr(ms.Model, _name)(self, *args, **kwargs)
        setattr(Traced, name, step)
    return Traced


class AcceptsNoise(ms.Model):
    """A subclass accepting one more kwarg through the overridable check."""

    def _check_kwargs(self, kwargs):
        super()._check_kwargs({k: v for k, v in kwargs.items() if k != "noise"})


def main():
    out = {}
    net = nn.Dense(2, 2)
    calls, seen = [], {}
    traced(calls, seen)(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9), amp_level="O0",
                        keep_batchnorm_fp32=False)
    out["calls"], out["before_build"] = calls, seen
    out["errors"] = {
        "kwarg": refutil.error_of(lambda: ms.Model(net, foo=1)),
        "amp_without_optimizer": refutil.error_of(lambda: ms.Model(net, amp_level="O2")),
        "subclass_kwarg_still_checked": refutil.error_of(lambda: AcceptsNoise(net, bar=1)),
    }
    try:
        AcceptsNoise(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9), noise=1)
        out["subclass_accepts"] = "ok"
    except Exception as e:  # noqa: BLE001
        out["subclass_accepts"] = f"{type(e).__name__}: {e}"
    w = _add_loss_network(net, nn.MSELoss(), ms.float32)
    w16 = _add_loss_network(net, nn.MSELoss(), ms.float16)
    out["add_loss_network"] = [type(w).__name__, type(w16).__name__, [n for n, _ in w16.cells_and_names()],
                               refutil.error_of(lambda: _add_loss_network(net, lambda a, b: a, ms.float32))]
    refutil.save_json("training", "model_private_steps", out)
    print("model_private_steps ok")


main()
