"""Hostile and unlucky inputs to checkpoint reading, writing and ``ms-compat convert`` (issue 22):
non-regular files, pickle bombs, views bigger than their file, symlinked outputs, killed saves,
failed asynchronous saves."""
import os
import pathlib
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat.train import convert
from ms_compat.train import serialization as ser

ROOT = str(pathlib.Path(__file__).resolve().parents[2])


def _run_bounded(code, timeout=120, mem_bytes=None, **kw):
    """Run ``code`` in a fresh interpreter seeing this tree; a hang fails the test (killed after
    ``timeout`` s) instead of hanging the run; ``mem_bytes`` caps its address space (RLIMIT_AS)."""
    pre = ""
    if mem_bytes:
        pre = ("import resource; resource.setrlimit(resource.RLIMIT_AS, "
               f"({int(mem_bytes)}, {int(mem_bytes)}))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT] + sys.path))
    return subprocess.run([sys.executable, "-c", pre + textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=env, **kw)


def _small_ckpt(path, fmt="ckpt"):
    ms.save_checkpoint({"w": ms.Tensor(np.arange(6, dtype=np.float32))}, str(path), format=fmt)


# ---- item 5: a FIFO (or any non-regular file) is refused before it is opened ----------------------
def test_fifo_is_refused_not_opened(tmp_path):
    # in a subprocess: safetensors' open() holds the GIL while it blocks, nothing in-process can end it
    r = _run_bounded(f"""
        import os, pytest, ms_compat as ms
        from ms_compat.train import convert, serialization as ser
        d = {str(tmp_path)!r}
        for name, fmt in (("x.ckpt", "ckpt"), ("x.safetensors", "safetensors")):
            os.mkfifo(os.path.join(d, name))
            with pytest.raises(ValueError, match="It is a FIFO, not a regular file"):
                ms.load_checkpoint(os.path.join(d, name), format=fmt)
            with pytest.raises(ValueError, match="FIFO"):
                ser.read_checkpoint_tensors(os.path.join(d, name), format=fmt)
            assert convert.main([os.path.join(d, name), os.path.join(d, "o.pt"), "--quiet"]) != 0
        os.mkfifo(os.path.join(d, "y.pt"))
        assert convert.main([os.path.join(d, "y.pt"), os.path.join(d, "o.ckpt"), "--quiet"]) != 0
        with pytest.raises(ValueError, match="FIFO"):
            ser.torch_state_dict_to_param_dict(os.path.join(d, "y.pt"))
        with pytest.raises(ValueError, match="FIFO"):     # swapped for a FIFO after the check: still no block
            ser._read_ckpt(os.path.join(d, "x.ckpt"), lambda n: True)
        print("fifo-ok")
    """, timeout=60)
    assert r.returncode == 0 and "fifo-ok" in r.stdout, r.stdout + r.stderr


def test_directory_named_like_a_checkpoint_is_valueerror(tmp_path):
    # MindSpore 2.10: ValueError "Failed to read the checkpoint file ... May not have permission to read it"
    (tmp_path / "d.ckpt").mkdir()
    with pytest.raises(ValueError, match="Failed to read the checkpoint file .*It is a directory"):
        ms.load_checkpoint(str(tmp_path / "d.ckpt"))


# ---- item 6: import ms_compat leaves torch.load(weights_only=True) as strict as plain torch -------
class _Bomb:
    """What a hostile file can name: ms_compat's Tensor constructor with a huge shape (1 GB)."""

    def __reduce__(self):
        return (ms.Tensor, (None, None, (1 << 28,)))


def test_pickle_bomb_is_rejected_by_torch_load_and_convert_with_bounded_memory(tmp_path):
    bomb = tmp_path / "bomb.pt"
    torch.save({"w": _Bomb()}, bomb)
    assert bomb.stat().st_size < 4096                      # 1 KB of file asking for 1 GB
    # 1.5 GB of address space: torch + ms_compat take ~0.7 GB; the bomb's 1 GB would not fit
    r = _run_bounded(f"""
        import pickle, sys, torch
        import ms_compat
        from ms_compat.common.tensor import Tensor
        from ms_compat.train import convert, serialization as ser
        try:
            torch.load({str(bomb)!r}, weights_only=True)
            sys.exit("plain torch.load accepted the bomb")
        except pickle.UnpicklingError as e:
            assert "ms_compat.common.tensor.Tensor" in str(e), str(e)
        try:
            ser.torch_load_state_dict({str(bomb)!r})
            sys.exit("ms_compat's scoped loader accepted the bomb")
        except pickle.UnpicklingError:
            pass
        rc = convert.main([{str(bomb)!r}, {str(tmp_path / "out.safetensors")!r}, "--quiet"])
        assert rc != 0, rc
        # what the scoped list does allow still loads: ms_compat Tensors pickled by torch.save
        import numpy as np
        torch.save({{"t": ms_compat.Tensor(np.arange(3, dtype=np.float32))}}, {str(tmp_path / "ok.pt")!r})
        d = ser.torch_load_state_dict({str(tmp_path / "ok.pt")!r})
        assert type(d["t"]) is torch.Tensor and d["t"].tolist() == [0, 1, 2], d
        print("bomb-ok")
    """, mem_bytes=1.5 * 2 ** 30)
    assert r.returncode == 0 and "bomb-ok" in r.stdout, r.stdout + r.stderr
    assert "error" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "out.safetensors").exists()


# ---- item 7: a .pt input may not materialise to much more than the file holds --------------------
def test_expanded_view_bomb_is_refused_before_materialising(tmp_path):
    bomb = tmp_path / "expand.pt"
    torch.save({"w": torch.zeros(1).expand(1 << 28)}, bomb)     # 4 bytes held, 1 GB asked
    assert bomb.stat().st_size < 4096
    r = _run_bounded(f"""
        import sys
        from ms_compat.train import convert
        for out in ("o.safetensors", "o.ckpt", "o.pt"):
            rc = convert.main([{str(bomb)!r}, {str(tmp_path)!r} + "/" + out, "--quiet"])
            assert rc == 2, rc
        print("expand-ok")
    """, mem_bytes=1.5 * 2 ** 30)
    assert r.returncode == 0 and "expand-ok" in r.stdout, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 3 and all(ln.startswith("ms-compat convert: error: ") for ln in lines), r.stderr
    assert "1,073,741,824 bytes in memory but the file holds only 4 bytes" in lines[0]
    assert not list(tmp_path.glob("o.*"))


def test_expansion_limit_flag_env_and_tied_weights(tmp_path, monkeypatch, capsys):
    src = tmp_path / "e.pt"
    torch.save({"w": torch.arange(4.0).expand(1 << 16, 4)}, src)      # 16 bytes held, 1 MiB asked
    assert convert.main([str(src), str(tmp_path / "a.safetensors"), "--quiet", "--max-expand-bytes", "512K"]) == 2
    assert "--max-expand-bytes" in capsys.readouterr().err
    assert convert.main([str(src), str(tmp_path / "a.safetensors"), "--quiet", "--max-expand-bytes", "2M"]) == 0
    monkeypatch.setenv("MS_COMPAT_CONVERT_MAX_EXPAND", "100K")
    assert convert.main([str(src), str(tmp_path / "b.safetensors"), "--quiet"]) == 2
    with pytest.raises(convert.InputSizeError):
        convert.convert(str(src), str(tmp_path / "b.ckpt"))
    monkeypatch.setenv("MS_COMPAT_CONVERT_MAX_EXPAND", "0")
    big = torch.randn(1 << 18)                       # tied weights: two names, one 1 MiB storage
    torch.save({"emb": big, "head": big}, tmp_path / "tied.pt")
    assert convert.main([str(tmp_path / "tied.pt"), str(tmp_path / "t.safetensors"), "--quiet"]) == 0
    d = ms.load_checkpoint(str(tmp_path / "t.safetensors"), format="safetensors")
    assert torch.equal(d["emb"], d["head"])


# ---- item 8: a write replaces a symlink at the output path, never the file it points to ----------
@pytest.mark.parametrize("out", ["o.ckpt", "o.safetensors", "o.pt"])
def test_convert_output_symlink_is_replaced_not_followed(tmp_path, out):
    src = tmp_path / "src.ckpt"
    _small_ckpt(src)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    victim.chmod(0o644)
    link = tmp_path / out
    link.symlink_to(victim)
    assert convert.main([str(src), str(link), "--quiet"]) == 0
    assert victim.read_bytes() == b"precious" and stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert not link.is_symlink() and link.is_file()
    if out.endswith(".pt"):
        assert ser.torch_load_state_dict(str(link))["w"].tolist() == list(range(6))
    else:
        d = ms.load_checkpoint(str(link), format=out.rsplit(".", 1)[1])
        assert d["w"].asnumpy().tolist() == list(range(6))


def test_save_checkpoint_replaces_a_symlink_and_sets_mode_before_rename(tmp_path):
    victim = tmp_path / "step_1.ckpt"
    _small_ckpt(victim)
    before = victim.read_bytes()
    link = tmp_path / "latest.ckpt"
    link.symlink_to(victim.name)
    ms.save_checkpoint({"w": ms.Tensor(np.zeros(2, np.float32))}, str(link))
    assert victim.read_bytes() == before
    assert not link.is_symlink() and stat.S_IMODE(link.stat().st_mode) == 0o400
    assert ms.load_checkpoint(str(link))["w"].asnumpy().tolist() == [0, 0]
    # a symlinked directory part is still followed (only the last component is not)
    (tmp_path / "real").mkdir()
    (tmp_path / "dirlink").symlink_to(tmp_path / "real", target_is_directory=True)
    ms.save_checkpoint({"w": ms.Tensor(np.ones(2, np.float32))}, str(tmp_path / "dirlink" / "a.ckpt"))
    assert (tmp_path / "real" / "a.ckpt").is_file()


def test_directory_conversion_refuses_a_symlinked_rank_dir(tmp_path):
    src = tmp_path / "src"
    (src / "rank0").mkdir(parents=True)
    _small_ckpt(src / "rank0" / "a.ckpt")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "rank0").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ValueError, match="rank0 is a symbolic link"):
        ms.ckpt_to_safetensors(str(src), str(out))
    assert not list(elsewhere.iterdir())
    # in-place conversion (no save_path) through a symlinked rank dir is refused too
    (src / "rank1").symlink_to(elsewhere, target_is_directory=True)
    _small_ckpt(elsewhere / "b.ckpt")
    with pytest.raises(ValueError, match="rank1 is a symbolic link"):
        ms.ckpt_to_safetensors(str(src))
    assert sorted(p.name for p in elsewhere.iterdir()) == ["b.ckpt"]
    # a real output tree works
    ms.ckpt_to_safetensors(str(src / "rank0" / "a.ckpt"), str(tmp_path / "single"))
    assert (tmp_path / "single" / "a.safetensors").is_file()


