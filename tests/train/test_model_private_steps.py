"""``Model``'s private construction steps as a subclass sees them, compared with real MindSpore 2.10
(tools/reference/gen_model_private_steps.py, training/model_private_steps.json): ``__init__`` calls the
overridable steps ``_check_kwargs``, ``_process_amp_args``, ``_check_amp_level_arg``, ``_check_for_graph_cell``,
``_build_train_network``, ``_build_eval_network`` in MindSpore's order, with MindSpore's attributes (``_parallel_mode``,
``_device_number``, ...) set before ``_build_train_network`` runs (MindArmour's ``DPModel`` overrides it, calls
``self._check_kwargs`` and reads ``self._parallel_mode``); an override of ``_check_kwargs`` is honoured; and
``mindspore.train.amp._add_loss_network`` wraps the loss as MindSpore's does."""
import pytest

import ms_compat
from conftest import load_ref_json

REF = load_ref_json("training", "model_private_steps")
STEPS = ("_check_kwargs", "_process_amp_args", "_check_amp_level_arg", "_check_for_graph_cell",
         "_build_train_network", "_build_eval_network")
ATTRS = ("_network", "_loss_fn", "_optimizer", "_loss_scale_manager", "_loss_scale_manager_set", "_keep_bn_fp32",
         "_amp_level", "_boost_level", "_parallel_mode", "_device_number", "_parameter_broadcast", "_metrics")


@pytest.fixture(scope="module")
def ms():
    ms_compat.install(force=True)
    import mindspore
    yield mindspore
    ms_compat.uninstall()


def _error_of(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e).strip().splitlines()[0]]
    return None


def test_init_calls_the_overridable_steps_in_mindspores_order(ms):
    calls, seen = [], {}

    class Traced(ms.Model):
        pass

    for name in STEPS:
        def step(self, *args, _name=name, **kwargs):
            calls.append(_name)
            if _name == "_build_train_network":
                seen.update({a: type(getattr(self, a)).__name__ if a in ("_network", "_loss_fn", "_optimizer")
                             else repr(getattr(self, a)) for a in ATTRS if hasattr(self, a)})
                seen["missing"] = [a for a in ATTRS if not hasattr(self, a)]
            return getattr(ms.Model, _name)(self, *args, **kwargs)
        setattr(Traced, name, step)
    net = ms.nn.Dense(2, 2)
    Traced(net, ms.nn.MSELoss(), ms.nn.Momentum(net.trainable_params(), 0.1, 0.9), amp_level="O0",
           keep_batchnorm_fp32=False)
    assert calls == REF["calls"]
    assert seen == REF["before_build"]


def test_validating_steps_raise_as_mindspore_and_an_override_is_honoured(ms):
    class AcceptsNoise(ms.Model):
        def _check_kwargs(self, kwargs):
            super()._check_kwargs({k: v for k, v in kwargs.items() if k != "noise"})

    net = ms.nn.Dense(2, 2)
    got = {"kwarg": _error_of(lambda: ms.Model(net, foo=1)),
           "amp_without_optimizer": _error_of(lambda: ms.Model(net, amp_level="O2")),
           "subclass_kwarg_still_checked": _error_of(lambda: AcceptsNoise(net, bar=1))}
    assert got == REF["errors"]
    AcceptsNoise(net, ms.nn.MSELoss(), ms.nn.Momentum(net.trainable_params(), 0.1, 0.9), noise=1)
    assert REF["subclass_accepts"] == "ok"


def test_add_loss_network_as_mindspore(ms):
    from mindspore.train.amp import _add_loss_network
    net = ms.nn.Dense(2, 2)
    w = _add_loss_network(net, ms.nn.MSELoss(), ms.float32)
    w16 = _add_loss_network(net, ms.nn.MSELoss(), ms.float16)
    got = [type(w).__name__, type(w16).__name__, [n for n, _ in w16.cells_and_names()],
           _error_of(lambda: _add_loss_network(net, lambda a, b: a, ms.float32))]
    assert got == REF["add_loss_network"]
