"""Mirrors ``mindspore.dataset.audio``: the audio transforms (spectrograms, mel scale, MFCC/LFCC, dB conversion,
masking, gain and companding ...) on numpy waveforms, computed with PyTorch, and the enums and filter-bank
helpers of ``audio.utils``. The IIR filters (``LFilter``, ``Biquad`` and the named
biquads) are in ``filters.py``, the delay-line effects and pitch detection (``Flanger``, ``Phaser``,
``DetectPitchFrequency``, ``PitchShift``) in ``effects.py``, ``InverseMelScale`` in ``inverse_mel.py``. ``Vad``
is not provided yet (MissingAPIError when used)."""
from ...porting._missing import module_getattr as _mg
from . import transforms, utils  # noqa: F401
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _t_all
from .utils import *  # noqa: F401,F403
from .utils import __all__ as _u_all
from . import filters  # noqa: F401
from .filters import *  # noqa: F401,F403
from .filters import __all__ as _f_all
from .resample import Resample  # noqa: F401
from .effects import DetectPitchFrequency, Flanger, Phaser, PitchShift  # noqa: F401
from .inverse_mel import InverseMelScale  # noqa: F401
from .more import (Dither, GriffinLim, InverseSpectrogram, Overdrive, PhaseVocoder, SlidingWindowCmn,  # noqa: F401
                   TimeStretch)

__all__ = list(_t_all) + list(_u_all) + list(_f_all) + ["Resample", "GriffinLim", "InverseSpectrogram", "Overdrive",
                                                         "SlidingWindowCmn", "PhaseVocoder", "TimeStretch", "Dither",
                                                         "DetectPitchFrequency", "Flanger", "Phaser", "PitchShift",
                                                         "InverseMelScale"]


def __getattr__(name):
    return _mg(__name__, name, {})