# ---- item 9: the next save of a target removes the temp files killed saves of it left ------------
def _age(path, seconds):
    t = os.path.getmtime(path) - seconds
    os.utime(path, (t, t))


def test_killed_save_temp_file_is_removed_by_the_next_save(tmp_path):
    target = tmp_path / "model.ckpt"
    r = _run_bounded(f"""
        import os, signal, numpy as np, ms_compat as ms
        from ms_compat.train import serialization as ser
        real = ser._iter_ckpt_chunks
        def dying(items):
            for i, chunk in enumerate(real(items)):
                yield chunk
                if i == 1:
                    os.kill(os.getpid(), signal.SIGKILL)     # killed in the middle of the save
        ser._iter_ckpt_chunks = dying
        ms.save_checkpoint({{"a": ms.Tensor(np.ones(1000, np.float32)), "b": ms.Tensor(np.ones(9, np.float32)),
                             "c": ms.Tensor(np.ones(9, np.float32))}}, {str(target)!r})
    """, timeout=60)
    assert r.returncode == -9, r.stderr
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].name.startswith(".model.ckpt."), left
    assert not target.exists()
    _age(left[0], 10)                                  # its writer is dead and it is untouched for 10 s
    _small_ckpt(target)
    assert [p.name for p in tmp_path.iterdir()] == ["model.ckpt"]
    assert ms.load_checkpoint(str(target))["w"].asnumpy().tolist() == list(range(6))


