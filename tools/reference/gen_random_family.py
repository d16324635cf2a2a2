"""The whole family of MindSpore 2.10's random APIs, derived from MindSpore itself, into
tests/reference_data/random/family.json (tests/test_random_family.py classifies every name in it).

A public name of ``mindspore.ops.operations``, ``mindspore.ops``, ``mindspore.mint`` (+ ``mint.nn``,
``mint.nn.functional``), ``mindspore.nn``, ``mindspore.nn.probability.distribution``, ``mindspore.numpy``,
``mindspore.common.initializer`` or a ``mindspore.Tensor`` method is in the family when
  * MindSpore defines it in one of its random modules (``__module__`` ending in ``random_ops`` /
    ``random_func``), or
  * its signature (a class's ``__init__``) takes ``seed``, ``seed2`` or ``generator``, or
  * its name has the word ``dropout`` (a random mask), or a layer's ``__init__`` takes ``dropout`` (RNN and
    attention layers), or
  * (``mindspore.numpy``) its name starts with ``rand``, or
  * its name is a distribution's of ``mindspore.nn.probability.distribution`` (case, ``_`` aside:
    ``ops.Cauchy``, ``Tensor.log_normal``), or
  * (``Tensor`` methods) its name is a family function's name in ``ops`` / ``mint`` or starts with ``rand``, or
  * (initializers) what it draws after ``set_seed(0)`` and ``set_seed(1)`` differs (measured here).
An object reached under several names (``ops.UniformReal`` is ``ops.operations.UniformReal``) is listed once,
under the first module above. For the documented differences (ms_compat/common/random_differences.py) it
also records, from two fresh processes after ``set_seed(1)``, each probe's result: the error MindSpore raises,
or whether the two processes drew different numbers.

Run: python tools/make_references.py gen_random_family
"""
import concurrent.futures
import inspect
import json
import os
import re
import runpy
import subprocess
import sys

import numpy as np

import refutil

MODULES = ("ops.operations", "ops", "mint", "mint.nn", "mint.nn.functional", "nn", "nn.probability.distribution",
           "numpy", "common.initializer")
SEED_PARAMS = {"seed", "seed2", "generator"}
RANDOM_MODULES = ("random_ops", "random_func")


def _words(name):
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().split("_")


def _params(obj):
    """The parameter names of a function, or of a class's ``__init__`` and its bases' (``nn.LSTM`` passes
    ``*args`` on)."""
    targets = [k.__init__ for k in obj.__mro__ if "__init__" in vars(k)] if inspect.isclass(obj) else [obj]
    out = set()
    for target in targets:
        try:
            out |= set(inspect.signature(target).parameters)
        except (TypeError, ValueError):
            pass
    return out - {"self", "args", "kwargs"}


def _flat(name):
    return name.rstrip("_").replace("_", "").lower()


def _reasons(module, name, obj, distributions):
    why = []
    if str(getattr(obj, "__module__", "")).rsplit(".", 1)[-1] in RANDOM_MODULES:
        why.append("random module")
    params = _params(obj)
    why += [f"takes {p}" for p in sorted(params & SEED_PARAMS)]
    if any(w.startswith("dropout") for w in _words(name)):
        why.append("dropout")
    elif inspect.isclass(obj) and module in ("nn", "mint.nn") and "dropout" in params:
        why.append("takes dropout")
    if module == "numpy" and name.startswith("rand"):
        why.append("numpy random")
    if _flat(name) in distributions and module != "nn.probability.distribution":
        why.append("a distribution's name")
    return why


