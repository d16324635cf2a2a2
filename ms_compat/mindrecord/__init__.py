"""Mirrors ``mindspore.mindrecord``: the MindRecord file format (``FileWriter``, ``FileReader``), readable and
writable without MindSpore, byte-compatible with it, ``MindPage`` (paged reads by category), and the converters of ``mindrecord.tools`` (``Cifar10ToMR``, ``Cifar100ToMR``,
``MnistToMR``, ``CsvToMR``, ``ImageNetToMR``). File encryption: ``set_enc_key``/``set_enc_mode``/``set_dec_mode`` (``config``). ``TFRecordToMR`` will not be provided (it needs TensorFlow)."""
from ..porting._missing import module_getattr as _mg
from .config import set_dec_mode, set_enc_key, set_enc_mode  # noqa: F401
from .filereader import FileReader  # noqa: F401
from .filewriter import FileWriter  # noqa: F401
from .mindpage import MindPage  # noqa: F401
from .tools import Cifar10ToMR, Cifar100ToMR, CsvToMR, ImageNetToMR, MnistToMR  # noqa: F401

__all__ = ["FileWriter", "FileReader", "MindPage", "SUCCESS", "FAILED", "Cifar10ToMR", "Cifar100ToMR", "CsvToMR",
           "ImageNetToMR", "MnistToMR", "set_enc_key", "set_enc_mode", "set_dec_mode"]
SUCCESS = 0
FAILED = 1


def __getattr__(name):
    return _mg(__name__, name, {})
