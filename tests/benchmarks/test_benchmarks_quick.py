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
    for title in ("Per-call overhead", "Tensor design candidates", "Import time", "Whole models vs native PyTorch twins"):
        assert f"## {title}" in text
    # every ratio cell is a finite number
    ratios = re.findall(r"\| (\d+\.\d+) \| ≤", text)
    assert len(ratios) >= 10 and all(float(x) > 0 for x in ratios)
    assert "trivial Cell vs nn.Module call" in text and "resnet50" in text and "saved-for-backward" in text
