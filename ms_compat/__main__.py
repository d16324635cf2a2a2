"""``python -m ms_compat script.py [args ...]`` (same as ``ms-compat run``); ``python -m ms_compat
convert|compare ...`` reaches the other ``ms-compat`` subcommands."""
import os
import sys

from .porting.cli import COMMANDS, main as _cli_main
from .porting.runner import main as _run_main

if __name__ == "__main__":
    _argv = sys.argv[1:]
    if _argv and (_argv[0] in COMMANDS or _argv[0] in ("-V", "--version")) and not os.path.exists(_argv[0]):
        sys.exit(_cli_main(_argv))
    sys.exit(_run_main(_argv))
