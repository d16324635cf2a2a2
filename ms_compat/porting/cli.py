"""The ``ms-compat`` command: ``run``, ``convert``, ``compare``, ``coverage`` (each lives in its own module)."""
from __future__ import annotations

import importlib
import sys

# subcommand -> "module:function"; each function takes argv (list of str) and returns an exit code
COMMANDS = {
    "run": ("ms_compat.porting.runner:main", "run an unchanged MindSpore script with `import mindspore` served by ms_compat"),
    "convert": ("ms_compat.train.convert:main", "convert checkpoints: .ckpt <-> .safetensors <-> .pt state_dict"),
    "compare": ("ms_compat.testing.compare_cli:main", "compare a model layer by layer against real MindSpore"),
    "coverage": ("ms_compat.porting.api_coverage:main", "which MindSpore 2.10 names ms_compat provides (NAME ...: one by one)"),
    "msrun": ("ms_compat.parallel.cluster.run:main", "MindSpore's msrun command line, started with torchrun"),
}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-V", "--version"):
        from .. import __ms_compat_version__
        from ._api_names import MINDSPORE_VERSION
        print(f"ms-compat {__ms_compat_version__} (the MindSpore {MINDSPORE_VERSION} API on torch "
              f"{importlib.import_module('torch').__version__})")
        return 0
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: ms-compat [--version] {" + ",".join(COMMANDS) + "} ...\n")
        for name, (_, text) in COMMANDS.items():
            print(f"  {name:<8} {text}")
        return 0 if argv else 2
    cmd = argv.pop(0)
    if cmd not in COMMANDS:
        print(f"ms-compat: unknown command '{cmd}' (choose from {', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    mod, _, fn = COMMANDS[cmd][0].partition(":")
    return int(getattr(importlib.import_module(mod), fn)(argv) or 0)


if __name__ == "__main__":
    sys.exit(main())
