"""``mindspore.nn.wrap``: training wrappers."""
from .cell_wrapper import WithLossCell, WithEvalCell, WithGradCell, ForwardValueAndGrad, TrainOneStepCell
from .loss_scale import DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, TrainOneStepWithLossScaleCell

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell",
           "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell", "TrainOneStepWithLossScaleCell"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {n: "ms_compat.parallel.nn:" + n for n in (
        "PipelineCell", "MicroBatchInterleaved", "PipelineGradReducer")})
