"""Between ``mindspore.dataset`` pipelines and ``torch.utils.data`` (ms_compat extra)."""
from __future__ import annotations

import torch.utils.data as tud


class TorchIterable(tud.IterableDataset):
    """A MindSpore-API pipeline as a ``torch.utils.data.IterableDataset``: each item is one row of the
    pipeline (a tuple of numpy arrays). Use ``DataLoader(ds.to_torch(), batch_size=None)`` after
    ``.batch()``, or let the ``DataLoader`` batch single rows. With ``num_workers > 0`` each worker reads
    ``1/num_workers`` of the rows (every ``num_workers``-th)."""

    def __init__(self, dataset):
        super().__init__()
        self.dataset = dataset

    def __iter__(self):
        info = tud.get_worker_info()
        for k, row in enumerate(self.dataset._rows()):
            if info is None or k % info.num_workers == info.id:
                yield row

    def __len__(self):
        return self.dataset.get_dataset_size()
