"""Drop-in import alias (issue 8): `import mindspore` served by ms_compat."""
import importlib
import subprocess
import sys
import textwrap

import pytest

import ms_compat
from ms_compat.porting import alias
from ms_compat.porting._missing import MissingAPIError, MissingModuleError
from conftest import load_ref_json
from dropin_util import PYTHON, ROOT, assert_lines_match, copy_project, printed_lines, run


@pytest.fixture
def installed():
    assert not alias.is_installed()
    ms_compat.install()
    try:
        yield
    finally:
        ms_compat.uninstall()


# (import statement, name bound, the ms_compat object it must be)
FORMS = [
    ("import mindspore", "mindspore", "ms_compat"),
    ("import mindspore as ms", "ms", "ms_compat"),
    ("from mindspore import nn", "nn", "ms_compat.nn"),
    ("from mindspore import ops", "ops", "ms_compat.ops"),
    ("from mindspore import Tensor", "Tensor", "ms_compat.common.tensor:Tensor"),
    ("from mindspore import Parameter", "Parameter", "ms_compat.common.parameter:Parameter"),
    ("from mindspore import context", "context", "ms_compat.context"),
    ("import mindspore.nn as nn", "nn", "ms_compat.nn"),
    ("import mindspore.context", "mindspore", "ms_compat"),
    ("from mindspore.common.initializer import Normal", "Normal", "ms_compat.common.initializer:Normal"),
    ("from mindspore.ops import operations as P", "P", "ms_compat.ops.operations"),
    ("from mindspore.ops import functional as F", "F", None),
    ("from mindspore.common import dtype as mstype", "mstype", "ms_compat.common.dtype"),
    ("import mindspore.common.dtype as mstype", "mstype", "ms_compat.common.dtype"),
    ("import mindspore.numpy as mnp", "mnp", "ms_compat.numpy"),
    ("from mindspore.train.serialization import load_checkpoint", "load_checkpoint",
     "ms_compat.train.serialization:load_checkpoint"),
    ("from mindspore.nn.layer.basic import Dense", "Dense", "ms_compat.nn.layer.basic:Dense"),
    ("from mindspore.nn.optim import Momentum", "Momentum", "ms_compat.nn.optim:Momentum"),
    ("import mindspore.dataset as ds", "ds", "ms_compat.dataset"),
    ("from mindspore.common.api import jit", "jit", "ms_compat.common.jit:jit"),
    ("from mindspore.communication.management import init", "init", "ms_compat.communication:init"),
]


def _target(spec):
    mod, _, attr = spec.partition(":")
    m = importlib.import_module(mod)
    return getattr(m, attr) if attr else m


@pytest.mark.parametrize("stmt,name,target", FORMS, ids=[f[0] for f in FORMS])
def test_import_forms_give_the_ms_compat_objects(installed, stmt, name, target):
    ns = {}
    exec(stmt, ns)
    if target is not None:
        assert ns[name] is _target(target)
    if stmt.startswith("import mindspore") and " as " in stmt:
        alias_name = stmt.split()[1]
        assert sys.modules[alias_name] is ns[name]


def test_functional_alias_exposes_functional_ops(installed):
    from mindspore.ops import functional as F  # noqa: N812
    import ms_compat.ops as ops
    assert F.tanh is ops.tanh and F.relu is ops.relu


def test_same_modules_and_isinstance(installed):
    import mindspore
    import mindspore.nn as nn
    from ms_compat.nn import Cell

    class Net(nn.Cell):
        def construct(self, x):
            return x

    assert mindspore is ms_compat
    assert sys.modules["mindspore.nn"] is ms_compat.nn
    assert isinstance(Net(), Cell)
    assert isinstance(mindspore.Tensor([1.0]), ms_compat.Tensor)
    assert ms_compat.__spec__.name == "ms_compat" and ms_compat.nn.__spec__.name == "ms_compat.nn"


def test_install_uninstall_idempotent():
    n = len(sys.meta_path)
    ms_compat.install()
    ms_compat.install()
    assert alias.is_installed() and len(sys.meta_path) == n + 1
    import mindspore  # noqa: F401
    import mindspore.nn  # noqa: F401
    ms_compat.uninstall()
    ms_compat.uninstall()
    assert not alias.is_installed() and len(sys.meta_path) == n
    assert not [k for k in sys.modules if k == "mindspore" or k.startswith("mindspore.")]
    with pytest.raises(ModuleNotFoundError):
        import mindspore  # noqa: F401,F811
    ms_compat.install()  # and again after an uninstall
    try:
        import mindspore  # noqa: F401,F811
        assert mindspore is ms_compat
    finally:
        ms_compat.uninstall()


def test_uninstall_removes_probe_aliases():
    ms_compat.install()
    from mindspore.ops import functional  # noqa: F401
    ms_compat.uninstall()
    assert "ms_compat.ops.functional" not in sys.modules or \
        sys.modules["ms_compat.ops.functional"].__name__ == "ms_compat.ops.functional"


@pytest.mark.parametrize("stmt,needle", [
    ("from mindspore.nn import NoSuchLayer", "'mindspore.nn.NoSuchLayer' is not a name of MindSpore 2.10"),
    ("from mindspore import NoSuchThing", "'mindspore.NoSuchThing' is not a name of MindSpore 2.10"),
    ("from mindspore.nn.layer import NoSuchLayer", "'mindspore.nn.layer.NoSuchLayer' is not a name of MindSpore"),
    ("import mindspore.no_such_module", "'mindspore.no_such_module' is not a name of MindSpore 2.10"),
    ("from mindspore.ops import reluu", "Did you mean 'mindspore.ops.relu'"),
])
def test_absent_name_message(installed, stmt, needle):
    with pytest.raises(ImportError) as ei:
        exec(stmt, {})
    assert needle in str(ei.value)
    assert isinstance(ei.value, MissingModuleError)


