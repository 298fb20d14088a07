"""The pens (§2.5, R7-R11, R16, R33, §4.4): a kennel's pens, what a pen may hold and score, how dogs are laid out.

A pen's content is a multiset of breeds; rows are not stored. The layout and cure enumerations work on breed
counts, because dogs of one breed are interchangeable once they are in pens, and give each outcome's tokens, the
lowest ids of a breed first, for the one command that ``legal_moves`` lists per outcome (``assign_tokens`` maps
breeds back to tokens the same way for the other commands).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import product

from domain.dogs.content import (
    ADDITIONAL_PENS,
    BREEDS,
    PEN_CAPACITY,
    PEN_SCORES,
    PENS,
    TOKENS_PER_BREED,
    breed_of,
    is_sick,
)
from domain.dogs.state import Kennel, infirmary_room, owned

# A kennel's pens.

def pen_dogs(kennel: Kennel) -> list[str]:
    """Every dog in a kennel's pens, pen by pen."""
    return [token for pen in PENS if pen in kennel["pens"] for token in kennel["pens"][pen]]


def built_pens(kennel: Kennel) -> list[str]:
    """The player's built pens, in pen order."""
    return [pen for pen in PENS if pen in kennel["pens"]]


def occupied_pens(kennel: Kennel) -> list[str]:
    """Built pens holding at least one dog."""
    return [pen for pen in built_pens(kennel) if kennel["pens"][pen]]


def next_pen(kennel: Kennel) -> str | None:
    """The additional pen City Hall would build next (R33)."""
    return next((pen for pen in ADDITIONAL_PENS if pen not in kennel["pens"]), None)


def pen_of(kennel: Kennel, token: str) -> str | None:
    """The pen holding ``token``, if any."""
    return next((pen for pen, dogs in kennel["pens"].items() if token in dogs), None)


def pen_breeds(kennel: Kennel, pen: str) -> list[str]:
    """The breeds in one pen."""
    return [breed_of(token) for token in kennel["pens"][pen]]


# What a pen may hold.

Content = tuple[str, ...]
#: The breed-count shapes a pen may hold, largest count first (R7).
LEGAL_SHAPES = {(), (1,), (2,), (1, 1), (2, 1), (2, 2), (3,), (4,)}


def tally(breeds: Iterable[str]) -> dict[str, int]:
    """How many of each breed: a Counter's counts, counted by hand because a Counter costs several times more on
    a pen's few dogs and the layout enumerations count very often."""
    counts: dict[str, int] = {}
    for breed in breeds:
        counts[breed] = counts.get(breed, 0) + 1
    return counts


def shape(breeds: Iterable[str]) -> tuple[int, ...]:
    """Breed counts of a pen content, largest first."""
    return tuple(sorted(tally(breeds).values(), reverse=True))


def content_ok(breeds: Iterable[str]) -> bool:
    """True if a pen may hold exactly these breeds (R7)."""
    return shape(breeds) in LEGAL_SHAPES


def pen_score(breeds: Iterable[str]) -> int:
    """Points a pen content scores at the end (R8)."""
    return PEN_SCORES.get(shape(breeds), 0)


def is_full_of_one_breed(breeds: list[str]) -> bool:
    """True when a pen holds 4 dogs of one breed (the full-pen bonus, R9)."""
    return shape(breeds) == (PEN_CAPACITY,)


def _minus(counts: tuple[int, ...], taken: dict[int, int]) -> tuple[int, ...]:
    left = [c - taken.get(i, 0) for i, c in enumerate(counts)]
    return tuple(sorted((c for c in left if c), reverse=True))


@cache
def _max_placeable(counts: tuple[int, ...], pens: int) -> int:
    if pens == 0 or not counts:
        return 0
    best = 0
    for i, ci in enumerate(counts):
        for k in range(1, min(PEN_CAPACITY, ci) + 1):
            best = max(best, k + _max_placeable(_minus(counts, {i: k}), pens - 1))
        for j in range(i + 1, len(counts)):
            a, b = min(2, ci), min(2, counts[j])
            best = max(best, a + b + _max_placeable(_minus(counts, {i: a, j: b}), pens - 1))
    return best


