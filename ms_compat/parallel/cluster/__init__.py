"""``mindspore.parallel.cluster``: the ``msrun`` launcher (``run``), on ``torchrun``."""


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})
