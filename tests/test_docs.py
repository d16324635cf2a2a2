"""Every ```python block in README.md and migration_guides/*.md runs, doctest-style: the blocks of one
file run in order in one namespace (one subprocess per file, from the repo root), so the guides cannot rot."""
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted((ROOT / "migration_guides").glob("*.md"))
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)

RUNNER = r"""
import sys, traceback
blocks = {blocks!r}
ns = {{"__name__": "__doc_block__"}}
for i, src in enumerate(blocks):
    try:
        exec(compile(src, f"{name} block {{i + 1}}", "exec"), ns)
    except SystemExit:
        pass
    except BaseException:
        traceback.print_exc()
        print(f"FAILED: {name} block {{i + 1}}", file=sys.stderr)
        sys.exit(1)
print("ok", len(blocks))
"""


@pytest.mark.parametrize("doc", DOCS, ids=[p.name for p in DOCS])
def test_code_blocks_run(doc):
    blocks = BLOCK.findall(doc.read_text())
    if not blocks:
        pytest.skip("no python blocks")
    code = RUNNER.format(blocks=blocks, name=doc.name)
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-6000:]
