"""mindspore.export(..., file_format="MINDIR"): ms_compat writes MindIR files that real MindSpore 2.10 loads and
runs with the same outputs. tools/reference/gen_mindir.py had ms_compat write the files of
tests/reference_data/mindir/ms_compat_written/ and stored what MindSpore's GraphCell computed on them; here the writer
must still write those bytes, and MindSpore's outputs must equal the networks' outputs in ms_compat."""
import json
import pathlib
import sys

import numpy as np
import pytest

import ms_compat as ms
from ms_compat.porting._missing import MissingAPIError

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
VERIFIED = ROOT / "tests" / "reference_data" / "mindir" / "ms_compat_written"
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import mindir_nets  # noqa: E402

NETS = mindir_nets.build(ms)
NAMES = sorted(json.loads((VERIFIED / "verified.json").read_text()))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """name -> the MindIR file ms_compat writes now for that network (each exported once: torch.export is slow)."""
    d, cache = tmp_path_factory.mktemp("written"), {}

    def get(name):
        if name not in cache:
            net, inputs = NETS[name]
            ms.export(net, *inputs, file_name=str(d / name), file_format="MINDIR")
            cache[name] = d / f"{name}.mindir"
        return cache[name]
    return get


@pytest.mark.parametrize("name", NAMES)
def test_writer_writes_the_files_mindspore_verified(name, written):
    assert written(name).read_bytes() == (VERIFIED / f"{name}.mindir").read_bytes(), (
        "the MindIR writer's output changed: rerun tools/make_references.py gen_mindir so that real MindSpore "
        "checks the new files")


@pytest.mark.parametrize("name", NAMES)
def test_mindspore_ran_ms_compat_files_with_ms_compats_outputs(name):
    net, inputs = NETS[name]
    ref = np.load(VERIFIED / f"{name}.npz")
    out = net(*inputs)
    outs = out if isinstance(out, tuple) else (out,)
    for i, o in enumerate(outs):
        np.testing.assert_allclose(ref[f"output{i}"], o.asnumpy(), rtol=1e-4, atol=1e-5, err_msg=f"{name} out{i}")


@pytest.mark.parametrize("name", NAMES)
def test_ms_compat_reads_back_what_it_wrote(name, written):
    net, inputs = NETS[name]
    cell = ms.nn.GraphCell(ms.load(str(written(name))))
    out = cell(*inputs)
    ref = net(*inputs)
    for o, r in zip(out if isinstance(out, tuple) else (out,), ref if isinstance(ref, tuple) else (ref,)):
        np.testing.assert_allclose(o.asnumpy(), r.asnumpy(), rtol=1e-5, atol=1e-6)
    assert [n for n, _ in cell.parameters_and_names()] == [p.name for p in net.get_parameters()]


class _ParameterMethods(ms.nn.Cell):
    """Tensor methods called on Parameters whose MindSpore meaning differs from PyTorch's (BiT's weight
    standardisation: ``self.weight.var((1, 2, 3), keepdims=True)``, ddof=0)."""

    def __init__(self):
        super().__init__()
        self.weight = ms.Parameter(ms.Tensor(np.random.RandomState(0).randn(4, 3, 2, 2).astype(np.float32)))

    def construct(self, x):
        w = self.weight
        var = w.var((1, 2, 3), keepdims=True)
        mean = w.mean((1, 2, 3), keep_dims=True)
        std = w.std(axis=(1, 2, 3), keepdims=True)
        s = w.sum(axis=(1, 2, 3), keepdims=True)
        std_all = w.std()
        return x * ((w - mean) / ms.ops.sqrt(var + 1e-5)).expand_dims(0).sum() + s.sum() + std.sum() + std_all


