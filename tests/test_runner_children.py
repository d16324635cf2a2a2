"""Child interpreters started under ``ms-compat run`` import ``mindspore`` too (issue 22 item 3).

Before, a spawn/forkserver ``Pool`` hung forever re-raising ``ModuleNotFoundError`` in its workers,
``ProcessPoolExecutor`` broke and ``DataLoader`` spawn workers died.
"""
import subprocess
import sys
import textwrap

import pytest

PROGRAM = textwrap.dedent('''
    import sys, multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    import numpy as np
    import mindspore


    def work(x):
        import mindspore as ms
        return int(ms.Tensor(np.array([x], np.int32)).asnumpy()[0]) * 2, type(ms.Tensor(1)).__module__


    class Data:
        def __len__(self):
            return 4

        def __getitem__(self, i):
            import mindspore as ms
            return np.float32(ms.Tensor(np.array(i, np.float32)).asnumpy())


    if __name__ == "__main__":
        which = sys.argv[1]
        if which in ("spawn", "forkserver"):
            with mp.get_context(which).Pool(2) as pool:
                print(pool.map(work, [1, 2, 3]))
        elif which == "executor":
            with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as ex:
                print(list(ex.map(work, [1, 2, 3])))
        elif which == "dataloader":
            import torch.utils.data
            loader = torch.utils.data.DataLoader(Data(), batch_size=2, num_workers=2,
                                                 multiprocessing_context="spawn")
            print([b.tolist() for b in loader])
''')

EXPECTED = {
    "spawn": "[(2, 'ms_compat.common.tensor'), (4, 'ms_compat.common.tensor'), (6, 'ms_compat.common.tensor')]",
    "forkserver": "[(2, 'ms_compat.common.tensor'), (4, 'ms_compat.common.tensor'), (6, 'ms_compat.common.tensor')]",
    "executor": "[(2, 'ms_compat.common.tensor'), (4, 'ms_compat.common.tensor'), (6, 'ms_compat.common.tensor')]",
    "dataloader": "[[0.0, 1.0], [2.0, 3.0]]",
}


@pytest.mark.parametrize("mode", sorted(EXPECTED))
def test_workers_started_under_the_runner_import_mindspore(mode, tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM)
    r = subprocess.run([sys.executable, "-m", "ms_compat", "prog.py", mode], cwd=tmp_path, capture_output=True,
                       text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip().splitlines()[-1] == EXPECTED[mode], r.stdout
    assert "Error in sitecustomize" not in r.stderr


def test_plain_child_pays_nothing_and_user_sitecustomize_still_runs(tmp_path):
    """A child that never imports mindspore does not import torch; the user's own sitecustomize
    (shadowed by ours on PYTHONPATH) still runs; ``python -c 'import mindspore'`` in a child works."""
    user = tmp_path / "usersite"
    user.mkdir()
    (user / "sitecustomize.py").write_text("import os\nos.environ['USER_SITECUSTOMIZE_RAN'] = '1'\n")
    (tmp_path / "prog.py").write_text(textwrap.dedent('''
        import os, subprocess, sys
        import mindspore
        code = ("import os, sys; print(os.environ.get('USER_SITECUSTOMIZE_RAN'), 'torch' in sys.modules); "
                "import mindspore; print(mindspore.__name__, 'torch' in sys.modules)")
        print(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    '''))
    import os
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(user)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    r = subprocess.run([sys.executable, "-m", "ms_compat", "prog.py"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=180, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.split() == ["1", "False", "ms_compat", "True"], r.stdout
