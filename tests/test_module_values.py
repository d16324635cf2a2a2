"""MindSpore 2.10's plain module-level values (ms_compat/porting/_values.py; recorded under real MindSpore by
tools/reference/gen_ms_values.py): under ``ms_compat.install()`` every recorded value is served -- ms_compat's own
where it defines one, else MindSpore's -- never a placeholder, and equals MindSpore's, except the listed names
where ms_compat's own value knowingly differs. A registry a package mutates at import (mindspore_gs appends to
``mindspore.rewrite.common.namespace._subtree_black_list``) is one mutable object wherever it is reached."""
import importlib
import math

import pytest

import ms_compat
from ms_compat.porting import _values
from ms_compat.porting._missing import is_placeholder

# ms_compat's own values that differ from MindSpore's, and why
KNOWN_DIFFERENT = {
    # the dtype groups list only the dtypes ms_compat has a dtype object for (not qint4x2, hifloat8, float8_*)
    ("mindspore.common.dtype", "all_types"): "dtypes ms_compat lacks left out",
    ("mindspore.common.dtype", "float_type"): "dtypes ms_compat lacks left out",
    ("mindspore.common.dtype", "number_type"): "dtypes ms_compat lacks left out",
    # the auto-mixed-precision lists hold the Primitive classes ms_compat implements (not the *Ext ones)
    ("mindspore.train.amp", "AMP_AUTO_BLACK_LIST"): "Primitives ms_compat lacks left out",
    ("mindspore.train.amp", "AMP_AUTO_WHITE_LIST"): "Primitives ms_compat lacks left out",
}


@pytest.fixture(scope="module")
def installed():
    ms_compat.install(force=True)
    yield
    ms_compat.uninstall()


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def test_every_recorded_value_is_served_as_mindspore_has_it(installed):
    table = _values._table()
    assert sum(map(len, table.values())) > 1400
    placeholders, differ = [], []
    for path, values in sorted(table.items()):
        mod = importlib.import_module(path)
        for name in values:
            got = getattr(mod, name)
            if is_placeholder(got):
                placeholders.append(f"{path}.{name}")
            elif not _same(got, _values.value(path, name)[1]) and (path, name) not in KNOWN_DIFFERENT:
                differ.append(f"{path}.{name}: {got!r:.80} (MindSpore: {_values.value(path, name)[1]!r:.80})")
    assert not placeholders, placeholders[:20]
    assert not differ, differ[:20]


def test_a_registry_mutated_at_import_is_mindspores_and_one_object(installed):
    import mindspore
    from mindspore.rewrite.common.namespace import _subtree_black_list
    assert _subtree_black_list == [mindspore.nn.CellList, mindspore.nn.SequentialCell]

    class QuantCell(mindspore.nn.Cell):
        pass

    _subtree_black_list.append(QuantCell)  # what mindspore_gs.net_transform does at import
    try:
        assert importlib.import_module("mindspore.rewrite.common.namespace")._subtree_black_list[-1] is QuantCell
    finally:
        _subtree_black_list.remove(QuantCell)
