"""``set_context`` logs MindSpore 2.10's deprecation lines (WARNING through ``mindspore.log``), key by key, as
real MindSpore did (tests/reference_data/utils/context_messages.json, gen_context_messages.py), and raises no
Python ``UserWarning`` for a key ms_compat stores without effect. Lines MindSpore adds about its own device
support ("the argument 'device_target' only supports devices in ...") are MindSpore's backend checks, not
deprecations, and are left out."""
import logging
import warnings

import pytest

import ms_compat as ms
from conftest import load_ref_json
from ms_compat import log as ms_log

REF = load_ref_json("utils", "context_messages")


def _deprecations(lines):
    return [line for line in lines if "only supports devices in" not in line]


@pytest.mark.parametrize("key", sorted(k for k, v in REF.items() if v["error"] is None))
def test_set_context_logs_mindspores_lines(key, monkeypatch):
    seen = []

    class Grab(logging.Handler):
        def emit(self, record):
            if record.levelno >= logging.WARNING:
                seen.append(record.getMessage())
    logger = ms_log._get_logger()
    handler = Grab()
    logger.addHandler(handler)
    saved = dict(ms.context._ctx), ms.context._device
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", UserWarning)  # MindSpore warns through its logger only
            ms.set_context(**{key: REF[key]["value"]})
    finally:
        logger.removeHandler(handler)
        ms.context._ctx.clear()
        ms.context._ctx.update(saved[0])
        ms.context._device = saved[1]
    assert seen == _deprecations(REF[key]["warnings"])


def test_reference_has_deprecation_lines():
    assert REF["save_graphs"]["warnings"] and REF["enable_graph_kernel"]["warnings"]
