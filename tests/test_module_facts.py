"""Module-level facts of MindSpore 2.10 that ms_compat provides for real (issue 16): mindspore.version, log,
hal, runtime, the jit_syntax_level constants, RowTensor and the private helpers real packages import
(``_calculate_correct_fan``, ``train.amp._auto_black_list``/``AMP_BLACK_LIST``), against the answers of real
MindSpore 2.10 (tests/reference_data/imports/facts.json, tools/reference/gen_imports.py)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
REF = json.loads((ROOT / "tests" / "reference_data" / "imports" / "facts.json").read_text())
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from imports_cases import CASES, ENV_CASES  # noqa: E402

_CHILD = """
import json, sys
sys.path.insert(0, {tools!r})
import ms_compat
ms_compat.install()
import mindspore as ms
from imports_cases import CASES, ENV_CASES, run_case
names = sys.argv[1:]
src = dict(CASES, **{{k: v[1] for k, v in ENV_CASES.items()}})
print('@@' + json.dumps({{n: run_case(src[n], ms) for n in names}}))
"""


def _run(names, env):
    code = _CHILD.format(tools=str(ROOT / "tools" / "reference"))
    r = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, **env))
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    assert lines, r.stderr[-2000:]
    return json.loads(lines[0][2:])


@pytest.fixture(scope="module")
def results():
    env = {k: v for k, v in os.environ.items() if not k.startswith("GLOG_")}
    out = _run(list(CASES), dict(env, GLOG_v="3"))  # the references ran with GLOG_v=3
    for name, (extra, _) in ENV_CASES.items():
        out.update(_run([name], dict(env, **extra)))
    return out


def _normal(v):
    return json.loads(json.dumps(v, sort_keys=True))


@pytest.mark.parametrize("name", sorted(list(CASES) + list(ENV_CASES)))
def test_matches_mindspore(results, name):
    assert _normal(results[name]) == _normal(REF[name]), (results[name], REF[name])


def test_version_module_names_ms_compat_version():
    import ms_compat
    from ms_compat import version
    assert version.__version__ == "2.10.0" and version.ms_compat_version == ms_compat.__ms_compat_version__
    assert ms_compat.__version__ == "2.10.0"  # mindspore.__version__: real packages gate features on it


def test_log_writes_mindspore_format(tmp_path):
    code = "import ms_compat; ms_compat.install()\nimport mindspore as ms\nms.log.warning('hello %s', 42)\n" \
           "ms.log.info('hidden')"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env={k: v for k, v in os.environ.items() if not k.startswith("GLOG_")})
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("[WARNING] ME(") and lines[0].endswith("] hello 42"), r.stderr


def test_amp_black_list_is_the_list_o2_uses():
    """AMP_BLACK_LIST is a module-level list, as in MindSpore: what O2 keeps in float32 is read from it."""
    import ms_compat
    from ms_compat import nn
    from ms_compat.amp import AMP_BLACK_LIST
    from ms_compat.amp.amp_levels import _black_list
    assert ms_compat.amp.AMP_BLACK_LIST is AMP_BLACK_LIST
    AMP_BLACK_LIST.append(nn.ReLU)
    try:
        assert nn.ReLU in _black_list()
    finally:
        AMP_BLACK_LIST.remove(nn.ReLU)
