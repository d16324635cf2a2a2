"""``mindspore.version``: the MindSpore version whose behaviour ms_compat follows.

``__version__`` is ``'2.10.0'`` (what ``mindspore.version.__version__`` is in the MindSpore release ms_compat
mirrors, so version checks in MindSpore packages take the 2.10 branch); ``ms_compat_version`` is ms_compat's
own version (``ms_compat.__ms_compat_version__``; ``ms_compat.__version__`` is ``mindspore.__version__``, 2.10.0).
"""
from . import __ms_compat_version__ as ms_compat_version, __version__  # noqa: F401
