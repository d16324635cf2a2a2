"""``mindspore.amp`` (also ``mindspore`` / ``mindspore.train``) loss-scale managers.

Mirrors ``mindspore.train.loss_scale_manager`` of MindSpore 2.10: ``get_update_cell()`` returns the
``nn.DynamicLossScaleUpdateCell`` / ``nn.FixedLossScaleUpdateCell`` that
``nn.TrainOneStepWithLossScaleCell`` calls each step; ``update_loss_scale(overflow)`` is the host-side
rule used by callers that manage the scale themselves.
"""
from __future__ import annotations

__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]


class LossScaleManager:
    """Mirrors ``mindspore.amp.LossScaleManager``: the interface (get_loss_scale, update_loss_scale,
    get_update_cell)."""

    def get_loss_scale(self):
        """The current loss scale."""

    def update_loss_scale(self, overflow):
        """Update the loss scale given whether the last step overflowed."""

    def get_update_cell(self):
        """The Cell that updates the loss scale inside the training step."""


class FixedLossScaleManager(LossScaleManager):
    """Mirrors ``mindspore.amp.FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True)``.

    With ``drop_overflow_update=False`` ``get_update_cell()`` is ``None`` and training uses a plain
    ``TrainOneStepCell`` whose ``sens`` is the loss scale (set the optimizer's ``loss_scale`` to match).
    """

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}")
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """Fixed scale: nothing to update."""

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        from ..nn.wrap.loss_scale import FixedLossScaleUpdateCell
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """Mirrors ``mindspore.amp.DynamicLossScaleManager(init_loss_scale=2**24, scale_factor=2, scale_window=2000)``.

    ``update_loss_scale(overflow)``: overflow → ``scale = max(scale / factor, 1)``; otherwise the
    scale is multiplied by ``factor`` every ``scale_window`` iterations since the last overflow.
    More than 1000 consecutive overflows raise ``RuntimeError`` as in MindSpore.
    """

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        if init_loss_scale < 1.0:
            raise ValueError(f"The argument 'init_loss_scale' must be > 1, but got {init_loss_scale}")
        self.loss_scale = init_loss_scale
        if isinstance(scale_window, bool) or not isinstance(scale_window, int) or scale_window <= 0:
            raise ValueError("For 'DynamicLossScaleManager', the 'scale_window' must be int and must > 0, but got "
                             f"'{scale_window}' with type '{type(scale_window).__name__}'.")
        self.scale_window = scale_window
        if scale_factor <= 0:
            raise ValueError(f"The argument 'scale_factor' must be > 0, but got {scale_factor}")
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def update_loss_scale(self, overflow):
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError(f"Dynamic loss scale Continuous overflow {self.bad_step} times, has exceeded maximum "
                               "threshold.")
        self.cur_iter += 1

    def get_drop_overflow_update(self):
        return True

    def get_update_cell(self):
        from ..nn.wrap.loss_scale import DynamicLossScaleUpdateCell
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
