"""``mindspore._c_expression.typing``: MindSpore's dtype kinds (``Float``, ``BFloat``, ``Complex``) and the
``Type`` base, the same objects as ``mindspore.common.dtype``'s (see ms_compat/common/dtype_kinds.py)."""
from ..common.dtype_aliases import Type
from ..common.dtype_kinds import BFloat, Complex, Float, Int, TensorType, UInt

__all__ = ["BFloat", "Complex", "Float", "Int", "UInt", "TensorType", "Type"]
