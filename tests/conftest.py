import json
import pathlib

import numpy as np
import pytest
import torch

REF = pathlib.Path(__file__).parent / "reference_data"


def pytest_collection_modifyitems(config, items):
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs CUDA")
    for item in items:
        if "cuda" in item.keywords:
            item.add_marker(skip)


import ms_compat.common.op_seed as _op_seed  # noqa: E402

_FRESH_COUNTERS = _op_seed.counters()


@pytest.fixture(autouse=True)
def _global_seed_isolated():
    """``ms.set_seed`` in one test must not switch another test's random ops and dropout masks from torch's
    generator to MindSpore's streams (they follow MindSpore's only once a global seed is set)."""
    import ms_compat.common.op_seed as op_seed
    import ms_compat.context as context
    yield
    # back to the state of a fresh process (not of this test's start: a module-scoped fixture that set a
    # seed ran before this fixture looked)
    context._seed = None
    op_seed.set_counters(_FRESH_COUNTERS)


def load_ref_json(area, name):
    """A reference file written by tools/reference/gen_*.py under real MindSpore 2.10."""
    p = REF / area / f"{name}.json"
    if not p.exists():
        pytest.fail(f"missing reference file {p}; run: python tools/make_references.py")
    return json.loads(p.read_text())


def load_ref_npz(area, name):
    p = REF / area / f"{name}.npz"
    if not p.exists():
        pytest.fail(f"missing reference file {p}; run: python tools/make_references.py")
    return dict(np.load(p, allow_pickle=False))


@pytest.fixture
def ref_json():
    return load_ref_json


@pytest.fixture
def ref_npz():
    return load_ref_npz


pytest_plugins = ["pytester"]
