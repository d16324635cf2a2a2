"""Run real MindSpore 2.10's ``msrun`` on a 2-worker job that needs no cluster (the script does not call
``init()``) and store what it leaves behind, for tests/parallel/test_msrun.py:
tests/reference_data/parallel/msrun.json -- the files written in the current folder, the console lines,
the exit status, and the same for a script that fails (``--join True``)."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import refutil

MSRUN = [sys.executable, "-c", "import sys; from mindspore.parallel.cluster.run import main; sys.exit(main())"]
SCRIPT = "import os, sys\nprint('hello from', os.environ.get('RANK_ID'))\nsys.exit(int(sys.argv[1]))\n"


def one(join, code, port):
    d = pathlib.Path(tempfile.mkdtemp())
    (d / "job.py").write_text(SCRIPT)
    r = subprocess.run(MSRUN + ["--worker_num=2", "--local_worker_num=2", f"--master_port={port}", f"--join={join}",
                                "job.py", str(code)], cwd=d, capture_output=True, text=True, timeout=120)
    if not join:
        import time
        time.sleep(3)
    files = {p.name: p.read_text() for p in sorted(d.iterdir()) if p.name != "job.py"}
    shutil.rmtree(d)
    return {"returncode": r.returncode, "stdout": r.stdout.splitlines(),
            "stderr_last": (r.stderr.strip().splitlines() or [""])[-1], "files": files}


refutil.save_json("parallel", "msrun", {"join_ok": one(True, 0, 8341), "join_fail": one(True, 3, 8342),
                                        "background": one(False, 0, 8343)})
print("recorded msrun")
