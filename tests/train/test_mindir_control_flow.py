"""MindIR files with sub-graphs (control flow on tensors, cells kept as functions) that real MindSpore 2.10 exported
(tools/reference/gen_mindir_control.py: if/else, while, a loop with a branch inside, a loop with break, a nested cell
with an if, a @lazy_inline cell): ms_compat's GraphCell gives MindSpore's GraphCell outputs on every branch,
runs long loops without deep recursion, and is trainable through them."""
import json
import pathlib

import numpy as np
import pytest
import torch  # this module is PyTorch code: its GraphCell calls record autograd graphs (common/grad_scope.py)

import ms_compat as ms

DATA = pathlib.Path(__file__).resolve().parent.parent / "reference_data" / "mindir" / "control"
NETS = json.loads((DATA / "nets.json").read_text())
CASES = [(name, k) for name in sorted(NETS) for k in range(NETS[name]["sets"])]


def _cell(name):
    return ms.nn.GraphCell(ms.load(str(DATA / f"{name}.mindir")))


@pytest.mark.parametrize("name, k", CASES)
def test_control_flow_graph_matches_mindspore(name, k):
    ref = np.load(DATA / f"{name}.npz")
    graph = ms.load(str(DATA / f"{name}.mindir"))
    assert len(graph.functions) == NETS[name]["functions"] > 0
    inputs = [ms.Tensor(ref[f"set{k}/input{i}"]) for i in range(sum(f.startswith(f"set{k}/input") for f in ref.files))]
    out = ms.nn.GraphCell(graph)(*inputs)
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == NETS[name]["n_outputs"]
    for i, o in enumerate(outs):
        assert isinstance(o, ms.Tensor) and o.asnumpy().dtype == ref[f"set{k}/output{i}"].dtype
        np.testing.assert_allclose(o.asnumpy(), ref[f"set{k}/output{i}"], rtol=1e-4, atol=1e-5,
                                   err_msg=f"{name} set{k} out{i}")


def test_while_loop_runs_many_trips_without_recursion():
    cell = _cell("while_loop")
    w = cell.w.asnumpy()
    x = np.arange(3, dtype=np.float32)
    expected = x.copy()
    for _ in range(5000):  # far past Python's recursion limit if each trip were a nested call
        expected = expected * w + np.float32(1)
    out = cell(ms.Tensor(x), ms.Tensor(5000, ms.int32))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)


def test_branches_are_trainable_and_keep_the_networks_parameter_names():
    cell = _cell("nested")
    assert sorted(n for n, _ in cell.parameters_and_names()) == ["inner.dense.bias", "inner.dense.weight",
                                                                 "out.bias", "out.weight"]
    ref = np.load(DATA / "nested.npz")
    out, _ = cell(ms.Tensor(ref["set1/input0"]))  # x.max() > 1: the branch that runs inner.dense
    torch.sum(out).backward()
    assert float(cell.inner.dense.weight.grad.abs().sum()) > 0 and float(cell.out.weight.grad.abs().sum()) > 0


def test_lazy_inline_cell_is_one_graph_called_per_instance():
    graph = ms.load(str(DATA / "lazy_inline.mindir"))
    calls = [n for n in graph.nodes if n.op_type == "$call_graph"]
    assert len(calls) == 2 and len(graph.functions) == 1
    assert repr(ms.nn.GraphCell(graph)).count("sub-graphs=1") == 1


def test_call_of_an_undefined_graph_fails_naming_it(tmp_path):
    from ms_compat.train.mindir import schema
    model = schema.ModelProto()
    model.ParseFromString((DATA / "if_else.mindir").read_bytes())
    partial = next(n for n in model.graph.node if n.input and n.input[0] == model.functions[0].name)
    partial.input[0] = "no_such_graph"
    bad = tmp_path / "bad_call.mindir"
    bad.write_bytes(model.SerializeToString())
    with pytest.raises(RuntimeError, match="no_such_graph") as e:
        ms.load(str(bad))
    assert "bad_call.mindir" in str(e.value)


def test_onnx_conversion_refuses_tensor_branches_and_keeps_function_calls(tmp_path, capsys):
    from ms_compat.train.convert import main
    assert main([str(DATA / "if_else.mindir"), str(tmp_path / "if_else.onnx"), "--quiet"]) != 0
    assert "branches on tensor values" in capsys.readouterr().err
    assert not (tmp_path / "if_else.onnx").exists()
    pytest.importorskip("onnx")
    ort = pytest.importorskip("onnxruntime")
    assert main([str(DATA / "lazy_inline.mindir"), str(tmp_path / "lazy.onnx"), "--quiet"]) == 0
    ref = np.load(DATA / "lazy_inline.npz")
    sess = ort.InferenceSession(str(tmp_path / "lazy.onnx"))
    out = sess.run(None, {sess.get_inputs()[0].name: ref["set0/input0"]})[0]
    np.testing.assert_allclose(out, ref["set0/output0"], rtol=1e-4, atol=1e-5)


def test_torch_compile_keeps_every_branch():
    """Under torch.compile a graph with sub-graphs runs eagerly (torch.compiler.disable): each input set still takes
    its own branch, as in MindSpore."""
    ref = np.load(DATA / "if_else.npz")
    compiled = torch.compile(_cell("if_else"), backend="eager")
    for k in range(NETS["if_else"]["sets"]):
        out = compiled(ms.Tensor(ref[f"set{k}/input0"]))
        np.testing.assert_allclose(np.asarray(out.detach()), ref[f"set{k}/output0"], rtol=1e-4, atol=1e-5)


def test_endless_recursion_fails_naming_the_file(tmp_path):
    """A hostile file whose sub-graph calls itself before returning (not a loop's last call): a RuntimeError naming
    the file, not an interpreter crash or a hang."""
    from ms_compat.train.mindir import schema
    model = schema.ModelProto()
    model.ParseFromString((DATA / "lazy_inline.mindir").read_bytes())
    f = model.functions[0]
    first = f.node[0]
    loop = schema.NodeProto(op_type="REF::" + f.name, output=[f.name + ":again"], input=[i.name for i in f.input])
    f.node.insert(0, loop)
    first.input.append(f.name + ":again")  # a Load(weight, u, again): its value needs the self-call first
    bad = tmp_path / "recursive.mindir"
    bad.write_bytes(model.SerializeToString())
    cell = ms.nn.GraphCell(ms.load(str(bad)))
    with pytest.raises(RuntimeError, match="recursive.mindir.*recursion limit"):
        cell(ms.Tensor(np.ones((2, 4), np.float32)))
