"""The one table of the random dataset transforms whose numbers are not MindSpore 2.10's, and why.

MindSpore lists its random transforms itself (tools/reference/gen_dataset_random_family.py ->
tests/reference_data/dataset_random/random_family.json). tests/dataset/test_dataset_random_family.py classifies
every one of them: compared with MindSpore's output in a case of the random-transform reference tables
(tools/reference/dataset_random_transforms_cases.py, dataset_random_transforms_more_cases.py), or listed here
for the whole class (``when`` ``ALWAYS``). Entries for a narrower ``when`` document a case the tables do not
compare; migration_guides/data.md names each entry.

Kinds: ``NONDETERMINISTIC`` (MindSpore itself gives different numbers run to run: measured), ``RAISES``
(MindSpore 2.10 raises on CPU: recorded), ``NOT_YET`` (MindSpore is deterministic there; ms_compat draws the
same distributions, not the same numbers).
"""
from __future__ import annotations

__all__ = ["NONDETERMINISTIC", "RAISES", "NOT_YET", "ALWAYS", "KINDS", "NOT_MINDSPORES"]

NONDETERMINISTIC = "MindSpore nondeterministic (measured)"
RAISES = "raises on MindSpore 2.10 CPU (recorded)"
NOT_YET = "not yet reproduced"
KINDS = (NONDETERMINISTIC, RAISES, NOT_YET)
ALWAYS = "always"

_THREADS = "a map of several thread workers (python_multiprocessing=False)"
_THREADS_NOTE = ("MindSpore's threads share Python's `random` and take its numbers in the order they happen to run "
                 "(measured: one thread ran nine rows ahead); ms_compat draws from a generator of (seed, epoch, row)")

# "module.Class" -> [(kind, when, what differs)]
NOT_MINDSPORES = {
    "vision.RandomErasing": [(NONDETERMINISTIC, _THREADS, _THREADS_NOTE)],
    "transforms.RandomOrder": [(NONDETERMINISTIC, _THREADS, _THREADS_NOTE)],
    "vision.MixUp": [(NONDETERMINISTIC, _THREADS, _THREADS_NOTE.replace("Python's `random`", "numpy's generator"))],
    "vision.RandomGrayscale": [(NONDETERMINISTIC, _THREADS, _THREADS_NOTE),
                               (NOT_YET, "pixels", "MindSpore converts with PIL; the draws (which rows) are compared")],
    "vision.RandomPerspective": [(NONDETERMINISTIC, _THREADS, _THREADS_NOTE),
                                 (NOT_YET, "pixels", "MindSpore warps with PIL; the draws (which rows) are compared")],
    "vision.RandomHorizontalFlipWithBBox": [(NOT_YET, "the boxes, epoch after epoch", "MindSpore 2.10 rewrites "
                                             "the source's box array in place, so later epochs see moved boxes")],
    "vision.RandomVerticalFlipWithBBox": [(NOT_YET, "the boxes, epoch after epoch", "as RandomHorizontalFlipWithBBox")],
    "vision.RandomResizeWithBBox": [(NOT_YET, "the boxes, epoch after epoch", "as RandomHorizontalFlipWithBBox")],
    "vision.RandomResizedCropWithBBox": [(NOT_YET, "the boxes, epoch after epoch",
                                          "as RandomHorizontalFlipWithBBox")],
}
