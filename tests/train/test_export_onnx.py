"""mindspore.export(..., file_format="ONNX") through torch.onnx: the file runs in onnxruntime with the outputs
real MindSpore 2.10 computes for the same network (tests/reference_data/mindir, tools/reference/gen_mindir.py)."""
import pathlib
import sys

import numpy as np
import pytest

import ms_compat as ms

ort = pytest.importorskip("onnxruntime")  # the test extra installs it

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "reference_data" / "mindir"
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import mindir_nets  # noqa: E402

NETS = mindir_nets.build(ms)


def _run_onnx(path, inputs):
    sess = ort.InferenceSession(str(path))
    return sess.run(None, {i.name: x.asnumpy() for i, x in zip(sess.get_inputs(), inputs)})


@pytest.mark.parametrize("name", sorted(NETS))
def test_onnx_export_runs_in_onnxruntime_with_mindspores_outputs(name, tmp_path):
    net, inputs = NETS[name]
    ref = np.load(DATA / f"{name}.npz")
    ms.export(net, *inputs, file_name=str(tmp_path / name), file_format="ONNX")
    path = tmp_path / f"{name}.onnx"  # MindSpore appends the suffix
    assert path.is_file()
    outs = _run_onnx(path, inputs)
    assert len(outs) == sum(k.startswith("eager") for k in ref.files)
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o, ref[f"eager{i}"], rtol=1e-4, atol=1e-5, err_msg=f"{name} out{i}")
    assert net.training is False  # restored as it was


def test_graph_cell_of_a_mindspore_file_exports_to_onnx(tmp_path):
    cell = ms.nn.GraphCell(ms.load(str(DATA / "resblock.mindir")))
    ref = np.load(DATA / "resblock.npz")
    x = ms.Tensor(ref["input0"])
    cell.set_train(True)
    ms.export(cell, x, file_name=str(tmp_path / "rb.onnx"), file_format="ONNX")
    assert cell.training  # export switches to inference and back, as MindSpore's
    (out,) = _run_onnx(tmp_path / "rb.onnx", [x])
    np.testing.assert_allclose(out, ref["output0"], rtol=1e-4, atol=1e-5)


def test_export_arguments_as_mindspore(tmp_path):
    net, inputs = NETS["lenet"]
    with pytest.raises(ValueError, match=r"'file_format' must be one of \['AIR', 'ONNX', 'MINDIR'\], but got onnx"):
        ms.export(net, *inputs, file_name=str(tmp_path / "a"), file_format="onnx")
    with pytest.raises(ValueError, match="AIR"):
        ms.export(net, *inputs, file_name=str(tmp_path / "a"), file_format="AIR")
    with pytest.raises(ValueError, match="AIR/ONNX only support customized encryption, but got AES-GCM"):
        ms.export(net, *inputs, file_name=str(tmp_path / "a"), file_format="ONNX", enc_key=b"0" * 16)
    with pytest.raises(NotImplementedError, match="obfuscation"):
        ms.export(net, *inputs, file_name=str(tmp_path / "a"), file_format="ONNX", obf_func=None)
    with pytest.raises(ValueError, match="only support nn.Cell"):
        ms.export(lambda x: x, *inputs, file_name=str(tmp_path / "a"), file_format="ONNX")


def test_onnx_customized_encryption_calls_enc_mode(tmp_path):
    net, inputs = NETS["lenet"]
    ms.export(net, *inputs, file_name=str(tmp_path / "plain"), file_format="ONNX")
    ms.export(net, *inputs, file_name=str(tmp_path / "enc"), file_format="ONNX", enc_key=b"k",
              enc_mode=lambda data, key: key + bytes(b ^ 0x5A for b in data))
    plain, enc = (tmp_path / "plain.onnx").read_bytes(), (tmp_path / "enc.onnx").read_bytes()
    assert enc[:1] == b"k" and bytes(b ^ 0x5A for b in enc[1:]) == plain


def test_cli_converts_a_mindspore_mindir_file_to_onnx(tmp_path):
    from ms_compat.train.convert import main
    assert main([str(DATA / "lenet.mindir"), str(tmp_path / "lenet.onnx"), "--quiet"]) == 0
    ref = np.load(DATA / "lenet.npz")
    (out,) = _run_onnx(tmp_path / "lenet.onnx", [ms.Tensor(ref["input0"])])
    np.testing.assert_allclose(out, ref["output0"], rtol=1e-4, atol=1e-5)