def max_placeable(breeds: Iterable[str], pens: int) -> int:
    """The most dogs of the multiset ``breeds`` that ``pens`` pens can hold with legal contents."""
    return _max_placeable(shape(breeds), pens)


# Layouts and cure plans. Both enumerations meet each multiset of breeds and each profile many times, so both are
# packed into one int: the low bits count each breed, _COUNT_BITS apiece (a kennel holds at most TOKENS_PER_BREED
# dogs of a breed), and above them each pen's shape has _SHAPE_BITS of its own, the first pen's highest. A pen's
# part added to the rest's key never carries, so the sum is the whole profile's key.

def _partitions(total: int, most: int) -> list[tuple[int, ...]]:
    """The breed-count shapes of ``total`` dogs with no count above ``most``, largest count first."""
    if total == 0:
        return [()]
    return [(first, *rest) for first in range(min(total, most), 0, -1) for rest in _partitions(total - first, first)]


#: Every shape a pen of at most PEN_CAPACITY dogs may show, numbered.
_SHAPE_IDS = {
    counts: i for i, counts in enumerate(c for total in range(PEN_CAPACITY + 1) for c in _partitions(total, total))
}
_SHAPE_BITS = len(_SHAPE_IDS).bit_length()
_COUNT_BITS = TOKENS_PER_BREED.bit_length()
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_BREED_SHIFTS = {breed: _COUNT_BITS * i for i, breed in enumerate(BREEDS)}
_BREEDS_MASK = (1 << (_COUNT_BITS * len(BREEDS))) - 1


def _code(breeds: Iterable[str]) -> int:
    """A multiset of breeds packed."""
    return sum(1 << _BREED_SHIFTS[breed] for breed in breeds)


def _unpacked(code: int) -> dict[str, int]:
    """The breed counts of a packed multiset, absent breeds left out."""
    return {breed: code >> shift & _COUNT_MASK for breed, shift in _BREED_SHIFTS.items() if code >> shift & _COUNT_MASK}


def _head_shift(pens: int) -> int:
    """Where the first of ``pens`` pens keeps its shape in a profile's key."""
    return _COUNT_BITS * len(BREEDS) + _SHAPE_BITS * (pens - 1)


@lru_cache(maxsize=50_000)
def _most(left: int, pens: int) -> int:
    """``max_placeable`` of the packed breeds ``left``."""
    return _max_placeable(tuple(sorted(_unpacked(left).values(), reverse=True)), pens)


#: The names the enumerations give breeds: a listing's breeds in name order are the first of these in order, so
#: that kennels whose counts agree breed by breed in that order share every cached step, whatever their breeds.
_LABELS = sorted(BREEDS)
_LABEL_INDEX = {label: i for i, label in enumerate(_LABELS)}


def _labels(breeds: Iterable[str]) -> dict[str, str]:
    """Each breed's label: the i-th of ``breeds`` in name order gets the i-th label, so orders by name still hold."""
    return dict(zip(sorted(set(breeds)), _LABELS, strict=False))


# A pen's part of a layout or cure plan, its piece, is one int too: for each of its breeds (two at most, in name
# order from the lowest bits up, _CUT_BITS each) the label's index, the breed's dogs still free before this pen and
# how many this pen takes. A pen takes the lowest free ids, so its tokens of a breed are the first ``taken`` of the
# last ``free``. A layout or plan is its pieces pen by pen from the lowest bits up, _PIECE_BITS each: the caches hold
# no containers for the collector's full passes to walk (with layouts kept as tuples, those took 15-40 ms in one
# listing), and a piece's int depends on nothing but the piece (no table to fill as a listing runs).
Cut = tuple[str, int, int]
_CUT_BITS = (len(_LABELS) - 1).bit_length() + 2 * _COUNT_BITS
_CUT_MASK = (1 << _CUT_BITS) - 1
_PIECE_BITS = 2 * _CUT_BITS
_PIECE_MASK = (1 << _PIECE_BITS) - 1


