"""SummaryRecord / SummaryCollector / ops.*Summary on TensorBoard event files, read back with TensorBoard's
EventAccumulator; collection schedule and image conversion checked against MindSpore 2.10 (gen_training.py)."""
import io
import pathlib
import subprocess
import sys

import numpy as np
import pytest

from conftest import load_ref_json

pytest.importorskip("tensorboard")
from PIL import Image  # noqa: E402  (a tensorboard dependency)
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import training_cases as tc  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import Tensor, ops  # noqa: E402
from ms_compat.train import SummaryCollector, SummaryRecord  # noqa: E402

REF = load_ref_json("training", "summary")


def read(d):
    ea = EventAccumulator(str(d), size_guidance={"images": 0, "scalars": 0, "histograms": 0, "tensors": 0})
    ea.Reload()
    return ea


def pixels(image_event):
    return np.asarray(Image.open(io.BytesIO(image_event.encoded_image_string)).convert("RGB"))


def test_summary_record_scalars_images_histograms_tensors_read_back(tmp_path):
    with SummaryRecord(str(tmp_path), file_suffix="_run") as rec:
        for step in (1, 2, 3):
            rec.add_value("scalar", "loss", Tensor(np.float32(1.0 / step)))
            rec.add_value("image", "batch", Tensor(tc.IMAGES["unit_float"]))
            rec.add_value("histogram", "w", Tensor(np.arange(step * 10, dtype=np.float32)))
            rec.add_value("tensor", "t", Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) * step))
            assert rec.record(step)
        path = rec.log_dir
    assert path.endswith("_run") and "tfevents" in pathlib.Path(path).name
    assert rec.record(4) is False                                   # closed, as MindSpore (error logged)
    ea = read(tmp_path)
    assert [(e.step, round(e.value, 6)) for e in ea.Scalars("loss")] == [(1, 1.0), (2, 0.5), (3, 0.333333)]
    imgs = ea.Images("batch")
    assert [e.step for e in imgs] == [1, 2, 3]
    want = REF["images"]["unit_float"]
    np.testing.assert_array_equal(pixels(imgs[0]).ravel(), want["pixels"])
    assert [e.histogram_value.num for e in ea.Histograms("w")] == [10, 20, 30]
    t = ea.Tensors("t")[-1]
    assert t.step == 3 and list(t.tensor_proto.float_val) == [0, 3, 6, 9, 12, 15]


@pytest.mark.parametrize("name", ["grey_wide", "uint8_rgb"])
def test_image_conversion_matches_mindspore(tmp_path, name):
    """NCHW batches become MindSpore's 8-column RGB grid with its uint8 scaling (grey expanded, values
    outside [0, 1] mapped linearly, uint8 input too)."""
    with SummaryRecord(str(tmp_path)) as rec:
        rec.add_value("image", name, Tensor(tc.IMAGES[name]))
        rec.record(7)
    px = pixels(read(tmp_path).Images(name)[0])
    want = REF["images"][name]
    assert list(px.shape) == want["shape"]
    np.testing.assert_array_equal(px.ravel(), want["pixels"])


def test_summary_operators_are_written_at_the_next_record(tmp_path):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.scalar = ops.ScalarSummary()
            self.image = ops.ImageSummary()
            self.hist = ops.HistogramSummary()
            self.tensor = ops.TensorSummary()

        def construct(self, x):
            self.scalar("x_sum", x.sum())
            self.image("x_img", x.reshape(1, 1, 2, 3))
            self.hist("x_hist", x)
            self.tensor("x", x)
            return x * 2

    net = Net()
    with SummaryRecord(str(tmp_path)) as rec:
        assert net(Tensor(np.arange(6, dtype=np.float32))) is not None
        rec.record(3)
        net(Tensor(np.ones(6, np.float32)))
        rec.set_mode("eval")
        rec.record(4)                     # eval mode: the primitives' values are not taken (MindSpore)
        rec.set_mode("train")
        rec.record(5)
    ea = read(tmp_path)
    assert [(e.step, e.value) for e in ea.Scalars("x_sum")] == [(3, 15.0), (5, 6.0)]
    assert [e.step for e in ea.Images("x_img")] == [3, 5]
    assert {"x_hist"} <= set(ea.Tags()["histograms"]) and "x" in ea.Tags()["tensors"]
    with SummaryRecord(str(tmp_path / "bad")) as rec:
        ops.ScalarSummary()("v", Tensor(np.ones(3, np.float32)))
        with pytest.raises(ValueError, match="ScalarSummary"):
            rec.record(1)


def test_summary_collector_schedule_matches_mindspore(tmp_path):
    tc.summary_collector(ms, str(tmp_path))
    ea = read(tmp_path)
    want = REF["collector_steps"]
    loss = ea.Scalars("loss/auto")
    assert [e.step for e in loss] == [s for s, _ in want]
    np.testing.assert_allclose([e.value for e in loss], [v["loss/auto"] for _, v in want], rtol=1e-5)
    for tag in ("weight/auto", "bias/auto"):
        assert [e.step for e in ea.Histograms(tag)] == [s for s, v in want if tag in v]