def test_parameter_methods_keep_mindspores_meaning_in_the_file(tmp_path):
    """torch.export's trace keeps a Parameter a MindSpore Tensor (it registered it as a plain torch.Tensor, which
    wrote PyTorch's unbiased variance and had no ``expand_dims``): the file computes the eager outputs."""
    net, x = _ParameterMethods(), ms.Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    ms.export(net, x, file_name=str(tmp_path / "p"), file_format="MINDIR")
    back = ms.nn.GraphCell(ms.load(str(tmp_path / "p.mindir")))(x)
    w = net.weight.asnumpy().astype(np.float64).reshape(4, -1)
    ddof0 = w.std(axis=1).sum() + w.sum() + w.std()
    np.testing.assert_allclose(net(x).asnumpy(), x.asnumpy() * 0 + ddof0 + x.asnumpy() *
                               ((w - w.mean(1, keepdims=True)) / np.sqrt(w.var(1, keepdims=True) + 1e-5)).sum(),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(back.asnumpy(), net(x).asnumpy(), rtol=1e-6, atol=1e-6)


class _NumpyScale(ms.nn.Cell):
    """The GPT's attention scaling: a NumPy float64 scalar times float32 scores, then a matmul."""

    def __init__(self):
        super().__init__()
        self.d = 4

    def construct(self, q, v):
        att = ms.ops.matmul(q, q.swapaxes(-1, -2))
        att = att * (1.0 / np.sqrt(self.d))
        return ms.ops.matmul(att, v)


def test_numpy_scalar_keeps_the_tensor_dtype_eager_compiled_and_in_the_file(tmp_path):
    """MindSpore: a NumPy scalar acts as a Python scalar (float32 stays float32); torch.export's trace took NumPy's
    promotion (float64) and failed at the next matmul."""
    import torch
    net = _NumpyScale()
    q = ms.Tensor(np.linspace(-1, 1, 24, dtype=np.float32).reshape(2, 3, 4))
    v = ms.Tensor(np.linspace(0, 2, 24, dtype=np.float32).reshape(2, 3, 4))
    eager = net(q, v)
    assert eager.dtype == ms.float32
    compiled = torch.compile(net, fullgraph=True, backend="eager")(q, v)
    assert compiled.dtype == torch.float32
    np.testing.assert_allclose(compiled.asnumpy(), eager.asnumpy(), rtol=1e-6)
    ms.export(net, q, v, file_name=str(tmp_path / "g"), file_format="MINDIR")
    back = ms.nn.GraphCell(ms.load(str(tmp_path / "g.mindir")))(q, v)
    assert back.dtype == ms.float32
    np.testing.assert_allclose(back.asnumpy(), eager.asnumpy(), rtol=1e-6, atol=1e-6)


def test_untranslatable_operator_fails_naming_it(tmp_path):
    class Sorts(ms.nn.Cell):
        def construct(self, x):
            return ms.ops.sort(x)[0]

    with pytest.raises(MissingAPIError, match="aten.sort"):
        ms.export(Sorts(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "s"),
                  file_format="MINDIR")


def test_mindir_encryption_mode_is_checked(tmp_path):  # encryption itself: tests/train/test_mindir_encryption.py
    net, inputs = NETS["lenet"]
    with pytest.raises(ValueError, match="MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got XOR"):
        ms.export(net, *inputs, file_name=str(tmp_path / "a"), file_format="MINDIR", enc_key=b"0" * 16,
                  enc_mode="XOR")


def test_dataset_input_form_gives_the_image_columns_shape(tmp_path):
    import ms_compat.dataset as ds
    data = ds.NumpySlicesDataset({"image": np.ones((4, 1, 28, 28), np.float32), "label": np.zeros(4, np.int32)},
                                 shuffle=False).batch(2)
    net = ms.nn.SequentialCell(ms.nn.Flatten(), ms.nn.Dense(784, 3))
    ms.export(net, data, file_name=str(tmp_path / "ds"), file_format="MINDIR")
    graph = ms.load(str(tmp_path / "ds.mindir"))
    assert [tuple(d) for d, _ in graph.input_shapes] == [(2, 1, 28, 28)]
    with pytest.raises(RuntimeError, match="one dataset"):
        ms.export(net, data, data, file_name=str(tmp_path / "ds2"), file_format="MINDIR")
