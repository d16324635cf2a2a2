"""Handing pipelines to torch.utils.data and torch Datasets to GeneratorDataset; dataset.config checks."""
import numpy as np
import pytest
import torch
import torch.utils.data as tud

import ms_compat.dataset as ds


def test_pipeline_to_dataloader_workers_split_rows():
    pipe = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=False).map(lambda x: x * 3, "x")
    got = sorted(int(t[0]) for t in tud.DataLoader(pipe.to_torch(), batch_size=None, num_workers=2))
    assert got == [3 * i for i in range(10)]
    batched = pipe.batch(4)
    shapes = [tuple(b[0].shape) for b in tud.DataLoader(batched.to_torch(), batch_size=None)]
    assert shapes == [(4,), (4,), (2,)] and len(batched.to_torch()) == 3


def test_torch_dataset_as_source_with_sampler_and_shards():
    class Src(tud.Dataset):
        def __len__(self):
            return 7

        def __getitem__(self, i):
            return torch.full((2,), float(i)), i

    rows = [int(r[1]) for r in ds.GeneratorDataset(Src(), ["x", "y"], sampler=ds.SequentialSampler(2, 3))
            .create_tuple_iterator(output_numpy=True)]
    assert rows == [2, 3, 4]
    shard = ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False, num_shards=3, shard_id=2)
    assert [int(r[1]) for r in shard.create_tuple_iterator(output_numpy=True)] == [2, 5, 1]
    x, y = next(iter(ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False)))
    assert type(x).__name__ == "Tensor" and x.dtype == torch.float32 and int(y) == 0


def test_config_settings_and_validation():
    old = ds.config.get_num_parallel_workers(), ds.config.get_prefetch_size()
    try:
        ds.config.set_num_parallel_workers(3)
        ds.config.set_prefetch_size(5)
        assert (ds.config.get_num_parallel_workers(), ds.config.get_prefetch_size()) == (3, 5)
        with pytest.raises(ValueError):
            ds.config.set_num_parallel_workers(0)
        with pytest.raises(TypeError):
            ds.config.set_seed(1.5)
        ds.config.set_seed(123)
        assert ds.config.get_seed() == 123
    finally:
        ds.config.set_num_parallel_workers(old[0])
        ds.config.set_prefetch_size(old[1])


def test_shuffle_buffer_semantics_and_reshuffle_per_epoch():
    ds.config.set_seed(5)
    d = ds.NumpySlicesDataset(np.arange(50), shuffle=False).shuffle(4)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)  # as MindSpore, a new iterator starts over
    first, second = [int(r[0]) for r in it], [int(r[0]) for r in it]
    assert sorted(first) == list(range(50)) and first != second
    # a buffer of 4: row k can come out no earlier than position k - 3
    assert all(pos >= v - 3 for pos, v in enumerate(first))


def test_distributed_shards_partition_the_shuffled_rows_without_a_seed():
    """Every rank must shuffle alike even when no seed was set (MindSpore: default seed 5489)."""
    from ms_compat.dataset.core import config
    saved = config._state["seed"]
    config._state["seed"] = None
    try:
        import ms_compat
        assert ds.config.get_seed() == (5489 if ms_compat.get_seed() is None else ms_compat.get_seed())
        shards = [[int(r[0]) for r in ds.NumpySlicesDataset(np.arange(12), num_shards=3, shard_id=k)
                   .create_tuple_iterator(output_numpy=True)] for k in range(3)]
        assert sorted(sum(shards, [])) == list(range(12)) and shards[0] != [0, 3, 6, 9]
    finally:
        config._state["seed"] = saved


def test_ds_callback_hooks_on_map():
    events = []

    class Rec(ds.DSCallback):
        def ds_begin(self, c):
            events.append(("begin",))

        def ds_epoch_begin(self, c):
            events.append(("epoch_begin", c.cur_epoch_num))

        def ds_step_begin(self, c):
            events.append(("step", c.cur_epoch_num, c.cur_step_num_in_epoch, c.cur_step_num))

        def ds_epoch_end(self, c):
            events.append(("epoch_end", c.cur_epoch_num))

    d = ds.NumpySlicesDataset(np.arange(4), shuffle=False).map(lambda x: x, callbacks=Rec(step_size=2))
    for _ in range(2):
        list(d.create_tuple_iterator(output_numpy=True))
    assert events == [("begin",), ("epoch_begin", 1), ("step", 1, 1, 1), ("step", 1, 3, 3), ("epoch_end", 1),
                      ("epoch_begin", 2), ("step", 2, 1, 5), ("step", 2, 3, 7), ("epoch_end", 2)]
    with pytest.raises(TypeError, match="DSCallback"):
        ds.NumpySlicesDataset(np.arange(4)).map(lambda x: x, callbacks=[object()])


def test_callable_batch_size_sees_batch_and_epoch_numbers():
    seen = []

    def size(info):
        seen.append((info.get_epoch_num(), info.get_batch_num()))
        return info.get_batch_num() + 1

    d = ds.NumpySlicesDataset(np.arange(6), shuffle=False).batch(size)
    assert [len(b[0]) for b in d.create_tuple_iterator(output_numpy=True)] == [1, 2, 3]
    assert seen[:3] == [(0, 0), (0, 1), (0, 2)]
