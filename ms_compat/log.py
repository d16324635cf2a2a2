"""``mindspore.log``: MindSpore's Python logger, on the standard :mod:`logging` module.

Mirrors MindSpore 2.10: ``get_level()`` is the ``GLOG_v`` level as a string (``'0'`` DEBUG, ``'1'`` INFO,
``'2'`` WARNING — the default, ``'3'`` ERROR, ``'4'`` CRITICAL), ``get_log_config()`` the logging settings read
from the environment (``GLOG_v``, ``GLOG_logtostderr`` and, with ``GLOG_logtostderr=0``, ``GLOG_log_dir``,
``GLOG_stderrthreshold``, ``logger_maxBytes``, ``logger_backupCount``), and ``debug``/``info``/``warning``/
``error``/``critical`` write records in MindSpore's line format to stderr::

    [WARNING] ME(1079:139989187251072,MainProcess):2026-11-25-06:03:42.320.000 [train.py:8] message

The logger is ``logging.getLogger("mindspore")`` (MindSpore's is named ``ME.mindspore.log.<pid>``); handlers
added by user code work as usual. Difference: ``GLOG_log_dir`` (log files with rotation) is reported by
``get_log_config`` but records still go to stderr only.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time

__all__ = ["get_level", "get_log_config", "debug", "info", "warning", "error", "critical"]

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR, "4": logging.CRITICAL}
_NAMES = {logging.DEBUG: "DEBUG", logging.INFO: "INFO", logging.WARNING: "WARNING", logging.ERROR: "ERROR",
          logging.CRITICAL: "CRITICAL"}
_lock = threading.Lock()
_logger = None


class _Formatter(logging.Formatter):
    """MindSpore's record format: ``[LEVEL] ME(pid:thread,process):date-time.ms.us [file:line] message``."""

    def format(self, record):
        t = time.localtime(record.created)
        stamp = time.strftime("%Y-%m-%d-%H:%M:%S", t) + f".{int(record.msecs):03d}.000"
        level = _NAMES.get(record.levelno, record.levelname)
        return (f"[{level}] ME({record.process}:{record.thread},{record.processName}):{stamp} "
                f"[{record.pathname}:{record.lineno}] {record.getMessage()}")


def _env_level():
    level = os.environ.get("GLOG_v", "2")
    if level not in _LEVELS:
        raise ValueError(f"Incorrect log level:{level}, Please check the configuration of 'GLOG_v', desired "
                         "log level: 4-CRITICAL, 3-ERROR, 2-WARNING, 1-INFO, 0-DEBUG")
    return level


def get_level():
    """Mirrors ``mindspore.log.get_level``: the logger's level as a ``GLOG_v`` string (``'2'``, WARNING, by
    default; read from ``GLOG_v`` when the logger is first used)."""
    inverse = {v: k for k, v in _LEVELS.items()}
    return inverse.get(_get_logger().getEffectiveLevel())


def get_log_config():
    """Mirrors ``mindspore.log.get_log_config``: the logging settings, as strings, from the environment."""
    config = {"GLOG_v": get_level(), "GLOG_logtostderr": os.environ.get("GLOG_logtostderr", "1")}
    if config["GLOG_logtostderr"] == "0":  # the file settings matter (and are reported) only then
        for key in ("GLOG_log_dir", "GLOG_stderrthreshold", "logger_maxBytes", "logger_backupCount"):
            if key in os.environ:
                config[key] = os.environ[key]
    return config


def _get_logger():
    """The logger ``mindspore.log`` writes to (created once, level from ``GLOG_v``)."""
    global _logger
    if _logger is None:
        with _lock:
            if _logger is None:
                logger = logging.getLogger("mindspore")
                logger.setLevel(_LEVELS[_env_level()])
                if not logger.handlers:
                    handler = logging.StreamHandler(sys.stderr)
                    handler.setFormatter(_Formatter())
                    logger.addHandler(handler)
                logger.propagate = False
                _logger = logger
    return _logger


def debug(msg, *args, **kwargs):
    """Mirrors ``mindspore.log.debug`` (written when ``GLOG_v=0``)."""
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Mirrors ``mindspore.log.info`` (written when ``GLOG_v`` <= 1)."""
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Mirrors ``mindspore.log.warning`` (written unless ``GLOG_v`` >= 3)."""
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Mirrors ``mindspore.log.error``."""
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Mirrors ``mindspore.log.critical``."""
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)


class _LogActionOnce:
    """Mirrors MindSpore's private ``mindspore.log._LogActionOnce(logger, key, no_warning=False)`` decorator
    (used by MindSpore packages): the first call of a function decorated with a given ``key`` logs its
    warnings; later calls (of any function with that key), or every call with ``no_warning=True``, run with
    ``logger.warning`` silenced."""

    is_logged = {}

    def __init__(self, logger, key, no_warning=False):
        self.logger = logger
        self.key = key
        self.no_warning = no_warning

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            if not hasattr(self.logger, "warning"):
                return func(*args, **kwargs)
            old = self.logger.warning
            if self.no_warning or self.key in _LogActionOnce.is_logged:
                self.logger.warning = lambda x: x
            else:
                _LogActionOnce.is_logged[self.key] = True
            res = func(*args, **kwargs)
            if hasattr(self.logger, "warning"):
                self.logger.warning = old
            return res
        return wrapper


def __getattr__(name):
    from .porting._missing import module_getattr
    return module_getattr(__name__, name, {})
