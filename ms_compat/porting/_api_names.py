"""What MindSpore 2.10 has, and what ms_compat says about each name it lacks.

``_data/mindspore_names.json`` (package data, written under real MindSpore by
tools/reference/gen_api_names.py) lists every public module of MindSpore 2.10 with its names, plus the
private modules and names real MindSpore packages import, plus the public ``Tensor`` methods. This module
answers, without importing anything heavy:

* :func:`is_module` / :func:`has_name` — is it a MindSpore 2.10 module / name?
* :func:`will_not_reason` — the PyTorch alternative for a name ms_compat will never provide;
* :func:`suggest` — did-you-mean candidates for a name MindSpore does not have;
* :func:`coverage_command` — how to look a name up in the coverage table shipped with the package
  (``ms-compat coverage NAME``).
"""
from __future__ import annotations

import difflib
import json
import pathlib
import re

__all__ = ["MINDSPORE_VERSION", "modules", "is_module", "has_name", "names_of", "tensor_methods",
           "will_not_reason", "suggest", "coverage_command", "WILL_NOT"]

MINDSPORE_VERSION = "2.10.0"
_DATA = pathlib.Path(__file__).with_name("_data") / "mindspore_names.json"
_table = None
_index = None

# names that will not be provided, with the PyTorch alternative (regular expression on the name)
WILL_NOT = [
    (r"^(Ascend|ascend|npu|Npu|hccl|HCCL)|Ascend", "Ascend/NPU-only: ms_compat runs on PyTorch's CPU and CUDA"),
    (r"^(MindIR|convert_model|obfuscate|load_obf|export_split_mindir)$", "MindSpore Lite / Ascend MindIR tooling "
     "(conversion to MindSpore Lite models, obfuscation, splitting a MindIR for distributed inference): ms_compat "
     "reads MindIR with mindspore.load + nn.GraphCell and writes it with mindspore.export(file_format='MINDIR')"),
    (r"^(set_ps_context|get_ps_context|reset_ps_context|ParameterServer|ps_)", "parameter server: use "
     "torch.distributed"),
    (r"^(set_offload_context|get_offload_context|set_algo_parameters|get_algo_parameters|reset_algo_parameters)",
     "MindSpore graph-compiler / auto-parallel search settings with no PyTorch counterpart"),
    (r"^(NeighborExchange|NeighborExchangeV2)$", "graph-mode-only in MindSpore 2.10 (calling the Primitive "
     "raises NotImplementedError; its compiler inserts it for halo exchange between neighbouring ranks): exchange "
     "with torch.distributed.batch_isend_irecv (mindspore.communication.comm_func.batch_isend_irecv)"),
    (r"^(set_op_strategy_config)$", "saves/loads the operator strategies of MindSpore's sharding-propagation "
     "search (graph compiler, AUTO_PARALLEL with search_mode='sharding_propagation'): PyTorch has no strategy "
     "search; lay out parameters with Cell.shard / Layout (torch.distributed.tensor) and save their layouts "
     "with strategy_ckpt_config"),
    (r"^(ms_class|ms_function|ms_memory_recycle|jit_class|lazy_inline|no_inline|Symbol|CellReuse|cell_reuse)",
     "MindSpore graph-compiler decorators (torch.compile needs none)"),
    (r"^(Profiler|profiler|SummaryLandscape)", "MindSpore Insight/profiler: use torch.profiler / "
     "torch.utils.tensorboard.SummaryWriter"),
    (r"^(Custom|CustomRegOp|AiCPURegOp|AkgGpuRegOp|AkgAscendRegOp|TBERegOp|DataType|op_info_register|"
     r"custom_info_register|kernel)", "custom kernel registration for MindSpore backends: write a torch op "
     "(torch.library.custom_op)"),
    (r"^(COOTensor|CSRTensor|MapParameter|sparse|Sparse|csr_|coo_)", "sparse tensor types: use torch.sparse "
     "(not mapped)"),
    (r"^(DatasetHelper|connect_network_with_dataset|data_sink|rdr|RDR|set_dump|dump)", "device data sinking / "
     "dump tooling of the MindSpore runtime"),
    (r"^(hifloat8|qint4x2)$", "no PyTorch dtype (HiFloat8 is an Ascend format, qint4x2 packs two int4 in a byte): "
     "use torch.float8_e4m3fn / torch.float8_e5m2, or pack int4 pairs into torch.uint8"),
    (r"^(StreamLimitCtx|set_stream_limit|get_stream_limit|reset_stream_limit|set_device_limit|get_device_limit)$",
     "Ascend-only: limits the Ascend cube/vector cores a stream or device uses; PyTorch has no per-stream core "
     "limit (on CUDA, NVIDIA MPS's CUDA_MPS_ACTIVE_THREAD_PERCENTAGE limits SMs per process)"),
    (r"^(MemPool|PluggableAllocator|use_mem_pool|memory_replay)$", "Ascend-only in MindSpore 2.10 (its allocator "
     "functions take an aclrtStream): on CUDA use torch.cuda.MemPool, torch.cuda.memory.CUDAPluggableAllocator "
     "and torch.cuda.use_mem_pool"),
    (r"^(dispatch_threads_num|set_cpu_affinity|set_kernel_launch_group|set_kernel_launch_capture)$", "tunes the "
     "threads and kernel dispatch of MindSpore's own runtime, which PyTorch does not have: use "
     "torch.set_num_threads / os.sched_setaffinity, and torch.cuda.CUDAGraph or torch.compile(mode='reduce-overhead') "
     "to capture kernel launches"),
    (r"^(set_recursion_limit)$", "MindSpore graph-compiler call-depth limit (torch.compile has none; Python's own "
     "limit is sys.setrecursionlimit)"),
    (r"^(mindio_preload|set_mindio_server_info)$", "Huawei MindIO storage-acceleration service: read checkpoints with "
     "mindspore.load_checkpoint / torch.load"),
    (r"^(sdc_detect_start|sdc_detect_stop|get_sdc_detect_result|stress_detect)$", "Ascend-only silent-data-corruption "
     "and hardware stress detection"),
    (r"^(obfuscate_ckpt|load_obf_params_into_net)$", "MindSpore safeguard model obfuscation: no PyTorch counterpart"),
    (r"^(Node|NodeType|ScopedValue)$", "mindspore.rewrite (source-rewriting) API: use torch.fx for graph rewriting"),
    (r"^(TFTCommValue|_tft_handler|RSCPluginHandle|OptTFTWrapper)$", "MindSpore's training fault tolerance for "
     "Ascend clusters (MindIO TTP/UCE/ARF with MindX): use torch.distributed.elastic (torchrun) and "
     "torch.distributed.checkpoint"),
    (r"^(comm_exec_order_check|runtime_execution_order_check)$", "checks the communication-operator order logs "
     "of MindSpore's runtime: use TORCH_DISTRIBUTED_DEBUG=DETAIL or PyTorch's NCCL flight recorder"),
    (r"^(dryrun)$", "MindSpore's simulation mode (MS_SIMULATION_LEVEL): use the meta device "
     "(mindspore.DeviceCtx('meta') / torch.device('meta')) or torch._subclasses.FakeTensorMode"),
    (r"^(GetNextSingleOp)$", "device data-queue op of MindSpore's dataset sinking: iterate the dataset in Python"),
    (r"^(OBSMindDataset|sync_wait_for_dataset)$", "reads MindRecord files from Huawei Cloud OBS storage (the obs SDK "
     "and ModelArts jobs): download the files and use mindspore.dataset.MindDataset"),
    (r"^(Plugin)$", "loads a compiled MindData C++ plugin (.so built against MindSpore's data engine): write the "
     "operation as a Python callable in map()"),
    (r"^(DatasetCache)$", "MindSpore's dataset cache server (cache_admin, a separate process holding decoded rows "
     "in memory): no PyTorch counterpart; pass cache=None (rows are re-read each epoch)"),
    (r"^(flops_collection)$", "reads the FLOPs MindSpore's graph compiler recorded for a compiled phase: count the "
     "FLOPs of a run with torch.utils.flop_counter.FlopCounterMode"),
    (r"^(_auto_mixed_precision_rewrite)$", "MindSpore's AMP by source rewriting (mindspore.rewrite): "
     "mindspore.amp.auto_mixed_precision gives the same casts"),
    (r"^(array_reduce|array_to_scalar|bool_and|bool_eq|bool_or|scalar_ne|string_concat|string_eq|distribute|embed|"
     r"ref_to_embed|J|scalar_to_array|make_dict|dict_setitem|geswitch|merge|GeSwitch|Merge|switch_layer|"
     r"environ_add|environ_create|environ_get|environ_set|env_get|zip_operation|tail|ms_next|ms_hasnext|"
     r"iter_converter|UpdateState|Reusing|PyExecute|make_map_parameter|recompute_block|"
     r"SelectView|CopyWithSlice|TransposeView|TransposeExtView|DtypeToEnum|arg_dtype_cast|arg_handler|signature|"
     r"tensor_operator_registry|vm_impl_registry|get_vm_impl_fn|prim_arg_register)$",
     "MindSpore graph-compiler internal (the control-flow, environment, sequence, view and op-definition "
     "primitives its compiler inserts; MindSpore 2.10 cannot run most of them in PyNative mode): write plain "
     "Python (if/for, tuples, dicts, slicing) — torch.compile traces it directly"),
    (r"^(assign_value_cpp|const_arg|set_const_arg|convert_bytes_to_tensor|data_sync|delta_seed|getitem_index_info|"
     r"setitem_index_info|hooks|index_of_parent_|parent_tensor_|init_finished|init_flag|is_init|set_init_flag|"
     r"param_info|set_param_info|set_cast_dtype|set_device_address|offload|offload_file_path|symbolic_shape|"
     r"virtual_flag|wait_pipeline|delete_|to_)$",
     "MindSpore tensor-runtime internal (device addresses, the asynchronous op pipeline, lazy-init flags, "
     "graph-compile hints, hook tables, offload files, Ascend host/device moves): a PyTorch tensor has no such "
     "state — use tensor.to(device), torch.cuda.synchronize(), the handle register_hook returns, "
     "Tensor.assign_value / Parameter.set_data"),
    (r"^(to_coo|to_csr|coo2csr|csr2coo|coalesce|Coalesce|dense_to_sparse_coo|dense_to_sparse_csr|make_coo_tensor|"
     r"make_csr_tensor|make_row_tensor|make_row_tensor_inner|make_sparse_tensor|row_tensor_add|"
     r"row_tensor_get_dense_shape|row_tensor_get_indices|row_tensor_get_values)$",
     "sparse tensor types: use torch.sparse (not mapped)"),
    (r"^(NPUAllocFloatStatus|NPUClearFloatStatus|NPUGetFloatStatus|PagedAttention|PagedAttentionMask|"
     r"ReshapeAndCache|fused_infer_attention_score|incre_flash_attention|prompt_flash_attention|"
     r"speed_fusion_attention|moe_distribute_combine|moe_distribute_dispatch|moe_init_routing_v2|nsa_compress|"
     r"nsa_compress_attention|nsa_select_attention|lightning_indexer|all_gather_matmul|matmul_reduce_scatter|"
     r"GroupTopk|ring_attention_update|multi_scale_deformable_attn_function|DSDMatmul|MatmulDDS|DynamicRNN|"
     r"DynamicGRUV2|DumpGradient|FusedAdaFactor|FusedAdaFactorWithGlobalNorm|rotated_iou)$",
     "Ascend-only fused kernel in MindSpore 2.10 (its documentation lists Ascend as the only platform: KV-cache "
     "paged attention, incremental/prompt inference attention, MoE dispatch/combine, sparse and compressed "
     "attention, communication-fused matmul, NPU overflow status, Ascend RNN/GRU cells): compose it from torch ops "
     "(torch.nn.functional.scaled_dot_product_attention, torch.nn.LSTM/GRU, torch.distributed, "
     "torch.amp.GradScaler for overflow checks) or write a custom kernel"),
    (r"^(Pull|Push|MapCacheIdx|MapUniform|SubAndFilter)$", "parameter server / embedding cache of MindSpore's "
     "parameter-server mode: use torch.distributed (torch.distributed.rpc for remote parameters)"),
    (r"^(GetNext)$", "device data-queue op of MindSpore's dataset sinking: iterate the dataset in Python"),
    (r"^(DropoutGenMask|DropoutDoMask)$", "MindSpore's Ascend dropout-mask pair (the mask is a packed bit layout of "
     "the Ascend kernel; MindSpore says: use Dropout instead): use ops.dropout / torch.nn.functional.dropout"),
    (r"^(CpuRegOp|ms_kernel)$", "custom kernel registration for MindSpore backends: write a torch op "
     "(torch.library.custom_op)"),
]
# whole module paths that will not be provided
WILL_NOT_MODULES = [
    (r"^mindspore\.(device_context\.ascend|lib)\b", "Ascend/NPU-only: ms_compat runs on PyTorch's CPU and CUDA"),
    (r"^mindspore\.(profiler)\b", "MindSpore profiler: use torch.profiler"),
    (r"^mindspore\.(rewrite|ops_generate|safeguard)\b", "MindSpore source-rewriting / code-generation tooling with "
     "no PyTorch counterpart (use torch.fx for graph rewriting)"),
    (r"^mindspore\.onnx\b", "MindSpore ONNX export: use torch.onnx.export"),
    (r"^mindspore\.mindrecord\.(tools\.)?(tfrecord_to_mr\.)?TFRecordToMR$", "converts TensorFlow TFRecord files "
     "by parsing them with TensorFlow (MindSpore imports tensorflow for it); ms_compat takes no TensorFlow "
     "dependency: read the records with tf.data.TFRecordDataset and write them with mindrecord.FileWriter"),
    (r"^mindspore\.boost\.(\w+\.)?AdaSum$", "Ascend-only: MindSpore's AdaSum exchanges gradients with Send/Receive "
     "over hccl_world_group; on PyTorch use DistributedDataParallel (or Horovod's Adasum reduction)"),
    (r"^mindspore\.boost\.(\w+\.)?(AutoBoost|GroupLossScaleManager)$", "Ascend-only in MindSpore 2.10 (its "
     "only supported platform), so there is no CPU/GPU behaviour to match: compose the PyTorch pieces (freeze "
     "parameters with requires_grad_(False), per-group loss scaling with torch.amp.GradScaler)"),
]


