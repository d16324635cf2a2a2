"""The iteration order of libstdc++'s ``std::unordered_map<std::string, ...>``, which MindSpore's
``text.Vocab.vocab()`` returns as its dict's order (the C++ ``word2id_`` map, converted by pybind11 in
iteration order).

libstdc++ (the GNU C++ library MindSpore's Linux wheels run on): ``std::hash<std::string>`` is ``_Hash_bytes``
(MurmurHash2-64A variant, seed ``0xc70f6907``); buckets are a prime number from ``__prime_list`` chosen by
``_Prime_rehash_policy`` (max load factor 1, growth factor 2); all nodes form one singly linked list in which a
key whose bucket is empty goes to the front and a key whose bucket has nodes goes first among them; a rehash
re-inserts the nodes in list order by that same rule. So the order after a run of inserts is: buckets by the
time they were first used, latest first; in each bucket the latest key first. Checked against MindSpore 2.10 for
``Vocab.from_list``/``from_dict`` of 1..60 words (tests/test_named_gaps.py)."""
from __future__ import annotations

import bisect

_M64 = (1 << 64) - 1
_MUL = ((0xC6A4A793 << 32) + 0x5BD1E995) & _M64
_SEED = 0xC70F6907
_FAST_BKT = (2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)
# std::__detail::__prime_list (libstdc++'s hashtable-aux.cc): 304 primes and the last repeated as a sentinel
_PRIMES = (
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109, 113,
    127, 137, 139, 149, 157, 167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313, 337, 359, 383, 409, 439, 467,
    503, 541, 577, 619, 661, 709, 761, 823, 887, 953, 1031, 1109, 1193, 1289, 1381, 1493, 1613, 1741, 1879, 2029,
    2179, 2357, 2549, 2753, 2971, 3209, 3469, 3739, 4027, 4349, 4703, 5087, 5503, 5953, 6427, 6949, 7517, 8123,
    8783, 9497, 10273, 11113, 12011, 12983, 14033, 15173, 16411, 17749, 19183, 20753, 22447, 24281, 26267, 28411,
    30727, 33223, 35933, 38873, 42043, 45481, 49201, 53201, 57557, 62233, 67307, 72817, 78779, 85229, 92203, 99733,
    107897, 116731, 126271, 136607, 147793, 159871, 172933, 187091, 202409, 218971, 236897, 256279, 277261, 299951,
    324503, 351061, 379787, 410857, 444487, 480881, 520241, 562841, 608903, 658753, 712697, 771049, 834181, 902483,
    976369, 1056323, 1142821, 1236397, 1337629, 1447153, 1565659, 1693859, 1832561, 1982627, 2144977, 2320627,
    2510653, 2716249, 2938679, 3179303, 3439651, 3721303, 4026031, 4355707, 4712381, 5098259, 5515729, 5967347,
    6456007, 6984629, 7556579, 8175383, 8844859, 9569143, 10352717, 11200489, 12117689, 13109983, 14183539,
    15345007, 16601593, 17961079, 19431899, 21023161, 22744717, 24607243, 26622317, 28802401, 31160981, 33712729,
    36473443, 39460231, 42691603, 46187573, 49969847, 54061849, 58488943, 63278561, 68460391, 74066549, 80131819,
    86693767, 93793069, 101473717, 109783337, 118773397, 128499677, 139022417, 150406843, 162723577, 176048909,
    190465427, 206062531, 222936881, 241193053, 260944219, 282312799, 305431229, 330442829, 357502601, 386778277,
    418451333, 452718089, 489790921, 529899637, 573292817, 620239453, 671030513, 725980837, 785430967, 849749479,
    919334987, 994618837, 1076067617, 1164186217, 1259520799, 1362662261, 1474249943, 1594975441, 1725587117,
    1866894511, 2019773507, 2185171673, 2364114217, 2557710269, 2767159799, 2993761039, 3238918481, 3504151727,
    3791104843, 4101556399, 4294967291, 6442450933, 8589934583, 12884901857, 17179869143, 25769803693, 34359738337,
    51539607367, 68719476731, 103079215087, 137438953447, 206158430123, 274877906899, 412316860387, 549755813881,
    824633720731, 1099511627689, 1649267441579, 2199023255531, 3298534883309, 4398046511093, 6597069766607,
    8796093022151, 13194139533241, 17592186044399, 26388279066581, 35184372088777, 52776558133177, 70368744177643,
    105553116266399, 140737488355213, 211106232532861, 281474976710597, 562949953421231, 1125899906842597,
    2251799813685119, 4503599627370449, 9007199254740881, 18014398509481951, 36028797018963913, 72057594037927931,
    144115188075855859, 288230376151711717, 576460752303423433, 1152921504606846883, 2305843009213693951,
    4611686018427387847, 9223372036854775783, 18446744073709551557, 18446744073709551557)


