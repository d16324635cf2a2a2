"""parallel_optimizer_config / enable_parallel_optimizer / optimizer_weight_shard_size checks, against
MindSpore 2.10 (outputs of `mindspore.set_auto_parallel_context` recorded by hand from .msref, 2.10.0)."""
import pytest

import ms_compat as ms


@pytest.fixture(autouse=True)
def _reset():
    yield
    ms.reset_auto_parallel_context()


def _cfg():
    return ms.get_auto_parallel_context("parallel_optimizer_config")


def test_config_keys_are_stored():
    ms.set_auto_parallel_context(parallel_optimizer_config={"gradient_accumulation_shard": True,
                                                            "parallel_optimizer_threshold": 24,
                                                            "optimizer_weight_shard_size": 2})
    c = _cfg()
    assert (c["optimizer_weight_shard_size"], c["parallel_optimizer_threshold"], c["gradient_accumulation_shard"]) \
        == (2, 24, True)
    ms.set_auto_parallel_context(parallel_optimizer_config={"parallel_optimizer_threshold": 0})
    assert _cfg()["optimizer_weight_shard_size"] == 2  # keys not given keep their values (MindSpore)
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(parallel_optimizer_config={"optimizer_level": "level2"})
    assert _cfg()["gradient_accumulation_shard"] is True
    with pytest.warns(UserWarning, match="larger than 1"):
        ms.set_auto_parallel_context(parallel_optimizer_config={"optimizer_weight_shard_size": 1})
    assert _cfg()["optimizer_weight_shard_size"] == -1


@pytest.mark.parametrize("cfg, exc, msg", [
    ({"nope": 1}, ValueError, "Unknown config: ['nope']"),
    ({"optimizer_weight_shard_size": 0}, ValueError,
     "For 'optimizer_weight_shard_size', the input value must be int and must > 0, but got '0' with type 'int'."),
    ({"optimizer_weight_shard_size": 1.5}, TypeError,
     "For 'optimizer_weight_shard_size', the input value must be int, but got 'float'"),
    ({"parallel_optimizer_threshold": -1}, ValueError,
     "For 'parallel_optimizer_threshold', the input value must be int and must >= 0, but got '-1' with type 'int'."),
    ({"parallel_optimizer_threshold": 1.5}, TypeError,
     "For 'parallel_optimizer_threshold', the input value must be int, but got 'float'"),
    ({"gradient_accumulation_shard": 1}, TypeError,
     "For 'gradient_accumulation_shard', the 'gradient_accumulation_shard' must be a bool, but got int."),
    ([1], TypeError, "The parameter 'parallel_optimizer_config' must be <class 'dict'>, but got <class 'list'>"),
    ({"optimizer_level": "x"}, ValueError, "Optimizer level should in ['level1', 'level2', 'level3'], but got x"),
])
def test_config_errors_of_mindspore(cfg, exc, msg):
    with pytest.raises(exc) as e:
        ms.set_auto_parallel_context(parallel_optimizer_config=cfg)
    assert str(e.value) == msg


def test_enable_parallel_optimizer_must_be_bool():
    with pytest.raises(TypeError, match=r"The parameter 'enable_parallel_optimizer' must be <class 'bool'>, but got "
                                        r"<class 'int'>"):
        ms.set_auto_parallel_context(enable_parallel_optimizer=1)


def test_one_process_is_not_sharded():
    from ms_compat import nn
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, enable_parallel_optimizer=True)
    opt = nn.Lamb(nn.Dense(3, 2).trainable_params(), learning_rate=0.1)
    assert opt.use_parallel is False and opt.optim_filter == (True, True)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.STAND_ALONE)
    with pytest.raises(RuntimeError, match="parallel optimizer is not supported in stand_alone"):
        nn.Lamb(nn.Dense(3, 2).trainable_params(), learning_rate=0.1)