def test_stale_temp_cleanup_only_touches_our_old_files_of_that_target(tmp_path):
    host = ser._host_tag()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    files = {
        f".model.ckpt.{host}-{dead}.abc_12.tmp": (10, False),          # dead writer, 10 s old: removed
        f".model.ckpt.{host}-{dead}.fresh1.tmp": (0, True),            # dead writer, just written: kept
        f".model.ckpt.{host}-{os.getpid()}.live99.tmp": (600, True),   # live writer (us): kept
        f".model.ckpt.otherhost-{dead}.far001.tmp": (600, True),       # other host, 10 min: kept
        f".model.ckpt.otherhost-{dead}.far002.tmp": (7200, False),     # any writer, 2 h untouched: removed
        ".model.ckpt.k3j_x9q2.tmp": (7200, False),                     # older ms_compat's name, 2 h: removed
        f".other.ckpt.{host}-{dead}.abc_12.tmp": (7200, True),         # another target: kept
        ".model.ckpt.bak": (7200, True),                               # not our pattern: kept
        f"model.ckpt.{host}-{dead}.abc_12.tmp": (7200, True),          # not hidden: not ours
    }
    for name, (age, _) in files.items():
        (tmp_path / name).write_bytes(b"x" * 10)
        _age(tmp_path / name, age)
    os.mkfifo(tmp_path / f".model.ckpt.{host}-{dead}.fifo01.tmp")        # not a regular file: kept
    _age(tmp_path / f".model.ckpt.{host}-{dead}.fifo01.tmp", 7200)
    _small_ckpt(tmp_path / "model.ckpt")
    names = {p.name for p in tmp_path.iterdir()}
    for name, (_, kept) in files.items():
        assert (name in names) == kept, name
    assert f".model.ckpt.{host}-{dead}.fifo01.tmp" in names and "model.ckpt" in names
    assert not [n for n in names if n.startswith(".model.ckpt.") and n.endswith(".tmp") and "live99" not in n
                and "fresh1" not in n and "far001" not in n and "fifo01" not in n]


