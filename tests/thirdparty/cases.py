"""The real-code corpus: third-party MindSpore model code from the package index, run unmodified.

Framework-neutral (imported by tools/reference/gen_thirdparty.py under real MindSpore 2.10 and by the
tests under ms_compat.install()): which model of each family is run, at which input size, how the
weights and the gradient cotangent are made, and how dropout is held off during the train-mode pass.
"""
import contextlib
import importlib.machinery
import importlib.util
import os
import sys
import types

import numpy as np

from models.corpus import weight_for  # deterministic weights keyed by the MindSpore parameter name

NUM_CLASSES = 10
BATCH = 2
# Input sizes tried in order by the generator (64 first: at 32 px a stride-32 network ends in 1x1 maps, where
# train-mode BatchNorm normalises 2 values per channel, which is eps-dominated: float32 rounding differences of
# 1e-7 become percent-level gradient differences); the first size
# real MindSpore runs is stored with the reference and reused by the test (fixed patch grids need their own size).
SIZES = (64, 96, 128, 160, 224, 240, 256, 299)
# Inception's valid-padded stems end in 1x1 maps below ~150 px (the same degenerate BatchNorm as above).
# MobileViT at 64 px ends in one 2x2 patch, so its last attention takes a Softmax over a length-1 axis; MindSpore
# 2.10 CPU's Softmax backward after one over a length-1 axis returns dy*y*(1-y), without the cross terms, for later
# Softmaxes (migration_guides/real-code.md has the 10-line reproduction): 128 px gives 4 patches.
MIN_SIZE = {"inceptionv3": 160, "inceptionv4": 160, "mobilevit": 128}

# One small variant per family that mindcv 0.3.0 registers (mindcv.models.registry: 52 modules).
MINDCV = {
    "bit": "BiT_resnet50", "cait": "cait_xxs24_224", "cmt": "cmt_tiny", "coat": "coat_lite_tiny",
    "convit": "convit_tiny", "convnext": "convnextv2_atto", "crossvit": "crossvit_9",
    "densenet": "densenet121", "dpn": "dpn92", "edgenext": "edgenext_xx_small",
    "efficientnet": "efficientnet_b0", "ghostnet": "ghostnet_050", "googlenet": "googlenet",
    "halonet": "halonet_50t", "hrnet": "hrnet_w32", "inceptionv3": "inception_v3",
    "inceptionv4": "inception_v4", "mae": "mae_b_16_224_finetune", "mixnet": "mixnet_s",
    "mlpmixer": "mlp_mixer_s_p32", "mnasnet": "mnasnet_050", "mobilenetv1": "mobilenet_v1_025",
    "mobilenetv2": "mobilenet_v2_035_96", "mobilenetv3": "mobilenet_v3_small_075",
    "mobilevit": "mobilevit_xx_small", "nasnet": "nasnet_a_4x1056", "pit": "pit_ti", "pnasnet": "pnasnet",
    "poolformer": "poolformer_s12", "pvt": "pvt_tiny", "pvtv2": "pvt_v2_b0", "regnet": "regnet_x_200mf",
    "repmlp": "repmlp_t224", "repvgg": "repvgg_a0", "res2net": "res2net50", "resnest": "resnest14",
    "resnet": "resnet18", "resnetv2": "resnetv2_50", "rexnet": "rexnet_09", "senet": "seresnet18",
    "shufflenetv1": "shufflenet_v1_g3_05", "shufflenetv2": "shufflenet_v2_x0_5", "sknet": "skresnet18",
    "squeezenet": "squeezenet1_1", "swintransformer": "swin_tiny", "swintransformerv2": "swinv2_tiny_window8",
    "vgg": "vgg11", "visformer": "visformer_tiny", "vit": "vit_b_32_224", "volo": "volo_d1",
    "xception": "xception", "xcit": "xcit_tiny_12_p16_224",
}

# Random layers are switched to inference behaviour for the train-mode gradient pass (BatchNorm keeps
# batch statistics), so both frameworks compute the same deterministic gradients.
RANDOM_CELLS = ("Dropout", "DropPath", "PatchDropout", "DropBlock")


