"""``mindspore.nn.probability.bijector.Invert``: a bijector run backwards."""
from .bijector import Bijector

__all__ = ["Invert"]


class Invert(Bijector):
    """Mirrors ``Invert(bijector, name='')``: ``forward`` is ``bijector.inverse`` and so on (name ``'Invert' +
    bijector.name`` when empty)."""

    def __init__(self, bijector, name=""):
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For 'Invert', the type of 'bijector' should be 'Bijector', but got type "
                            f"'{type(bijector).__name__}'.")
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian, is_injective=bijector.is_injective,
                         name=name or "Invert" + (bijector.name or ""), dtype=bijector.dtype,
                         param={"bijector": bijector})
        self._bijector = bijector

    @property
    def bijector(self):
        return self._bijector

    def forward(self, value, *args, **kwargs):
        return self._bijector.inverse(value, *args, **kwargs)

    def inverse(self, value, *args, **kwargs):
        return self._bijector.forward(value, *args, **kwargs)

    def forward_log_jacobian(self, value, *args, **kwargs):
        return self._bijector.inverse_log_jacobian(value, *args, **kwargs)

    def inverse_log_jacobian(self, value, *args, **kwargs):
        return self._bijector.forward_log_jacobian(value, *args, **kwargs)

    construct = Bijector.construct  # dispatch by name (Cell would otherwise make ``forward`` the construct)