def _piece(cuts: tuple[Cut, ...]) -> int:
    """A piece from its (label, free, taken) cuts."""
    piece = 0
    for label, free, taken in reversed(cuts):
        piece = piece << _CUT_BITS | (_LABEL_INDEX[label] << _COUNT_BITS | free) << _COUNT_BITS | taken
    return piece


def _cuts(piece: int) -> Iterator[Cut]:
    """A piece's (label, free, taken) cuts."""
    while piece:
        cut = piece & _CUT_MASK
        yield _LABELS[cut >> 2 * _COUNT_BITS], cut >> _COUNT_BITS & _COUNT_MASK, cut & _COUNT_MASK
        piece >>= _CUT_BITS


def _keep_first(found: dict[int, int], offset: int, piece: int, rest: dict[int, int]) -> None:
    """Puts ``piece`` before each of the rest's layouts, under the rest's key plus ``offset``, where that key is new:
    a profile keeps its first layout and its first place, as the listing's order needs."""
    for key, layout in rest.items():
        key += offset
        if key not in found:
            found[key] = layout << _PIECE_BITS | piece


#: A pen's option: its piece, how many dogs it takes, their breeds' code and the pen's shape's id after.
Option = tuple[int, int, int, int]


@lru_cache(maxsize=50_000)
def _pen_options(left: int) -> tuple[Option, ...]:
    """Each content one pen may take from the packed ``left`` legally (R7), none first. Breed by breed in name
    order: the breed alone, 1 to 4 dogs, then with each later breed."""
    counts = sorted(_unpacked(left).items())
    out = [(0, 0, 0, _SHAPE_IDS[()])]
    for i, (x, free_x) in enumerate(counts):
        bit_x = 1 << _BREED_SHIFTS[x]
        for k in range(1, min(PEN_CAPACITY, free_x) + 1):
            out.append((_piece(((x, free_x, k),)), k, k * bit_x, _SHAPE_IDS[(k,)]))
        for y, free_y in counts[i + 1:]:
            for a, b in product(range(1, min(2, free_x) + 1), range(1, min(2, free_y) + 1)):
                code = a * bit_x + (b << _BREED_SHIFTS[y])
                out.append((_piece(((x, free_x, a), (y, free_y, b))), a + b, code, _SHAPE_IDS[(max(a, b), min(a, b))]))
    return tuple(out)


@lru_cache(maxsize=50_000)
def _layouts(left: int, pens: int) -> dict[int, int]:
    """Each profile of ``pens`` pens holding the most dogs of the packed ``left``: its key and its first layout, in
    the order first met, the first pen's options outermost."""
    if pens == 0:
        return {0: 0}
    best = _most(left, pens)
    shift = _head_shift(pens)
    found: dict[int, int] = {}
    for piece, size, code, shape_id in _pen_options(left):
        rest = left - code
        if size + _most(rest, pens - 1) >= best:
            _keep_first(found, (shape_id << shift) + code, piece, _layouts(rest, pens - 1))
    return found


class _Taken(dict[int, tuple[str, ...]]):
    """The tokens each piece takes from ``tokens``, made on first use: a listing's layouts share pieces."""

    def __init__(self, tokens: Iterable[str], labels: dict[str, str]) -> None:
        super().__init__()
        #: Each label's tokens, lowest id first.
        self.free: dict[str, list[str]] = {}
        for token in sorted(tokens):
            self.free.setdefault(labels[breed_of(token)], []).append(token)

    def __missing__(self, piece: int) -> tuple[str, ...]:
        taken = self[piece] = tuple(token for label, free, n in _cuts(piece) for token in self.free[label][-free:][:n])
        return taken


