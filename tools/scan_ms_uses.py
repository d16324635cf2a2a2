"""Count the MindSpore names real MindSpore packages use, from their sources (no MindSpore needed).

Usage: python tools/scan_ms_uses.py DIR [DIR ...] [--out tools/reference/ms_uses.json]

Each DIR is an unpacked package (e.g. ``pip download --no-deps mindcv==0.3.0`` unzipped). Every
``import mindspore.x.y``, ``from mindspore.x import a`` and attribute chain rooted at a name bound to a
MindSpore module (``ms.ops.operations.nn_ops.FlashAttentionScore``, ``P.MatMul``) is counted once per
occurrence, as the full dotted path ``mindspore.x.y.name``. tools/reference/gen_api_names.py keeps the
paths real MindSpore 2.10 has (modules and names, private ones included); tools/api_coverage.py ranks
the missing names by these counts.
"""
from __future__ import annotations

import ast
import collections
import json
import pathlib
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


def main(argv):
    out = ROOT / "tools" / "reference" / "ms_uses.json"
    if "--out" in argv:
        i = argv.index("--out")
        out = pathlib.Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    counts = collections.Counter()
    for d in argv:
        d = pathlib.Path(d)
        for p in sorted(d.rglob("*.py")):
            scan_file(p, counts)
    out.write_text(json.dumps({"sources": sorted(pathlib.Path(d).name for d in argv),
                               "counts": dict(sorted(counts.items()))}, indent=0) + "\n")
    print(f"{len(counts)} paths from {len(argv)} packages -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
