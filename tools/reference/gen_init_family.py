"""References for every initializer and every parameter-owning layer's default initialisation
(init_family_cases.py), from real MindSpore 2.10, into tests/reference_data/init_family/: family.json (the
initializer and layer families as MindSpore has them), meta.json (shapes, dtypes, errors) and values.npz.

Run: python tools/make_references.py gen_init_family
"""
import mindspore as ms
from mindspore import mint, nn
from mindspore.common import initializer as I
from mindspore.nn.probability import bijector, distribution

import refutil
import init_family_cases as cases

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
MODULES = {"nn": nn, "mint.nn": mint.nn, "bijector": bijector, "distribution": distribution}
inits = cases.initializers(I)
everything = cases.layers(MODULES, nn.Cell)
probe = cases.run_layers(ms, MODULES, nn.Cell, everything, seeds=(0,))[0]
# the layers that own parameters in some configuration: the family the test holds ms_compat to
owning = sorted({k.split("|")[0] for k, v in probe.items() if isinstance(v, dict) and v} & set(everything))
family = {k: everything[k] for k in owning if k not in cases.NOT_BUILT}
meta, arrays = cases.flatten(cases.run_initializers(ms, I, inits), cases.run_layers(ms, MODULES, nn.Cell, family))
refutil.save_json("init_family", "family", {"initializers": inits, "layers": family,
                                             "without_parameters": sorted(set(everything) - set(owning)),
                                             "not_built": {k: [cases.NOT_BUILT[k], everything[k][0]] for k in owning
                                                           if k in cases.NOT_BUILT}})
refutil.save_json("init_family", "meta", meta)
refutil.save_npz("init_family", "values", **cases.pack(arrays))
print(len(inits), "initializers,", len(owning), "parameter-owning layers of", len(everything), ",", len(arrays),
      "arrays")