def _load():
    global _table
    if _table is None:
        data = json.loads(_DATA.read_text())
        _table = ({m: frozenset(v) for m, v in data["modules"].items()}, tuple(data["tensor_methods"]),
                  data.get("module_aliases", {}))
    return _table


def modules() -> dict:
    """MindSpore module path -> frozenset of its names (public ones, plus the private ones real packages use)."""
    return _load()[0]


def module_alias(path: str) -> str | None:
    """The MindSpore module that attribute path ``path`` names under another name (``mindspore.mint.functional``
    -> ``mindspore.mint.nn.functional``), else None."""
    return _load()[2].get(path)


_alias_index = None


def module_aliases_named(name: str) -> tuple:
    """``(parent module, target module)`` for every module alias whose attribute name is ``name``."""
    global _alias_index
    if _alias_index is None:
        idx = {}
        for path, target in _load()[2].items():
            parent, _, leaf = path.rpartition(".")
            idx.setdefault(leaf, []).append((parent, target))
        _alias_index = {k: tuple(v) for k, v in idx.items()}
    return _alias_index.get(name, ())


def tensor_methods() -> tuple:
    return _load()[1]


def is_module(path: str) -> bool:
    """True for a module path MindSpore 2.10 has (public modules and the private ones real packages import)."""
    if path in modules():
        return True
    from ._ms_modules import MINDSPORE_MODULES
    if path in MINDSPORE_MODULES:
        return True
    from . import _namespace
    return _namespace.has_module(path)


