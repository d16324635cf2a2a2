"""Helpers for the layer reference tests: load the packed MindSpore 2.10 reference arrays."""
import pathlib
import re
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))

from conftest import load_ref_json, load_ref_npz  # noqa: E402
import layer_cases  # noqa: E402,F401

_CACHE = {}


def refs():
    if not _CACHE:
        _CACHE["cases"] = load_ref_json("layers", "cases")
        _CACHE["npz"] = load_ref_npz("layers", "cases")
    return _CACHE["cases"], _CACHE["npz"]


def get(cid, key):
    cases, npz = refs()
    entry = cases[cid]["layout"][key]
    off, shape = entry[0], entry[1]
    dtype = entry[2] if len(entry) > 2 else "float32"
    n = int(np.prod(shape)) if shape else 1
    return npz["data"][off:off + n].reshape(shape).astype(dtype)


def has(cid, key):
    return key in refs()[0][cid]["layout"]


def norm_repr(s):
    s = re.sub(r" at 0x[0-9a-f]+", " at 0x", s)
    return s.replace("ms_compat.common.initializer", "mindspore.common.initializer")


def flatten(out):
    if isinstance(out, (tuple, list)):
        res = []
        for o in out:
            res += flatten(o)
        return res
    return [out]
