"""Real MindSpore toolkits from the package index, run unmodified: MindArmour 2.0.0 (adversarial attacks through
``GradOperation``, adversarial training through ``TrainOneStepCell``, neuron-coverage metrics read from the
summary primitives in GRAPH_MODE) and MindPet 1.0.4 (LoRA-tuned ``nn.Dense`` layers, frozen with its own
``freeze_delta``, trained with ``TrainOneStepCell`` and ``Adam``); and MindArmour's differentially private
``DPModel`` (a ``Model`` subclass) built up to its refusal of a CPU target.

Framework-neutral: ``python toolkits.py OUT.npz [compat]`` runs every case of :data:`CASES` (``compat``: under
``ms_compat.install()``) and saves each result (key ``case``; ``case:name`` for the trained parameters
and LoRA's trainable parameter names); tools/reference/gen_thirdparty_toolkits.py runs it under real
MindSpore 2.10 (tests/reference_data/thirdparty/toolkits.npz) and tests/thirdparty/test_toolkits.py under
ms_compat. The packages and the pure-Python or compiled dependencies their imports need are installed by
:func:`install` with ``pip install --no-deps --target`` (their declared pins would pull in MindSpore and old
SciPy/Matplotlib), the same versions on both sides; their modules are imported with ``importlib`` in the child
process that has them on its path (tests/test_declared_imports.py).

Two things are the same on both sides and are not the packages' code: ``mindpet.delta``'s ``__init__`` is not run
(it imports ``mindpet.delta.adapter``, which needs ``mindspore.nn.transformer`` — gone in MindSpore 2.x — or else
MindFormers: its module ``lora`` is loaded below a bare package), and ``numpy.bool`` is set
to ``bool`` where numpy lacks it (MindArmour's coverage metrics use the alias numpy 1.24-1.26 removed and numpy 2
has again; the reference venv has numpy 1.26).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys
import types

# mindarmour's and mindpet's import-time third-party packages (beyond numpy, scipy, Pillow, PyYAML, OpenCV and tqdm,
# which ms_compat's core dependencies and test extra hold), pinned as tests/thirdparty/whole_packages.py pins them
PINS = ["mindarmour==2.0.0", "mindpet==1.0.4", "easydict==1.13", "click==8.1.8", "scikit-learn==1.7.2",
        "joblib==1.5.2", "threadpoolctl==3.6.0", "matplotlib==3.10.7", "pyparsing==3.2.5", "cycler==0.12.1",
        "kiwisolver==1.4.9", "fonttools==4.60.1", "contourpy==1.3.3", "python-dateutil==2.9.0.post0",
        "six==1.17.0"]


def install(target, timeout=600):
    """``pip install --no-deps --target target`` of :data:`PINS`; returns the CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
                           "--disable-pip-version-check", "--target", str(target), *PINS],
                          capture_output=True, text=True, timeout=timeout)


def run(script_out, python, pythonpath, compat, env=None, timeout=600):
    """Run this file as ``python toolkits.py script_out [compat]`` with ``pythonpath`` first on the path."""
    env = dict(env or os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in [*pythonpath, env.get("PYTHONPATH", "")] if p)
    return subprocess.run([python, os.path.abspath(__file__), str(script_out), *(["compat"] if compat else [])],
                          capture_output=True, text=True, timeout=timeout, env=env)


def _mindpet_delta(name):
    """``mindpet.delta.<name>``, its package ``__init__`` not run (module docstring)."""
    if "mindpet.delta" not in sys.modules:
        path = os.path.join(importlib.import_module("mindpet").__path__[0], "delta")
        pkg = types.ModuleType("mindpet.delta")
        pkg.__path__ = [path]
        pkg.__spec__ = importlib.machinery.ModuleSpec("mindpet.delta", None, is_package=True)
        pkg.__spec__.submodule_search_locations = [path]
        sys.modules["mindpet.delta"] = pkg
    return importlib.import_module("mindpet.delta." + name)


