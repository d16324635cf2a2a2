"""mindspore.load + nn.GraphCell on MindIR files real MindSpore 2.10 exported (tools/reference/gen_mindir.py):
ms_compat's GraphCell output equals MindSpore's GraphCell output; bad files fail as MindSpore's do."""
import json
import pathlib
import shutil

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat.porting._missing import MissingAPIError

DATA = pathlib.Path(__file__).resolve().parent.parent / "reference_data" / "mindir"
NETS = json.loads((DATA / "nets.json").read_text())


def _run(name, graph_cell=None):
    ref = np.load(DATA / f"{name}.npz")
    cell = graph_cell or ms.nn.GraphCell(ms.load(str(DATA / f"{name}.mindir")))
    inputs = [ms.Tensor(ref[f"input{i}"]) for i in range(sum(k.startswith("input") for k in ref.files))]
    out = cell(*inputs)
    return ref, (out if isinstance(out, tuple) else (out,))


@pytest.mark.parametrize("name", sorted(NETS))
def test_graph_cell_matches_mindspore(name):
    ref, outs = _run(name)
    assert isinstance(outs, tuple) and len(outs) == NETS[name]["n_outputs"]
    for i, o in enumerate(outs):
        assert isinstance(o, ms.Tensor)
        np.testing.assert_allclose(o.asnumpy(), ref[f"output{i}"], rtol=1e-4, atol=1e-5, err_msg=f"{name} out{i}")


def test_graph_cell_is_a_cell_with_the_networks_parameter_names():
    cell = ms.nn.GraphCell(ms.load(str(DATA / "lenet.mindir")))
    assert isinstance(cell, ms.nn.Cell) and isinstance(cell, torch.nn.Module)
    names = [n for n, _ in cell.parameters_and_names()]
    assert names == ["conv1.weight", "conv2.weight", "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias",
                     "fc3.weight", "fc3.bias"]
    assert list(cell.state_dict()) == names
    assert all(isinstance(p, ms.Parameter) and p.name == n for n, p in cell.parameters_and_names())


def test_params_init_replaces_weights():
    graph = ms.load(str(DATA / "lenet.mindir"))
    zero = {"fc3.weight": ms.Tensor(np.zeros((10, 16), np.float32)), "fc3.bias": ms.Tensor(np.zeros(10, np.float32))}
    _, (out,) = _run("lenet", ms.nn.GraphCell(graph, params_init=zero))
    np.testing.assert_allclose(out.asnumpy(), np.full((2, 10), 0.1, np.float32), rtol=1e-6)
    with pytest.raises(ValueError, match="fc3.bias"):
        ms.nn.GraphCell(graph, params_init={"fc3.bias": ms.Tensor(np.zeros(3, np.float32))})


def test_graph_cell_compiles_with_torch_compile():
    ref, _ = _run("resblock")
    cell = ms.nn.GraphCell(ms.load(str(DATA / "resblock.mindir")))
    compiled = torch.compile(cell, backend="eager", fullgraph=True)
    out = compiled(ms.Tensor(ref["input0"]))
    np.testing.assert_allclose(np.asarray(out.detach()), ref["output0"], rtol=1e-4, atol=1e-5)


def test_graph_cell_is_trainable():
    cell = ms.nn.GraphCell(ms.load(str(DATA / "lenet.mindir")))
    ref = np.load(DATA / "lenet.npz")
    loss = cell(ms.Tensor(ref["input0"])).max()
    loss.backward()
    assert cell.fc3.bias.grad is not None and float(cell.fc3.bias.grad.abs().sum()) > 0


def test_unknown_primitive_fails_at_load_naming_it(tmp_path):
    from ms_compat.train.mindir import schema
    model = schema.ModelProto()
    model.ParseFromString((DATA / "lenet.mindir").read_bytes())
    for p in model.primitives:
        if p.op_type == "Flatten":
            p.op_type = "NoSuchOpInMindSpore"
    bad = tmp_path / "unknown.mindir"
    bad.write_bytes(model.SerializeToString())
    graph = ms.load(str(bad))  # reading works; building the cell names the primitive, before any run
    with pytest.raises(MissingAPIError, match="NoSuchOpInMindSpore") as e:
        ms.nn.GraphCell(graph)
    assert "unknown.mindir" in str(e.value)


@pytest.mark.parametrize("content, error, message", [
    (b"", RuntimeError, "not a MindIR file"),
    (b"hello\n", RuntimeError, "not a MindIR file"),
    (bytes(range(256)) * 4, RuntimeError, "not a MindIR file"),
])
def test_bad_files_fail_as_mindspore(tmp_path, content, error, message):
    f = tmp_path / "bad.mindir"
    f.write_bytes(content)
    with pytest.raises(error, match=message) as e:
        ms.load(str(f))
    assert "bad.mindir" in str(e.value) and type(e.value).__name__ == "RuntimeError"


