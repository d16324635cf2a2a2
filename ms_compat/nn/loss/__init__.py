"""``mindspore.nn.loss``: loss cells."""
from .loss import (LossBase, L1Loss, MSELoss, SmoothL1Loss, SoftmaxCrossEntropyWithLogits, CrossEntropyLoss,
                   BCELoss, BCEWithLogitsLoss, NLLLoss, KLDivLoss, HuberLoss, CosineEmbeddingLoss)

__all__ = ["LossBase", "L1Loss", "MSELoss", "SmoothL1Loss", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss",
           "BCELoss", "BCEWithLogitsLoss", "NLLLoss", "KLDivLoss", "HuberLoss", "CosineEmbeddingLoss"]
