"""Spots bots (spec 10): ``random`` (uniform over legal moves) and ``greedy`` (section 10's heuristics; solo: the
lookahead of ``lookahead.py``).

A bot sees only its seat's view (``view.view``) and its legal moves.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from domain.engine import Bot, Command, State, View
from domain.evaluation import contest
from domain.spots.content import BUST_OVER, DOGS_TO_WIN, PACK_LIMIT, STEP_DICE, STEP_TREATS
from domain.spots.lookahead import LOOKAHEAD_PHASES, MAX_OPTIONS, lookahead
from domain.spots.state import (
    completed,
    dog_dice,
    empty_values,
    filled_dogs,
    is_filled,
    open_dogs,
    paws,
    yard_total,
)
from domain.spots.tricks import sprint_dice

#: How much a treat is worth, in placed dice, while the seat holds few of them.
TREAT_VALUE = 0.45
#: Share of the dice on dogs a bust is reckoned to cost (lower: bolder; timid bots lose the race).
RISK = 0.5
#: Least worth, in placed dice, for which a repeat or optional roll is taken.
ROLL_ON = 0.1
#: Worth of completing our filled dogs now: a base, plus per die they hold (kept safe from a bust), plus per
#: pip in the yard (a high yard makes the next trick likely to bust).
COMPLETE_BASE = 1.0
COMPLETE_PER_DIE = 0.3
COMPLETE_PER_PIP = 0.2


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


# --- what the seat's table looks like ------------------------------------------------------------------------

def _me(view: View) -> dict:
    return view["seats"][view["active"]]


def _empties(seat: dict) -> Counter:
    """How many empty spaces of each value the seat's open dogs have."""
    return Counter(empty_values(seat))


def _at_stake(seat: dict) -> int:
    """Dice a bust would cost: those already on open dogs."""
    return len(dog_dice(seat))


def _buried_pips(values: list[int], empties: Counter) -> tuple[int, int]:
    """(dice placed, pips buried) when ``values`` are placed wherever they fit and the rest buried."""
    counts = Counter(values)
    placed = sum(min(n, empties[v]) for v, n in counts.items())
    buried = sum(v * max(0, n - empties[v]) for v, n in counts.items())
    return placed, buried


