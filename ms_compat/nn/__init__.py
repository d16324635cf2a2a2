"""``mindspore.nn``: Cell, layers, losses, optimizers, wrappers."""
from .cell import Cell
from . import _cell_features  # noqa: F401  (Cell's methods implemented by the features that decorate it)
from . import graph_mode as _graph_mode

_graph_mode._register()  # GRAPH_MODE listener of set_context (Cell.__call__ under GRAPH_MODE)
from ..porting._missing import module_getattr as _mg

_LAZY = {}

# ---- layers (layers engineer): public name -> ms_compat.nn.layer.<family> ----
_LAYER_FAMILIES = {
    "basic": ('Dense', 'BiDense', 'Flatten', 'Unflatten', 'Identity', 'Dropout', 'Dropout1d', 'Dropout2d', 'Dropout3d', 'Unfold', 'Upsample', 'OneHot', 'Tril', 'Triu', 'PixelShuffle',
              'PixelUnshuffle', 'ChannelShuffle'),
    "activation": ('ReLU', 'ReLU6', 'GELU', 'FastGelu', 'SiLU', 'HSwish', 'HSigmoid', 'Sigmoid', 'Tanh', 'Softmax', 'LogSoftmax', 'Softmin', 'Softmax2d', 'LeakyReLU', 'PReLU', 'ELU', 'CELU', 'Mish', 'Softsign', 'Hardtanh', 'LogSigmoid', 'Tanhshrink', 'SoftShrink', 'HShrink', 'Threshold', 'GLU', 'RReLU', 'SeLU', 'get_activation'),
    "conv": ('Conv1d', 'Conv2d', 'Conv3d', 'Conv1dTranspose', 'Conv2dTranspose', 'Conv3dTranspose'),
    "normalization": ('BatchNorm1d', 'BatchNorm2d', 'BatchNorm3d', 'SyncBatchNorm', 'LayerNorm', 'GroupNorm', 'InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d'),
    "pooling": ('MaxPool1d', 'MaxPool2d', 'MaxPool3d', 'AvgPool1d', 'AvgPool2d', 'AvgPool3d', 'AdaptiveAvgPool1d', 'AdaptiveAvgPool2d', 'AdaptiveAvgPool3d', 'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d', 'AdaptiveMaxPool3d', 'LPPool1d', 'LPPool2d'),
    "padding": ('Pad', 'ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'ZeroPad2d', 'ReflectionPad1d', 'ReflectionPad2d', 'ReflectionPad3d', 'ReplicationPad1d', 'ReplicationPad2d', 'ReplicationPad3d'),
    "embedding": ('Embedding',),
    "container": ('SequentialCell', 'CellList', 'CellDict'),
    "rnns": ('RNN', 'LSTM', 'GRU', 'RNNCell', 'LSTMCell', 'GRUCell'),
    "torch_style": ('Linear', 'LayerNormExt', 'DropoutExt', 'Dropout2dExt', 'EmbeddingExt', 'LogSoftmaxExt',
                    'PReLUExt', 'MaxPool2dExt', 'AvgPool2dExt'),
    "combined": ('Conv2dBnAct', 'DenseBnAct'),
    "math": ('Norm', 'Roll', 'Moments', 'ReduceLogSumExp', 'L1Regularizer', 'Range'),
    "transformer": ('MultiheadAttention', 'TransformerEncoderLayer', 'TransformerDecoderLayer', 'TransformerEncoder', 'TransformerDecoder', 'Transformer'),
}
_LAZY.update({n: f"ms_compat.nn.layer.{fam}:{n}" for fam, names in _LAYER_FAMILIES.items() for n in names})
# widened API coverage (cells, losses, metrics): setdefault never overrides an entry above
for _mod, _names in (("ms_compat.nn.layer.matrix_cells", ("MatMul", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag",
                                                           "MatDet", "MatInverse")),
                     ("ms_compat.nn.layer.special_cells", ("DiGamma", "LGamma", "IGamma", "LBeta")),
                     ("ms_compat.nn.layer.norm_cells", ("ClipByNorm", "LRN")),
                     ("ms_compat.nn.layer.time_distributed", ("TimeDistributed",)),
                     ("ms_compat.nn.layer.image_cells", ("ImageGradients", "SSIM", "MSSSIM", "PSNR", "CentralCrop")),
                     ("ms_compat.nn.jvp_vjp", ("Jvp", "Vjp")),
                     ("ms_compat.nn.grad_accumulation", ("GradAccumulationCell",)),
                     ("ms_compat.train.bleu_score", ("BleuScore",)),
                     ("ms_compat.nn.layer.embedding_lookup", ("EmbeddingLookup",)),
                     ("ms_compat.nn.layer.unpool", ("MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d")),
                     ("ms_compat.nn.loss.loss_extra", ("CTCLoss", "MultilabelMarginLoss",
                                                       "TripletMarginWithDistanceLoss", "MultiClassDiceLoss")),
                     ("ms_compat.train.metrics_extra", ("Precision", "Recall", "Fbeta", "F1", "MAE", "MSE",
                                                        "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
                                                        "Top5CategoricalAccuracy", "ConfusionMatrix", "Perplexity",
                                                        "Dice", "CosineSimilarity", "ROC", "auc", "names",
                                                        "get_metric_fn", "get_metrics", "rearrange_inputs")),
                     ("ms_compat.train.metrics_surface", ("HausdorffDistance", "MeanSurfaceDistance",
                                                          "RootMeanSquareDistance")),
                     ("ms_compat.train.metrics_confusion", ("ConfusionMatrixMetric",)),
                     ("ms_compat.train.metrics_occlusion", ("OcclusionSensitivity",)),
                     ("ms_compat.nn.layer.pooling_ext", ("AvgPool1dExt", "AvgPool3dExt")),
                     ("ms_compat.nn.loss.l1_loss_ext", ("L1LossExt",)),
                     ("ms_compat.nn.loss.sampled_softmax_loss", ("SampledSoftmaxLoss",)),
                     ("ms_compat.nn.wrap.micro_batch", ("MicroBatchInterleaved", "ParameterUpdate")),
                     ("ms_compat.nn.optim", ("ASGD", "Rprop", "Adadelta", "ProximalAdagrad", "FTRL", "AdamOffload")),
                     ("ms_compat.nn.layer.fractional_pool", ("FractionalMaxPool2d", "FractionalMaxPool3d")),
                     ("ms_compat.nn.utils.init", ("no_init_parameters",))):
    for _n in _names:
        _LAZY.setdefault(_n, f"{_mod}:{_n}")
_LAZY["layer"] = "ms_compat.nn.layer"
# ---- end layers block ----

# ---- losses, optimizers, learning rates, training wrappers (training engineer) ----
_TRAIN_LAZY = {
    **{n: "ms_compat.nn.loss.loss:" + n for n in (
        "LossBase", "L1Loss", "MSELoss", "SmoothL1Loss", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss",
        "BCELoss", "BCEWithLogitsLoss", "NLLLoss", "KLDivLoss", "HuberLoss", "CosineEmbeddingLoss", "RMSELoss",
        "MAELoss", "MarginRankingLoss", "SoftMarginLoss", "DiceLoss", "PoissonNLLLoss", "MultiLabelSoftMarginLoss",
        "MultiMarginLoss", "FocalLoss", "TripletMarginLoss", "GaussianNLLLoss", "HingeEmbeddingLoss")},
    **{n: "ms_compat.nn.optim:" + n for n in (
        "Optimizer", "SGD", "Momentum", "Adam", "AdamWeightDecay", "Lamb", "RMSProp", "Adagrad", "LazyAdam",
        "AdaMax")},
    **{n: "ms_compat.nn.learning_rate_schedule:" + n for n in (
        "LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
        "PolynomialDecayLR", "WarmUpLR")},
    **{n: "ms_compat.nn.dynamic_lr:" + n for n in (
        "piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
        "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr")},
    **{n: "ms_compat.nn.wrap.cell_wrapper:" + n for n in (
        "WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell")},
    "Accuracy": "ms_compat.train.metrics:Accuracy", "Loss": "ms_compat.train.metrics:Loss",
    "Metric": "ms_compat.train.metrics:Metric",
    "loss": "ms_compat.nn.loss", "optim": "ms_compat.nn.optim", "wrap": "ms_compat.nn.wrap",
    "learning_rate_schedule": "ms_compat.nn.learning_rate_schedule", "dynamic_lr": "ms_compat.nn.dynamic_lr",
}
_LAZY.update(_TRAIN_LAZY)
_LAZY["DistributedGradReducer"] = "ms_compat.parallel.data_parallel:DistributedGradReducer"  # parallel engineer
_LAZY.update({n: "ms_compat.parallel.nn:" + n for n in ("PipelineCell", "MicroBatchInterleaved",  # pipeline
                                                        "PipelineGradReducer")})
# ---- end training block ----
_LAZY.update({n: "ms_compat.nn.wrap.loss_scale:" + n for n in (  # amp engineer
    "TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell")})
_LAZY["GraphCell"] = "ms_compat.train.mindir.graph_cell:GraphCell"  # MindIR graphs (issue 35)


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
