"""benchmarks/bench_parallel.py in quick mode: both models timed in the three forms, and the
optimizer-state bytes per process fall with enable_parallel_optimizer (no timing assertions)."""
import pytest

pytestmark = pytest.mark.multiprocess


def test_bench_parallel_quick_mode():
    from benchmarks import bench_parallel
    r = bench_parallel.run(quick=True)
    r0, r1 = r["ranks"]
    for name in ("ResNet-style convnet", "transformer encoder"):
        assert set(r0[name]["time"]) == {"ms_compat DP", "plain DDP", "flat all-reduce"}
        assert all(t > 0 for t in r0[name]["time"].values())
        full = r0[name]["state_bytes"]["False"]
        assert r0[name]["state_bytes"]["True"] < full and r1[name]["state_bytes"]["True"] < full
        assert r0[name]["state_bytes"]["True"] + r1[name]["state_bytes"]["True"] == full
    md = bench_parallel.to_markdown(r)
    assert "| ResNet-style convnet |" in md and "Load average" in md