def test_file_name_checks_as_mindspore(tmp_path):
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(str(DATA / "lenet"))
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "absent.mindir"))


def test_tensor_data_not_matching_its_shape_is_refused(tmp_path):
    from ms_compat.train.mindir import schema
    model = schema.ModelProto()
    model.ParseFromString((DATA / "lenet.mindir").read_bytes())
    model.graph.parameter[0].dims[0] = 10 ** 12  # a hostile shape: refused before any allocation
    bad = tmp_path / "shape.mindir"
    bad.write_bytes(model.SerializeToString())
    with pytest.raises(RuntimeError, match="conv1.weight"):
        ms.load(str(bad))


def test_external_data_is_read_and_bounded(tmp_path):
    from ms_compat.train.mindir import schema
    model = schema.ModelProto()
    model.ParseFromString((DATA / "lenet.mindir").read_bytes())
    blob = bytearray()
    for p in model.graph.parameter:  # move every parameter to an external file, as MindSpore does for big models
        p.external_data.location = "lenet_variables/data_0"
        p.external_data.offset, p.external_data.length = len(blob), len(p.raw_data)
        blob += p.raw_data
        p.ClearField("raw_data")
    (tmp_path / "lenet_variables").mkdir()
    (tmp_path / "lenet_variables" / "data_0").write_bytes(bytes(blob))
    (tmp_path / "lenet.mindir").write_bytes(model.SerializeToString())
    shutil.copy(DATA / "lenet.npz", tmp_path / "lenet.npz")
    ref, (out,) = _run("lenet", ms.nn.GraphCell(ms.load(str(tmp_path / "lenet.mindir"))))
    np.testing.assert_allclose(out.asnumpy(), ref["output0"], rtol=1e-4, atol=1e-5)
    (tmp_path / "lenet_variables" / "data_0").write_bytes(bytes(blob[:-4]))  # truncated
    with pytest.raises(RuntimeError, match="fc3.bias|external data"):
        ms.load(str(tmp_path / "lenet.mindir"))


def test_primitive_argument_table_matches_mindspore_kernels():
    from ms_compat.train.mindir._primitive_args import PRIMITIVE_ARGS
    assert PRIMITIVE_ARGS["MatMul"]["args"] == [("input", "call"), ("mat2", "call"), ("transpose_a", "init"),
                                                ("transpose_b", "init")]
    assert PRIMITIVE_ARGS["BiasAdd"]["values"]["data_format"][0] == "NCHW"
    assert len(PRIMITIVE_ARGS) > 500


def test_cli_converts_mindir_parameters_to_safetensors(tmp_path):
    from safetensors.numpy import load_file
    from ms_compat.train.convert import main
    assert main([str(DATA / "resblock.mindir"), str(tmp_path / "w.safetensors"), "--quiet"]) == 0
    weights = load_file(str(tmp_path / "w.safetensors"))
    cell = ms.nn.GraphCell(ms.load(str(DATA / "resblock.mindir")))
    assert sorted(weights) == sorted(n for n, _ in cell.parameters_and_names())
    for n, p in cell.parameters_and_names():
        np.testing.assert_array_equal(weights[n], p.asnumpy())
    assert main([str(DATA / "resblock.mindir"), str(tmp_path / "back.mindir"), "--quiet"]) == 1


def test_load_mindir_and_save_mindir_round_trip(tmp_path):
    model = ms.load_mindir(str(DATA / "lenet.mindir"))
    assert model.producer_name == "MindSpore" and model.graph.parameter[0].ref_key == "conv1.weight"
    model.user_info["note"] = "edited"
    ms.save_mindir(model, str(tmp_path / "edited"))
    again = ms.load_mindir(str(tmp_path / "edited.mindir"))
    assert again.user_info["note"] == "edited"
    ref, (out,) = _run("lenet", ms.nn.GraphCell(ms.load(str(tmp_path / "edited.mindir"))))
    np.testing.assert_allclose(out.asnumpy(), ref["output0"], rtol=1e-4, atol=1e-5)


def test_public_names_are_provided():
    import ms_compat.train as train
    from ms_compat.porting import _api_names
    assert ms.train.load is ms.load and train.export is ms.export
    for name in ("export", "load", "load_mindir", "save_mindir", "GraphCell"):
        assert _api_names.will_not_reason(name) is None