def layouts(tokens: list[str], pens: list[str]) -> list[tuple[dict[str, list[str]], tuple[str, ...]]]:
    """One layout of the most dogs of ``tokens`` possible into the built ``pens`` for each distinct profile: each
    pen's tokens (the lowest ids of a breed first, pen by pen) and the tokens left out, sorted.

    A profile is the shape of every pen (pen by pen) plus the multiset of breeds placed: it fixes
    the score, the additional-pen points, the full-pen bonuses, the diversity and the dogs left out.
    Layouts with equal profiles (e.g. which single shares a pen with which) are listed once.
    """
    labels = _labels(breed_of(token) for token in tokens)
    taken = _Taken(tokens, labels)
    every = _code(labels[breed_of(token)] for token in tokens)
    # Many profiles leave out the same dogs: each leftover is made once.
    leftovers: dict[int, tuple[str, ...]] = {}
    out = []
    for key, layout in _layouts(every, len(pens)).items():
        placed = {}
        for pen in pens:
            piece = layout & _PIECE_MASK
            layout >>= _PIECE_BITS
            placed[pen] = list(taken[piece]) if piece else []
        unplaced = every - (key & _BREEDS_MASK)
        if unplaced not in leftovers:
            leftovers[unplaced] = tuple(sorted(
                token for breed, count in _unpacked(unplaced).items() for token in taken.free[breed][-count:]
            ))
        out.append((placed, leftovers[unplaced]))
    return out


def cure_plans(kennel: Kennel) -> list[list[list[str]]]:
    """For each distinct outcome of curing at most as many sick dogs as the kennel has medicine, the cures as
    [token, pen] pairs, pen by pen, the lowest ids of a breed first.

    An outcome is every pen's new shape plus the multiset of breeds cured; the empty plan is left out.
    """
    pens = built_pens(kennel)
    sick = kennel["infirmary"]
    labels = _labels(breed_of(token) for token in pen_dogs(kennel) + sick)
    contents = tuple(tuple(sorted(labels[breed] for breed in pen_breeds(kennel, pen))) for pen in pens)
    # Medicine beyond the sick dogs changes nothing: a kennel's plans are cached alike whatever its surplus.
    budget = min(kennel["medicine"], len(sick))
    plans = _cure_plans(contents, _code(labels[breed_of(token)] for token in sick), budget)
    taken = _Taken(sick, labels)
    out = []
    for key, plan in plans.items():
        if key & _BREEDS_MASK:
            cures = []
            for pen in pens:
                if not plan:  # no cure into the pens left
                    break
                for token in taken[plan & _PIECE_MASK]:
                    cures.append([token, pen])
                plan >>= _PIECE_BITS
            out.append(cures)
    return out


@lru_cache(maxsize=50_000)
def _cure_plans(pens: tuple[Content, ...], left: int, budget: int) -> dict[int, int]:
    """Each outcome of curing at most ``budget`` of the packed ``left`` into pens holding ``pens``: its key and its
    first plan, in the order first met, the first pen's options outermost."""
    if not pens:
        return {0: 0}
    shift = _head_shift(len(pens))
    found: dict[int, int] = {}
    for piece, size, code, shape_id in _cure_options(pens[0], left, min(budget, PEN_CAPACITY - len(pens[0]))):
        _keep_first(found, (shape_id << shift) + code, piece, _cure_plans(pens[1:], left - code, budget - size))
    return found


