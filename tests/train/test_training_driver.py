"""Model + callbacks + checkpoints on a schedule vs real MindSpore 2.10.

The scenarios are tools/reference/training_cases.py, run here under ms_compat and by
tools/reference/gen_training.py under MindSpore (records in tests/reference_data/training/)."""
import ast
import contextlib
import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from spawn_util import spawn_bounded

from conftest import load_ref_json

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import training_cases as tc  # noqa: E402  (the generator's own scenarios)

import ms_compat as ms  # noqa: E402
from ms_compat import train as T  # noqa: E402

LOSS_LINE = re.compile(r"^epoch: (\d+) step: (\d+), loss is (\S+)$")
TIME_LINE = re.compile(r"^(Train|Eval) epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms$")


def run(case, *args):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rec = getattr(tc, case)(ms, *args)
    return json.loads(json.dumps(rec)), buf.getvalue().splitlines()


def same(got, want, path="", rtol=1e-4, atol=1e-5):
    """Recursive comparison; numbers within tolerance, everything else exact."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and set(got) == set(want), f"{path}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            same(got[k], want[k], f"{path}.{k}", rtol, atol)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            same(g, w, f"{path}[{i}]", rtol, atol)
    elif isinstance(want, float) or (isinstance(want, int) and isinstance(got, float)):
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=path)
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def same_stdout(got, want):
    assert len(got) == len(want), f"{got} != {want}"
    for g, w in zip(got, want):
        mw = LOSS_LINE.match(w)
        if mw:
            mg = LOSS_LINE.match(g)
            assert mg and mg.group(1, 2) == mw.group(1, 2), (g, w)
            np.testing.assert_allclose(float(mg.group(3)), float(mw.group(3)), rtol=1e-5)
        elif w.startswith("Eval result: "):
            head_g, _, dg = g.partition(", metrics: ")
            head_w, _, dw = w.partition(", metrics: ")
            assert head_g == head_w
            same(ast.literal_eval(dg), ast.literal_eval(dw))   # a set of metric names has no fixed order
        elif TIME_LINE.match(w):
            assert TIME_LINE.match(g) and g.split()[0] == w.split()[0], (g, w)
        else:
            assert g == w


def metric_types_as_printed(obj):
    """MindSpore's metrics are numpy float64 (printed as plain floats by its numpy 1.x); ms_compat returns
    Python floats so the printed dicts read the same under numpy 2 (issue 21 item 9)."""
    if isinstance(obj, dict):
        return {k: metric_types_as_printed(v) for k, v in obj.items()}
    if isinstance(obj, list):
        if len(obj) == 2 and obj[0] == "float64":
            return ["float", obj[1]]
        return [metric_types_as_printed(v) for v in obj]
    return obj


def test_common_script_lines_files_and_checkpoint(tmp_path):
    """The issue-18 script: same LossMonitor lines, same files after keep_checkpoint_max pruning, same
    `_1` prefix on a second run, same checkpoint entries (weights + SGD accum/stat) as MindSpore."""
    ref = load_ref_json("training", "common")
    rec, out = run("common", str(tmp_path))
    same_stdout(out, ref["stdout"])
    same(rec, ref["record"])
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".meta")]  # MindSpore PyNative writes none either


def test_checkpoints_written_by_ms_compat_load_in_mindspore(tmp_path):
    """gen_training.py ran this script under ms_compat and loaded every file into MindSpore's train network
    with strict_load (nothing left unloaded); ms_compat still writes exactly what MindSpore read then."""
    ref = load_ref_json("training", "mscompat_ckpt_in_mindspore")
    rec, _ = run("common", str(tmp_path))
    assert rec["files"] == ref["files"]
    for f, got in ref["loaded"].items():
        assert got["not_loaded"] == [[], []]
        same(tc.ckpt_summary(ms, str(tmp_path / f)), got["summary"])
    same(ref["loaded"]["net-3_4.ckpt"]["weights"], rec["weights"])


@pytest.mark.parametrize("case", ["fit", "sink", "early_stopping", "reduce_lr", "lr_scheduler", "lambda_callback",
                                  "errors", "misc"])
def test_scenario_matches_mindspore(case):
    ref = load_ref_json("training", case)
    rec, out = run(case)
    same_stdout(out, ref["stdout"])
    same(rec, metric_types_as_printed(ref["record"]))


def test_fit_prints_eval_result_once_per_evaluated_epoch():
    ref = load_ref_json("training", "fit")
    _, out = run("fit")
    evals = [l for l in out if l.startswith("Eval result")]
    assert len(evals) == 1 and evals[0].startswith("Eval result: epoch 2, metrics: {")   # once, epoch 2 only
    same_stdout(evals, [l for l in ref["stdout"] if l.startswith("Eval result")])
    n, _, m = tc.model(ms, metrics={"acc", "loss"})
    res = m.eval(tc.dataset(ms, tc.XV, tc.YV))
    assert all(type(v) is float for v in res.values())


def test_checkpoint_options(tmp_path):
    """append_info entries, exception_save's breakpoint file, a step interval longer than the run."""
    ref = load_ref_json("training", "checkpoint_options")
    rec, out = run("checkpoint_options", str(tmp_path))
    same(rec, ref["record"])