def _load_models(package):
    """``<package>.models``. Imports the whole package when it imports; otherwise (an ms_compat without
    every name the package's training utilities import) loads only ``<package>.models`` and the
    ``<package>.utils`` modules it uses, unmodified, by skipping the two package ``__init__`` files."""
    try:
        return importlib.import_module(f"{package}.models")
    except Exception:  # noqa: BLE001 - ImportError, or MissingAPIError from a name used at import time
        for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
            del sys.modules[name]
    spec = importlib.util.find_spec(package)
    root = spec.submodule_search_locations[0]
    for name, sub in ((package, root), (f"{package}.utils", os.path.join(root, "utils"))):
        pkg = types.ModuleType(name)
        pkg.__path__ = [sub]
        pkg.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=True)
        pkg.__spec__.submodule_search_locations = [sub]
        sys.modules[name] = pkg
    return importlib.import_module(f"{package}.models")


def mindcv_models():
    return _load_models("mindcv")


def build(models, family):
    return models.create_model(MINDCV[family], num_classes=NUM_CLASSES)


# mindyolo 0.5.0: the network section of the repository's configs (configs/yolov5/yolov5n.yaml,
# configs/yolov8/yolov8n.yaml, configs/yolov11/yolov11-base.yaml + yolov11-n.yaml), verbatim; the wheel
# ships the model code, not the configs.
YOLO_NUM_CLASSES = 4
MINDYOLO = {
    "yolov5n": """
model_name: yolov5
depth_multiple: 0.33
width_multiple: 0.25
stride: [8, 16, 32]
anchors:
  - [10,13, 16,30, 33,23]
  - [30,61, 62,45, 59,119]
  - [116,90, 156,198, 373,326]
backbone:
  [[-1, 1, ConvNormAct, [64, 6, 2, 2]],
   [-1, 1, ConvNormAct, [128, 3, 2]],
   [-1, 3, C3, [128]],
   [-1, 1, ConvNormAct, [256, 3, 2]],
   [-1, 6, C3, [256]],
   [-1, 1, ConvNormAct, [512, 3, 2]],
   [-1, 9, C3, [512]],
   [-1, 1, ConvNormAct, [1024, 3, 2]],
   [-1, 3, C3, [1024]],
   [-1, 1, SPPF, [1024, 5]],
  ]
head:
  [[-1, 1, ConvNormAct, [512, 1, 1]],
   [-1, 1, Upsample, [None, 2, 'nearest']],
   [[-1, 6], 1, Concat, [1]],
   [-1, 3, C3, [512, False]],
   [-1, 1, ConvNormAct, [256, 1, 1]],
   [-1, 1, Upsample, [None, 2, 'nearest']],
   [[-1, 4], 1, Concat, [1]],
   [-1, 3, C3, [256, False]],
   [-1, 1, ConvNormAct, [256, 3, 2]],
   [[-1, 14], 1, Concat, [1]],
   [-1, 3, C3, [512, False]],
   [-1, 1, ConvNormAct, [512, 3, 2]],
   [[-1, 10], 1, Concat, [1]],
   [-1, 3, C3, [1024, False]],
   [[17, 20, 23], 1, YOLOv5Head, [nc, anchors, stride]],
  ]
""",
    "yolov8n": """
model_name: yolov8
nc: 80
reg_max: 16
depth_multiple: 0.33
width_multiple: 0.25
stride: [8, 16, 32]
backbone:
  - [-1, 1, ConvNormAct, [64, 3, 2]]
  - [-1, 1, ConvNormAct, [128, 3, 2]]
  - [-1, 3, C2f, [128, True]]
  - [-1, 1, ConvNormAct, [256, 3, 2]]
  - [-1, 6, C2f, [256, True]]
  - [-1, 1, ConvNormAct, [512, 3, 2]]
  - [-1, 6, C2f, [512, True]]
  - [-1, 1, ConvNormAct, [1024, 3, 2]]
  - [-1, 3, C2f, [1024, True]]
  - [-1, 1, SPPF, [1024, 5]]
head:
  - [-1, 1, Upsample, [None, 2, 'nearest']]
  - [[-1, 6], 1, Concat, [1]]
  - [-1, 3, C2f, [512]]
  - [-1, 1, Upsample, [None, 2, 'nearest']]
  - [[-1, 4], 1, Concat, [1] ]
  - [-1, 3, C2f, [256]]
  - [-1, 1, ConvNormAct, [256, 3, 2]]
  - [[ -1, 12], 1, Concat, [1]]
  - [-1, 3, C2f, [512]]
  - [-1, 1, ConvNormAct, [512, 3, 2]]
  - [[-1, 9], 1, Concat, [1]]
  - [-1, 3, C2f, [1024]]
  - [[15, 18, 21], 1, YOLOv8Head, [nc, reg_max, stride]]
""",
    "yolov11n": """
model_name: yolov11
nc: 80
reg_max: 16
depth_multiple: 0.50
width_multiple: 0.25
max_channels: 1024
scale: n
stride: [8, 16, 32]
backbone:
  - [-1, 1, ConvNormAct, [64, 3, 2]]
  - [-1, 1, ConvNormAct, [128, 3, 2]]
  - [-1, 2, C3k2, [256, False, 0.25]]
  - [-1, 1, ConvNormAct, [256, 3, 2]]
  - [-1, 2, C3k2, [512, False, 0.25]]
  - [-1, 1, ConvNormAct, [512, 3, 2]]
  - [-1, 2, C3k2, [512, True]]
  - [-1, 1, ConvNormAct, [1024, 3, 2]]
  - [-1, 2, C3k2, [1024, True]]
  - [-1, 1, SPPF, [1024, 5]]
  - [-1, 2, C2PSA, [1024]]
head:
  - [-1, 1, Upsample, [None, 2, 'nearest']]
  - [[-1, 6], 1, Concat, [1]]
  - [-1, 2, C3k2, [512, False]]
  - [-1, 1, Upsample, [None, 2, 'nearest']]
  - [[-1, 4], 1, Concat, [1] ]
  - [-1, 2, C3k2, [256, False]]
  - [-1, 1, ConvNormAct, [256, 3, 2]]
  - [[ -1, 13], 1, Concat, [1]]
  - [-1, 2, C3k2, [512, False]]
  - [-1, 1, ConvNormAct, [512, 3, 2]]
  - [[-1, 10], 1, Concat, [1]]
  - [-1, 2, C3k2, [1024, True]]
  - [[16, 19, 22], 1, YOLOv11Head, [nc, reg_max, stride]]
""",
}

