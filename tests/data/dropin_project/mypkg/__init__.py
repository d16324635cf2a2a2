"""A small MindSpore-style package (unchanged MindSpore code) used by the drop-in import tests."""
import mindspore

VERSION_OK = hasattr(mindspore, "__version__")
