"""Worker pools under MindSpore 2.10 (issue 32 item 2, issue 30 item 7), on dataset_worker_cases.py.

Writes tests/reference_data/dataset/workers.npz (the rows of the nested pipeline: a GeneratorDataset read by
2 worker processes under a map run by 2 worker processes) and workers.json (the lines MindSpore prints for
the user's frame when a map function run in a worker process raises: file name, line, function, source)."""
import os
import re
import sys
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_worker_cases as cases  # noqa: E402
import refutil  # noqa: E402

import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402


def main():
    out = cases.rows(cases.pipeline(ds, vision, 2, True, 2, True))
    refutil.save_npz("dataset", "workers", image=np.stack([r[0] for r in out]), label=np.stack([r[1] for r in out]))
    try:
        cases.rows(cases.failing_pipeline(ds))
    except Exception as e:  # noqa: BLE001 - recording what MindSpore raises and prints
        text = "".join(traceback.format_exception(e))
        err = type(e).__name__
    else:
        raise SystemExit("MindSpore accepted the failing map function")
    frame = re.search(r'File "([^"]*dataset_worker_cases\.py)", line (\d+), in (fail_on_5)\n\s*(.*)\n', text)
    refutil.save_json("dataset", "workers", {
        "error_type": err,
        "user_frame": [os.path.basename(frame.group(1)), int(frame.group(2)), frame.group(3), frame.group(4).strip()],
        "user_message": "ValueError: bad element value 5" in text,
    })
    print(text)


if __name__ == "__main__":
    main()