# mindocr 0.5.0: small models of its recognition and detection families, by the name it registers: (the module
# defining it, the backbone module registering its backbone, keyword arguments, input [height, width]). The input
# is the model's own input size or a smaller one its backbone accepts (SVTR's STN resamples any input to 32x100).
MINDOCR = {
    "svtr_tiny": ("rec_svtr", "rec_svtr", {}, [32, 100]),
    "crnn_resnet34": ("rec_crnn", "rec_resnet", {}, [32, 100]),
    "crnn_vgg7": ("rec_crnn", "rec_vgg", {}, [32, 100]),
    "dbnet_resnet18": ("det_dbnet", "det_resnet", {"pretrained_backbone": False}, [64, 64]),
    "dbnet_mobilenetv3": ("det_dbnet", "det_mobilenet", {"pretrained_backbone": False}, [64, 64]),
}
# Packages of the corpus that cannot be in the `test` extra: mindocr 0.5.0 declares sentencepiece>=0.1.99 (the
# extra pins 0.1.98, MindSpore 2.10's), Pillow<=9.5, shapely~=1.8 and lanms-nova (a C++ build), none of which the
# models import. The test installs these with `pip install --no-deps` into a temporary directory when absent;
# the `test` extra carries the light dependencies the models do import (addict; numpy, PyYAML and tqdm via mindcv).
NO_DEPS_PINS = {"mindocr": ["mindocr==0.5.0"]}
# mindocr modules that cannot be imported under MindSpore 2.10 and that no corpus model uses, stood in for by
# an empty module on both sides (see :func:`mindocr_models`).
MINDOCR_STAND_INS = {
    # ABINet's layers: `from mindspore.parallel._transformer.layers import ...`, a private module MindSpore 2.10
    # no longer has (tests/reference_data/package_imports/mindocr.json), imported by the heads builder
    "mindocr.models.utils.abinet_layers": "mindspore.parallel._transformer (gone from MindSpore 2.10)",
    # LayoutXLM's key-information heads: the LayoutXLM tokenizer stack (sentencepiece, six, huggingface_hub)
    "mindocr.models.heads.kie_relationextraction_head": "LayoutXLM tokenizer (sentencepiece, six, huggingface_hub)",
    "mindocr.models.heads.kie_tokenclassification_head": "LayoutXLM tokenizer (sentencepiece, six, huggingface_hub)",
}