@cache
def _rolls(dice: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of faces ``dice`` dice can show (as counts of 1..6) with its probability."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        counts = tuple(faces.count(v) for v in range(1, 7))
        ways = factorial(dice) / prod(factorial(c) for c in counts)
        out.append((counts, ways / 6**dice))
    return out


@lru_cache(maxsize=50000)
def _outlook(empties: tuple[int, ...], headroom: int, dice: int, cap: int = 6) -> tuple[float, float]:
    """(expected dice placed, chance of busting) for a roll of ``dice`` dice keeping those showing at most ``cap``."""
    placed_sum = bust = 0.0
    for counts, p in _rolls(dice):
        placed = buried = 0
        for v in range(1, cap + 1):
            n, room = counts[v - 1], empties[v - 1]
            placed += min(n, room)
            buried += v * max(0, n - room)
        if buried > headroom:
            bust += p
        else:
            placed_sum += p * placed
    return placed_sum, bust


@lru_cache(maxsize=50000)
def _fetch_outlook(empties: tuple[int, ...], headroom: int) -> float:
    """Expected dice placed by Fetch: 8 dice, keep the best number that does not bust."""
    total = 0.0
    for counts, p in _rolls(STEP_DICE["fetch"]):
        best = -1
        for v in range(1, 7):
            n, room = counts[v - 1], empties[v - 1]
            if n and (n - room) * v <= headroom * (n > room):
                best = max(best, min(n, room))
        total += p * best
    return total


def _key(seat: dict) -> tuple[int, ...]:
    empties = _empties(seat)
    return tuple(empties[v] for v in range(1, 7))


def _roll_value(view: View, dice: int, cap: int = 6) -> float:
    """Worth of rolling ``dice`` dice now: dice placed, less the dice on dogs a bust would lose."""
    seat = _me(view)
    if dice <= 0:
        return 0.0
    placed, bust = _outlook(_key(seat), BUST_OVER - yard_total(view, seat), min(dice, 8), cap)
    return placed - bust * (RISK * _at_stake(seat) + placed + 0.5)


def _step_value(view: View, step: str, cap: int = 6) -> float:
    """Worth of a step that rolls as many dice as its tile prints."""
    return _roll_value(view, STEP_DICE[step], cap)


def _treats_worth(seat: dict, treats: int) -> float:
    held = seat["treats"]
    return sum(TREAT_VALUE if held + i < 3 else TREAT_VALUE / 3 for i in range(treats))


# --- decisions -----------------------------------------------------------------------------------------------

def _tile_value(view: View, tile: str, treats_on_tile: int) -> float:
    """A rough worth of doing a trick now, in placed dice."""
    seat = _me(view)
    yard = yard_total(view, seat)
    down = sum(not position["face_up"] for position in view["positions"])
    take_one = STEP_TREATS["take_one"]
    estimates = {
        "howl": (0.6 if len(seat["pack"]) < PACK_LIMIT else 0) + _step_value(view, "roll_one"),
        "roll_over": 0.25 * yard + 0.5 * _step_value(view, "may_roll_one") if seat["yard"] else -1,
        "walk": _step_value(view, "roll_two") + max(0.0, _step_value(view, "may_roll_one")) * 0.5,
        "dig": 0.35 * min(paws(seat), yard) + _step_value(view, "roll_two"),
        "retrieve": 1.0 + _step_value(view, "roll_two"),
        "trot": _step_value(view, "roll_two") + 0.2,
        "track": _step_value(view, "track") + 0.4,
        "run": _step_value(view, "roll_three") + 0.3,
        "chase": _roll_value(view, 1) + max(0.0, _roll_value(view, 2)) * 0.6,
        "bolt": _roll_value(view, 1) * 2.5,
        "dogpile": _roll_value(view, 3) - 0.3,
        "sprint": _roll_value(view, sprint_dice(seat)) + 0.3,
        "fetch": _fetch_outlook(_key(seat), BUST_OVER - yard),
        "guard": max(_step_value(view, "guard_roll", cap) for cap in range(1, 7)),
        "hunt": _roll_value(view, 2) + 0.3 * paws(seat) + 0.2,
        "scavenge": _roll_value(view, 3) + 0.3,
        "search": 1.2,
        "beg": _treats_worth(seat, take_one + paws(seat)),
        "chew": _treats_worth(seat, seat["treats"] + take_one),
        "gobble": _treats_worth(seat, max(0, STEP_TREATS["take_seven"] - max(_empties(seat), default=0))),
        "play_dead": 0.5 + 0.3 * max(0, 6 - yard),
        "stay": _treats_worth(seat, max(0, down)),
    }
    return estimates[tile] + _treats_worth(seat, treats_on_tile)


def _choose_action(view: View, legal: list[Command]) -> Command:
    return max(_action_worths(view, legal), key=lambda worth_and_move: worth_and_move[0])[1]


def _action_worths(view: View, legal: list[Command]) -> list[tuple[float, Command]]:
    """Each trick's rough worth, and completing the dogs' (above all others when it wins)."""
    seat = _me(view)
    treats = {position["tile"]: position["treats"] for position in view["positions"]}
    scored = [(_tile_value(view, move["tile"], treats[move["tile"]]), move)
              for move in legal if move["type"] == "ChooseTrick"]
    if {"type": "CompleteDogs"} in legal:
        filled = filled_dogs(seat)
        if len(filled) + completed(seat) >= DOGS_TO_WIN:
            return [(float("inf"), {"type": "CompleteDogs"})]
        worth = (COMPLETE_BASE + COMPLETE_PER_DIE * sum(len(card["spaces"]) for card in filled)
                 + COMPLETE_PER_PIP * yard_total(view, seat))
        scored.append((worth, {"type": "CompleteDogs"}))
    return scored


def _rolled(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    trick = view["trick"]
    values = [view["values"][d] for d in trick["pending"]]
    buried = _buried_pips(values, _empties(seat))[1]
    headroom = BUST_OVER - yard_total(view, seat)
    selecting = trick["step"] in ("fetch", "hunt", "search", "scavenge", "guard_roll")
    spend = [move for move in legal if move["type"] == "SpendTreat"]
    if not spend or selecting:
        return {"type": "AcceptRoll"}
    misfits = _misfits(view, seat, trick["pending"])
    # Reroll a bust, or (while treats last) a roll that buries half its dice or more.
    if buried > headroom or (seat["treats"] >= 2 and misfits and 2 * len(misfits) >= len(values)):
        if trick["tile"] == "track":
            return next((move for move in spend if move["dice"] == misfits), spend[-1])
        return spend[0]
    return {"type": "AcceptRoll"}


def _misfits(view: View, seat: dict, dice: list[int]) -> list[int]:
    """The dice of a roll that find no space (each space taken once)."""
    room = _empties(seat)
    out = []
    for die in sorted(dice, key=lambda each: view["values"][each]):
        value = view["values"][die]
        if room[value]:
            room[value] -= 1
        else:
            out.append(die)
    return sorted(out)


def _kept_score(view: View, dice: list[int]) -> float:
    seat = _me(view)
    placed, buried = _buried_pips([view["values"][d] for d in dice], _empties(seat))
    bust = buried > BUST_OVER - yard_total(view, seat)
    return placed - 0.1 * buried - (100 + _at_stake(seat) if bust else 0)


def _select(view: View, legal: list[Command]) -> Command:
    pending = view["trick"]["pending"]
    values = view["values"]
    if legal[0]["type"] == "ChooseNumber":
        return max(legal, key=lambda move: _kept_score(view, [die for die in pending if values[die] == move["n"]]))
    if legal[0]["type"] == "KeepDice":
        return max(legal, key=lambda move: _kept_score(view, move["dice"]))
    return max(legal, key=lambda move: _kept_score(view, [die for die in pending if die not in move["dice"]]))


def _place(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {card["card"]: card for card in open_dogs(seat)}
    places = [move for move in legal if move["type"] == "PlaceDie"]
    if view["trick"]["tile"] == "play_dead":
        bury = legal[-1]
        value = view["values"][bury["die"]]
        if value >= 3 and yard_total(view, seat) + value <= BUST_OVER:
            return bury
    if places:
        # Fill the dog closest to full first.
        return min(places, key=lambda move: sum(die is None for die in cards[move["card"]]["spaces"].values()))
    return min(legal, key=lambda move: view["values"][move["die"]])


def _offer(view: View, legal: list[Command]) -> Command:
    trick = view["trick"]
    seat = _me(view)
    step = trick["step"]
    if step == "chase":
        dice = trick["count"] + 1
    elif step == "sprint":
        dice = sprint_dice(seat)
    elif step == "dogpile":
        dice = 3
    else:
        dice = 1
    return {"type": "DoStep"} if _roll_value(view, dice) > ROLL_ON else {"type": "SkipStep"}


def _dig(view: View, legal: list[Command]) -> Command:
    me = view["active"]
    mine = set(view["seats"][me]["yard"])
    lower = [move for move in legal if move.get("delta") == -1 and move["die"] in mine]
    if lower:
        return max(lower, key=lambda move: view["values"][move["die"]])
    raise_ = [move for move in legal if move.get("delta") == 1 and move["die"] not in mine]
    return raise_[0] if raise_ else {"type": "SkipStep"}


def _trot(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {card["card"]: card for card in open_dogs(seat)}
    for move in legal:
        if move["type"] != "MoveDie":
            continue
        target = cards[move["card"]]
        source = next(card for card in cards.values() if move["die"] in card["spaces"].values())
        fills = sum(die is None for die in target["spaces"].values()) == 1 and source is not target
        if fills and not is_filled(source):
            return move
    return {"type": "SkipStep"}


def _set_die(view: View, legal: list[Command]) -> Command:
    empties = _empties(_me(view))
    fitting = [move for move in legal if empties[move["n"]]]
    return fitting[0] if fitting else min(legal, key=lambda move: move["n"])


def _name_number(view: View, legal: list[Command]) -> Command:
    return max(legal, key=lambda move: _step_value(view, "guard_roll", move["n"]))


def _take_die(view: View, legal: list[Command]) -> Command:
    yard = set(_me(view)["yard"])
    from_yard = [move for move in legal if move["die"] in yard]
    if from_yard:
        return max(from_yard, key=lambda move: view["values"][move["die"]])
    return legal[0]


_BY_PHASE = {
    "choose_action": _choose_action, "rolled": _rolled, "select": _select, "place": _place, "offer": _offer,
    "dig": _dig, "trot": _trot, "set_die": _set_die, "name_number": _name_number,
    "set_aside": lambda view, legal: legal[0], "dogpile_take": _take_die,
}


def _heuristics(view: View, legal: list[Command]) -> Command:
    """Section 10's heuristics: the move that the phase's rule of thumb picks."""
    return _BY_PHASE[view["phase"]](view, legal)


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Solo: the lookahead at each real choice of the turn; otherwise (and in its playouts) section 10's heuristics."""
    # The race model scores against Pes; between seats the heuristics already win, and many-seat games stay quick.
    if view["pes"] is not None and view["phase"] in LOOKAHEAD_PHASES and 1 < len(legal) <= MAX_OPTIONS:
        return lookahead(view, legal, rng, _heuristics)
    return _heuristics(view, legal)


def heuristic_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Section 10's heuristics alone: greedy without its solo lookahead, fast enough for a search's playouts."""
    return _heuristics(view, legal)


#: A filled space's worth in completed dogs, for a search's evaluation (a dog is completed once all are filled).
SPACE_WORTH = 0.6
#: Completed dogs of a lead that make a win about three times as likely as a loss, for a search's evaluation.
LEAD_SCALE = 1.0


def progress(state: State, seat: int) -> float:
    """``seat``'s chance of winning from its completed dogs and filled spaces against its best rival (Pes's pile,
    solo), for a search's playout cut short."""
    points = [_progress(one) for one in state["seats"]]
    if state["pes"] is not None:
        points.append(len(state["pes"]["pile"]))
    return contest(points, seat, LEAD_SCALE)


def ranked(view: View, legal: list[Command]) -> list[Command]:
    """The moves a search tries besides greedy's: none solo; tricks by greedy's rough worth, best first; else the
    rules' order."""
    if view["pes"] is not None:
        # Against Pes, searches over greedy lost to greedy alone on the same tuning seeds (from 1000; greedy 81 wins
        # of 120): playouts of the heuristics to the end of the turn scored by the lookahead's race model won 33 of 60
        # trying five moves at every decision, 35 of 60 and 66 of 120 (at 2.5 standard errors) trying them only where
        # greedy does not look ahead; greedy's own playouts won 33 of 60. So a solo search plays greedy's moves.
        return []
    if view["phase"] != "choose_action":
        return legal
    return [move for _, move in sorted(_action_worths(view, legal), key=lambda worth_and_move: -worth_and_move[0])]


def _progress(seat: dict) -> float:
    partial = sum(
        sum(die is not None for die in card["spaces"].values()) / len(card["spaces"]) for card in open_dogs(seat)
    )
    return completed(seat) + SPACE_WORTH * partial


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
