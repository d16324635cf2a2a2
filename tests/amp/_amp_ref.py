"""The generator's own amp networks and inputs (tools/reference/amp_cases.py, MindSpore code), imported
here with ``import mindspore`` served by ms_compat, so the tests run exactly what was recorded."""
import pathlib
import sys

import ms_compat

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))
from ms_compat.porting.alias import is_installed  # noqa: E402

_was_installed = is_installed()
ms_compat.install(force=True)
try:
    import amp_cases  # noqa: E402,F401  (re-exported to the tests)
finally:
    if not _was_installed:
        ms_compat.uninstall()