@lru_cache(maxsize=50_000)
def _cure_options(pen: Content, left: int, limit: int) -> tuple[Option, ...]:
    """Each multiset of at most ``limit`` breeds of the packed ``left`` that can join ``pen`` legally (R7), none
    first, as an option for the pen.

    In the order of their counts breed by breed in name order, fewer before more, as a product over the breeds
    lists them: the later a multiset's first breed, the sooner it comes. A legal pen holds at most two breeds, so
    a multiset is one breed or two."""
    held = tally(pen)
    counts = sorted(_unpacked(left).items())
    room = min(limit, PEN_CAPACITY - len(pen))
    out = [(0, 0, 0, _SHAPE_IDS[shape(pen)])]

    def add(cuts: tuple[Cut, ...], code: int) -> None:
        joined = dict(held)
        for label, _, taken in cuts:
            joined[label] = joined.get(label, 0) + taken
        counted = tuple(sorted(joined.values(), reverse=True))
        if counted in LEGAL_SHAPES:
            out.append((_piece(cuts), sum(taken for _, _, taken in cuts), code, _SHAPE_IDS[counted]))

    for i in range(len(counts) - 1, -1, -1):
        x, free_x = counts[i]
        bit_x = 1 << _BREED_SHIFTS[x]
        breeds = len(held) + (x not in held)
        if breeds > 2:
            continue
        for a in range(1, min(free_x, room) + 1):
            add(((x, free_x, a),), a * bit_x)
            for y, free_y in counts[:i:-1]:
                if breeds + (y not in held) > 2:
                    continue
                for b in range(1, min(free_y, room - a) + 1):
                    add(((x, free_x, a), (y, free_y, b)), a * bit_x + (b << _BREED_SHIFTS[y]))
    return tuple(out)


# Dogs of a breed are alike (§4.4): the lowest token ids stand for them.

def assign_tokens(contents: list[Content], tokens: list[str]) -> tuple[list[list[str]], list[str]]:
    """Map breed contents to tokens, lowest id first; return the pens' tokens and the unused tokens."""
    free: dict[str, list[str]] = {}
    for token in sorted(tokens):
        free.setdefault(breed_of(token), []).append(token)
    used = dict.fromkeys(free, 0)
    pens = []
    for content in contents:
        pen = []
        for breed in content:
            pen.append(free[breed][used[breed]])
            used[breed] += 1
        pens.append(pen)
    return pens, unused(tokens, pens)


def unused(tokens: list[str], pens: list[list[str]]) -> list[str]:
    """The tokens no pen holds, sorted (tokens are distinct: a dog is in one place)."""
    placed = {token for pen in pens for token in pen}
    return sorted([token for token in tokens if token not in placed])


def canonical_tokens(tokens: list[str], pool: list[str]) -> list[str]:
    """The lowest-id tokens of ``pool`` with the same breeds as ``tokens``."""
    return assign_tokens([tuple(breed_of(token) for token in tokens)], pool)[0][0]


def one_per_breed(tokens: list[str]) -> list[str]:
    """The lowest-id token of each breed."""
    lowest: dict[str, str] = {}
    for token in sorted(tokens):
        lowest.setdefault(breed_of(token), token)
    return list(lowest.values())


# The arrangement (R10, R16) and donations (R11).

def healthy_and_sick(kennel: Kennel, vet: bool) -> tuple[list[str], list[str]]:
    """H and S of the arrangement (R10, R16): the dogs to lay out and the dogs for the infirmary."""
    load_sick = [token for token in kennel["load"] if is_sick(token)]
    load_healthy = [token for token in kennel["load"] if not is_sick(token)]
    if vet:
        return pen_dogs(kennel) + kennel["load"], list(kennel["infirmary"])
    return pen_dogs(kennel) + load_healthy, kennel["infirmary"] + load_sick


def vet_options(kennel: Kennel) -> list[str | None]:
    """No card, or any Veterinarian card when sick dogs ride the truck (R16)."""
    has_sick = any(is_sick(token) for token in kennel["load"])
    return [None, *(owned(kennel, "VETERINARIAN") if has_sick else [])]


def can_take_donation(kennel: Kennel, token: str, sick: bool) -> bool:
    """Whether the offeree has room for the donated dog (R11)."""
    if sick:
        return infirmary_room(kennel) > 0
    dogs = [breed_of(dog) for dog in pen_dogs(kennel)] + [breed_of(token)]
    return max_placeable(dogs, len(built_pens(kennel))) == len(dogs)
