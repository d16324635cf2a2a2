"""Count the MindSpore names real MindSpore packages use, from their sources (no MindSpore needed).

Usage: python tools/scan_ms_uses.py DIR [DIR ...] [--out tools/reference/ms_uses.json]
       python tools/scan_ms_uses.py --report [--top N]   (writes tools/ms_uses_report.md from the json)

Each DIR is an unpacked package (e.g. ``pip download --no-deps mindcv==0.3.0`` unzipped). Every
``import mindspore.x.y``, ``from mindspore.x import a`` and attribute chain rooted at a name bound to a
MindSpore module (``ms.ops.operations.nn_ops.FlashAttentionScore``, ``P.MatMul``) is counted once per
occurrence, as the full dotted path ``mindspore.x.y.name``. tools/reference/gen_api_names.py keeps the
paths real MindSpore 2.10 has (modules and names, private ones included); tools/api_coverage.py ranks
the missing names by these counts. The json also keeps, for each path, how many of the packages use it
(``packages``): ``--report`` ranks the names ms_compat does not provide yet by that number (then by uses), so a
name one big package calls 300 times does not outrank one that most packages need.
"""
from __future__ import annotations

import ast
import collections
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _chain(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def scan_file(path: pathlib.Path, counts: collections.Counter) -> None:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except (SyntaxError, ValueError):
        return
    bound = {}  # local name -> mindspore dotted path
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "mindspore" or a.name.startswith("mindspore."):
                    counts[a.name] += 1
                    if a.asname:
                        bound[a.asname] = a.name
                    else:
                        bound["mindspore"] = "mindspore"
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "mindspore" or node.module.startswith("mindspore.")):
            counts[node.module] += 1
            for a in node.names:
                if a.name == "*":
                    continue
                full = f"{node.module}.{a.name}"
                counts[full] += 1
                bound[a.asname or a.name] = full
    seen_inner = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in seen_inner:
            chain = _chain(node)
            if not chain or chain[0] not in bound:
                continue
            # count the longest chain once: mark the inner Attribute nodes as seen
            inner = node.value
            while isinstance(inner, ast.Attribute):
                seen_inner.add(id(inner))
                inner = inner.value
            base = bound[chain[0]]
            for i in range(1, len(chain)):
                counts[base + "." + ".".join(chain[1:i + 1])] += 1


REPORT = ROOT / "tools" / "ms_uses_report.md"


def _package_name(d: pathlib.Path) -> str:
    """``mindocr`` for an unpacked ``mindocr-0.5.0`` (or a plain ``mindocr``) directory."""
    return re.split(r"[-_]\d", d.name, maxsplit=1)[0].replace("_gpu", "").replace("-gpu", "")


def report(top: int = 60) -> str:
    """The names real packages use that ms_compat does not provide yet, most packages first (markdown)."""
    sys.path.insert(0, str(ROOT))
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    from ms_compat.porting import _api_names
    from ms_compat.porting import api_coverage as cov
    data = json.loads((ROOT / "tools" / "reference" / "ms_uses.json").read_text())
    rows, absent = [], 0
    for path, n in data["counts"].items():
        module, _, name = path.rpartition(".")
        if name.startswith("__") or not module:
            continue
        status = cov.lookup(path)[0]
        if status == "absent":
            absent += 1
        elif status == "not yet":
            rows.append((path, data["packages"].get(path, 0), n))
    rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
    out = ["# MindSpore names real packages use that ms_compat does not provide yet", "",
           f"Written by `python tools/scan_ms_uses.py --report` from `tools/reference/ms_uses.json`: the sources of "
           f"{', '.join(data['sources'])} (each `pip download --no-deps`, unpacked, scanned by "
           "`tools/scan_ms_uses.py`). Every `import mindspore...`, `from mindspore... import` and attribute chain "
           "on a name bound to a MindSpore module counts; Tensor methods called on values are not seen here. "
           f"{len(data['counts'])} distinct paths; {len(rows)} are MindSpore 2.10 names ms_compat does not provide "
           f"yet (a placeholder under `install()`), {absent} are not MindSpore 2.10 names (written for other "
           f"versions, or attributes of instances). The {top} used by most packages:", "",
           "| name | packages | uses |", "|---|---|---|"]
    out += [f"| `{p}` | {k} | {n} |" for p, k, n in rows[:top]]
    return "\n".join(out) + "\n"


def main(argv):
    if "--report" in argv:
        top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 60
        REPORT.write_text(report(top))
        print(f"-> {REPORT}")
        return 0
    out = ROOT / "tools" / "reference" / "ms_uses.json"
    if "--out" in argv:
        i = argv.index("--out")
        out = pathlib.Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    counts, packages = collections.Counter(), collections.Counter()
    for d in argv:
        d = pathlib.Path(d)
        mine = collections.Counter()
        for p in sorted(d.rglob("*.py")):
            scan_file(p, mine)
        counts.update(mine)
        packages.update(mine.keys())
    out.write_text(json.dumps({"sources": sorted(_package_name(pathlib.Path(d)) for d in argv),
                               "counts": dict(sorted(counts.items())),
                               "packages": dict(sorted(packages.items()))}, indent=0) + "\n")
    print(f"{len(counts)} paths from {len(argv)} packages -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