def test_add_value_errors_as_mindspore(tmp_path):
    with SummaryRecord(str(tmp_path)) as rec:
        with pytest.raises(ValueError, match="no such \"plugin\""):
            rec.add_value("audio", "a", Tensor(1.0))
        with pytest.raises(TypeError, match="expect to be Tensor"):
            rec.add_value("scalar", "a", 1.0)
        with pytest.raises(ValueError, match="type should be str"):
            rec.add_value("scalar", "", Tensor(1.0))
        with pytest.raises(ValueError, match="valid image"):
            rec.add_value("image", "i", Tensor(np.ones((2, 2), np.float32)))
        with pytest.raises(TypeError, match="step"):
            rec.record("1")
        with pytest.raises(ValueError, match="mode"):
            rec.set_mode("test")
    with pytest.raises(ValueError, match="collect_freq"):
        SummaryCollector(str(tmp_path), collect_freq=0)


def test_missing_tensorboard_names_the_extra(tmp_path):
    code = ("import sys; sys.modules['tensorboard'] = None; sys.modules['torch.utils.tensorboard'] = None\n"
            "import ms_compat as ms\n"
            "try:\n    ms.train.SummaryRecord(%r)\nexcept ImportError as e:\n    print(e)\n") % str(tmp_path)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert "ms-compat[summary]" in r.stdout, r.stderr


def test_summary_operators_keep_nothing_without_an_open_record():
    from ms_compat.ops.operations import other_ops
    for _ in range(3):
        ops.ScalarSummary()("x", Tensor(1.0))
    assert other_ops.SUMMARY_TENSOR_CACHE == []


def test_summary_collector_epoch_end_on_a_collect_step_as_mindspore(tmp_path):
    """collect_freq=2 over 2 x 4 steps: real MindSpore 2.10 writes steps 1, 2, 4, 4, 6, 8, 8 -- an epoch end
    that meets a collect step writes the step again (step_end and epoch_end both collect) -- and so does
    ms_compat (tests/reference_data/training/summary_freq2.json, gen_summary_freq.py)."""
    want = load_ref_json("training", "summary_freq2")["steps"]
    _, _, m = tc.model(ms)
    m.train(2, tc.dataset(ms), callbacks=[SummaryCollector(str(tmp_path), collect_freq=2)])
    ea = read(tmp_path)
    for tag in ("loss/auto", "weight/auto", "bias/auto"):
        got = ea.Scalars(tag) if tag == "loss/auto" else ea.Histograms(tag)
        assert [e.step for e in got] == [s for s, tags in want if tag in tags]


class _GraphSummaryNet(ms.nn.Cell):
    """tools/reference/gen_summary_graph_mode.py's network: a Dense and one summary primitive of each kind."""

    def __init__(self):
        super().__init__()
        self.dense = ms.nn.Dense(3, 2)
        self.tensor, self.scalar = ops.TensorSummary(), ops.ScalarSummary()
        self.hist, self.image = ops.HistogramSummary(), ops.ImageSummary()
        for i, p in enumerate(self.get_parameters()):
            p.set_data(Tensor(np.linspace(-1, 1, int(np.prod(p.shape))).reshape(p.shape).astype(np.float32) * (i + 1)))

    def construct(self, x):
        y = self.dense(x)
        self.tensor("y", y)
        self.scalar("m", y.sum())
        self.hist("x", x * 2)
        self.image("img", ops.reshape(x, (x.shape[0], 1, 1, 3)))
        return y


def _rows(n):
    return Tensor(np.arange(n * 3, dtype=np.float32).reshape(n, 3) / 7)


def test_summary_operators_in_graph_mode_feed_get_summary_tensor_data_as_mindspore(tmp_path):
    """GRAPH_MODE: after each run of a network, ``_get_summary_tensor_data()`` returns the last value of every
    summary primitive keyed ``"tag[:Type]"`` in tag order, and empties; after a PyNative run it is empty; a
    ``SummaryRecord.record`` writes the values at its step (MindArmour's coverage metrics read this cache after
    ``Model.predict``). Compared with real MindSpore 2.10 (training/summary_graph_mode.json)."""
    from ms_compat.train.summary.summary_record import _get_summary_tensor_data
    ref = load_ref_json("training", "summary_graph_mode")

    def data():
        return [[k, list(v.shape), v.asnumpy().ravel().tolist()] for k, v in _get_summary_tensor_data().items()]

    def same(got, want):
        assert [g[:2] for g in got] == [w[:2] for w in want]
        for g, w in zip(got, want):
            np.testing.assert_allclose(g[2], w[2], rtol=1e-6, atol=1e-6)

    _GraphSummaryNet()(_rows(2))
    assert data() == ref["pynative"] == []
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _GraphSummaryNet()
        net(_rows(2))
        net(_rows(4))
        same(data(), ref["graph"])
        assert data() == ref["graph_read_again"] == []
        ms.Model(net).predict(_rows(3))
        same(data(), ref["graph_predict"])
        with SummaryRecord(str(tmp_path)) as rec:
            net(_rows(2))
            rec.record(1)
            net(_rows(3))
            rec.record(2)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    ea = read(tmp_path)
    tags = ea.Tags()
    written = sorted({e.step for kind in ("scalars", "images", "histograms", "tensors") for t in tags[kind]
                      for e in getattr(ea, kind.capitalize())(t)})
    want = ref["record"]
    assert written == [s for s, _ in want]
    assert sorted(tags["scalars"] + tags["images"] + tags["histograms"] + tags["tensors"]) == want[0][1]
    assert [e.value for e in ea.Scalars("m")] == pytest.approx([float(np.sum(v)) for v in (
        _GraphSummaryNet()(_rows(2)).asnumpy(), _GraphSummaryNet()(_rows(3)).asnumpy())], rel=1e-6)