def _initializer_is_random(ms, I, name):
    """Whether the initializer draws differently after ``set_seed(0)`` and ``set_seed(1)`` (required arguments
    given 0.3; on a 4-D and a 2-D shape)."""
    cls = getattr(I, name)
    required = [p for p in inspect.signature(cls.__init__).parameters.values()
                if p.name != "self" and p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
    for shape in ((4, 4, 3, 3), (6, 5)):
        try:
            draws = []
            for seed in (0, 1):
                ms.set_seed(seed)
                init = cls(*[0.3] * len(required))
                draws.append(I.initializer(init, shape, ms.float32).init_data().asnumpy())
            return not np.array_equal(*draws)
        except Exception:  # noqa: BLE001 - a shape this initializer refuses: try the next
            continue
    return False


def family():
    import mindspore as ms
    import mindspore.nn.probability.distribution  # noqa: F401 - imported for the walk
    import mindspore.nn.probability.distribution as D
    distributions = {n.lower() for n in dir(D)
                     if inspect.isclass(getattr(D, n)) and issubclass(getattr(D, n), D.Distribution)}
    distributions -= {"distribution", "transformeddistribution"}
    out, seen = {}, set()
    for module in MODULES:
        mod = ms
        for part in module.split("."):
            mod = getattr(mod, part)
        names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
        for name in sorted(set(names)):
            obj = getattr(mod, name, None)
            if obj is None or id(obj) in seen or inspect.ismodule(obj):
                continue
            if module == "common.initializer":
                if inspect.isclass(obj) and issubclass(obj, mod.Initializer) and obj is not mod.Initializer \
                        and _initializer_is_random(ms, mod, name):
                    seen.add(id(obj))
                    out[f"{module}.{name}"] = ["draws differ with set_seed"]
                continue
            why = _reasons(module, name, obj, distributions)
            if why:
                seen.add(id(obj))
                out[f"{module}.{name}"] = why
    functions = {k.rsplit(".", 1)[1] for k in out if k.startswith(("ops.", "mint.")) and not k.startswith("ops.op")}
    for name in sorted(dir(ms.Tensor)):
        if name.startswith("_"):
            continue
        why = []
        if name in functions or name.rstrip("_") in functions:
            why.append("a family function's name")
        if name.startswith("rand"):
            why.append("rand*")
        if _flat(name) in distributions:
            why.append("a distribution's name")
        why += [f"takes {p}" for p in sorted(_params(getattr(ms.Tensor, name)) & SEED_PARAMS)]
        if why:
            out[f"Tensor.{name}"] = why
    return out


PROBE = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, mint, nn
from mindspore.ops import operations as P
import mindspore.nn.probability.distribution as D
T = lambda v: Tensor(np.array(v, np.float32))
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
probes = json.loads(sys.argv[1])
out = {}
for name, source in probes.items():
    ms.set_seed(1)
    try:
        value = eval(source)
        value = value[0] if isinstance(value, tuple) else value
        out[name] = {"value": np.asarray(value.asnumpy(), np.float64).ravel().tolist()}
    except Exception as e:
        text = [x for x in str(e).strip().splitlines() if x.strip("- ")]
        first = text[0].strip() if text else ""
        if first.endswith(":") and len(text) > 1:  # "- Kernel select failed:" then what failed
            first += " " + text[1].strip()
        out[name] = {"error": [type(e).__name__, first]}
print("PROBES" + json.dumps(out))
"""


def _run(sources):
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(sources)], capture_output=True, text=True,
                       env=dict(os.environ), timeout=900)
    line = [x for x in r.stdout.splitlines() if x.startswith("PROBES")]
    if not line:
        raise RuntimeError(r.stderr[-2000:])
    return json.loads(line[0][len("PROBES"):])


def probes():
    """Each probe of the documented-differences table, run in two fresh processes; a probe that raises is run
    again alone in a fresh process (PyNative may report a failed op's error again at the next op)."""
    table = runpy.run_path(str(refutil.ROOT / "ms_compat" / "common" / "random_differences.py"))  # imports nothing
    sources = {name: entry[1] for name, entry in table["DIFFERENCES"].items() if entry[1]}
    runs = [_run(sources) for _ in range(2)]
    failed = [name for name in sources if "error" in runs[0][name]]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        alone = dict(zip(failed, pool.map(lambda name: _run({name: sources[name]})[name], failed)))
    out = {}
    for name in sources:
        first, second = alone.get(name, runs[0][name]), runs[1][name]
        if "error" in first:
            out[name] = {"raises": first["error"]}
        else:
            out[name] = {"two runs differ": first["value"] != second["value"]}
        out[name]["probe"] = sources[name]
    return out


if __name__ == "__main__":
    names = family()
    refutil.save_json("random", "family", {"names": names, "probes": probes()})
    print(len(names), "random names")
