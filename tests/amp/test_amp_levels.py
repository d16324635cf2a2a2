"""amp levels O0/O1/O2/O3/auto on a mixed network (Conv2d, BatchNorm2d, ReLU, Flatten, Dense, LayerNorm,
Softmax): per-layer input/output/parameter dtypes and forward outputs against MindSpore 2.10
(tests/reference_data/amp/levels.*, tools/reference/gen_amp.py)."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, amp, nn
from ms_compat.common.dtype import dtype_str
from conftest import load_ref_json, load_ref_npz
from _amp_ref import amp_cases

REF = load_ref_json("amp", "levels")
ARR = load_ref_npz("amp", "levels")
LAYERS = amp_cases.LAYERS
find_cell = amp_cases.find_cell
MixedNet = amp_cases.MixedNet
DT = {"float16": ms.float16, "bfloat16": ms.bfloat16}
TOL = {"float16": 1.5e-3, "bfloat16": 1e-2}


def make_net():
    net = MixedNet()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(ARR["w_" + name]))
    return net


def run_level(level, dn, train=False):
    net = make_net()
    out_net = amp.auto_mixed_precision(net, level, DT[dn])
    rec = {"layers": {}}
    seen = {}
    for layer in LAYERS:
        cell = find_cell(out_net, layer)

        def hook(c, inputs, output, layer=layer):
            seen[layer] = {"in": [dtype_str(i.dtype) for i in inputs], "out": dtype_str(output.dtype)}
        cell.register_forward_hook(hook)
        rec["layers"][layer] = {"flags": {k: bool(v) for k, v in cell.get_flags().items()
                                          if k in ("fp16", "fp32", "bf16")}}
    out_net.set_train(train)
    out = out_net(Tensor(ARR["x"]))
    for layer in LAYERS:
        rec["layers"][layer].update(seen[layer])
    rec["out_dtype"] = dtype_str(out.dtype)
    rec["param_dtypes"] = {p.name: dtype_str(p.dtype) for p in out_net.get_parameters()}
    rec["wrapped"] = {l: type(getattr(net, l)).__name__ for l in LAYERS}
    return net, out_net, out, rec


def _as_bf16(obj):
    """MindSpore 2.10 has no bf16 conv/matmul CPU kernels; its fp16 record with Float16→BFloat16 is the
    dtype structure the bf16 run must have."""
    if isinstance(obj, dict):
        return {("bf16" if k == "fp16" else k): _as_bf16(v) for k, v in obj.items()} if "fp16" in obj else \
            {k: _as_bf16(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_as_bf16(v) for v in obj]
    return "BFloat16" if obj == "Float16" else obj


def _flags_bf16(flags):
    if not flags:
        return flags
    return {"fp16": False, "fp32": flags["fp32"], "bf16": flags["fp16"]}


@pytest.mark.parametrize("dn", ["float16", "bfloat16"])
@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3", "auto"])
def test_level_dtypes_and_outputs(level, dn):
    ref = REF[f"{level}_{dn}"]
    if "error" in ref:  # MindSpore CPU cannot run it: compare with its float16 structure
        assert dn == "bfloat16"
        ref = REF[f"{level}_float16"]
        exp_layers = {l: dict(_as_bf16({k: v for k, v in r.items() if k != "flags"}), flags=_flags_bf16(r["flags"]))
                      for l, r in ref["layers"].items()}
        exp_out = ARR["out_fp32"] if level == "O0" else ARR[f"{level}_float16_out"]
        tol = TOL["bfloat16"]
    else:
        exp_layers = ref["layers"]
        exp_out = ARR[f"{level}_{dn}_out"]
        tol = TOL[dn] if level != "O0" else 1e-5
    net, out_net, out, rec = run_level(level, dn)
    assert rec["layers"] == exp_layers
    assert rec["out_dtype"] == ref["out_dtype"]
    assert set(rec["param_dtypes"].values()) == {"Float32"}
    assert sorted(rec["param_dtypes"]) == sorted(ref["param_dtypes"])
    if "wrapped" in ref and level != "O1":  # O1: MindSpore rewrites classes (<Name>Opt); ms_compat keeps them
        assert rec["wrapped"] == ref["wrapped"]
    if level in ("O2", "O3"):
        assert type(out_net).__name__ == ref["returned_class"] == "_OutputTo32"
    else:
        assert out_net is net
    np.testing.assert_allclose(out.float().numpy(), exp_out, rtol=0, atol=tol)
    # the low-precision result really differs from float32 where MindSpore's does
    if level != "O0":
        assert not np.array_equal(out.float().numpy(), ARR["out_fp32"])


@pytest.mark.parametrize("level", ["O2", "O3"])
def test_train_mode_batchnorm_statistics(level):
    ref = REF[f"{level}_float16_train"]
    net, out_net, out, rec = run_level(level, "float16", train=True)
    assert rec["layers"] == ref["layers"]
    np.testing.assert_allclose(out.float().numpy(), ARR[f"{level}_float16_train_out"], atol=3e-3)
    bn = find_cell(out_net, "bn")
    assert bn.moving_mean.dtype == torch.float32
    np.testing.assert_allclose(bn.moving_mean.detach().numpy(), ARR[f"{level}_float16_train_moving_mean"], atol=1e-3)
    np.testing.assert_allclose(bn.moving_variance.detach().numpy(), ARR[f"{level}_float16_train_moving_variance"],
                               atol=2e-3)


@pytest.mark.parametrize("level", ["O2", "O3"])
def test_gradients_are_float32(level):
    net, out_net, out, rec = run_level(level, "float16")
    loss = (out_net(Tensor(ARR["x"])) ** 2).sum()
    grads = torch.autograd.grad(loss, out_net.trainable_params())
    assert [dtype_str(g.dtype) for g in grads] == REF[f"{level}_float16"]["grad_dtypes"]


def test_lists_match_mindspore():
    assert [c.__name__ for c in amp.get_black_list()] == REF["black_list"]
    names = [c.__name__ for c in amp.get_white_list()]
    assert names == [n for n in REF["white_list"] if n in names]
    for n in ("Conv1d", "Conv2d", "Conv3d", "Dense", "Conv2dTranspose"):
        assert n in names


def test_param_names_unchanged_by_wrappers():
    for level in ("O1", "O2", "O3", "auto"):
        net = make_net()
        names = [p.name for p in net.get_parameters()]
        out_net = amp.auto_mixed_precision(net, level)
        assert [p.name for p in out_net.get_parameters()] == names


API = load_ref_json("amp", "api")


def _err(key, fn, prefix_only=False):
    etype, msg = API["amp_errors"][key]
    with pytest.raises(Exception) as e:
        fn()
    assert type(e.value).__name__ == etype
    if prefix_only:
        assert str(e.value).startswith(msg.split(", but got")[0])
    else:
        assert str(e.value) == msg


def test_amp_errors():
    _err("level_O4", lambda: amp.auto_mixed_precision(make_net(), "O4"))
    _err("dtype_fp32", lambda: amp.auto_mixed_precision(make_net(), "O2", ms.float32))
    _err("not_cell_O2", lambda: amp.auto_mixed_precision(lambda x: x, "O2"))
    _err("custom_both", lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense], black_list=[nn.Dense]))
    _err("custom_none", lambda: amp.custom_mixed_precision(make_net()))
    _err("custom_not_list", lambda: amp.custom_mixed_precision(make_net(), white_list=(nn.Dense,)))
    _err("custom_not_class", lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense(2, 2)]),
         prefix_only=True)
    _err("custom_black_not_cell", lambda: amp.custom_mixed_precision(make_net(), black_list=[int]))
    _err("custom_not_cell", lambda: amp.custom_mixed_precision(lambda x: x, white_list=[nn.Dense]))
    _err("custom_dtype", lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense], dtype=ms.float32))


def test_custom_white_list_equals_o1_and_black_list_equals_o2():
    x = Tensor(ARR["x"])
    o1 = amp.custom_mixed_precision(make_net(), white_list=amp.get_white_list())
    np.testing.assert_allclose(o1(x).numpy(), ARR["O1_float16_out"], atol=3e-3)
    o2 = amp.custom_mixed_precision(make_net(), black_list=amp.get_black_list())
    assert type(o2).__name__ == "_OutputTo32"
    np.testing.assert_allclose(o2(x).numpy(), ARR["O2_float16_out"], atol=3e-3)
    with pytest.warns(UserWarning, match="removed from internal black list"):
        amp.custom_mixed_precision(make_net(), black_list=[nn.BatchNorm2d])


def test_user_to_float_cells_are_kept_by_o1():
    net = make_net()
    net.dense.to_float(ms.float32)
    seen = {}
    net.dense.register_forward_hook(lambda c, i, o: seen.update(out=o.dtype))
    amp.auto_mixed_precision(net, "O1")(Tensor(ARR["x"]))
    assert seen["out"] == torch.float32


def test_auto_level_on_a_function():
    w = torch.randn(4, 3)

    def f(x):
        return torch.matmul(x, w), torch.softmax(x.half(), -1)
    g = amp.auto_mixed_precision(f, "auto")
    a, b = g(torch.randn(2, 4))
    assert a.dtype == torch.float16 and b.dtype == torch.float32
    with pytest.raises(TypeError, match="for amp_level 'auto'|For amp_level 'auto'"):
        amp.auto_mixed_precision(3, "auto")


@pytest.mark.cuda
@pytest.mark.parametrize("dn", ["float16", "bfloat16"])
def test_o2_on_cuda(dn):
    net = make_net().to("cuda")
    out_net = amp.auto_mixed_precision(net, "O2", DT[dn])
    out = out_net(Tensor(ARR["x"]).to("cuda"))
    assert out.dtype == torch.float32 and out.is_cuda
    np.testing.assert_allclose(out.cpu().numpy(), ARR["O2_float16_out"], atol=TOL[dn])


def test_o1_casts_white_list_primitive_attributes():
    from ms_compat import Parameter, ops

    class PrimNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ops.MatMul()
            self.w = Parameter(Tensor(np.array([[0.3, -0.2], [0.7, 0.11], [-0.5, 0.9]], np.float32)), name="w")

        def construct(self, x):
            y = self.matmul(x, self.w)
            z = torch.exp(y)
            self.log = {"y": dtype_str(y.dtype), "z": dtype_str(z.dtype)}
            return z
    ref = load_ref_json("amp", "o1_primitive")
    arr = load_ref_npz("amp", "o1_primitive")
    net = amp.auto_mixed_precision(PrimNet(), "O1")
    out = net(Tensor(arr["x"]))
    assert dict(net.log, out=dtype_str(out.dtype)) == ref
    np.testing.assert_allclose(out.numpy(), arr["out"], rtol=1e-6)   # fp16 matmul, same rounding as MindSpore
    assert not np.array_equal(out.numpy(), arr["out32"])


@pytest.mark.parametrize("level", ["O1", "O2", "O3", "auto"])
def test_converted_networks_deepcopy_and_pickle(level):
    import copy
    import io
    net = amp.auto_mixed_precision(make_net(), level)
    x = Tensor(ARR["x"])
    ref = net(x)
    buf = io.BytesIO()
    torch.save(net, buf)
    buf.seek(0)
    for other in (copy.deepcopy(net), torch.load(buf, weights_only=False)):
        out = other(x)
        assert out.dtype == ref.dtype
        torch.testing.assert_close(out, ref)


def test_o2_network_compiles_fullgraph():
    net = amp.auto_mixed_precision(make_net(), "O2", ms.bfloat16)
    x = Tensor(ARR["x"])
    ref = net(x)
    out = torch.compile(net, fullgraph=True)(x)
    assert out.dtype == torch.float32
    # inductor keeps fused bf16 intermediates in float32, so compiled and eager differ by bf16 rounding
    torch.testing.assert_close(out, ref, atol=TOL["bfloat16"], rtol=0)
    np.testing.assert_allclose(out.numpy(), ARR["O2_float16_out"], atol=TOL["bfloat16"])


def test_reapplying_a_level_warns_and_records_amp_level():
    net = amp.auto_mixed_precision(make_net(), "O3")
    assert net.__dict__["_amp_level"] == "O3"
    with pytest.warns(UserWarning, match="adjusted from O3 to O2"):
        amp.auto_mixed_precision(net, "O2")
