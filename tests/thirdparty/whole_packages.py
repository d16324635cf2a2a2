"""Whole real MindSpore packages, imported module by module: the shared part of
tools/reference/gen_package_imports.py (real MindSpore 2.10) and tests/thirdparty/test_whole_packages.py
(ms_compat.install()).

``install(target)`` puts the packages and a pinned set of their third-party dependencies (DEPS, and PACKAGE_DEPS
for those only one package needs) into ``target`` with
``pip install --no-deps --target`` (their own pins would pull in MindSpore), so both sides import the same versions.
``IMPORT_ALL`` is the child script: it imports every module of one package in sorted order and records, for each
module, whether it imported and which third-party top-level packages it imports (an ``__import__`` hook: the
imports that succeed, directly or through the package's own modules; a failed optional import is no need), so a
comparison can leave out the modules whose third-party dependencies a machine lacks instead of counting them as
failures.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

PACKAGES = {"mindocr": "mindocr==0.5.0", "mindaudio": "mindaudio==0.3.0", "mindone": "mindone==0.5.0",
            "mindarmour": "mindarmour==2.0.0", "mindpet": "mindpet==1.0.4", "mindspore_gs": "mindspore-gs==1.4.1"}

# third-party packages the modules above import at module level, pinned; no compiled package that both venvs
# already need (numpy, torch) is put here, since the target directory comes first on the path
DEPS = ["transformers==4.57.1", "huggingface_hub==0.36.0", "tokenizers==0.22.1", "omegaconf==2.3.0",
        "antlr4-python3-runtime==4.9.3", "regex==2025.11.3", "requests==2.32.5", "urllib3==2.5.0", "idna==3.11",
        "certifi==2025.11.12", "charset-normalizer==3.4.4", "filelock==3.20.0", "fsspec==2025.10.0",
        "packaging==25.0", "PyYAML==6.0.3", "tqdm==4.67.1", "addict==2.4.0", "pyclipper==1.3.0.post6",
        "shapely==2.1.2", "rapidfuzz==3.14.3", "einops==0.8.1", "typing_extensions==4.15.0", "wget==3.2",
        "mir_eval==0.8.2", "decorator==5.2.1", "Levenshtein==0.27.1", "matplotlib==3.10.7", "pyparsing==3.2.5",
        "cycler==0.12.1", "kiwisolver==1.4.9", "fonttools==4.60.1", "contourpy==1.3.3", "python-dateutil==2.9.0.post0",
        "six==1.17.0"]
# third-party packages only some of the packages above import, pinned: a reference records DEPS + its own
PACKAGE_DEPS = {"mindarmour": ["easydict==1.13", "scikit-learn==1.7.2", "joblib==1.5.2", "threadpoolctl==3.6.0"],
                "mindpet": ["click==8.1.8"],
                # psutil: MindSpore's own requirement (the reference venv has this version), not ms_compat's
                "mindspore_gs": ["prettytable==3.7.0", "wcwidth==0.2.13", "psutil==7.2.2"]}


def deps(pkg):
    """The pinned third-party packages a reference of ``pkg`` was made with: DEPS and PACKAGE_DEPS[pkg]."""
    return DEPS + PACKAGE_DEPS.get(pkg, [])


def install(target, timeout=900):
    """``pip install --no-deps --target target`` of PACKAGES, DEPS and PACKAGE_DEPS; returns the CompletedProcess."""
    extra = [d for pins in PACKAGE_DEPS.values() for d in pins]
    return subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
                           "--disable-pip-version-check", "--target", str(target), *PACKAGES.values(), *DEPS,
                           *extra],
                          capture_output=True, text=True, timeout=timeout)


IMPORT_ALL = r'''
import builtins, contextlib, importlib, importlib.util, io, json, logging, pathlib, sys, warnings
warnings.filterwarnings("ignore"); logging.disable(logging.CRITICAL)
pkg, compat = sys.argv[1], sys.argv[2] == "1"
if compat:
    import ms_compat
    ms_compat.install()
STD = set(sys.stdlib_module_names) | {"mindspore", pkg, "__future__"}
direct, inner = {}, {}
_import = builtins.__import__


def hook(name, globals=None, locals=None, fromlist=(), level=0):
    mod = _import(name, globals, locals, fromlist, level)  # an import that fails (an optional one) is no need
    me = (globals or {}).get("__name__") or ""
    if me == pkg or me.startswith(pkg + "."):
        try:
            full = importlib.util.resolve_name("." * level + name, globals.get("__package__") or me) if level else name
        except Exception:
            full = name
        top = full.split(".")[0]
        if top == pkg:
            inner.setdefault(me, set()).update([full] + [full + "." + f for f in fromlist or () if f != "*"])
        elif top and top not in STD and not top.startswith("_"):
            direct.setdefault(me, set()).add(top)
    return mod


builtins.__import__ = hook
root = pathlib.Path(importlib.util.find_spec(pkg).submodule_search_locations[0])
mods = []
for p in sorted(root.rglob("*.py")):
    parts = (pkg,) + p.relative_to(root).with_suffix("").parts
    mods.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
ok, failed = [], {}
for mod in mods:
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            importlib.import_module(mod)
        ok.append(mod)
    except BaseException as e:  # noqa: BLE001 - SystemExit from a script module counts as a failure too
        missing = getattr(e, "name", None) if isinstance(e, ImportError) else None
        failed[mod] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}",
                       "missing": missing}
builtins.__import__ = _import
known = set(mods)


def needs(mod, seen):
    if mod in seen:
        return set()
    seen.add(mod)
    out = set(direct.get(mod, ()))
    parts = mod.split(".")
    for i in range(1, len(parts)):
        out |= needs(".".join(parts[:i]), seen)
    for m in inner.get(mod, ()):
        while m not in known and "." in m:
            m = m.rpartition(".")[0]
        if m in known:
            out |= needs(m, seen)
    return out


used = ms_compat.porting._missing.used_placeholders() if compat else {}
print("@@" + json.dumps({"ok": ok, "failed": failed, "used": used,
                         "needs": {m: n for m, n in ((m, sorted(needs(m, set()))) for m in mods) if n}}))
'''


def import_all(pkg, compat, pythonpath, python=None, env=None, timeout=1200):
    """Run IMPORT_ALL for ``pkg`` (``compat``: under ms_compat.install()) with ``pythonpath`` first on the path."""
    env = dict(env or os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in [*pythonpath, env.get("PYTHONPATH", "")] if p)
    r = subprocess.run([python or sys.executable, "-c", IMPORT_ALL, pkg, "1" if compat else "0"],
                       capture_output=True, text=True, timeout=timeout, env=env)
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    if not lines:
        raise RuntimeError(f"import_all({pkg}) printed no result:\n{r.stderr[-3000:]}")
    return json.loads(lines[-1][2:])
