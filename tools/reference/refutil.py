"""Helpers shared by the reference generators (run under real MindSpore, never imported by ms_compat)."""
from __future__ import annotations

import json
import pathlib

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "reference_data"


def out_dir(area: str) -> pathlib.Path:
    d = DATA / area
    d.mkdir(parents=True, exist_ok=True)
    return d


def save_json(area: str, name: str, obj) -> None:
    p = out_dir(area) / f"{name}.json"
    p.write_text(json.dumps(obj, indent=1, sort_keys=True, default=str) + "\n")


def save_npz(area: str, name: str, **arrays) -> None:
    np.savez_compressed(out_dir(area) / f"{name}.npz", **{k: np.asarray(v) for k, v in arrays.items()})


def error_of(fn):
    """Run fn; return [exception type name, first line of message] or None."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording what MindSpore raises
        return [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]
    return None
