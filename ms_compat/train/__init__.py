"""``mindspore.train``: checkpoints (save/load/convert), Model and callbacks."""
from ..porting._missing import module_getattr as _mg

_LAZY = {
    "serialization": "ms_compat.train.serialization",
    **{n: "ms_compat.parallel.checkpoint_transform:" + n for n in (  # distributed checkpoints
        "load_distributed_checkpoint", "merge_sliced_parameter", "build_searched_strategy")},
    "save_checkpoint": "ms_compat.train.serialization:save_checkpoint",
    "load_checkpoint": "ms_compat.train.serialization:load_checkpoint",
    "load_param_into_net": "ms_compat.train.serialization:load_param_into_net",
    "load_checkpoint_async": "ms_compat.train.serialization:load_checkpoint_async",
    "async_ckpt_thread_status": "ms_compat.train.serialization:async_ckpt_thread_status",
    "ckpt_to_safetensors": "ms_compat.train.serialization:ckpt_to_safetensors",
    "safetensors_to_ckpt": "ms_compat.train.serialization:safetensors_to_ckpt",
    "Model": "ms_compat.train.model:Model",
    "get_ckpt_path_with_strategy": "ms_compat.train.ckpt_strategy_path:get_ckpt_path_with_strategy",
    "restore_group_info_list": "ms_compat.parallel.group_info:restore_group_info_list",
    # ---- Model loop, callbacks, metrics (training engineer) ----
    "model": "ms_compat.train.model",
    "callback": "ms_compat.train.callback",
    "Callback": "ms_compat.train.callback:Callback",
    "RunContext": "ms_compat.train.callback:RunContext",
    "LossMonitor": "ms_compat.train.callback:LossMonitor",
    "TimeMonitor": "ms_compat.train.callback:TimeMonitor",
    "FlopsUtilizationCollector": "ms_compat.train.callback:FlopsUtilizationCollector",
    "ModelCheckpoint": "ms_compat.train.callback:ModelCheckpoint",
    "CheckpointConfig": "ms_compat.train.callback:CheckpointConfig",
    "EarlyStopping": "ms_compat.train.callback:EarlyStopping",
    "ReduceLROnPlateau": "ms_compat.train.callback:ReduceLROnPlateau",
    "History": "ms_compat.train.callback:History",
    "LambdaCallback": "ms_compat.train.callback:LambdaCallback",
    "LearningRateScheduler": "ms_compat.train.callback:LearningRateScheduler",
    "BackupAndRestore": "ms_compat.train.callback:BackupAndRestore",
    "OnRequestExit": "ms_compat.train.callback:OnRequestExit",
    "TrainFaultTolerance": "ms_compat.train.callback:TrainFaultTolerance",
    "SummaryCollector": "ms_compat.train.callback:SummaryCollector",
    "ProgressBar": "ms_compat.train.callback:ProgressBar",
    "summary": "ms_compat.train.summary",
    "SummaryRecord": "ms_compat.train.summary:SummaryRecord",
    "Metric": "ms_compat.train.metrics:Metric",
    "Accuracy": "ms_compat.train.metrics:Accuracy",
    "Loss": "ms_compat.train.metrics:Loss",
    "get_metric_fn": "ms_compat.train.metrics_extra:get_metric_fn",  # knows every metric name (coverage engineer)
    **{n: "ms_compat.train.metrics_extra:" + n for n in (
        "Precision", "Recall", "Fbeta", "F1", "MAE", "MSE", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
        "Top5CategoricalAccuracy", "ConfusionMatrix", "Perplexity", "Dice", "CosineSimilarity", "ROC", "auc", "names",
        "rearrange_inputs")},
    "BleuScore": "ms_compat.train.bleu_score:BleuScore",
    **{n: "ms_compat.train.metrics_surface:" + n for n in (
        "HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance")},
    "ConfusionMatrixMetric": "ms_compat.train.metrics_confusion:ConfusionMatrixMetric",
    "OcclusionSensitivity": "ms_compat.train.metrics_occlusion:OcclusionSensitivity",
    "LossScaleManager": "ms_compat.amp.loss_scale_manager:LossScaleManager",
    "FixedLossScaleManager": "ms_compat.amp.loss_scale_manager:FixedLossScaleManager",
    "DynamicLossScaleManager": "ms_compat.amp.loss_scale_manager:DynamicLossScaleManager",
    "build_train_network": "ms_compat.amp.build_train:build_train_network",
    "load": "ms_compat.train.mindir.load:load", "export": "ms_compat.train.mindir.export:export",  # MindIR
}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
