"""Mirrors ``mindspore.dataset.engine``: datasets, samplers, iterators."""
from .datasets import (BatchDataset, BatchInfo, BucketBatchByLengthDataset, ConcatDataset, Dataset,  # noqa: F401
                       FilterDataset, MapDataset, MappableDataset, PaddedBatchDataset, ProjectDataset, RenameDataset,
                       RepeatDataset, Schema, Shuffle, ShuffleDataset, SkipDataset, SourceDataset, TakeDataset,
                       ZipDataset)
from .datasets_standard_format import CSVDataset  # noqa: F401
from .datasets_text import TextFileDataset  # noqa: F401
from .datasets_user_defined import GeneratorDataset, NumpySlicesDataset, PaddedDataset  # noqa: F401
from .datasets_vision import (CelebADataset, Cifar10Dataset, Cifar100Dataset, CocoDataset,  # noqa: F401
                              FashionMnistDataset, ImageFolderDataset, MnistDataset, VOCDataset)
from .mindrecord_dataset import MindDataset  # noqa: F401
from .iterators import DictIterator, Iterator, TupleIterator  # noqa: F401
from .samplers import (BuiltinSampler, DistributedSampler, PKSampler, RandomSampler, Sampler,  # noqa: F401
                       SequentialSampler, SubsetRandomSampler, SubsetSampler, WeightedRandomSampler)

from ..._missing import module_getattr as _mg  # noqa: E402


def __getattr__(name):
    return _mg(__name__, name, {})
