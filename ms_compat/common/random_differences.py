"""MindSpore 2.10's random APIs whose numbers ms_compat does not reproduce, and why: one data table.

Every name of MindSpore's random family (derived from MindSpore itself: tools/reference/gen_random_family.py,
tests/reference_data/random/family.json) is either covered by a case of a reference table (the random ops'
``random/ops.npz``, the initializers' ``init_random/cases.npz``) or listed here, exactly once, with a category:

* ``RAISES``: MindSpore 2.10 raises on CPU (the probe's error is recorded by the generator);
* ``NONDETERMINISTIC``: MindSpore 2.10 draws different numbers in two fresh processes after ``set_seed(1)``
  (measured on the probe), so there is nothing to reproduce;
* ``NOT_YET``: deterministic (where a probe is given: measured) but not yet reproduced; ms_compat draws from
  torch's generator.

Each entry is ``name: (category, probe, note)``; the probe is an expression run under real MindSpore (names:
``ms``, ``np``, ``Tensor``, ``ops``, ``mint``, ``nn``, ``P``, ``D``, ``T``) after ``ms.set_seed(1)``.
This module imports nothing: the generator reads it under MindSpore's interpreter
(tests/test_random_family.py checks the categories against the measurements, and the table in
migration_guides/ops.md against this one).
"""

RAISES = "raises on MindSpore 2.10 CPU"
NONDETERMINISTIC = "nondeterministic in MindSpore 2.10"
NOT_YET = "not yet reproduced"

_F = "Tensor(np.full((2, 3), 0.5, np.float32))"
_LAYER = "(lambda net: (net.set_train(True), net({x}))[1])({make})"

