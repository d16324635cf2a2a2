"""Shared checks for the torch.compile tests."""
import torch
import torch._dynamo


def assert_single_graph(fn, *args, **kwargs):
    """``fn(*args)`` is captured by TorchDynamo as exactly one graph with no graph break.

    ``explain().graph_break_count`` alone is not enough: when TorchDynamo gives up on a frame it can report
    zero breaks and zero graphs (the frame then runs eagerly), so the graph count is checked too."""
    torch._dynamo.reset()
    exp = torch._dynamo.explain(fn)(*args, **kwargs)
    reasons = [b.reason for b in exp.break_reasons]
    assert exp.graph_break_count == 0 and exp.graph_count == 1, \
        f"{exp.graph_count} graphs, {exp.graph_break_count} breaks: {reasons}"
    return exp


def ms_tensors_only(out, tensor_type):
    """Every tensor in a (nested) output is exactly ``tensor_type`` (MindSpore semantics kept)."""
    if isinstance(out, torch.Tensor):
        return type(out) is tensor_type
    if isinstance(out, (tuple, list)):
        return all(ms_tensors_only(o, tensor_type) for o in out)
    return True
