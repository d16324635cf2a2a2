"""Every Cell method/property named in the seed API pages exists on ms_compat's Cell and is in the
cell-api.md table (the seed list is committed in tests/conformance/seed_methods.json)."""
import json
import pathlib
import warnings

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SEED = json.loads((ROOT / "tests" / "conformance" / "seed_methods.json").read_text())
TABLE = (ROOT / "migration_guides" / "cell-api.md").read_text()


@pytest.mark.parametrize("name", SEED["cell"])
def test_seed_cell_name_exists_and_is_documented(name):
    assert hasattr(nn.Cell, name), f"Cell.{name} is missing"
    assert f"`{name}`" in TABLE, f"Cell.{name} is not in migration_guides/cell-api.md"


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)))

    def construct(self, x):
        return x @ self.w


def test_removed_in_210_methods_behave_as_documented():
    n = _Net()
    with pytest.raises(RuntimeError, match="parameter server"):
        n.set_param_ps()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        n.place("MS_WORKER", 0)
        n.exec_checkpoint_graph()
    assert any("place" in str(x.message) for x in w)
    assert n.get_func_graph_proto() is None
    assert n.init_parameters_data() == {n.w: n.w}
    assert n.cast_inputs((1,), ms.float16) is None


def test_flatten_weights_packs_parameters_contiguously():
    class Two(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)))
            self.b = ms.Parameter(ms.Tensor(np.full((4,), 2.0, np.float32)))
            self.c = ms.Parameter(ms.Tensor(np.ones((2,), np.float16)))

    t = Two()
    t.flatten_weights()
    a, b = t.a, t.b
    assert a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
    assert b.data_ptr() - a.data_ptr() == 6 * 4
    np.testing.assert_array_equal(b.asnumpy(), np.full((4,), 2.0, np.float32))
    assert t.c.untyped_storage().data_ptr() != a.untyped_storage().data_ptr()  # per dtype
    # still trainable in place
    loss = (t.a.sum() + t.b.sum())
    loss.backward()
    assert t.a.grad is not None and tuple(t.a.grad.shape) == (2, 3)


def test_construct_is_forward_no_extra_frame():
    assert _Net.forward is _Net.construct
    x = ms.Tensor(np.ones((1, 2), np.float32))
    np.testing.assert_allclose(_Net()(x).asnumpy(), [[2.0, 2.0]])


def test_to_and_dtype_helpers_return_self():
    n = _Net()
    assert n.to(torch.float64) is n and n.w.dtype == torch.float64
    assert isinstance(n.w, ms.Parameter) and n.w.name == "w"


def test_to_empty_defaults_to_the_set_device():
    """``Cell.to_empty(*, device=None)`` (MindSpore 2.10): ``None`` is the device ``set_device`` chose; torch's
    ``Module.to_empty`` has no default (issue 27 signature review)."""
    with torch.device("meta"):
        net = ms.nn.Dense(2, 3)
    assert net.weight.device.type == "meta"
    assert net.to_empty() is net and net.weight.device.type == "cpu" and net.bias.shape == (3,)
    with torch.device("meta"):
        net = ms.nn.Dense(2, 3)
    assert net.to_empty(device="CPU").weight.device.type == "cpu"
