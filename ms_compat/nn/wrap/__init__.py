"""``mindspore.nn.wrap``: training wrappers."""
from .cell_wrapper import WithLossCell, WithEvalCell, WithGradCell, ForwardValueAndGrad, TrainOneStepCell

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell"]
