"""Shared plumbing of the dataset tests that replay a ``tools/reference`` case module under ms_compat and compare
it with the case module's stored real-MindSpore 2.10 output (``tests/reference_data/dataset_random``)."""
import pathlib
import sys

import numpy as np

from ms_compat.dataset.core import config

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
if str(ROOT / "tools" / "reference") not in sys.path:  # the case modules, shared with the reference generators
    sys.path.insert(0, str(ROOT / "tools" / "reference"))


def reference(name):
    """The stored MindSpore output ``tests/reference_data/dataset_random/<name>``."""
    return np.load(ROOT / "tests" / "reference_data" / "dataset_random" / name)


def run_keeping_dataset_seed(run, *args):
    """``run(*args)``, then the dataset seed as it was (the cases set seeds of their own)."""
    saved = config._state["seed"]
    try:
        return run(*args)
    finally:
        config._state["seed"] = saved
