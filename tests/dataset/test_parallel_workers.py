"""Worker pools of the input pipeline (issue 32 item 2, issue 30 items 2 and 7): source workers × map workers ×
threads/processes give the single-worker rows (and MindSpore's, tools/reference/gen_dataset_workers.py); a
worker process's failure prints the user's own line; worker processes die with the main process."""
import itertools
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time
import traceback

import numpy as np
import pytest

import ms_compat.dataset as ds
import ms_compat.dataset.vision as vision
from conftest import load_ref_json, load_ref_npz

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))
import dataset_worker_cases as cases  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]

# (source workers, source python_multiprocessing, map workers, map python_multiprocessing): every combination
# (one source worker reads in the pipeline thread whatever python_multiprocessing says: counted once)
COMBOS = [c for c in itertools.product((1, 2), (False, True), (1, 2), (False, True)) if c[:2] != (1, True)]


def _same(a, b):
    assert len(a) == len(b) == cases.ROWS
    for ra, rb in zip(a, b):
        assert [v.dtype for v in ra] == [v.dtype for v in rb]
        for va, vb in zip(ra, rb):
            np.testing.assert_array_equal(va, vb)


def test_nested_worker_pools_give_the_single_worker_rows():
    single = cases.rows(cases.pipeline(ds, vision, 1, False, 1, False))
    for combo in COMBOS:
        try:
            _same(cases.rows(cases.pipeline(ds, vision, *combo)), single)
        except Exception as e:  # noqa: BLE001 - name the combination that failed
            raise AssertionError(f"(source workers, source processes, map workers, map processes) = {combo}") from e


def test_nested_process_pools_match_mindspore():
    ref = load_ref_npz("dataset", "workers")
    out = cases.rows(cases.pipeline(ds, vision, 2, True, 2, True))
    np.testing.assert_array_equal(np.stack([r[1] for r in out]), ref["label"])
    # the same float32 operations on the same uint8 pixels: Resize (OpenCV, both sides) then /255
    np.testing.assert_allclose(np.stack([r[0] for r in out]), ref["image"], rtol=0, atol=1e-6)


def test_worker_process_failure_prints_the_users_line():
    ref = load_ref_json("dataset", "workers")
    with pytest.raises(ValueError, match="bad element value 5") as info:
        cases.rows(cases.failing_pipeline(ds))
    text = "".join(traceback.format_exception(info.value))
    name, line, func, src = ref["user_frame"]
    assert f'{name}", line {line}, in {func}\n    {src}' in text, text
    assert ref["user_message"] and "ValueError: bad element value 5" in text
    assert "map(fail_on_5) failed on element 5." in text


CHILD = textwrap.dedent("""
    import multiprocessing, sys, time
    import numpy as np
    import ms_compat.dataset as ds
    sys.path.insert(0, sys.argv[1])
    import dataset_worker_cases as cases

    def slow(img):
        time.sleep(0.05)
        return img

    class Many(cases.Src):
        def __len__(self):
            return 10 ** 6

    d = ds.GeneratorDataset(Many(), ["image", "label"], shuffle=False, num_parallel_workers=2,
                            python_multiprocessing=True)
    d = d.map(slow, "image", num_parallel_workers=3, python_multiprocessing=True)
    it = d.create_tuple_iterator(output_numpy=True)
    next(it)
    print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
    for _ in it:
        pass
""")


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie left to a non-reaping init is gone
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_worker_processes_exit_when_the_main_process_is_killed():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT / "tools" / "reference")], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        pids = [int(p) for p in child.stdout.readline().split()]
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert len(pids) == 5, (pids, child.stderr.read()[-2000:])  # 2 source workers + 3 map workers
    deadline = time.monotonic() + 10  # MindSpore's are gone within 10 s
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    left = [p for p in pids if _alive(p)]
    for p in left:  # never leave them behind, even when the test fails
        os.kill(p, signal.SIGKILL)
    assert not left, f"worker processes {left} outlived their killed parent"
