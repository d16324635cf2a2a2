"""The benchmark command runs in quick mode and computes its ratios (no timing assertions)."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_benchmarks_quick_mode(tmp_path):
    out = tmp_path / "RESULTS.md"
    r = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--out", str(out), "--skip", "features"],
                       cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    text = out.read_text()
    for title in ("Per-call overhead", "Optimizer step vs torch.optim", "Tensor design candidates", "Import time",
                  "Whole models vs native PyTorch twins", "Training step as each framework writes it (issue 20)"):
        assert f"## {title}" in text
    # every ratio cell is a finite number
    ratios = re.findall(r"\| (\d+\.\d+) \| ≤", text)
    assert len(ratios) >= 10 and all(float(x) > 0 for x in ratios)
    assert "trivial Cell vs nn.Module call" in text and "resnet50" in text and "saved-for-backward" in text
    assert re.search(r"\| \w+ \| \d+ MiB \(\d+–\d+\) \| \d+ MiB \(\d+–\d+\) \| \d\.\d+ \| ≤ 1.02", text), "peak RSS row"
    assert "load avg 1/5/15 min" in text and text.count("Load average (1, 5, 15 min)") >= 3


def test_bench_compile_quick_mode_reports_three_corpus_models():
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_compile", "--quick", "--levels", "O0"],
                       cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    rows = re.findall(r"^\| (\w+) \| (eval|train) \| O0 \(aot_eager\) \| [\d.]+ \([\d.–]+\) \| ([\d.]+) \| "
                      r"[\d.]+ \([\d.–]+\) \| ([\d.]+) \|$", r.stdout, re.M)
    assert {(m, s) for m, s, _, _ in rows} == {(m, s) for m in ("lenet", "vit", "bert") for s in ("eval", "train")}
    assert all(float(c) > 0 and float(x) > 0 for _, _, c, x in rows)