DIFFERENCES = {
    # Primitives
    "ops.operations.Cauchy": (NONDETERMINISTIC, "P.Cauchy([3])()", ""),
    "ops.operations.DropoutGenMask": (RAISES, "P.DropoutGenMask(1, 2)((2, 8), Tensor(0.5, ms.float32))", ""),
    "ops.operations.DropoutDoMask": (NOT_YET, None, "applies a given mask: draws nothing itself"),
    "ops.operations.Gamma": (RAISES, "P.Gamma(3, 4)((3, 2), Tensor(np.array([1.0, 2.5], np.float32)), "
                                      "Tensor(np.array([1.0], np.float32)))", ""),
    "ops.operations.LogNormalReverse": (NONDETERMINISTIC, "P.LogNormalReverse()(" + _F + ")", ""),
    "ops.operations.NonDeterministicInts": (NONDETERMINISTIC,
                                            "P.NonDeterministicInts()(Tensor(np.array([2, 2], np.int32)))", ""),
    "ops.operations.Poisson": (RAISES, "P.Poisson(3, 4)((3, 2), Tensor(np.array([1.0, 4.5], np.float32)))", ""),
    "ops.operations.SampleDistortedBoundingBoxV2": (
        NOT_YET, "P.SampleDistortedBoundingBoxV2(3, 4)(Tensor(np.array([40, 50, 3], np.int32)), "
                 "Tensor(np.array([[[0.1, 0.2, 0.7, 0.8]]], np.float32)), T([0.1]))", ""),
    # functions
    "ops.bernoulli_": (RAISES, "ops.bernoulli_(" + _F + ", 0.5)", ""),
    "ops.bernoulli_ext": (RAISES, "ops.bernoulli_ext(" + _F + ")", ""),
    "ops.exponential_": (RAISES, "ops.exponential_(" + _F + ")", ""),
    "ops.gamma": (RAISES, "ops.gamma((3, 2), T([1.0, 2.5]), T([1.0]), seed=5)", ""),
    "ops.normal_": (RAISES, "ops.normal_(" + _F + ")", ""),
    "ops.poisson": (RAISES, "ops.poisson((3, 2), T([1.0, 4.5]), seed=5)", ""),
    "ops.random_": (RAISES, "ops.random_(" + _F + ", 0, 9)", ""),
    "ops.uniform_": (RAISES, "ops.uniform_(" + _F + ")", ""),
    "mint.multinomial": (RAISES, "mint.multinomial(T([[0.2, 0.3, 0.5]]), 5, True)", ""),
    "mint.normal": (RAISES, "mint.normal(0.0, 1.0, (5,))", ""),
    "mint.rand": (RAISES, "mint.rand(5)", ""),
    "mint.rand_like": (RAISES, "mint.rand_like(" + _F + ")", ""),
    "mint.randint": (RAISES, "mint.randint(0, 9, (5,))", ""),
    "mint.randint_like": (RAISES, "mint.randint_like(" + _F + ", 0, 9)", ""),
    "mint.randn": (RAISES, "mint.randn(5)", ""),
    "mint.randn_like": (RAISES, "mint.randn_like(" + _F + ")", ""),
    "mint.randperm": (RAISES, "mint.randperm(7)", ""),
    "mint.nn.functional.dropout": (RAISES, "mint.nn.functional.dropout(" + _F + ", 0.5)", ""),
    "mint.nn.functional.dropout2d": (RAISES, "mint.nn.functional.dropout2d(Tensor(np.ones((1, 8, 2, 2), np.float32)),"
                                              " 0.5)", ""),
    # layers
    "nn.DropoutExt": (RAISES, _LAYER.format(make="nn.DropoutExt(0.5)", x=_F), ""),
    "nn.Dropout2dExt": (RAISES, _LAYER.format(make="nn.Dropout2dExt(0.5)",
                                              x="Tensor(np.ones((1, 8, 2, 2), np.float32))"), ""),
    "nn.MultiheadAttention": (NONDETERMINISTIC, "(lambda net: (net.set_train(True), net(*[Tensor(np.ones((3, 2, 4), "
                                       "np.float32))] * 3))[1])(nn.MultiheadAttention(4, 2, dropout=0.5))", ""),
    "nn.Transformer": (NONDETERMINISTIC, "(lambda net: (net.set_train(True), net(*[Tensor(np.ones((3, 2, 4), "
                                         "np.float32))] * 2))[1])(nn.Transformer(4, 2, 1, 1, 8, dropout=0.5))", ""),
    "nn.TransformerDecoderLayer": (NONDETERMINISTIC, "(lambda net: (net.set_train(True), net(*[Tensor(np.ones("
                                                     "(2, 3, 4), np.float32))] * 2))[1])(nn.TransformerDecoderLayer("
                                                     "4, 2, 8, dropout=0.5))", ""),
    "nn.TransformerEncoderLayer": (NONDETERMINISTIC,
                                   _LAYER.format(make="nn.TransformerEncoderLayer(4, 2, 8, dropout=0.5)",
                                                 x="Tensor(np.ones((2, 3, 4), np.float32))"), ""),
    # distributions: sample() with a seed (the others are tested against MindSpore's numbers)
    **{f"nn.probability.distribution.{name}": (RAISES, f"D.{name}({args}seed=5).sample((4,))", "")
       for name, args in (("Beta", "T([2.0]), T([3.0]), "), ("Gamma", "T([2.0]), T([1.0]), "),
                          ("HalfNormal", "0.0, 1.0, "), ("Laplace", "0.0, 1.0, "), ("Poisson", "T([2.0]), "),
                          ("StudentT", "T([3.0]), 0.0, 1.0, "))},
    "nn.probability.distribution.Distribution": (NOT_YET, None, "the base class: its subclasses are listed"),
    "nn.probability.distribution.TransformedDistribution": (NOT_YET, None, "samples its base distribution"),
    # Tensor methods
    "Tensor.bernoulli": (RAISES, _F + ".bernoulli()", ""),
    "Tensor.bernoulli_": (RAISES, _F + ".bernoulli_(0.5)", ""),
    "Tensor.cauchy": (NONDETERMINISTIC, _F + ".cauchy()", ""),
    "Tensor.exponential_": (RAISES, _F + ".exponential_()", ""),
    "Tensor.log_normal": (NONDETERMINISTIC, _F + ".log_normal()", ""),
    "Tensor.normal_": (RAISES, _F + ".normal_()", ""),
    "Tensor.random_": (RAISES, _F + ".random_(0, 9)", ""),
    "Tensor.uniform": (RAISES, _F + ".uniform()", ""),
    "Tensor.uniform_": (RAISES, _F + ".uniform_()", ""),
}
