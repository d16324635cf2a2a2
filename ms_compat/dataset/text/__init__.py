"""Mirrors ``mindspore.dataset.text``: ``Vocab``, ``Lookup``, ``ToNumber``, the tokenizers (simple ones, BERT's
basic/wordpiece, on ``unicodedata``; ``UnicodeScriptTokenizer`` on a shipped Unicode Script table), word vectors
and the small string transforms on numpy string arrays; ``SentencePieceVocab`` on the optional ``sentencepiece``
package (JiebaTokenizer is not provided: MissingAPIError when used)."""
from ...porting._missing import module_getattr as _mg
from . import transforms, utils  # noqa: F401
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _t_all
from .utils import *  # noqa: F401,F403
from .utils import __all__ as _u_all
from .bert import BasicTokenizer, BertTokenizer, WordpieceTokenizer  # noqa: F401
from .misc import AddToken, FilterWikipediaXML, NormalizeUTF8, TruncateSequencePair  # noqa: F401
from .vectors import CharNGram, FastText, GloVe, ToVectors, Vectors  # noqa: F401
from .unicode_script import UnicodeScriptTokenizer  # noqa: F401
from .sentencepiece_vocab import SentencePieceVocab  # noqa: F401

__all__ = list(_t_all) + list(_u_all) + ["BasicTokenizer", "BertTokenizer", "WordpieceTokenizer", "AddToken",
                                         "FilterWikipediaXML", "NormalizeUTF8", "TruncateSequencePair", "CharNGram",
                                         "FastText", "GloVe", "ToVectors", "Vectors", "UnicodeScriptTokenizer",
                                         "SentencePieceVocab"]


def __getattr__(name):
    return _mg(__name__, name, {})