def has_submodules(path: str) -> bool:
    """True when MindSpore module ``path`` is a package with (known) submodules."""
    from ._ms_modules import MINDSPORE_MODULES
    prefix = path + "."
    if any(m.startswith(prefix) for m in modules()) or any(m.startswith(prefix) for m in MINDSPORE_MODULES):
        return True
    from . import _namespace
    # the packages only the whole-namespace inventory knows are private ones (mindspore._extends.parse,
    # mindspore.ops._op_impl ...): ask it for those (or once it is read), so public imports leave it unread
    if _namespace._data is None and not any(p.startswith("_") for p in path.split(".")):
        return False
    return bool(_namespace.submodules(path))


def names_of(module_path: str) -> frozenset:
    return modules().get(module_path, frozenset())


def has_name(module_path: str, name: str) -> bool:
    return name in modules().get(module_path, ())


def modules_with(name: str) -> tuple:
    """The MindSpore modules that have ``name``, shortest path first."""
    global _index
    if _index is None:
        idx = {}
        for m, names in modules().items():
            for n in names:
                idx.setdefault(n, []).append(m)
        _index = {n: tuple(sorted(ms, key=lambda p: (p.count("."), p))) for n, ms in idx.items()}
    return _index.get(name, ())


def will_not_reason(path: str) -> str | None:
    """The reason (and PyTorch alternative) when ms_compat will never provide MindSpore ``path``, else None."""
    for pat, reason in WILL_NOT_MODULES:
        if re.search(pat, path):
            return reason
    leaf = path.rpartition(".")[2]
    for pat, reason in WILL_NOT:
        if re.search(pat, leaf):
            return reason
    return None


def suggest(module_path: str, name: str, extra=()) -> list:
    """Close matches for ``name`` among the names of MindSpore ``module_path`` (and ``extra``)."""
    pool = set(names_of(module_path)) | set(extra)
    pool |= {m.rpartition(".")[2] for m in modules() if m.rpartition(".")[0] == module_path}
    if not name.startswith("_"):
        pool = {p for p in pool if not p.startswith("_")}
    return difflib.get_close_matches(name, sorted(pool), n=3, cutoff=0.75)


def coverage_command(path: str) -> str:
    return f"`python -m ms_compat coverage {path}`"