# Every model of the corpus, by key "<package>_<name>".
CORPUS = {**{f"mindcv_{k}": ("mindcv", k) for k in MINDCV}, **{f"mindyolo_{k}": ("mindyolo", k) for k in MINDYOLO},
          **{f"mindocr_{k}": ("mindocr", k) for k in MINDOCR}}


def _bare_package(name, path):
    pkg = types.ModuleType(name)
    pkg.__path__ = [path]
    pkg.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=True)
    pkg.__spec__.submodule_search_locations = [path]
    sys.modules[name] = pkg
    return pkg


class _StandIn(types.ModuleType):
    """A module of the package that is not imported (MINDOCR_STAND_INS): each name taken from it is a class that
    raises when a model would use it."""

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        why = MINDOCR_STAND_INS[self.__name__]

        def unusable(*args, **kwargs):
            raise ImportError(f"{self.__name__}.{attr} is not imported by the corpus: it needs {why}")

        return type(attr, (), {"__init__": unusable})


def mindocr_models():
    """``mindocr.models``, unmodified modules, without its aggregating ``__init__`` files: those of ``mindocr``,
    ``mindocr.utils``, ``mindocr.models`` and ``mindocr.models.backbones`` import every model of the package with
    its third-party stack (OpenCV, shapely, sentencepiece, huggingface_hub...), and through ABINet a MindSpore
    module 2.10 lacks, so ``import mindocr.models`` fails under real MindSpore 2.10. They are replaced by bare
    packages (the backbones package exposing ``build_backbone``, the one name ``base_model`` imports from it),
    and MINDOCR_STAND_INS by modules whose names raise when used; everything a corpus model runs is the
    package's own code. The same on both sides."""
    if "mindocr.models.backbones.builder" in sys.modules:
        return sys.modules["mindocr.models"]
    root = importlib.util.find_spec("mindocr").submodule_search_locations[0]
    for name in ("mindocr", "mindocr.utils", "mindocr.models", "mindocr.models.backbones"):
        _bare_package(name, os.path.join(root, *name.split(".")[1:]))
    for name in MINDOCR_STAND_INS:
        sys.modules[name] = _StandIn(name)
    backbones = sys.modules["mindocr.models.backbones"]
    backbones.build_backbone = importlib.import_module("mindocr.models.backbones.builder").build_backbone
    return sys.modules["mindocr.models"]


@contextlib.contextmanager
def _log_where_zero_filled():
    """While a mindocr model is built: ``numpy.log(x, where=mask)`` without ``out=`` fills the masked-off entries
    with 0 instead of leaving them uninitialised. mindocr 0.5.0's TPS transform (SVTR's STN,
    ``models/transforms/tps_spatial_transformer.py: compute_partial_repr``) computes r^2 log r as
    ``0.5 * d * np.log(d, where=d != 0)``, so its kernel's diagonal is 0 times whatever memory numpy's allocator
    handed out: 0 as meant, or NaN when that memory held a NaN or an infinity (then every output is NaN, in either
    framework; seen here when svtr_tiny was built after other models in one process). Zero-filled, the result is
    the one the code means, on both sides."""
    log = np.log

    def log_where_zero_filled(x, *args, **kwargs):
        if "where" in kwargs and "out" not in kwargs and not args:
            x = np.asarray(x)
            kwargs["out"] = np.zeros(np.broadcast_shapes(x.shape, np.shape(kwargs["where"])),
                                     log(np.ones((), x.dtype)).dtype)
        return log(x, *args, **kwargs)

    np.log = log_where_zero_filled
    try:
        yield
    finally:
        np.log = log


def package_models(package):
    """The models module of a corpus package (see :func:`mindcv_models`, :func:`mindocr_models`)."""
    return mindocr_models() if package == "mindocr" else _load_models(package)