def _cases(ms, np):
    from mindspore import Tensor, nn, ops

    class Net(nn.Cell):
        def __init__(self, summary=False):
            super().__init__()
            self.conv = nn.Conv2d(1, 4, 3, pad_mode="valid", has_bias=True)
            self.relu = nn.ReLU()
            self.flat = nn.Flatten()
            self.fc = nn.Dense(4 * 6 * 6, 5)
            self.with_summary = summary
            self.summary = ops.TensorSummary()

        def construct(self, x):
            x = self.relu(self.conv(x))
            if self.with_summary:
                self.summary("conv", x)
            x = self.fc(self.flat(x))
            if self.with_summary:
                self.summary("fc", x)
            return x

    def fill(net, seed):
        r = np.random.default_rng(seed)
        for p in net.get_parameters():
            p.set_data(Tensor(r.standard_normal(p.shape).astype(np.float32) * 0.3))
        return net

    rng = np.random.default_rng(0)
    x = rng.random((3, 1, 8, 8)).astype(np.float32)
    y = np.array([0, 3, 1], np.int32)
    onehot = np.eye(5, dtype=np.float32)[y]
    out = {}

    def params(net, key):
        for name, p in net.parameters_and_names():
            out[f"{key}:{name}"] = p.asnumpy()

    def attack(cls, **kw):
        attacks = importlib.import_module("mindarmour.adv_robustness.attacks")
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=False)
        return lambda: getattr(attacks, cls)(fill(Net(), 1), loss_fn=loss, **kw).generate(x, onehot)

    def deepfool():
        return importlib.import_module("mindarmour.adv_robustness.attacks").DeepFool(fill(Net(), 1), num_classes=5, model_type="classification", max_iters=10,
                        bounds=(0.0, 1.0)).generate(x, y)

    def carlini_wagner():
        return importlib.import_module("mindarmour.adv_robustness.attacks").CarliniWagnerL2Attack(fill(Net(), 1), num_classes=5, max_iterations=20,
                                     bin_search_steps=2).generate(x, y)

    def jsma():
        return importlib.import_module("mindarmour.adv_robustness.attacks").JSMAAttack(fill(Net(), 1), num_classes=5, max_iteration=20).generate(x, np.array([1, 0, 2], np.int32))

    def defense(cls, key, steps, **kw):
        def case():
            defenses = importlib.import_module("mindarmour.adv_robustness.defenses")
            np.random.seed(0)  # the defenses with attacks pick the samples to replace with np.random.choice
            net = fill(Net(), 1)
            d = getattr(defenses, cls)(net, loss_fn=nn.SoftmaxCrossEntropyWithLogits(sparse=False),
                                       optimizer=nn.Momentum(net.trainable_params(), 0.01, 0.9), **kw)
            losses = [d.defense(x.copy(), onehot) for _ in range(steps)]
            params(net, key)
            return np.asarray(losses)
        return case

    def coverage():
        fuzz = importlib.import_module("mindarmour.fuzz_testing")
        if not hasattr(np, "bool"):
            np.bool = bool  # module docstring
        ms.set_context(mode=ms.GRAPH_MODE)  # the summary primitives feed the metrics in GRAPH_MODE only
        try:
            model = ms.Model(fill(Net(summary=True), 1))
            return np.asarray([fuzz.NeuronCoverage(model, threshold=0.1).get_metrics(x),
                               fuzz.TopKNeuronCoverage(model, top_k=3).get_metrics(x),
                               fuzz.KMultisectionNeuronCoverage(model, x, segmented_num=10).get_metrics(x[:2])])
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    def lora():
        lora_mod = _mindpet_delta("lora")
        freeze_delta = importlib.import_module("mindpet.graph.freeze_utils").freeze_delta

        class Tuned(nn.Cell):
            def __init__(self):
                super().__init__()
                self.d1 = lora_mod.LoRADense(6, 8, lora_rank=2, lora_alpha=4, compute_dtype=ms.float32)
                self.d2 = lora_mod.LoRADense(8, 3, lora_rank=2, lora_alpha=2, compute_dtype=ms.float32,
                                             activation="relu")

            def construct(self, inputs):
                return self.d2(self.d1(inputs))

        m = fill(Tuned(), 2)
        freeze_delta(m, "lora")
        out["lora:trainable"] = np.array([p.name for p in m.trainable_params()])
        r = np.random.default_rng(3)
        xi, yi = r.random((4, 5, 6)).astype(np.float32), r.random((4, 5, 3)).astype(np.float32)
        step = nn.TrainOneStepCell(nn.WithLossCell(m, nn.MSELoss()), nn.Adam(m.trainable_params(), 0.01))
        losses = [step(Tensor(xi), Tensor(yi)).asnumpy() for _ in range(3)]
        params(m, "lora")
        return np.asarray(losses)

    def dp_model():
        """MindArmour's differentially private training builds its network (micro-batch gradient clipping and
        noise cells on ``Model``'s private steps) and then refuses a CPU target, in MindSpore 2.10 too: the
        message is the result."""
        dp = importlib.import_module("mindarmour.privacy.diff_privacy")
        net = fill(Net(), 1)
        factory = dp.DPOptimizerClassFactory(micro_batches=2)
        factory.set_mechanisms("Gaussian", norm_bound=1.0, initial_noise_multiplier=1.5)
        opt = factory.create("Momentum")(params=net.trainable_params(), learning_rate=0.1, momentum=0.9)
        try:
            dp.DPModel(micro_batches=2, norm_bound=1.0, noise_mech=None, network=net, optimizer=opt,
                       loss_fn=nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
        except ValueError as e:
            return np.array(str(e))
        return np.array("no error")

    return out, {
        "fgsm": attack("FastGradientSignMethod", eps=0.1),
        "fgm": attack("FastGradientMethod", eps=0.1),
        "bim": attack("BasicIterativeMethod", eps=0.2, eps_iter=0.05, nb_iter=4),
        "pgd": attack("ProjectedGradientDescent", eps=0.2, eps_iter=0.05, nb_iter=4),
        "mim": attack("MomentumIterativeMethod", eps=0.2, eps_iter=0.05, nb_iter=4),
        "deepfool": deepfool, "cw": carlini_wagner, "jsma": jsma,
        "adversarial_defense": defense("AdversarialDefense", "adversarial_defense", 3),
        "natural_defense": defense("NaturalAdversarialDefense", "natural_defense", 2,
                                   eps=0.1),
        "coverage": coverage, "lora": lora, "dp_model": dp_model,
    }


# The cases, in the order they run (see _cases)
CASES = ("fgsm", "fgm", "bim", "pgd", "mim", "deepfool", "cw", "jsma", "adversarial_defense", "natural_defense",
         "coverage", "lora", "dp_model")


def main(argv):
    import contextlib
    import io
    import logging
    import traceback
    path, compat = argv[0], "compat" in argv[1:]
    if compat:
        import ms_compat
        ms_compat.install()
    import numpy as np
    import mindspore as ms
    logging.disable(logging.WARNING)
    with contextlib.redirect_stderr(io.StringIO()):
        importlib.import_module("mindarmour")  # warns that 2.10 is not a version it knows and counts down 3 s
    out, cases = _cases(ms, np)
    assert tuple(cases) == CASES
    errors = {}
    for key, case in cases.items():
        try:
            out[key] = np.asarray(case())
        except Exception as e:  # noqa: BLE001 - recorded with the case, compared by the test
            errors[key] = f"{type(e).__name__}: {e}"[:500]
            traceback.print_exc()
    np.savez(path, __errors__=np.array(repr(errors)), **out)


if __name__ == "__main__":
    main(sys.argv[1:])
