"""``mindspore.boost.DimReduce``: dimension-reduction training (a quasi-Newton step in a PCA subspace of the
weights, with a line search, plus momentum on the residual gradient), MindSpore 2.10's algorithm in torch ops."""
from __future__ import annotations

import math

import numpy as np
import torch

from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor, as_ms, to_torch
from ..nn.cell import Cell

__all__ = ["DimReduce"]


def _t(x):
    return to_torch(x).detach()


class DimReduce(Cell):
    r"""Mirrors ``mindspore.boost.DimReduce(network, optimizer, weight, pca_mat_local, n_components, rho, gamma,
    alpha, sigma, rank, rank_size)``.

    ``construct(loss, old_grad, loss_scale, weight, weight_clone, *inputs)``, with ``P = pca_mat_local`` (``k x n``,
    ``n`` the total size of ``weight``), ``g`` the gradients divided by ``loss_scale``:

    * ``gk = P g``; BFGS update of ``bk`` (``k x k``) from ``yk = gk - gk_last`` and the last step ``sk`` when
      ``yk.T sk > 1e-20``; ``dk = -bk gk``, ``dn = P.T dk``;
    * line search over ``rho**0, rho**1``: apply ``-rho dn`` with the optimizer, run the network, keep ``rho``
      when ``new_loss < loss + sigma rho gk.T dk`` (then ``sk = rho dk``), restore the weights from
      ``weight_clone``; none found: ``rho = 0`` and ``gk_last`` / ``bk`` roll back;
    * ``m = gamma m + old_grad - P.T gk`` per weight; the optimizer applies ``alpha m - rho dn``; ``weight_clone``
      takes the new weights. Returns ``loss``.

    As in MindSpore, the optimizer runs for every line-search trial too (its state, e.g. momentum, moves with
    them). Only ``rank_size == 1`` is provided (MindSpore shards ``P`` over ranks with Broadcast/AllGather); a
    larger ``rank_size`` raises ``ValueError``."""

    def __init__(self, network, optimizer, weight, pca_mat_local, n_components, rho, gamma, alpha, sigma, rank,
                 rank_size):
        super().__init__()
        if rank_size != 1:
            raise ValueError(f"DimReduce: only rank_size 1 is provided by ms_compat, got rank_size {rank_size} "
                             "(MindSpore splits the PCA matrix over the ranks with Broadcast/AllGather).")
        self.network = network
        self.optimizer = optimizer
        self.rank = rank
        self.rank_size = rank_size
        self.gamma = gamma
        self.alpha = alpha
        self.sigma = sigma
        self.max_search_time = 2
        self.rho_list = [torch.tensor(float(np.power(rho, i)), dtype=torch.float32)
                         for i in range(self.max_search_time)] + [torch.tensor(0.0)]
        self.n_components = n_components
        local_dim = math.ceil(n_components // rank_size)
        self.start_index = rank * local_dim
        self.end_index = (rank + 1) * local_dim
        pca = torch.as_tensor(np.asarray(pca_mat_local), dtype=torch.float32)
        self.pca_list_local = []
        start = 0
        for param in weight:
            size = param.numel()
            self.pca_list_local.append(pca[:, start:start + size].contiguous())
            start += size
        pad_num = rank_size * local_dim - n_components
        self.dk_pad_flag = bool(pad_num)
        self.dk_pad_part = torch.zeros(pad_num, 1) if pad_num else None
        self.epsilon = np.power(10.0, -20)
        k = n_components
        self.gk_last = Parameter(Tensor(np.zeros([k, 1], np.float32)), name="gk_last", requires_grad=False)
        self.gk_last_init = Parameter(Tensor(False), name="gk_last_init", requires_grad=False)
        self.bk = Parameter(Tensor(np.eye(k, dtype=np.float32)), name="bk", requires_grad=False)
        self.sk = Parameter(Tensor(np.zeros([k, 1], np.float32)), name="sk", requires_grad=False)
        self.eye = torch.eye(k, dtype=torch.float32)
        params = ParameterTuple(weight)
        self.grad_res_momentum = params.clone(prefix="grad_res_momentum", init="zeros")
        self.gk_last_back = Parameter(Tensor(np.zeros([k, 1], np.float32)), name="gk_last_back", requires_grad=False)
        self.bk_back = Parameter(Tensor(np.eye(k, dtype=np.float32)), name="bk_back", requires_grad=False)
        self.grad_proj_init = params.clone(prefix="grad_proj_init", init="zeros")
        self.dn_init = params.clone(prefix="dn_init", init="zeros")

    @torch.no_grad()
    def construct(self, loss, old_grad, loss_scale, weight, weight_clone, *inputs):
        scale = _t(loss_scale)
        scaled = [_t(g).to(torch.float32) / scale for g in old_grad]
        old_loss = _t(loss)
        gk_local = sum(p @ g.reshape(-1, 1) for p, g in zip(self.pca_list_local, scaled))
        gk = gk_local.reshape(-1, 1)[:self.n_components]
        _t(self.gk_last_back).copy_(_t(self.gk_last))
        _t(self.bk_back).copy_(_t(self.bk))
        dk = self._apply_quasi_newton_update(gk)
        dk_pad = torch.cat((dk, self.dk_pad_part)) if self.dk_pad_flag else dk
        dk_local = dk_pad[self.start_index:self.end_index]
        dn = [(p.T @ dk_local).reshape(g.shape) for p, g in zip(self.pca_list_local, old_grad)]
        grad_proj = [(p.T @ gk_local).reshape(g.shape) for p, g in zip(self.pca_list_local, old_grad)]
        rho, find = self._line_search(gk, dk, dn, old_loss, weight, weight_clone, *inputs)
        if not find:
            _t(self.gk_last).copy_(_t(self.gk_last_back))
            _t(self.bk).copy_(_t(self.bk_back))
        self._res_loss(old_grad, grad_proj, weight, weight_clone, rho, dn)
        return loss

    def _apply_quasi_newton_update(self, gk):
        bk, sk = _t(self.bk), _t(self.sk)
        if bool(_t(self.gk_last_init)):
            yk = gk - _t(self.gk_last)
            g = (yk.T @ sk).squeeze()
            if g > self.epsilon:
                pk = 1.0 / g
                t1 = self.eye - (pk * yk) @ sk.T
                bk.copy_(t1.T @ bk @ t1 + (pk * sk) @ sk.T)
        else:
            _t(self.gk_last_init).fill_(True)
        _t(self.gk_last).copy_(gk)
        return -1 * (bk @ gk)

    def _line_search(self, gk, dk, dn, old_loss, weight, weight_clone, *inputs):
        for i in range(self.max_search_time):
            if self._find_rho(gk, dk, dn, old_loss, weight, weight_clone, self.rho_list[i], *inputs):
                return self.rho_list[i], True
        return self.rho_list[-1], False

    def _find_rho(self, gk, dk, dn, old_loss, weight, weight_clone, rho, *inputs):
        self.optimizer(tuple(as_ms(-1 * rho * d) for d in dn))
        new_loss = _t(self.network(*inputs))
        old_loss_delta = old_loss + self.sigma * rho * (gk.T @ dk).squeeze()
        found = bool(old_loss_delta > new_loss)
        if found:
            _t(self.sk).copy_(rho * dk)
        for w, c in zip(weight, weight_clone):
            _t(w).copy_(_t(c))
        return found

    def _res_loss(self, old_grad, grad_proj, weight, weight_clone, rho, dn):
        delta = []
        for m, g, gp, d in zip(self.grad_res_momentum, old_grad, grad_proj, dn):
            new = self.gamma * _t(m) + _t(g) - gp
            _t(m).copy_(new)
            delta.append(as_ms(self.alpha * new - rho * d))
        self.optimizer(tuple(delta))
        for c, w in zip(weight_clone, weight):
            _t(c).copy_(_t(w))
