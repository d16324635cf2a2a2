"""pytest plugin for conversion tests: ``pytest_plugins = ["ms_compat.testing.pytest_plugin"]`` in a
conftest, then::

    def test_port_matches(ms_compare):
        ms_compare("mymodels.net:build", inputs=["2,3,32,32"], reference="tests/ref/net.npz")

``reference`` is a recording saved by ``ms-compat compare --save-reference`` (no MindSpore needed) or,
with ``reference_python=".msref/bin/python"``, a live run under real MindSpore. Fails with the per-cell
table naming the first divergent cell.
"""
from __future__ import annotations

import pytest

from .compare_cli import run_comparison
from .recorder import make_inputs


@pytest.fixture
def ms_compare():
    def _compare(target, inputs=None, reference=None, reference_python=None, ckpt=None, init=None,
                 train=False, rtol=1e-4, atol=1e-5, seed=0, path=()):
        arrays = make_inputs(inputs, seed) if inputs else None
        rep = run_comparison(target, arrays, reference_python=reference_python, reference_recording=reference,
                             ckpt=ckpt, init=init, train=train, rtol=rtol, atol=atol, path=path)
        if not rep.ok:
            pytest.fail("ms_compat differs from MindSpore:\n" + rep.table(), pytrace=False)
        return rep
    return _compare
