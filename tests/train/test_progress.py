"""Opt-in progress output: Model.train/eval's ProgressBar (stderr, terminals only, MindSpore's stdout lines
unchanged), `ms-compat run --progress`, and `ms-compat compare`'s stage lines."""
import contextlib
import io
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import training_cases as tc  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat.train import LossMonitor, ProgressBar  # noqa: E402


class Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_draws_steps_loss_and_speed_on_a_terminal():
    s = Tty()
    _, _, m = tc.model(ms, metrics={"acc"})
    m.train(2, tc.dataset(ms), callbacks=[ProgressBar(stream=s, min_interval=0)])
    m.eval(tc.dataset(ms), callbacks=[ProgressBar(stream=s, min_interval=0)])
    lines = s.getvalue().split("\n")
    assert lines[0].split("\r")[-1].startswith("epoch 1/2 [" + "#" * 24 + "] 4/4 loss ")
    assert lines[0].rstrip().endswith("step/s")
    assert lines[1].split("\r")[-1].startswith("epoch 2/2 [")
    assert lines[2].split("\r")[-1].startswith("eval [" + "#" * 24 + "] 4/4 ")
    assert "epoch 1/2 [######......" in s.getvalue()          # drawn while the epoch runs (step 1 of 4)


def test_progress_bar_is_off_when_output_is_not_a_terminal():
    s = io.StringIO()
    _, _, m = tc.model(ms)
    m.train(1, tc.dataset(ms), callbacks=[ProgressBar(stream=s)])
    assert s.getvalue() == ""


def test_env_switch_adds_a_bar_without_changing_stdout(monkeypatch, capsys):
    seen = []
    probe = ms.train.LambdaCallback(on_train_begin=lambda rc: seen.append(
        [type(c).__name__ for c in rc.original_args().list_callback]))
    _, _, m = tc.model(ms)
    m.train(1, tc.dataset(ms), callbacks=[LossMonitor(2), probe])
    plain = capsys.readouterr()
    monkeypatch.setenv("MS_COMPAT_PROGRESS", "1")
    _, _, m = tc.model(ms)
    m.train(1, tc.dataset(ms), callbacks=[LossMonitor(2), probe])
    with_bar = capsys.readouterr()
    assert seen == [["LossMonitor", "LambdaCallback"], ["LossMonitor", "LambdaCallback", "ProgressBar"]]
    assert with_bar.out == plain.out and with_bar.err == ""      # pytest's stderr is not a terminal


def test_ms_compat_run_progress_flag(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(ROOT / 'tools' / 'reference')!r})
        import mindspore as ms, training_cases as tc
        print(os.environ.get("MS_COMPAT_PROGRESS"), ms.__name__)
    """))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "ms_compat", "--progress", str(script)], capture_output=True,
                       text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["1", "ms_compat"]


def test_compare_reports_its_stages(capsys):
    from ms_compat.testing.compare_cli import _stage, main
    ref = ROOT / "tests" / "reference_data" / "compare" / "lenet_eval.npz"
    rc = main(["testing.planted:lenet", "--reference-recording", str(ref), "--init", "name-hash",
               "--path", str(ROOT / "tests")])
    out = capsys.readouterr()
    assert rc == 0 and "RESULT: match" in out.out
    lines = out.err.splitlines()
    assert lines[0].startswith("ms-compat compare: running testing.planted:lenet under ms_compat ... done in ")
    assert lines[1].startswith("ms-compat compare: comparing the recordings ... done in ")
    main(["testing.planted:lenet", "--reference-recording", str(ref), "--init", "name-hash",
          "--path", str(ROOT / "tests"), "--quiet"])
    assert capsys.readouterr().err == ""
    s = Tty()
    with pytest.raises(RuntimeError), _stage("x", True, s):
        raise RuntimeError
    assert s.getvalue().endswith("\rms-compat compare: x ... failed in 0.0 s\n")


def test_model_loop_benchmark_quick_mode():
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_model_loop", "--quick"], cwd=str(ROOT),
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    rows = [l for l in r.stdout.splitlines() if l.startswith("| Dense")]
    assert len(rows) == 4 and all(float(l.split("|")[-2]) > 0 for l in rows)


def test_progress_bar_clears_its_line_before_loss_monitor_prints(monkeypatch):
    """On a terminal the bar (stderr) and LossMonitor's lines (stdout) share the screen: each printed line
    must start on a cleared line, not after the bar's text."""
    screen = Tty()
    monkeypatch.setattr(sys, "stdout", screen)
    _, _, m = tc.model(ms)
    m.train(2, tc.dataset(ms), callbacks=[LossMonitor(1), ProgressBar(stream=screen, min_interval=0)])
    assert sys.stdout is screen  # restored after training
    shown = [line.split("\r")[-1].replace("\x1b[K", "") for line in screen.getvalue().split("\n")]
    loss_lines = [line for line in shown if "loss is" in line]
    assert len(loss_lines) == 8 and all(line.startswith("epoch: ") for line in loss_lines), shown
    assert shown[-2].startswith("epoch 2/2 [" + "#" * 24 + "] 4/4 loss ")
