"""Every initializer and every parameter-owning layer of MindSpore 2.10 (``nn``, ``mint.nn``, ``nn.probability``)
gives MindSpore's initial values from the same seed, in MindSpore's order of creation (references:
tools/reference/gen_init_family.py; the families are derived from real MindSpore and stored)."""
import json
import pathlib
import sys

import numpy as np
import pytest

import ms_compat as ms
from ms_compat import mint, nn
from ms_compat.common import dtype as mstype
from ms_compat.common import initializer as I
from ms_compat.nn.probability import bijector, distribution
from ms_compat.porting._missing import MissingAPIError

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import init_family_cases as cases  # noqa: E402

DATA = ROOT / "tests" / "reference_data" / "init_family"
FAMILY = json.loads((DATA / "family.json").read_text())
META = json.loads((DATA / "meta.json").read_text())
with np.load(DATA / "values.npz") as _npz:
    VALUES = cases.unpack(_npz)
MODULES = {"nn": nn, "mint.nn": mint.nn, "bijector": bijector, "distribution": distribution}
# float32 LAPACK QR (Orthogonal): equal to float32 rounding, as MindSpore's own result is across machines
NEAR = ("Orthogonal()", "'orthogonal'")


@pytest.fixture(scope="module")
def ours():
    layers = cases.run_layers(ms, MODULES, nn.Cell, FAMILY["layers"])
    meta, arrays = cases.flatten(cases.run_initializers(ms, I, FAMILY["initializers"], mstype.dtype_str),
                                 {str(k): v for k, v in layers.items()})
    return meta, arrays


def _compare(ours, meta_key, keys, near=False):
    meta, arrays = ours
    for key in keys:
        assert meta[meta_key].get(key) == META[meta_key][key], key
    kind = "init" if meta_key == "init" else "layer"
    for key in [k for k in VALUES if k.startswith(tuple(f"{kind}/{p}/" for p in keys))]:
        got, ref = arrays[key].ravel(), VALUES[key]
        assert got.dtype == ref.dtype, key
        if near:  # LAPACK's float32 rounding, then one rounding step of the stored dtype (|values| <= gain <= 2)
            step = {"float16": 2 ** -9, "bfloat16": 2 ** -6}.get(key.split("|")[1], 0.0)
            np.testing.assert_allclose(got.astype(np.float64), ref.astype(np.float64), rtol=0, atol=1e-5 + step,
                                       err_msg=key)
        else:
            np.testing.assert_array_equal(got, ref, err_msg=key)


@pytest.mark.parametrize("name", sorted(FAMILY["initializers"]))
def test_initializer_matches_mindspore(ours, name):
    keys = [k for k in META["init"] if k.split("|")[0] == name]
    _compare(ours, "init", keys, near=name in NEAR)


@pytest.mark.parametrize("layer", sorted(FAMILY["layers"]))
def test_layer_initialisation_matches_mindspore(ours, layer):
    keys = [k for k in META["layers"] if k.split("/", 1)[1].split("|")[0] == layer]
    _compare(ours, "layers", keys)


@pytest.mark.parametrize("layer", sorted(FAMILY["not_built"]))
def test_layer_not_built_is_named(layer):
    """A parameter-owning MindSpore layer ms_compat does not build (init_family_cases.NOT_BUILT, with the reason;
    migration_guides/layers.md) still says so when used; once built, it belongs in the compared sequence."""
    prefix, name = layer.split(":")
    _, req = FAMILY["not_built"][layer]
    with pytest.raises(MissingAPIError, match=name):
        getattr(MODULES[prefix], name)(*[cases.REQUIRED[a] for a in req])


def test_random_op_after_the_layers_matches_mindspore(ours):
    """Building the family leaves the op-seed counters where MindSpore's does (the Transformers' Dropouts take
    their kernel seeds when built; the initializers draw from numpy's generator, not from the counters)."""
    keys = [k for k in META["layers"] if k.split("/", 1)[1].startswith("ops.uniform after")]
    assert len(keys) == len(cases.SEEDS)
    _compare(ours, "layers", keys)
