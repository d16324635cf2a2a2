"""``mindspore.nn.loss``: loss cells."""
from .loss import (LossBase, L1Loss, MSELoss, SmoothL1Loss, SoftmaxCrossEntropyWithLogits, CrossEntropyLoss,
                   BCELoss, BCEWithLogitsLoss, NLLLoss, KLDivLoss, HuberLoss, CosineEmbeddingLoss)

__all__ = ["LossBase", "L1Loss", "MSELoss", "SmoothL1Loss", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss",
           "BCELoss", "BCEWithLogitsLoss", "NLLLoss", "KLDivLoss", "HuberLoss", "CosineEmbeddingLoss"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat._missing import module_getattr
    return module_getattr(__name__, name, {})
