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
from .datasets_annotated import (DIV2KDataset, FlickrDataset, KITTIDataset, ManifestDataset,  # noqa: F401
                                     RenderedSST2Dataset)
from .datasets_synthetic import AudioBaseDataset, FakeImageDataset, TextBaseDataset, VisionBaseDataset  # noqa: F401,E501
from .datasets_arrays import SemeionDataset, STL10Dataset, SVHNDataset, USPSDataset  # noqa: F401
from .datasets_audio import (CMUArcticDataset, GTZANDataset, LibriTTSDataset, LJSpeechDataset,  # noqa: F401
                                    SpeechCommandsDataset, YesNoDataset)
from .datasets_idx import EMnistDataset, KMnistDataset, QMnistDataset  # noqa: F401
from .datasets_image_dirs import (Caltech101Dataset, Caltech256Dataset, Flowers102Dataset,  # noqa: F401
                                         Food101Dataset, OmniglotDataset, Places365Dataset, SBUDataset, SUN397Dataset)
from .datasets_text_corpora import (AGNewsDataset, AmazonReviewDataset, CLUEDataset,  # noqa: F401
                                           CoNLL2000Dataset, DBpediaDataset, EnWik9Dataset, IMDBDataset,
                                           Multi30kDataset, PennTreebankDataset, SogouNewsDataset, SQuADDataset,
                                           SST2Dataset, UDPOSDataset, WikiTextDataset, YahooAnswersDataset,
                                           YelpReviewDataset)
from .iterators import DictIterator, Iterator, TupleIterator  # noqa: F401
from .samplers import (BuiltinSampler, DistributedSampler, PKSampler, RandomSampler, Sampler,  # noqa: F401
                       SequentialSampler, SubsetRandomSampler, SubsetSampler, WeightedRandomSampler)

from ...porting._missing import module_getattr as _mg  # noqa: E402


def __getattr__(name):
    return _mg(__name__, name, {})