def _shift_mix(v):
    return v ^ (v >> 47)


def hash_bytes(data: bytes, seed: int = _SEED) -> int:
    """libstdc++'s ``std::_Hash_bytes`` for a 64-bit ``size_t`` (``std::hash<std::string>``)."""
    n = len(data)
    aligned = n & ~7
    h = (seed ^ (n * _MUL)) & _M64
    for i in range(0, aligned, 8):
        k = int.from_bytes(data[i:i + 8], "little")
        h ^= (_shift_mix((k * _MUL) & _M64) * _MUL) & _M64
        h = (h * _MUL) & _M64
    if n & 7:
        h ^= int.from_bytes(data[aligned:], "little")
        h = (h * _MUL) & _M64
    return _shift_mix((_shift_mix(h) * _MUL) & _M64)


class _Table:
    """The bucket count, the rehash policy's state and the key order of one ``std::unordered_map``."""

    def __init__(self):
        self.n_bkt = 1
        self.next_resize = 0
        self.seq = []    # keys in the order the current list was built by the insertion rule (see module doc)
        self.codes = {}  # key -> hash

    def _next_bkt(self, n):
        if n < len(_FAST_BKT):
            if n == 0:
                return 1
            self.next_resize = _FAST_BKT[n]
            return _FAST_BKT[n]
        last = len(_PRIMES) - 2
        i = bisect.bisect_left(_PRIMES, n, 6, last)
        self.next_resize = (1 << 64) - 1 if i == last else _PRIMES[i]
        return _PRIMES[i]

    def _need_rehash(self, n_elt, n_ins):
        if n_elt + n_ins > self.next_resize:
            min_bkts = max(n_elt + n_ins, 0 if self.next_resize else 11)
            if min_bkts >= self.n_bkt:
                return self._next_bkt(max(min_bkts + 1, self.n_bkt * 2))
            self.next_resize = self.n_bkt
        return None

    def order(self):
        runs = {}
        for k in self.seq:
            runs.setdefault(self.codes[k] % self.n_bkt, []).append(k)
        return [k for run in reversed(list(runs.values())) for k in reversed(run)]

    def _rehash(self, n):
        self.seq = self.order()
        self.n_bkt = n

    def reserve(self, n):
        saved = self.next_resize
        b = self._next_bkt(max(len(self.seq) + 1, n))
        if b != self.n_bkt:
            self._rehash(b)
        else:
            self.next_resize = saved

    def insert(self, key):
        if key in self.codes:
            return
        n = self._need_rehash(len(self.seq), 1)
        if n is not None:
            self._rehash(n)
        self.codes[key] = hash_bytes(key.encode("utf-8"))
        self.seq.append(key)


def iteration_order(keys, reserve=None):
    """The iteration order of a ``std::unordered_map<std::string, ...>`` after inserting ``keys`` in order (after
    ``reserve(reserve)`` if given)."""
    t = _Table()
    if reserve is not None:
        t.reserve(reserve)
    for k in keys:
        t.insert(k)
    return t.order()
