"""Cell.to_float against MindSpore 2.10 (tests/reference_data/amp/to_float*.json, tools/reference/gen_amp.py)."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Parameter, Tensor, nn
from ms_compat.common.dtype import dtype_str
from conftest import load_ref_json, load_ref_npz
from _amp_ref import amp_cases

REF = load_ref_json("amp", "to_float")
DT = {"float16": ms.float16, "float32": ms.float32, "bfloat16": ms.bfloat16, "float64": ms.float64}


Parent = amp_cases.Parent
CASES = amp_cases.TO_FLOAT_CASES


@pytest.mark.parametrize("xin", ["float32", "float16", "float64"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_nested_dtypes_match_mindspore(case, xin):
    pd, cd = CASES[case]
    p = Parent()
    if pd is not None:
        assert p.to_float(DT[pd]) is p
    if cd is not None:
        p.c.to_float(DT[cd])
    out = p(Tensor(np.ones(3, np.float32)).astype(DT[xin]))
    ref = REF[f"{case}_{xin}"]
    got = dict(p.log, out=dtype_str(out.dtype), w_after=dtype_str(p.w.dtype), flags=p.get_flags(),
               child_flags=p.c.get_flags())
    assert got == ref
    assert isinstance(out, Tensor)


class IntOps(nn.Cell):
    def construct(self, x, i):
        self.log = {"i_plus_1": dtype_str((i + 1).dtype), "x_times_i": dtype_str((x * i).dtype),
                    "i_times_float": dtype_str((i * 1.5).dtype), "cast32": dtype_str(x.to(ms.float32).dtype),
                    "astype64": dtype_str(x.astype(ms.float64).dtype),
                    "concat": dtype_str(torch.cat((x, x.astype(ms.float64))).dtype),
                    "zeros32": dtype_str(torch.zeros((2,), dtype=ms.float32).dtype),
                    "matmul_int": dtype_str(torch.matmul(i.reshape(1, 3), i.reshape(3, 1)).dtype)}
        return x


def test_integer_inputs_and_explicit_casts_untouched():
    c = IntOps()
    c.to_float(ms.float16)
    c(Tensor(np.ones(3, np.float32)), Tensor(np.array([1, 2, 3], np.int32)))
    assert c.log == REF["int_ops_fp16"]


def test_overwrite_flags():
    p = Parent().to_float(ms.float16)
    p.to_float(ms.float32)
    assert p.get_flags() == REF["overwrite_flags"]
    assert p.c.get_flags() == REF["overwrite_flags"]
    assert dtype_str(p(Tensor(np.ones(3, np.float16))).dtype) == "Float32"


@pytest.mark.parametrize("key,value", [("int32", ms.int32), ("float64", ms.float64), ("str", "float16"),
                                       ("none", None)])
def test_errors(key, value):
    etype, msg = REF["errors"][key]
    assert etype == "ValueError"
    with pytest.raises(ValueError) as e:
        Parent().to_float(value)
    assert str(e.value) == msg


def test_dense_float16_numerics_and_param_storage():
    ref = load_ref_json("amp", "to_float_dense")
    arr = load_ref_npz("amp", "to_float_dense")
    d = torch.nn.Linear(3, 2)  # plain torch layer inside a Cell still follows the cell's setting

    class Wrap(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.25]], np.float32)), name="w")
            self.b = Parameter(Tensor(np.array([0.01, -0.02], np.float32)), name="b")

        def construct(self, x):
            return torch.nn.functional.linear(x, self.w, self.b)
    del d
    net = Wrap().to_float(ms.float16)
    out = net(Tensor(arr["x"]))
    assert dtype_str(out.dtype) == ref["dense_float16"]["out"]
    assert dtype_str(net.w.dtype) == ref["dense_float16"]["weight"]
    np.testing.assert_allclose(out.float().numpy(), arr["dense_float16"], rtol=1e-3, atol=1e-3)
    # MindSpore 2.10 has no bfloat16 MatMul kernel on CPU; ms_compat runs it (PyTorch has one)
    assert "error" in ref["dense_bfloat16"]
    net.to_float(ms.bfloat16)
    out = net(Tensor(arr["x"]))
    assert out.dtype == torch.bfloat16
    np.testing.assert_allclose(out.float().numpy(), arr["dense_float16"], rtol=2e-2, atol=2e-2)


def test_gradients_reach_float32_master_weights():
    p = Parent().to_float(ms.float16)
    out = p(Tensor(np.ones(3, np.float32)))
    out.sum().backward()
    assert p.w.grad.dtype == torch.float32 and p.w.dtype == torch.float32
    np.testing.assert_allclose(p.w.grad.numpy(), np.ones(3))


def test_cells_without_to_float_pay_nothing():
    p = Parent()
    p(Tensor(np.ones(3, np.float32)))  # the first call's one-shot name check removes itself
    assert "forward" not in p.__dict__ and "forward" not in p.c.__dict__
    p.to_float(ms.float16)
    assert "forward" in p.__dict__ and "forward" in p.c.__dict__


def test_exception_inside_restores_state():
    from ms_compat.amp.cell_cast import current_cast_dtype

    class Bad(nn.Cell):
        def construct(self, x):
            raise RuntimeError("boom")
    with pytest.raises(RuntimeError):
        Bad().to_float(ms.float16)(Tensor(np.ones(2, np.float32)))
    assert current_cast_dtype() is None
    assert (Tensor(np.ones(2, np.float32)) + 1).dtype == torch.float32


def test_inplace_and_batch_norm_running_stats_stay_float32():
    class BN(nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("rm", torch.zeros(2))
            self.register_buffer("rv", torch.ones(2))
            self.g = Parameter(Tensor(np.ones(2, np.float32)), name="g")
            self.b = Parameter(Tensor(np.zeros(2, np.float32)), name="b")

        def construct(self, x):
            return torch.nn.functional.batch_norm(x, self.rm, self.rv, self.g, self.b, True, 0.5, 1e-5)
    bn = BN().to_float(ms.float16)
    x = Tensor(np.array([[1.0, 2.0], [3.0, 6.0]], np.float32))
    out = bn(x)
    assert out.dtype == torch.float16
    assert bn.rm.dtype == torch.float32
    np.testing.assert_allclose(bn.rm.numpy(), [1.0, 2.0])  # 0.5 * batch mean: the update reached the buffer


def test_removed_r23_helpers():
    p = Parent()
    x = (Tensor(np.ones(2, np.float32)), Tensor(np.array([1], np.int32)))
    with pytest.warns(DeprecationWarning):
        assert p.auto_cast_inputs(x) is x
    p.to_float(ms.float16)
    with pytest.warns(DeprecationWarning):
        y = p.auto_cast_inputs(x)
    assert y[0].dtype == torch.float16 and y[1].dtype == torch.int32
    c = p.cast_param(p.w)
    assert c.dtype == torch.float16 and p.w.dtype == torch.float32
    assert Parent().cast_param(p.w) is p.w


def test_to_float_compiles_fullgraph():
    """The cast mode is traced by torch.compile (no graph break)."""
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
    net.to_float(ms.bfloat16)
    x = Tensor(np.ones((2, 4), np.float32))
    ref = net(x)
    out = torch.compile(net, fullgraph=True)(x)
    assert out.dtype == torch.bfloat16
    torch.testing.assert_close(out.float(), ref.float())


@pytest.mark.cuda
@pytest.mark.parametrize("dt", [ms.float16, ms.bfloat16])
def test_to_float_on_cuda(dt):
    p = Parent().to("cuda")
    p.to_float(dt)
    out = p(Tensor(np.ones(3, np.float32)).to("cuda"))
    assert out.is_cuda and out.dtype == dt and p.w.dtype == torch.float32
    out.float().sum().backward()
    assert p.w.grad.dtype == torch.float32 and p.w.grad.is_cuda
