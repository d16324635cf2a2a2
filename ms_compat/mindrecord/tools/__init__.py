"""Mirrors ``mindspore.mindrecord.tools``: converters from public dataset formats to MindRecord files, one per
file (``Cifar10ToMR``, ``Cifar100ToMR``, ``MnistToMR``, ``CsvToMR``, ``ImageNetToMR``). Each writes the rows
MindSpore 2.10's converter writes (same schema, description, index fields, row order and JPEG bytes from the
same OpenCV encoder), through ms_compat's byte-compatible ``FileWriter``."""
from .cifar10_to_mr import Cifar10ToMR  # noqa: F401
from .cifar100_to_mr import Cifar100ToMR  # noqa: F401
from .csv_to_mr import CsvToMR  # noqa: F401
from .imagenet_to_mr import ImageNetToMR  # noqa: F401
from .mnist_to_mr import MnistToMR  # noqa: F401

__all__ = ["Cifar10ToMR", "Cifar100ToMR", "CsvToMR", "ImageNetToMR", "MnistToMR"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})
