"""Model corpus: architectures written the way MindSpore users write them (``import mindspore``),
run unchanged under real MindSpore 2.10 (tools/reference/gen_models.py) and under ms_compat
(tests/models/test_corpus.py, through ``ms_compat.install()``)."""