def build_key(key):
    package, name = CORPUS[key]
    models = package_models(package)
    if package == "mindcv":
        return build(models, name)
    if package == "mindocr":
        module, backbone, kwargs, _ = MINDOCR[name]
        importlib.import_module(f"mindocr.models.backbones.{backbone}")  # registers the backbone by its name
        with _log_where_zero_filled():
            return getattr(importlib.import_module(f"mindocr.models.{module}"), name)(pretrained=False, **kwargs)
    import yaml
    from mindyolo.utils.config import Config
    cfg = Config(yaml.safe_load(MINDYOLO[name]))
    return models.create_model(model_name=cfg.model_name, model_cfg=cfg, num_classes=YOLO_NUM_CLASSES)


def model_name(key):
    package, name = CORPUS[key]
    return MINDCV[name] if package == "mindcv" else name


def input_sizes(key):
    """The input sizes the generator tries for a model, in order (an int: square; [h, w])."""
    package, name = CORPUS[key]
    if package == "mindocr":
        return [MINDOCR[name][3]]
    return [z for z in SIZES if z >= MIN_SIZE.get(name, 0)]


def flatten(out):
    """The tensors of a (nested) model output, in order (a dict's in its order: mindocr's heads return dicts)."""
    if isinstance(out, dict):
        return [t for o in out.values() for t in flatten(o)]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flatten(o)]
    return [] if out is None else [out]


def set_weights(net, tensor):
    """Give every floating-point parameter its deterministic value (``tensor`` = the framework's Tensor);
    integer parameters (YOLO's ``stride``...) keep the values the model code gave them."""
    for p in net.get_parameters():
        if np.dtype(str(p.asnumpy().dtype)).kind == "f":
            p.set_data(tensor(weight_for(p.name, p.shape)))


def checkpoint_arrays(net):
    """name -> numpy value of every parameter after :func:`set_weights` (what a checkpoint of it holds)."""
    return {p.name: (weight_for(p.name, p.shape) if p.asnumpy().dtype.kind == "f" else p.asnumpy())
            for p in net.get_parameters()}


def make_input(size):
    """A batch of images: ``size`` an int (square) or [height, width]."""
    hw = (size, size) if isinstance(size, int) else tuple(size)
    return np.random.default_rng(0).standard_normal((BATCH, 3, *hw)).astype(np.float32)


def cotangent(shape, i=0):
    return np.random.default_rng(100 + i).standard_normal(shape).astype(np.float32)


def hold_random_cells(net):
    """After ``net.set_train(True)``: put dropout-like cells back in inference mode; returns their names."""
    held = []
    for name, cell in net.cells_and_names():
        if any(k in type(cell).__name__ for k in RANDOM_CELLS):
            cell.set_train(False)
            held.append(name)
    return held


# Gradients stored in full besides the first and last three, by model and trainable-parameter name: svtr_tiny's
# STN head (fc2 maps the STN features to the TPS control points; its bias gradient is the whole TPS backward —
# matmuls, clip, grid_sample — summed over the batch).
EXTRA_GRADS = {"mindocr_svtr_tiny": ("transform.stn_head.stn_fc2.bias",)}


def grad_index(n, key=None, names=()):
    """Indices of the trainable parameters whose gradients are stored in full (first 3 and last 3, and those
    EXTRA_GRADS names for ``key``; ``names``: the trainable parameters' names)."""
    extra = [list(names).index(name) for name in EXTRA_GRADS.get(key, ())]
    return sorted(set(list(range(min(3, n))) + list(range(max(0, n - 3), n)) + extra))


def float64_mode():
    """A TorchFunctionMode that evaluates a model's graph in float64: every float16/bfloat16/float32 tensor an op
    receives is cast to float64, and so is a floating ``dtype`` argument (model code that builds or casts tensors
    to float32 in ``construct`` — position tables, masks, ``ops.cast(x, mstype.float32)`` — gets float64). Used for
    gradient verdicts that must not depend on the CPU's float32 summation order (test_thirdparty.py, GRAD_RTOL);
    it changes no arithmetic, only the precision it is carried out in."""
    import torch
    from torch.overrides import TorchFunctionMode
    from torch.utils._pytree import tree_map

    low = (torch.float16, torch.bfloat16, torch.float32)

    def up(v):
        if isinstance(v, torch.Tensor) and v.dtype in low:
            return v.to(torch.float64)
        if isinstance(v, torch.dtype) and v in low:
            return torch.float64
        return v

    class Float64(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            args, kwargs = tree_map(up, (args, kwargs or {}))
            return func(*args, **kwargs)

    return Float64()
