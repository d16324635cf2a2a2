"""Mirrors ``mindspore.dataset``: input pipelines on PyTorch's data machinery.

Sources (``GeneratorDataset``, ``NumpySlicesDataset``, the file-format datasets ``MnistDataset``,
``Cifar10Dataset``, ``ImageFolderDataset``, ``CelebADataset``, ``VOCDataset``, ``CocoDataset``,
``TextFileDataset``, ``CSVDataset``, ``MindDataset``), samplers, the pipeline operations (``map``, ``batch``,
``shuffle``, ``repeat``, ``zip``, ...), iterators yielding MindSpore Tensors, ``config``, and the
transform packages ``vision``, ``transforms``, ``text``, ``audio``. Layout as MindSpore's
(``engine/``, ``core/config``, ``vision/``, ``transforms/``). Differences: migration_guides/data.md.
"""
from __future__ import annotations

from ..porting._missing import module_getattr as _mg
from .core import config
from .engine.datasets import (BatchDataset, BatchInfo, Dataset, MappableDataset, Schema, Shuffle,  # noqa: F401
                              SourceDataset)
from .engine.datasets import zip_datasets as zip  # noqa: A004 - MindSpore's name
from .engine.datasets_standard_format import CSVDataset  # noqa: F401
from .engine.datasets_text import TextFileDataset  # noqa: F401
from .engine.datasets_user_defined import GeneratorDataset, NumpySlicesDataset, PaddedDataset  # noqa: F401
from .engine.datasets_vision import (CelebADataset, Cifar10Dataset, Cifar100Dataset, CocoDataset,  # noqa: F401
                                     FashionMnistDataset, ImageFolderDataset, MnistDataset, VOCDataset)
from .engine.mindrecord_dataset import MindDataset  # noqa: F401
from .engine.datasets_random import RandomDataset  # noqa: F401
from .engine.datasets_tfrecord import TFRecordDataset  # noqa: F401
from .engine.datasets_scenes import (CityscapesDataset, LFWDataset, LSUNDataset, PhotoTourDataset,  # noqa: F401
                                     SBDataset, WIDERFaceDataset)
from .engine.datasets_iwslt import IWSLT2016Dataset, IWSLT2017Dataset  # noqa: F401
from .engine.datasets_tedlium import TedliumDataset  # noqa: F401
from .engine.serializer import compare, deserialize, serialize, show  # noqa: F401
from .engine.datasets_annotated import (DIV2KDataset, FlickrDataset, KITTIDataset, ManifestDataset,  # noqa: F401
                                            RenderedSST2Dataset)
from .core.implementation import Implementation  # noqa: F401
from .engine.datasets_synthetic import (AudioBaseDataset, FakeImageDataset, TextBaseDataset,  # noqa: F401
                                        VisionBaseDataset)
from .engine.datasets_arrays import SemeionDataset, STL10Dataset, SVHNDataset, USPSDataset  # noqa: F401
from .engine.datasets_audio import (CMUArcticDataset, GTZANDataset, LibriTTSDataset, LJSpeechDataset,  # noqa: F401
                                    SpeechCommandsDataset, YesNoDataset)
from .engine.datasets_idx import EMnistDataset, KMnistDataset, QMnistDataset  # noqa: F401
from .engine.datasets_image_dirs import (Caltech101Dataset, Caltech256Dataset, Flowers102Dataset,  # noqa: F401
                                         Food101Dataset, OmniglotDataset, Places365Dataset, SBUDataset, SUN397Dataset)
from .engine.datasets_text_corpora import (AGNewsDataset, AmazonReviewDataset, CLUEDataset,  # noqa: F401
                                           CoNLL2000Dataset, DBpediaDataset, EnWik9Dataset, IMDBDataset,
                                           Multi30kDataset, PennTreebankDataset, SogouNewsDataset, SQuADDataset,
                                           SST2Dataset, UDPOSDataset, WikiTextDataset, YahooAnswersDataset,
                                           YelpReviewDataset)
from .engine.iterators import DictIterator, Iterator, TupleIterator  # noqa: F401
from .engine.samplers import (BuiltinSampler, DistributedSampler, PKSampler, RandomSampler, Sampler,  # noqa: F401
                              SequentialSampler, SubsetRandomSampler, SubsetSampler, WeightedRandomSampler)

_MORE = ["SemeionDataset", "STL10Dataset", "SVHNDataset", "USPSDataset", "CMUArcticDataset", "GTZANDataset",
         "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset", "YesNoDataset", "EMnistDataset",
         "KMnistDataset", "QMnistDataset", "Caltech101Dataset", "Caltech256Dataset", "Flowers102Dataset",
         "Food101Dataset", "OmniglotDataset", "Places365Dataset", "SBUDataset", "SUN397Dataset", "AGNewsDataset",
         "AmazonReviewDataset", "CLUEDataset", "CoNLL2000Dataset", "DBpediaDataset", "EnWik9Dataset", "IMDBDataset",
         "Multi30kDataset", "PennTreebankDataset", "SogouNewsDataset", "SQuADDataset", "SST2Dataset", "UDPOSDataset",
         "WikiTextDataset", "YahooAnswersDataset", "YelpReviewDataset", "DIV2KDataset", "FlickrDataset",
         "KITTIDataset", "ManifestDataset", "RenderedSST2Dataset", "Implementation", "FakeImageDataset",
         "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset", "RandomDataset", "TFRecordDataset",
         "CityscapesDataset", "LFWDataset",
         "LSUNDataset", "PhotoTourDataset", "WIDERFaceDataset", "IWSLT2016Dataset", "IWSLT2017Dataset",
         "TedliumDataset", "SBDataset", "serialize", "deserialize",
         "show", "compare"]

__all__ = ["config", "Dataset", "GeneratorDataset", "NumpySlicesDataset", "PaddedDataset", "MnistDataset",
           "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "CelebADataset",
           "VOCDataset", "CocoDataset", "TextFileDataset", "CSVDataset", "MindDataset", "BatchInfo", "Schema",
           "Shuffle", "DistributedSampler", "PKSampler", "RandomSampler", "SequentialSampler", "SubsetRandomSampler",
           "SubsetSampler", "WeightedRandomSampler", "Sampler", "zip", "vision", "transforms", "text", "audio"] + _MORE


_LAZY = {
    "vision": "ms_compat.dataset.vision",
    "transforms": "ms_compat.dataset.transforms",
    "text": "ms_compat.dataset.text",
    "audio": "ms_compat.dataset.audio",
    "core": "ms_compat.dataset.core",
    "engine": "ms_compat.dataset.engine",
    "callback": "ms_compat.dataset.callback",
    "DSCallback": "ms_compat.dataset.callback:DSCallback",
    "WaitedDSCallback": "ms_compat.dataset.callback:WaitedDSCallback",
}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
