"""Pen fitting and scoring (R7, R8, §4.4): which dog multisets a pen may hold and how to lay dogs out.

A pen's content is a multiset of breeds; rows are not stored. Layout enumeration works on breed
counts, because dogs of one breed are interchangeable once they are in pens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import product

from domain.dogs.content import PEN_CAPACITY, PEN_SCORES

Content = tuple[str, ...]
#: The breed-count shapes a pen may hold, largest count first (R7).
LEGAL_SHAPES = {(), (1,), (2,), (1, 1), (2, 1), (2, 2), (3,), (4,)}


def shape(breeds: Iterable[str]) -> tuple[int, ...]:
    """Breed counts of a pen content, largest first."""
    return tuple(sorted(Counter(breeds).values(), reverse=True))


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


def contents_from(counts: dict[str, int]) -> list[Content]:
    """Every non-empty legal pen content that can be taken from the breed counts."""
    names = sorted(b for b, c in counts.items() if c)
    out: list[Content] = []
    for i, x in enumerate(names):
        out += [(x,) * k for k in range(1, min(PEN_CAPACITY, counts[x]) + 1)]
        for y in names[i + 1:]:
            for a, b in product(range(1, min(2, counts[x]) + 1), range(1, min(2, counts[y]) + 1)):
                out.append((x,) * a + (y,) * b)
    return out


Counts = tuple[tuple[str, int], ...]


def _counts(dogs: Iterable[str]) -> Counts:
    return tuple(sorted(Counter(dogs).items()))


def _take(left: Counts, content: Content) -> Counts:
    taken = Counter(content)
    return tuple((b, c - taken[b]) for b, c in left if c > taken[b])


def _shape_of(left: Counts) -> tuple[int, ...]:
    return tuple(sorted((c for _, c in left), reverse=True))


def layouts(dogs: Iterable[str], pens: int) -> list[list[Content]]:
    """One layout of the most dogs possible into ``pens`` pens for each distinct profile.

    A profile is the shape of every pen (pen by pen) plus the multiset of breeds placed: it fixes
    the score, the additional-pen points, the full-pen bonuses, the diversity and the dogs left out.
    Layouts with equal profiles (e.g. which single shares a pen with which) are listed once.
    """
    return list(_layouts(_counts(dogs), pens).values())


@lru_cache(maxsize=50_000)
def _layouts(left: Counts, pens: int) -> dict[tuple, list[Content]]:
    if pens == 0:
        return {((), ()): []}
    best = _max_placeable(_shape_of(left), pens)
    found: dict[tuple, list[Content]] = {}
    for content in [(), *contents_from(dict(left))]:
        rest = _take(left, content)
        if len(content) + _max_placeable(_shape_of(rest), pens - 1) < best:
            continue
        for (shapes, placed), tail in _layouts(rest, pens - 1).items():
            key = ((shape(content), *shapes), tuple(sorted(content + placed)))
            found.setdefault(key, [content, *tail])
    return found


def cure_plans(pens: list[list[str]], sick: Iterable[str], budget: int) -> list[list[Content]]:
    """For each distinct outcome, the breeds added to each pen by curing at most ``budget`` sick dogs.

    An outcome is every pen's new shape plus the multiset of breeds cured; the empty plan is left out.
    """
    plans = _cure_plans(tuple(tuple(sorted(p)) for p in pens), _counts(sick), budget)
    return [plan for (_, cured), plan in plans.items() if cured]


@lru_cache(maxsize=50_000)
def _cure_plans(pens: tuple[Content, ...], left: Counts, budget: int) -> dict[tuple, list[Content]]:
    if not pens:
        return {((), ()): []}
    found: dict[tuple, list[Content]] = {}
    for add in [(), *additions(list(pens[0]), dict(left), budget)]:
        for (shapes, cured), tail in _cure_plans(pens[1:], _take(left, add), budget - len(add)).items():
            key = ((shape(pens[0] + add), *shapes), tuple(sorted(add + cured)))
            found.setdefault(key, [add, *tail])
    return found


def additions(pen: list[str], available: dict[str, int], limit: int) -> list[Content]:
    """Every non-empty multiset of at most ``limit`` available breeds that can join ``pen`` legally."""
    names = sorted(b for b, c in available.items() if c)
    room = min(limit, PEN_CAPACITY - len(pen))
    out: list[Content] = []
    for picks in product(*(range(min(available[b], room) + 1) for b in names)):
        if 0 < sum(picks) <= room:
            add = tuple(b for b, k in zip(names, picks, strict=True) for _ in range(k))
            if content_ok([*pen, *add]):
                out.append(add)
    return out
