"""``mindspore.train.summary.enums``: the plugin and mode names ``SummaryRecord`` knows."""
from enum import Enum


class BaseEnum(Enum):
    @classmethod
    def list_members(cls):
        return [member.value for member in cls]

    to_list = list_members


class PluginEnum(BaseEnum):
    GRAPH = "graph"
    SCALAR = "scalar"
    IMAGE = "image"
    HISTOGRAM = "histogram"
    TRAIN_LINEAGE = "train_lineage"
    EVAL_LINEAGE = "eval_lineage"
    CUSTOM_LINEAGE_DATA = "custom_lineage_data"
    DATASET_GRAPH = "dataset_graph"
    TENSOR = "tensor"
    LANDSCAPE = "landscape"


class ModeEnum(BaseEnum):
    TRAIN = "train"
    EVAL = "eval"
