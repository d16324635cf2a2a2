"""``python -m benchmarks --only SECTION`` runs the op-check and inference-memory feature scripts in quick mode and
replaces their sections in an existing results file, keeping the others (no timing assertions). The
inference-memory rows show MindSpore code keeping no graph (issue 32 item 5)."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_only_refreshes_the_named_sections(tmp_path):
    out = tmp_path / "RESULTS.md"
    out.write_text("# ms_compat benchmark results (full mode)\n\n## Per-call overhead\n\nkept\n\n"
                   "## bench_op_checks (benchmarks.bench_op_checks)\n\nold rows\n\n_Total benchmark wall time: 1 s._\n")
    r = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--only", "bench_op_checks", "--only",
                        "bench_inference_memory", "--out", str(out)], cwd=str(ROOT), capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    text = out.read_text()
    assert "kept" in text and "old rows" not in text
    heads = re.findall(r"^## (.*)$", text, re.M)
    assert heads == ["Per-call overhead", "bench_op_checks (benchmarks.bench_op_checks --quick)",
                     "bench_inference_memory (benchmarks.bench_inference_memory --quick)"]
    assert text.rstrip().endswith("_Total benchmark wall time: 1 s._")
    assert len(re.findall(r"^\| (ops\.|nn\.)\S.* \| \d+\.\d+ \(", text, re.M)) == 4
    row = re.search(r"^\| resnet50 \| ([\d.]+) MiB \| ([\d.]+) MiB \| ([\d.]+) MiB \|", text, re.M)
    assert row, text[-1500:]
    ms_code, torch_caller, no_grad = map(float, row.groups())
    assert ms_code == no_grad == 0.0 and torch_caller > 0.0


def test_only_rejects_an_unknown_section(tmp_path):
    r = subprocess.run([sys.executable, "-m", "benchmarks", "--only", "bench_nothing", "--out", str(tmp_path / "R.md")],
                       cwd=str(ROOT), capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "bench_nothing" in r.stderr