@pytest.mark.parametrize("stmt,path", [
    ("import mindspore.scipy.linalg as m", "module 'mindspore.scipy' (MindSpore 2.10.0) is not implemented in ms_compat"),
    ("from mindspore.nn.probability import bnn_layers as m", "module 'mindspore.nn.probability.bnn_layers' (MindSpore 2.10"),
])
def test_strict_imports_fail_at_import(installed, monkeypatch, stmt, path):
    monkeypatch.setenv("MS_COMPAT_STRICT_IMPORTS", "1")
    with pytest.raises(ImportError) as ei:
        exec(stmt, {})
    assert path in str(ei.value) and "python -m ms_compat coverage" in str(ei.value)


def test_missing_attribute_message(installed):
    import mindspore
    with pytest.raises(MissingAPIError, match=r"'mindspore.nn.NoSuchLayer' is not a name of MindSpore 2.10"):
        mindspore.nn.NoSuchLayer
    assert not hasattr(mindspore.ops, "no_such_op")  # still an AttributeError for hasattr/getattr default
    assert getattr(mindspore, "no_such_attr", 7) == 7


def _public_packages():
    """ms_compat's packages that mirror a public MindSpore 2.10 package (per the generated inventory); ms_compat's
    own packages (``testing``, ``porting``, implementation packages such as ``train.mindir``) are not MindSpore's."""
    import pkgutil
    from ms_compat.porting import _namespace
    mindspore_modules = _namespace.modules()
    names = ["ms_compat"]
    for info in pkgutil.walk_packages(ms_compat.__path__, "ms_compat."):
        if info.ispkg and not any(p.startswith("_") for p in info.name.split(".")) \
                and "mindspore" + info.name[len("ms_compat"):] in mindspore_modules:
            names.append(info.name)
    return names


def test_every_public_package_reports_missing_names():
    bad = []
    for name in _public_packages():
        mod = importlib.import_module(name)
        try:
            getattr(mod, "NoSuchApi_xyz")
        except MissingAPIError as e:
            if "mindspore" + name[len("ms_compat"):] + ".NoSuchApi_xyz" not in str(e):
                bad.append(f"{name}: {e}")
        except AttributeError as e:
            bad.append(f"{name}: plain AttributeError ({e})")
    assert not bad, "packages without the MissingAPIError __getattr__:\n" + "\n".join(bad)


def test_resolve_table():
    assert alias.resolve("mindspore") == "ms_compat"
    assert alias.resolve("mindspore.nn") == "ms_compat.nn"
    assert alias.resolve("mindspore.common.api") == "ms_compat.common.jit"
    assert alias.resolve("mindspore.ops.operations.nn_ops") in ("ms_compat.ops.operations.nn_ops",
                                                                "ms_compat.ops.operations", "ms_compat.ops")
    assert alias.resolve("mindspore.nn.layer.NoSuch") is None  # not a real MindSpore module: no aliasing
    assert alias.resolve("mindspore.mint") == "ms_compat.mint"
    assert alias.resolve("mindspore.mint.nn.layer.conv") == "ms_compat.mint.nn"
    assert alias.resolve("mindspore.rewrite") is None
    with pytest.raises(ValueError):
        alias.resolve("torch.nn")


def _run_snippet(tmp_path, code, fake=True):
    if fake:
        pkg = tmp_path / "site" / "mindspore"
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("REAL = True\n")
    script = tmp_path / "snippet.py"
    script.write_text(textwrap.dedent(code))
    env_path = f"{tmp_path / 'site'}"
    return subprocess.run([PYTHON, str(script)], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": f"{env_path}:{ROOT}", "PATH": "/usr/bin:/bin"})


def test_refuses_when_real_mindspore_is_importable(tmp_path):
    r = _run_snippet(tmp_path, """
        import ms_compat
        try:
            ms_compat.install()
        except RuntimeError as e:
            print("REFUSED", e)
        import mindspore
        print("still real", getattr(mindspore, "REAL", False))
        ms_compat.install(force=True)
        import mindspore
        print("forced", mindspore is ms_compat)
    """)
    assert r.returncode == 0, r.stderr
    assert "REFUSED ms_compat.install(): the real MindSpore is imported" in r.stdout or \
        "REFUSED ms_compat.install(): the real MindSpore is installed" in r.stdout
    assert "force=True" in r.stdout
    assert "still real True" in r.stdout and "forced True" in r.stdout


def test_refuses_when_real_mindspore_is_installed_not_imported(tmp_path):
    r = _run_snippet(tmp_path, """
        import sys, ms_compat
        try:
            ms_compat.install()
        except RuntimeError as e:
            print("REFUSED", e)
        print("imported", "mindspore" in sys.modules)
    """)
    assert r.returncode == 0, r.stderr
    assert "the real MindSpore is installed" in r.stdout and "imported False" in r.stdout


def test_drop_in_project_through_install(tmp_path):
    """The multi-file MindSpore-style project, unchanged, run in a process that calls install()."""
    proj = copy_project(tmp_path)
    ref = load_ref_json("dropin", "main")
    code = ("import sys, runpy, ms_compat; ms_compat.install(); sys.path.insert(0, '.'); "
            f"sys.argv = {ref['args']!r}; runpy.run_path('main.py', run_name='__main__')")
    r = run([PYTHON, "-c", code], cwd=proj)
    assert r.returncode == 0, r.stderr[-3000:]
    assert_lines_match(printed_lines(r.stdout), ref["lines"])
