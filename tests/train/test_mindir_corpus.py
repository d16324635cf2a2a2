"""The model corpus (tests/models) exported to MindIR by real MindSpore 2.10 runs in ms_compat's GraphCell with
MindSpore's GraphCell outputs (corpus tolerances). The MindIR files are MBs, so they are not stored:
`tools/make_references.py gen_mindir` writes them to tmp/mindir_corpus/ (and the outputs MindSpore's GraphCell gives
to tests/reference_data/mindir/corpus.npz); each case is skipped when its file is absent."""
import importlib
import json
import pathlib
import sys

import numpy as np
import pytest

import ms_compat as ms
from ms_compat.porting._missing import MissingAPIError

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "reference_data" / "mindir"
FILES = ROOT / "tmp" / "mindir_corpus"
SUMMARY = json.loads((DATA / "corpus.json").read_text())
NOT_READ = {}  # model -> primitive ms_compat's GraphCell does not run yet


@pytest.fixture(scope="module")
def corpus():
    ms.install()  # the corpus models import mindspore
    sys.path.insert(0, str(ROOT / "tests"))
    from models import corpus
    return corpus


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_corpus_mindir_runs_with_mindspores_outputs(name, corpus):
    path = FILES / f"{name}.mindir"
    if not path.is_file():
        pytest.skip(f"{path} not generated (tools/make_references.py gen_mindir)")
    _, specs = importlib.import_module(f"models.{name}").build()
    inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
    graph = ms.load(str(path))
    if name in NOT_READ:
        with pytest.raises(MissingAPIError, match=NOT_READ[name]):
            ms.nn.GraphCell(graph)
        return
    out = ms.nn.GraphCell(graph)(*inputs)
    outs = out if isinstance(out, tuple) else (out,)
    ref = np.load(DATA / "corpus.npz")
    assert len(outs) == SUMMARY[name]["n_outputs"]
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.asnumpy(), ref[f"{name}/out{i}"], rtol=1e-4, atol=1e-5, err_msg=f"{name} out{i}")


WRITTEN = json.loads((DATA / "corpus_ms_compat_written.json").read_text())


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_corpus_models_ms_compat_writes_run_in_mindspore(name, corpus, tmp_path):
    """What the writer does with each corpus model is what gen_mindir.py recorded: for the models it writes, the
    same bytes (sha256) that real MindSpore loaded and ran with ms_compat's outputs, and ms_compat's own reader
    runs the file with those outputs too; for the others, the same error (what it cannot translate yet)."""
    import hashlib
    net, specs = importlib.import_module(f"models.{name}").build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    net.set_train(False)
    inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
    expected = WRITTEN[name]
    if "error" in expected:
        with pytest.raises(Exception) as e:
            ms.export(net, *inputs, file_name=str(tmp_path / name), file_format="MINDIR")
        assert type(e.value).__name__ == expected["error"] and str(e.value).splitlines()[0] == expected["message"]
        return
    ms.export(net, *inputs, file_name=str(tmp_path / name), file_format="MINDIR")
    assert hashlib.sha256((tmp_path / f"{name}.mindir").read_bytes()).hexdigest() == expected["sha256"], (
        "the writer's output changed: rerun tools/make_references.py gen_mindir so that MindSpore checks it")
    out = net(*inputs)
    ref = np.load(DATA / "corpus_ms_compat_written.npz")
    for i, o in enumerate(out if isinstance(out, tuple) else (out,)):
        np.testing.assert_allclose(ref[f"{name}/out{i}"], o.asnumpy(), rtol=1e-4, atol=1e-5, err_msg=f"{name} out{i}")
    if name in NOT_READ:
        return
    back = ms.nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))(*inputs)
    for i, o in enumerate(back if isinstance(back, tuple) else (back,)):
        np.testing.assert_allclose(o.asnumpy(), ref[f"{name}/out{i}"], rtol=1e-4, atol=1e-5, err_msg=f"{name} read back")


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_corpus_models_export_to_onnx_with_mindspores_outputs(name, corpus, tmp_path):
    """``mindspore.export(..., file_format="ONNX")`` of each corpus model (weights as above) runs in onnxruntime
    with the outputs real MindSpore 2.10 computed for the same model (corpus_ms_compat_written.npz)."""
    ort = pytest.importorskip("onnxruntime")  # the test extra installs it
    if "error" in WRITTEN[name]:
        pytest.skip(f"{name}: not exported ({WRITTEN[name]['error']})")
    net, specs = importlib.import_module(f"models.{name}").build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    net.set_train(False)
    inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
    ms.export(net, *inputs, file_name=str(tmp_path / name), file_format="ONNX")
    sess = ort.InferenceSession(str(tmp_path / f"{name}.onnx"))
    outs = sess.run(None, {i.name: x.asnumpy() for i, x in zip(sess.get_inputs(), inputs)})
    ref = np.load(DATA / "corpus_ms_compat_written.npz")
    assert len(outs) == sum(k.startswith(f"{name}/out") for k in ref.files)
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o, ref[f"{name}/out{i}"], rtol=1e-4, atol=1e-5, err_msg=f"{name} onnx out{i}")