# ---- item 10: a failed asynchronous save is reported, naming the target -------------------------
def _wait_async_threads_done():
    for th in list(ser._async_threads):
        th.join(30)


def test_failed_async_save_is_raised_at_the_next_save(tmp_path, monkeypatch):
    import errno

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(ser.os, "fsync", full)
    first = tmp_path / "a.ckpt"
    ms.save_checkpoint({"w": ms.Tensor(np.ones(3, np.float32))}, str(first), async_save=True)   # returns
    _wait_async_threads_done()
    monkeypatch.undo()
    with pytest.raises(OSError) as ei:
        _small_ckpt(tmp_path / "b.ckpt")
    e = ei.value
    assert e.errno == errno.ENOSPC and e.filename == str(first) and ".tmp" not in str(e), str(e)
    assert "asynchronous save of" in str(e) and "No space left on device" in str(e)
    assert not first.exists() and not (tmp_path / "b.ckpt").exists()
    _small_ckpt(tmp_path / "b.ckpt")                    # reported once; saving goes on
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.ckpt"]      # no temp file left


def test_failed_async_save_is_raised_by_async_ckpt_thread_status(tmp_path, monkeypatch):
    import errno

    def no_temp(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / ".c.ckpt.h-1.x.tmp"))
    monkeypatch.setattr(ser.tempfile, "mkstemp", no_temp)
    ms.save_checkpoint({"w": ms.Tensor(np.ones(3, np.float32))}, str(tmp_path / "c"), async_save="thread")
    _wait_async_threads_done()
    monkeypatch.undo()
    with pytest.raises(OSError, match=r"asynchronous save of .*c\.ckpt failed") as ei:
        ms.async_ckpt_thread_status()
    assert ei.value.filename == str(tmp_path / "c.ckpt") and ".tmp" not in str(ei.value)
    assert ms.async_ckpt_thread_status() is False
    # the synchronous path names the target too
    monkeypatch.setattr(ser.tempfile, "mkstemp", no_temp)
    with pytest.raises(OSError) as ei:
        _small_ckpt(tmp_path / "d.ckpt")
    assert ei.value.filename == str(tmp_path / "d.ckpt") and ".tmp" not in str(ei.value)


def test_failed_async_save_is_reported_at_exit_under_a_file_size_limit(tmp_path):
    # a real write error (EFBIG from RLIMIT_FSIZE, as a full disk gives ENOSPC) in a program that ends
    r = _run_bounded(f"""
        import resource, signal, numpy as np, ms_compat as ms
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 16, 1 << 16))
        ms.save_checkpoint({{"w": ms.Tensor(np.ones(1 << 16, np.float32))}}, {str(tmp_path / "big.ckpt")!r},
                           async_save=True)
        print("returned")
    """, timeout=60)
    assert r.returncode == 0 and "returned" in r.stdout, r.stderr
    tail = r.stderr.strip().splitlines()[-1]
    assert tail.startswith("ms_compat: OSError: [Errno 27]") and "big.ckpt" in tail and ".tmp" not in tail, r.stderr
    assert "Traceback" not in r.stderr
    assert [p.name for p in tmp_path.iterdir()] == []