def test_backup_file_holds_mindspore_entries_plus_resume_position(tmp_path):
    ref = load_ref_json("training", "backup")["record"]
    rec, _ = run("backup", str(tmp_path))
    assert rec["files"] == ref["files"]
    assert sorted(rec["backup"]) == sorted(ref["backup"] + ["epoch_num", "step_num"])
    same(rec["weights"], ref["weights"])


_RESUME_SCRIPT = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {tools!r})
    import numpy as np
    import ms_compat as ms, training_cases as tc
    T = ms.train

    class Kill(T.Callback):
        def on_train_step_end(self, rc):
            cb = rc.original_args()
            if os.environ.get("CRASH") == "1" and cb.cur_epoch_num == 3 and cb.cur_step_num == 10:
                os.kill(os.getpid(), signal.SIGKILL)

    n, _, m = tc.model(ms, opt="momentum")
    cbs = [T.BackupAndRestore({backup!r}), T.LossMonitor(2), Kill()]
    m.train(5, tc.dataset(ms), callbacks=cbs)
    np.save({out!r}, np.concatenate([p.asnumpy().ravel() for p in n.get_parameters()]))
""")


def test_backup_and_restore_after_sigkill_in_epoch_3(tmp_path):
    """A run SIGKILLed in the middle of epoch 3 and started again ends with the weights of an uninterrupted
    run (MindSpore 2.10 would run all 5 epochs again from the restored weights; see the guide)."""
    script = tmp_path / "train.py"
    script.write_text(_RESUME_SCRIPT.format(tools=str(ROOT / "tools" / "reference"), backup=str(tmp_path / "bk"),
                                            out=str(tmp_path / "w.npy")))
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    crashed = subprocess.run([sys.executable, str(script)], env=dict(env, CRASH="1"), capture_output=True, text=True)
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    assert "epoch: 3 step: 2," in crashed.stdout and "epoch: 3 step: 4," not in crashed.stdout
    assert (tmp_path / "bk" / "backup.ckpt").exists()
    resumed = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines()[0].startswith("epoch: 3 step: 2,")   # epochs 1-2 are not trained again
    assert not (tmp_path / "bk" / "backup.ckpt").exists()                    # deleted after a successful run
    w_resumed = np.load(tmp_path / "w.npy")
    n, _, m = tc.model(ms, opt="momentum")
    with contextlib.redirect_stdout(io.StringIO()) as buf:
        m.train(5, tc.dataset(ms), callbacks=[T.LossMonitor(2)])
    np.testing.assert_allclose(w_resumed, np.concatenate([p.asnumpy().ravel() for p in n.get_parameters()]),
                               rtol=1e-6, atol=1e-7)
    assert resumed.stdout.splitlines() == buf.getvalue().splitlines()[4:]   # same lines from epoch 3 on


def test_on_request_exit_stops_at_the_next_step_and_saves(tmp_path):
    n, o, m = tc.model(ms)

    class Term(T.Callback):
        def on_train_step_end(self, rc):
            if rc.original_args().cur_step_num == 5:
                os.kill(os.getpid(), signal.SIGTERM)
    seen = []
    lam = T.LambdaCallback(on_train_step_end=lambda rc: seen.append(rc.original_args().cur_step_num))
    ore = T.OnRequestExit(save_mindir=False, directory=str(tmp_path))
    m.train(4, tc.dataset(ms), callbacks=[Term(), ore, lam])
    assert seen == [1, 2, 3, 4, 5]
    f = tmp_path / "rank_0" / "Net_train.ckpt"
    pd = ms.load_checkpoint(str(f))
    assert int(pd["epoch_num"].asnumpy()) == 2 and int(pd["step_num"].asnumpy()) == 5
    assert int(pd["global_step"].asnumpy()) == 5 and int(pd["batch_num"].asnumpy()) == 4
    assert signal.getsignal(signal.SIGTERM) is not ore._handle_signal     # handler restored
    with pytest.raises(ValueError, match="SIGKILL"):
        T.OnRequestExit(sig=signal.SIGKILL)


def test_train_fault_tolerance_is_a_clear_error():
    with pytest.raises(ValueError, match="ckpt_save_fn or ckpt_save_path"):
        T.TrainFaultTolerance()
    with pytest.raises(ValueError, match="MindIO.*BackupAndRestore"):
        T.TrainFaultTolerance(ckpt_save_path="x")


def test_time_monitor_and_loss_monitor_lines(capsys):
    n, _, m = tc.model(ms)
    m.train(1, tc.dataset(ms), callbacks=[T.TimeMonitor(data_time=True), T.LossMonitor(0)])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and re.match(r"^Train epoch time: \S+ ms, per step time: \S+ ms \(data time: \S+ ms\)$",
                                      out[0])


def test_loss_scale_manager_and_amp_level_arguments():
    """A fixed loss scale without dropping overflowed steps gives the unscaled run's weights; O2's default
    dynamic manager is refused on CPU with MindSpore 2.10's ValueError (tests/test_named_gaps.py)."""
    n0, _, m0 = tc.model(ms)
    with contextlib.redirect_stdout(io.StringIO()):
        m0.train(2, tc.dataset(ms))
    n1 = tc.net(ms)
    o1 = ms.nn.SGD(n1.trainable_params(), learning_rate=0.1, momentum=0.9, loss_scale=128.0)
    m1 = T.Model(n1, ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), o1,
                 loss_scale_manager=ms.FixedLossScaleManager(128.0, drop_overflow_update=False))
    m1.train(2, tc.dataset(ms))
    for a, b in zip(n0.get_parameters(), n1.get_parameters()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    n2 = tc.net(ms)
    with pytest.raises(ValueError, match="are supported on device `CPU`"):  # MindSpore 2.10 on CPU, as here
        T.Model(n2, ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                ms.nn.Momentum(n2.trainable_params(), 0.1, 0.9), amp_level="O2")
    with pytest.raises(ValueError, match="'optimizer' is None"):
        T.Model(tc.net(ms), amp_level="O2")
    with pytest.raises(ValueError, match="should be 'loss_scale_manager'"):
        T.Model(tc.net(ms), bad=1)


def test_eval_network_eval_indexes_predict_build():
    class EvalNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            return self.net(x), y

    n = tc.net(ms)
    acc = T.Model(n, eval_network=EvalNet(n), metrics={"acc"}).eval(tc.dataset(ms))
    _, _, m = tc.model(ms, metrics={"acc"})
    assert acc == m.eval(tc.dataset(ms))
    with pytest.raises(ValueError, match="length of it must be three"):
        T.Model(n, eval_network=EvalNet(n), metrics={"acc"}, eval_indexes=[0, 1])
    pred = T.Model(n).predict(ms.Tensor(tc.X))
    np.testing.assert_allclose(pred.asnumpy(), tc.X @ tc.W0.T + tc.B0, rtol=1e-5)
    with pytest.raises(ValueError, match="can not be empty"):
        T.Model(n).predict(ms.Tensor(np.zeros((0, 4), np.float32)))
    m.build(tc.dataset(ms), tc.dataset(ms, tc.XV, tc.YV))
    with pytest.raises(ms.MissingAPIError if hasattr(ms, "MissingAPIError") else AttributeError):
        m.infer_train_layout(tc.dataset(ms))


def test_fit_refuses_old_style_custom_callbacks_as_mindspore():
    class Old(T.Callback):
        def step_end(self, rc):
            pass
    _, _, m = tc.model(ms, metrics={"acc"})
    with pytest.raises(ValueError, match="on_train"):
        m.fit(1, tc.dataset(ms), tc.dataset(ms, tc.XV, tc.YV), callbacks=[Old()])


def test_a_dataset_is_bound_to_one_model():
    ds = tc.dataset(ms)
    _, _, m1 = tc.model(ms)
    _, _, m2 = tc.model(ms)
    m1.train(1, ds)
    with pytest.raises(RuntimeError, match="used in other model"):
        m2.train(1, ds)


def test_plain_iterables_and_generator_dataset_feed_model():
    batches = [(ms.Tensor(tc.X[i:i + 4]), ms.Tensor(tc.Y[i:i + 4])) for i in range(0, 16, 4)]

    def gen():
        for i in range(16):
            yield tc.X[i], tc.Y[i]
    gds = ms.dataset.GeneratorDataset(gen, ["x", "y"], shuffle=False).batch(4)
    results = []
    for data in (batches, gds, tc.dataset(ms)):
        n, _, m = tc.model(ms)
        m.train(2, data)
        results.append(n.weight.asnumpy())
    np.testing.assert_allclose(results[0], results[2], rtol=1e-6)
    np.testing.assert_allclose(results[1], results[2], rtol=1e-6)


def test_common_script_under_ms_compat_run(tmp_path):
    """The same script file real MindSpore ran (tools/reference/training_cases.py's `common`, written with
    `import mindspore`), run unchanged by `ms-compat run`."""
    ref = load_ref_json("training", "common")
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(ROOT / 'tools' / 'reference')!r})
        import mindspore
        import training_cases as tc
        rec = tc.common(mindspore, {str(tmp_path / 'ckpt')!r})
        print("RECORD " + json.dumps({{"files": rec["files"], "second": rec["files_second_run"]}}))
    """))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "ms_compat.porting.cli", "run", str(script)], capture_output=True, text=True,
                       env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.splitlines()
    same_stdout(lines[:-1], ref["stdout"])
    got = json.loads(lines[-1][len("RECORD "):])
    assert got == {"files": ref["record"]["files"], "second": ref["record"]["files_second_run"]}


def test_checkpoint_format_async_and_callable_names(tmp_path):
    _, _, m = tc.model(ms)
    cfg = T.CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=2, format="safetensors", async_save=True)
    ck = T.ModelCheckpoint(prefix="st", directory=str(tmp_path / "a"), config=cfg)
    m.train(3, tc.dataset(ms), callbacks=[ck])
    assert sorted(os.listdir(tmp_path / "a")) == ["st-2_4.safetensors", "st-3_4.safetensors"]
    pd = ms.load_checkpoint(ck.latest_ckpt_file_name, format="safetensors")
    assert {"weight", "bias", "accum.weight", "stat.weight", "global_step"} <= set(pd)
    _, _, m = tc.model(ms)
    ck = T.ModelCheckpoint(prefix=lambda cb: f"e{cb.cur_epoch_num}s{cb.cur_step_num}",
                           directory=lambda cb: str(tmp_path / f"d{cb.cur_epoch_num}"),
                           config=T.CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=10))
    m.train(2, tc.dataset(ms), callbacks=[ck])
    # MindSpore: a callable prefix names the file `{prefix}.ckpt`; the directory callable is called per step
    assert sorted(os.listdir(tmp_path / "d1")) == ["e1s3.ckpt"]
    assert sorted(os.listdir(tmp_path / "d2")) == ["e2s6.ckpt", "e2s8.ckpt"]
    with pytest.raises(ValueError, match="safetensors"):
        T.CheckpointConfig(format="safetensors", exception_save=True)


def test_dataloader_batches_feed_model():
    """A torch DataLoader (plain torch tensors, int64 labels cast to int32 by the user as MindSpore needs)."""
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    dl = DataLoader(TensorDataset(torch.from_numpy(tc.X), torch.from_numpy(tc.Y)), batch_size=4)
    n, _, m = tc.model(ms)
    m.train(2, dl)
    n2, _, m2 = tc.model(ms)
    m2.train(2, tc.dataset(ms))
    np.testing.assert_allclose(n.weight.asnumpy(), n2.weight.asnumpy(), rtol=1e-6)


def _rank_mean_worker(rank, init_file, out):
    import torch.distributed as dist
    from ms_compat.train.callback._monitor_value import rank_mean
    dist.init_process_group("gloo", init_method=f"file://{init_file}", rank=rank, world_size=2)
    try:
        v = rank_mean(np.array(1.0 + 2 * rank))
        pathlib.Path(out, f"r{rank}").write_text(str(float(v)))
    finally:
        dist.destroy_process_group()


@pytest.mark.multiprocess
def test_monitored_value_is_averaged_over_ranks(tmp_path):
    """EarlyStopping/ReduceLROnPlateau compare the mean over the data-parallel ranks (MindSpore's AllReduce)."""
    import torch.multiprocessing as tmp_mp
    spawn_bounded(_rank_mean_worker, args=(str(tmp_path / "init"), str(tmp_path)), nprocs=2)
    assert [(tmp_path / f"r{r}").read_text() for r in (0, 1)] == ["2.0", "2.0"]


def test_time_based_checkpointing_with_a_fake_clock(tmp_path):
    """save_checkpoint_seconds and keep_checkpoint_per_n_minutes, 20 s per step on a fake clock: the same files
    are left as under MindSpore 2.10 with the same fake clock (gen_training.py)."""
    from ms_compat.train.callback import _checkpoint as ck_module
    ref = load_ref_json("training", "fake_clock")
    rec, _ = run("fake_clock", str(tmp_path), ck_module)
    same(rec, ref["record"])
