"""``ms_compat.testing``: prove a ported model matches its MindSpore original, cell by cell.

* :func:`assert_cells_close` — compare two models/recordings cell by cell.
* :func:`record` / :func:`compare_recordings` — the building blocks (recorder.py runs under real
  MindSpore too).
* ``ms-compat compare`` — the command (compare_cli.py); ``pytest_plugin`` — the fixture ``ms_compare``.
"""
from .compare import CellDiff, ComparisonReport, assert_cells_close, compare_recordings
from .recorder import load_recording, make_inputs, record, save_recording

__all__ = ["assert_cells_close", "compare_recordings", "ComparisonReport", "CellDiff", "record",
           "load_recording", "save_recording", "make_inputs"]
