"""MindSpore's dataset / mindrecord module paths import through the alias; missing names fail when used."""
import importlib
import re

import pytest

import ms_compat
from ms_compat.porting._missing import MissingAPIError, is_placeholder
from ms_compat.porting._ms_modules import MINDSPORE_MODULES

PATHS = sorted(m for m in MINDSPORE_MODULES if m.startswith(("mindspore.dataset", "mindspore.mindrecord")))


@pytest.fixture(scope="module", autouse=True)
def alias():
    ms_compat.install()
    yield
    ms_compat.uninstall()


SERVED = ("mindspore.dataset.engine", "mindspore.dataset.core", "mindspore.dataset.callback", "mindspore.dataset.vision", "mindspore.dataset.transforms",
          "mindspore.dataset.text", "mindspore.dataset.audio", "mindspore.mindrecord")


@pytest.mark.parametrize("path", PATHS)
def test_every_real_module_path_imports_or_is_reported(path):
    if path == "mindspore.dataset" or path.startswith(SERVED):
        importlib.import_module(path)
    else:  # dataloader, debug, utils: not provided: a placeholder module whose names fail when used
        mod = importlib.import_module(path)
        assert is_placeholder(mod), mod
        with pytest.raises(MissingAPIError, match=re.escape(path)):
            mod.anything()


def test_names_real_code_imports():
    from mindspore.dataset import GeneratorDataset, MnistDataset, vision  # noqa: F401
    from mindspore.dataset.transforms import Compose, TypeCast  # noqa: F401
    from mindspore.dataset.vision import Border, Inter  # noqa: F401
    from mindspore.dataset.vision.transforms import Decode  # noqa: F401
    from mindspore.dataset.engine.datasets import BatchInfo  # noqa: F401
    import mindspore.dataset.engine as de
    from mindspore.mindrecord import FileReader, FileWriter  # noqa: F401
    assert de.MindDataset is ms_compat.dataset.MindDataset
    assert importlib.import_module("mindspore.dataset.audio").Spectrogram(n_fft=16) is not None
    with pytest.raises(MissingAPIError, match="mindspore.dataset.audio.Vad"):
        importlib.import_module("mindspore.dataset.audio").Vad(16000)  # used: the placeholder raises
