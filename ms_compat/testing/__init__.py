"""``ms_compat.testing``: prove a ported model matches its MindSpore original, cell by cell.

* :func:`assert_cells_close` — compare two models/recordings cell by cell.
* :func:`record` / :func:`compare_recordings` — the building blocks (recorder.py runs under real
  MindSpore too).
* :func:`assert_runs_close` / :func:`compare_runs` — a whole training run (every step's loss, the final
  weights) against a MindSpore record (:func:`save_run`), within the float32 rounding measured against the
  run's :func:`float64_twin` (whole_run.py).
* ``ms-compat compare`` — the command (compare_cli.py); ``pytest_plugin`` — the fixture ``ms_compare``.
"""
from .compare import CellDiff, ComparisonReport, assert_cells_close, compare_recordings
from .recorder import load_recording, make_inputs, record, save_recording
from .whole_run import (RunComparison, assert_runs_close, compare_runs, float64_twin, load_run, run_tolerance,
                        save_run)

__all__ = ["assert_cells_close", "compare_recordings", "ComparisonReport", "CellDiff", "record",
           "load_recording", "save_recording", "make_inputs", "save_run", "load_run", "run_tolerance",
           "RunComparison", "compare_runs", "assert_runs_close", "float64_twin"]
