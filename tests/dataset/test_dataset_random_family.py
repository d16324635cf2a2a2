"""Every random transform MindSpore 2.10 lists (tests/reference_data/dataset_random/random_family.json, made by
tools/reference/gen_dataset_random_family.py from MindSpore's own classes) is either compared with MindSpore's
numbers by a case of the random-transform reference tables (the names the case tables use, read from their
source) or in ms_compat's one table of differences (``ms_compat.dataset.core.random_differences``), which the
data guide names entry by entry. A random transform in neither fails here."""
import ast
import json
import pathlib

import pytest

from ms_compat.dataset.core import random_differences as rd

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FAMILY = json.loads((ROOT / "tests" / "reference_data" / "dataset_random" / "random_family.json").read_text())
TABLES = [ROOT / "tools" / "reference" / f for f in ("dataset_random_transforms_cases.py",
                                                      "dataset_random_transforms_more_cases.py")]
MODULE_NAMES = {"V": "vision", "vision": "vision", "A": "audio", "audio": "audio", "T": "transforms",
                "transforms": "transforms", "text": "text"}
GUIDE = (ROOT / "migration_guides" / "data.md").read_text()


def _covered():
    """``module.Class`` for every ``V.Name`` / ``audio.Name`` / ... the case tables use."""
    out = set()
    for path in TABLES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in MODULE_NAMES:
                out.add(f"{MODULE_NAMES[node.value.id]}.{node.attr}")
    return out


COVERED = _covered()


def test_mindspore_lists_the_family():
    assert sum(FAMILY["examined"].values()) > 150  # every transform class of the four modules was examined
    for name in ("vision.RandomCrop", "vision.CutMixBatch", "vision.CutOut", "audio.Dither", "audio.GriffinLim",
                 "audio.TimeMasking", "audio.InverseMelScale", "vision.BoundingBoxAugment", "transforms.RandomApply"):
        assert name in FAMILY["random"], name


@pytest.mark.parametrize("name", sorted(FAMILY["random"]))
def test_each_random_transform_is_mindspores_or_documented(name):
    whole = [e for e in rd.NOT_MINDSPORES.get(name, []) if e[1] == rd.ALWAYS]
    assert name in COVERED or whole, (
        f"{name} is random in MindSpore 2.10 ({'; '.join(FAMILY['random'][name])}) but no case of the random-"
        f"transform reference tables compares it and ms_compat.dataset.core.random_differences does not list it")


def test_no_class_both_compared_and_listed_as_different_throughout():
    both = [n for n, entries in rd.NOT_MINDSPORES.items() if n in COVERED and any(e[1] == rd.ALWAYS for e in entries)]
    assert not both, f"compared with MindSpore, yet listed as different for the whole class: {both}"


@pytest.mark.parametrize("name", sorted(rd.NOT_MINDSPORES))
def test_difference_entries_are_well_formed_and_in_the_guide(name):
    assert name in FAMILY["random"], f"{name} is not a random transform of MindSpore 2.10"
    for kind, when, note in rd.NOT_MINDSPORES[name]:
        assert kind in rd.KINDS and when and note
    assert f"`{name.split('.')[1]}`" in GUIDE, f"migration_guides/data.md does not name {name}"
    for kind, when, _ in rd.NOT_MINDSPORES[name]:
        if kind == rd.NONDETERMINISTIC:  # measured: MindSpore's own runs with one seed differ
            measured = FAMILY["threads_nondeterministic"].get(name, 0)
            assert measured > 0, f"{name}: MindSpore's nondeterminism is not measured"


def test_case_tables_cover_most_of_the_family():
    covered_random = COVERED & set(FAMILY["random"])
    assert len(covered_random) >= 40, sorted(covered_random)
