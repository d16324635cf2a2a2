"""Run the mutation-form table (tests/semantics/mutation_forms.py: every way MindSpore code mutates a tensor,
on a leaf, an intermediate saved for backward, a view and a Parameter; eager, under value_and_grad and
compiled) under real MindSpore 2.10; store tests/reference_data/mutation/forms.json. Run:
    python3 tools/make_references.py gen_mutation

Each form runs in a process of its own: after some failures (a random fill under ``grad``) MindSpore 2.10's
PyNative grad executor keeps raising a stale ``TypeError`` in every later case of the process (measured).

Where MindSpore 2.10's CPU build has no in-place kernel for a ``*_`` method (it raises) or returns the result
without writing it into the tensor (``add_``, measured), the reference for that method is made with its
documented meaning, ``y[...] = <out-of-place op>`` (mutation_forms.equivalent_form), and says why under
``via_equivalent``. ``compiled`` runs ``ms.jit`` on the loss function.
"""
import inspect
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "semantics"))
import mutation_forms as M  # noqa: E402


def _writes_in_place(ms, np, name):
    """(True, None) when ``y.name(...)`` on a Tensor writes y and returns it; else (False, why)."""
    y = M._f32(ms, M.C0)
    try:
        r = M.INPLACE_METHODS[name][0](ms, y, M._f32(ms, M.U0))
    except Exception as e:  # noqa: BLE001
        return False, "MindSpore 2.10 CPU raises: " + M.error(e)["error"][1]
    if r is not y:
        return False, "MindSpore 2.10 CPU returns a new tensor and leaves the tensor unchanged"
    if np.array_equal(y.asnumpy(), M.C0):
        return False, "MindSpore 2.10 CPU leaves the tensor unchanged"
    return True, None


def child(kind, name):
    import mindspore as ms
    import numpy as np
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.runtime.launch_blocking()
    out = {}
    if kind == "derive":
        out["derived_methods"] = sorted(n for n in dir(ms.Tensor) if n.endswith("_") and not n.startswith("_"))
        out["derived_scatter"] = sorted(
            n for n in dir(ms.ops) if n.startswith("scatter_")
            and list(inspect.signature(getattr(ms.ops, n)).parameters)[:1] in (["input_x"], ["args"]))
        out["wrappers"] = M.run_wrappers(ms)
    elif kind == "scatter":
        out = {"eager": M.run_scatter(ms, name, False), "grad": M.run_scatter(ms, name, True)}
    elif kind == "param_only":
        form = M.PARAM_ONLY[name]
        out = {"eager": {"param": M.run_eager(ms, form, "param")}, "grad": {"param": M.run_grad(ms, form, "param")}}
    else:
        form = M.FORMS[name]
        if name in M.INPLACE_METHODS:
            ok, why = _writes_in_place(ms, np, name)
            if not ok:
                form = M.equivalent_form(name)
                out["via_equivalent"] = why
        rr = M.RANDOM_METHODS[name][1] if name in M.RANDOM_METHODS else None
        if kind == "compiled":
            return {"nonleaf": M.run_grad(ms, form, "nonleaf", ms.jit)}
        out["eager"] = {role: M.run_eager(ms, form, role, rr) for role in M.ROLES}
        out["grad"] = {role: M.run_grad(ms, form, role) for role in M.ROLES}
    return out


def _spawn(job):
    kind, name = job
    r = subprocess.run([sys.executable, __file__, "--child", kind, name], capture_output=True, text=True,
                       env=os.environ)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("@@")]
    if not lines:
        raise RuntimeError(f"{kind} {name}: {r.stderr[-2000:]}")
    return job, json.loads(lines[-1][2:])


def main():
    jobs = [("derive", "-")] + [("form", n) for n in M.FORMS] + [("compiled", n) for n in M.COMPILED_FORMS]
    jobs += [("scatter", n) for n in M.SCATTER_OPS] + [("param_only", n) for n in M.PARAM_ONLY]
    results = {"via_equivalent": {}, "eager": {}, "grad": {}, "compiled": {}, "scatter": {}}
    with ThreadPoolExecutor(2) as pool:
        for (kind, name), out in pool.map(_spawn, jobs):
            if kind == "derive":
                results.update(out)
            elif kind == "compiled":
                results["compiled"][name] = out
            elif kind == "scatter":
                results["scatter"][name] = out
            else:
                results["eager"][name] = out["eager"]
                results["grad"][name] = out["grad"]
                if "via_equivalent" in out:
                    results["via_equivalent"][name] = out["via_equivalent"]
    refutil.save_json("mutation", "forms", results)
    print("wrote", len(results["eager"]), "forms;", len(results["via_equivalent"]),
          "in-place methods via their documented equivalent")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print("@@" + json.dumps(child(sys.argv[2], sys.argv[3])))
    else:
        main()
