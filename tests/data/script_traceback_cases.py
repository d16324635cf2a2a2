"""Failing MindSpore scripts whose tracebacks are compared between ``python script.py`` under real MindSpore
2.10 (tools/reference/gen_script_traceback.py) and ``ms-compat run script.py`` (tests/test_runner.py)."""

SCRIPTS = {
    "user_error": (
        "import mindspore as ms\n"
        "\n"
        "def step(x):\n"
        "    return x / 0\n"
        "\n"
        "step(1)\n"),
    "op_error": (
        "import numpy as np\n"
        "import mindspore as ms\n"
        "x = ms.Tensor(np.ones((2, 3), np.float32))\n"
        "y = ms.ops.matmul(x, x)\n"
        "print(y)\n"),
    "missing_name": (
        "import mindspore as ms\n"
        "from mindspore import ops\n"
        "\n"
        "def act(x):\n"
        "    return ops.reluu(x)\n"
        "\n"
        "act(1)\n"),
}
