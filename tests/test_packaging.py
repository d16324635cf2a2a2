"""The default install is complete (issue 21 item 10): what save_checkpoint, format="safetensors" and
``ms-compat convert`` need is a core dependency, the declared torch range holds the torch under test, and
those three work in a process where every optional package is unimportable."""
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import torch
from packaging.specifiers import SpecifierSet
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
CORE = {Requirement(r).name: Requirement(r) for r in PROJECT["dependencies"]}


def test_checkpoint_libraries_are_core_dependencies():
    assert {"torch", "numpy", "protobuf", "safetensors"} <= set(CORE)


def test_declared_torch_range_holds_the_tested_torch():
    spec = CORE["torch"].specifier
    assert spec != SpecifierSet(), "torch must have a floor and a ceiling"
    assert any(s.operator in (">=", "==", "~=") for s in spec) and any(s.operator in ("<", "==", "~=") for s in spec)
    assert spec.contains(torch.__version__.split("+")[0])


def test_test_extra_installs_the_corpus_without_pulling_frameworks():
    extra = [Requirement(r) for r in PROJECT["optional-dependencies"]["test"]]
    assert "mindcv" in {r.name for r in extra}
    assert not {"mindspore", "tensorflow", "jax"} & {r.name for r in extra}


def test_save_safetensors_and_convert_work_with_only_core_dependencies(tmp_path):
    optional = sorted({Requirement(r).name for extra in PROJECT["optional-dependencies"].values() for r in extra}
                      - set(CORE) - {"pytest"})
    script = textwrap.dedent(f"""
        import sys
        BLOCKED = {optional!r}
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in BLOCKED:
                    raise ImportError('blocked optional package ' + name)
        sys.meta_path.insert(0, Block())
        import numpy as np
        import ms_compat as ms
        from ms_compat.train import convert
        net = ms.nn.Dense(3, 2)
        ms.save_checkpoint(net, r'{tmp_path}/a.ckpt')
        ms.save_checkpoint(net, r'{tmp_path}/a.safetensors', format='safetensors')
        a = ms.load_checkpoint(r'{tmp_path}/a.ckpt')
        b = ms.load_checkpoint(r'{tmp_path}/a.safetensors', format='safetensors')
        assert convert.main([r'{tmp_path}/a.ckpt', r'{tmp_path}/b.safetensors', '--quiet']) == 0
        c = ms.load_checkpoint(r'{tmp_path}/b.safetensors', format='safetensors')
        for d in (a, b, c):
            np.testing.assert_array_equal(d['weight'].asnumpy(), net.weight.asnumpy())
        print('ok', BLOCKED)
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.splitlines()[-1].startswith("ok") and "cryptography" in r.stdout
