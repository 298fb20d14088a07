"""Spots bots: ``random`` (uniform over legal moves) and ``greedy`` (section 10's heuristics; solo: a lookahead).

A bot sees only its seat's view (``text.observe``) and its legal moves. Against Pes, ``greedy`` weighs each choice
of its turn by playing the rest of the turn out on deals drawn to fit what the view shows, and scoring where each
playout ends with a race model: about how many turns we still need, against how soon Pes completes six cards.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import exp, factorial, prod
from typing import Any

from domain.engine import Command
from domain.spots.commands import HANDLERS
from domain.spots.content import BUST_OVER, BY_COLOUR, DOGS, DOGS_TO_WIN, PACK_LIMIT, TILES
from domain.spots.moves import legal_moves
from domain.spots.procedures import Ctx
from domain.spots.state import State
from domain.spots.turns import advance

View = dict[str, Any]

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


def _open(seat: dict) -> list[dict]:
    return [c for c in seat["pack"] if not c["done"]]


def _empties(seat: dict) -> Counter:
    """How many empty spaces of each value the seat's open dogs have."""
    return Counter(int(v) for c in _open(seat) for v, d in c["spaces"].items() if d is None)


def _yard(view: View, seat: dict) -> int:
    return sum(view["values"][d] for d in seat["yard"])


def _at_stake(seat: dict) -> int:
    """Dice a bust would cost: those already on open dogs."""
    return sum(d is not None for c in _open(seat) for d in c["spaces"].values())


def _buried_pips(values: list[int], empties: Counter) -> tuple[int, int]:
    """(dice placed, pips buried) when ``values`` are placed wherever they fit and the rest buried."""
    counts = Counter(values)
    placed = sum(min(n, empties[v]) for v, n in counts.items())
    buried = sum(v * max(0, n - empties[v]) for v, n in counts.items())
    return placed, buried


@cache
def _rolls(k: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of k die faces (as counts of 1..6) with its probability."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), k):
        counts = tuple(faces.count(v) for v in range(1, 7))
        ways = factorial(k) / prod(factorial(c) for c in counts)
        out.append((counts, ways / 6**k))
    return out


@lru_cache(maxsize=50000)
def _outlook(empties: tuple[int, ...], headroom: int, k: int, cap: int = 6) -> tuple[float, float]:
    """(expected dice placed, chance of busting) for a roll of k dice keeping those showing at most ``cap``."""
    placed_sum = bust = 0.0
    for counts, p in _rolls(k):
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
    for counts, p in _rolls(8):
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


def _roll_value(view: View, k: int, cap: int = 6) -> float:
    """Worth of rolling k dice now: dice placed, less the dice on dogs a bust would lose."""
    seat = _me(view)
    if k <= 0:
        return 0.0
    placed, bust = _outlook(_key(seat), BUST_OVER - _yard(view, seat), min(k, 8), cap)
    return placed - bust * (RISK * _at_stake(seat) + placed + 0.5)


def _paws(seat: dict) -> int:
    return sum(DOGS[c["card"]].paws for c in seat["pack"])


def _treats_worth(seat: dict, n: int) -> float:
    held = seat["treats"]
    return sum(TREAT_VALUE if held + i < 3 else TREAT_VALUE / 3 for i in range(n))


# --- decisions -----------------------------------------------------------------------------------------------

def _tile_value(view: View, tile: str, treats_on_tile: int) -> float:
    """A rough worth of doing a trick now, in placed dice."""
    seat = _me(view)
    yard = _yard(view, seat)
    open_with_gaps = sum(any(d is None for d in c["spaces"].values()) for c in _open(seat))
    down = sum(not p["face_up"] for p in view["positions"])
    estimates = {
        "howl": (0.6 if len(seat["pack"]) < PACK_LIMIT else 0) + _roll_value(view, 1),
        "roll_over": 0.25 * yard + 0.5 * _roll_value(view, 1) if seat["yard"] else -1,
        "walk": _roll_value(view, 2) + max(0.0, _roll_value(view, 1)) * 0.5,
        "dig": 0.35 * min(_paws(seat), yard) + _roll_value(view, 2),
        "retrieve": 1.0 + _roll_value(view, 2),
        "trot": _roll_value(view, 2) + 0.2,
        "track": _roll_value(view, 3) + 0.4,
        "run": _roll_value(view, 3) + 0.3,
        "chase": _roll_value(view, 1) + max(0.0, _roll_value(view, 2)) * 0.6,
        "bolt": _roll_value(view, 1) * 2.5,
        "dogpile": _roll_value(view, 3) - 0.3,
        "sprint": _roll_value(view, open_with_gaps) + 0.3,
        "fetch": _fetch_outlook(_key(seat), BUST_OVER - yard),
        "guard": max(_roll_value(view, 4, cap) for cap in range(1, 7)),
        "hunt": _roll_value(view, 2) + 0.3 * _paws(seat) + 0.2,
        "scavenge": _roll_value(view, 3) + 0.3,
        "search": 1.2,
        "beg": _treats_worth(seat, 1 + _paws(seat)),
        "chew": _treats_worth(seat, seat["treats"] + 1),
        "gobble": _treats_worth(seat, max(0, 7 - max(_empties(seat), default=0))),
        "play_dead": 0.5 + 0.3 * max(0, 6 - yard),
        "stay": _treats_worth(seat, max(0, down)),
    }
    return estimates[tile] + _treats_worth(seat, treats_on_tile)


def _choose_action(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    treats = {p["tile"]: p["treats"] for p in view["positions"]}
    scored = [(_tile_value(view, m["tile"], treats[m["tile"]]), m) for m in legal if m["type"] == "ChooseTrick"]
    if {"type": "CompleteDogs"} in legal:
        filled = [c for c in _open(seat) if all(d is not None for d in c["spaces"].values())]
        if len(filled) + sum(c["done"] for c in seat["pack"]) >= DOGS_TO_WIN:
            return {"type": "CompleteDogs"}
        worth = (COMPLETE_BASE + COMPLETE_PER_DIE * sum(len(c["spaces"]) for c in filled)
                 + COMPLETE_PER_PIP * _yard(view, seat))
        scored.append((worth, {"type": "CompleteDogs"}))
    return max(scored, key=lambda x: x[0])[1]


def _rolled(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    trick = view["trick"]
    values = [view["values"][d] for d in trick["pending"]]
    buried = _buried_pips(values, _empties(seat))[1]
    headroom = BUST_OVER - _yard(view, seat)
    selecting = trick["step"] in ("fetch", "hunt", "search", "scavenge", "guard_roll")
    spend = [m for m in legal if m["type"] == "SpendTreat"]
    if not spend or selecting:
        return {"type": "AcceptRoll"}
    misfits = _misfits(view, seat, trick["pending"])
    # Reroll a bust, or (while treats last) a roll that buries half its dice or more.
    if buried > headroom or (seat["treats"] >= 2 and misfits and 2 * len(misfits) >= len(values)):
        if trick["tile"] == "track":
            return next((m for m in spend if m["dice"] == misfits), spend[-1])
        return spend[0]
    return {"type": "AcceptRoll"}


def _misfits(view: View, seat: dict, dice: list[int]) -> list[int]:
    """The dice of a roll that find no space (each space taken once)."""
    room = _empties(seat)
    out = []
    for die in sorted(dice, key=lambda d: view["values"][d]):
        value = view["values"][die]
        if room[value]:
            room[value] -= 1
        else:
            out.append(die)
    return sorted(out)


def _kept_score(view: View, dice: list[int]) -> float:
    seat = _me(view)
    placed, buried = _buried_pips([view["values"][d] for d in dice], _empties(seat))
    bust = buried > BUST_OVER - _yard(view, seat)
    return placed - 0.1 * buried - (100 + _at_stake(seat) if bust else 0)


def _select(view: View, legal: list[Command]) -> Command:
    pending = view["trick"]["pending"]
    values = view["values"]
    if legal[0]["type"] == "ChooseNumber":
        return max(legal, key=lambda m: _kept_score(view, [d for d in pending if values[d] == m["n"]]))
    if legal[0]["type"] == "KeepDice":
        return max(legal, key=lambda m: _kept_score(view, m["dice"]))
    return max(legal, key=lambda m: _kept_score(view, [d for d in pending if d not in m["dice"]]))


def _place(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {c["card"]: c for c in _open(seat)}
    places = [m for m in legal if m["type"] == "PlaceDie"]
    if view["trick"]["tile"] == "play_dead":
        bury = legal[-1]
        value = view["values"][bury["die"]]
        if value >= 3 and _yard(view, seat) + value <= BUST_OVER:
            return bury
    if places:
        # Fill the dog closest to full first.
        return min(places, key=lambda m: sum(d is None for d in cards[m["card"]]["spaces"].values()))
    return min(legal, key=lambda m: view["values"][m["die"]])


def _offer(view: View, legal: list[Command]) -> Command:
    trick = view["trick"]
    seat = _me(view)
    step = trick["step"]
    if step == "chase":
        k = trick["count"] + 1
    elif step == "sprint":
        k = sum(any(d is None for d in c["spaces"].values()) for c in _open(seat))
    elif step == "dogpile":
        k = 3
    else:
        k = 1
    return {"type": "DoStep"} if _roll_value(view, k) > ROLL_ON else {"type": "SkipStep"}


def _dig(view: View, legal: list[Command]) -> Command:
    me = view["active"]
    mine = set(view["seats"][me]["yard"])
    lower = [m for m in legal if m.get("delta") == -1 and m["die"] in mine]
    if lower:
        return max(lower, key=lambda m: view["values"][m["die"]])
    raise_ = [m for m in legal if m.get("delta") == 1 and m["die"] not in mine]
    return raise_[0] if raise_ else {"type": "SkipStep"}


def _trot(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {c["card"]: c for c in _open(seat)}
    for m in legal:
        if m["type"] != "MoveDie":
            continue
        target = cards[m["card"]]
        source = next(c for c in cards.values() if m["die"] in c["spaces"].values())
        fills = sum(d is None for d in target["spaces"].values()) == 1 and source is not target
        if fills and not all(d is not None for d in source["spaces"].values()):
            return m
    return {"type": "SkipStep"}


def _set_die(view: View, legal: list[Command]) -> Command:
    empties = _empties(_me(view))
    fitting = [m for m in legal if empties[m["n"]]]
    return fitting[0] if fitting else min(legal, key=lambda m: m["n"])


def _name_number(view: View, legal: list[Command]) -> Command:
    return max(legal, key=lambda m: _roll_value(view, 4, m["n"]))


def _take_die(view: View, legal: list[Command]) -> Command:
    yard = set(_me(view)["yard"])
    from_yard = [m for m in legal if m["die"] in yard]
    if from_yard:
        return max(from_yard, key=lambda m: view["values"][m["die"]])
    return legal[0]


_BY_PHASE = {
    "choose_action": _choose_action, "rolled": _rolled, "select": _select, "place": _place, "offer": _offer,
    "dig": _dig, "trot": _trot, "set_die": _set_die, "name_number": _name_number,
    "set_aside": lambda view, legal: legal[0], "dogpile_take": _take_die,
}


# --- solo: the lookahead against Pes ---------------------------------------------------------------------------

#: Our turns still needed, as weights on the seat's features (``_features``): fitted by least squares to the turns
#: an earlier version of this bot still took, at each of its turns, in 1,000 simulated solo games (seeds of its own,
#: not the ``rate-`` ones) with Pes's cards put back so that every game ran until we had six dogs.
TURN_WEIGHTS = {
    "base": 4.181, "cards_to_draw": 2.467, "empty_spaces": 0.411, "empty_values": -0.390, "empty_fives_sixes": 0.124,
    "filled_dogs": 0.897, "unfilled_dogs": 1.443, "dice_on_dogs": -0.277, "yard_pips": 0.205,
    "yard_pips_squared": -0.009,
}
#: Turns saved by each treat held, the first treat first (the same fit); more than eight save nothing more.
TURNS_PER_TREAT = (0.629, 0.629, 0.290, 0.290, 0.353, 0.353, 0.353, 0.353)
#: Pes's chances on each of its turns: its die finds a face-down tile and it completes a card (0.33 in this bot's
#: games), or it takes a treat, two of which complete a card (0.07 in its games; 0.10 and 0.05 won alike in tuning).
PES_CARD, PES_TREAT = 0.33, 0.10
#: Spread (standard deviation) of the turns we still need around the estimate: a base plus a share of the estimate.
#: Chosen by win rate on tuning seeds: 57.2% of 2,000 games with these, 55.6% with 3.0 and 0.15.
SPREAD_BASE, SPREAD_SHARE = 2.0, 0.1
#: Longest race the model looks at, in turns.
HORIZON = 80
#: Decisions the lookahead makes (the rest, such as placing dice, the heuristics make), and the most moves it weighs.
LOOKAHEAD_PHASES = ("choose_action", "offer", "rolled", "select")
MAX_OPTIONS = 8
#: Playouts per move: at most PLAYOUTS, in batches of BATCH; after each batch a move that trails the best by more
#: than TRAILING standard errors of their paired difference is dropped.
PLAYOUTS, BATCH, TRAILING = 32, 8, 2.0


def _features(seat: dict, values: list[int]) -> dict[str, int]:
    """The seat's features that TURN_WEIGHTS weigh."""
    dogs = _open(seat)
    empty = [int(v) for c in dogs for v, d in c["spaces"].items() if d is None]
    filled = sum(all(d is not None for d in c["spaces"].values()) for c in dogs)
    yard = sum(values[d] for d in seat["yard"])
    return {
        "base": 1, "cards_to_draw": PACK_LIMIT - len(seat["pack"]), "empty_spaces": len(empty),
        "empty_values": len(set(empty)), "empty_fives_sixes": sum(v >= 5 for v in empty), "filled_dogs": filled,
        "unfilled_dogs": len(dogs) - filled, "dice_on_dogs": _at_stake(seat), "yard_pips": yard,
        "yard_pips_squared": yard * yard,
    }


def _turns_needed(seat: dict, values: list[int]) -> float:
    """About how many more turns the seat needs to complete six dogs, counting the next one."""
    features = _features(seat, values)
    return sum(w * features[k] for k, w in TURN_WEIGHTS.items()) - sum(TURNS_PER_TREAT[: seat["treats"]])


@cache
def _pes_short(turns: int, halves: int) -> float:
    """Chance that Pes, ``halves`` half-cards short of six (a card is 2, a treat 1), is still short after ``turns``."""
    if halves <= 0:
        return 0.0
    if turns == 0:
        return 1.0
    return (PES_CARD * _pes_short(turns - 1, halves - 2) + PES_TREAT * _pes_short(turns - 1, halves - 1)
            + (1 - PES_CARD - PES_TREAT) * _pes_short(turns - 1, halves))


@cache
def _race(tenths: int, halves: int) -> float:
    """Chance that we, needing about ``tenths``/10 more turns, complete six dogs before Pes (``halves`` short)."""
    mean = max(tenths / 10, 1.0)
    spread = SPREAD_BASE + SPREAD_SHARE * mean
    weights = [exp(-0.5 * ((t - mean) / spread) ** 2) for t in range(1, HORIZON)]
    # Pes plays between our turns, so it has t - 1 turns to stop us finishing on our t-th.
    return sum(w * _pes_short(t - 1, halves) for t, w in enumerate(weights, 1)) / sum(weights)


def _after_pes(state: State) -> float:
    """Our chance of winning from the end of our turn, averaged over Pes's die (section 4.8)."""
    if state["phase"] == "ended":
        return float(state["winner"] == 0)
    tenths = round(10 * _turns_needed(state["seats"][0], state["values"]))
    pes = state["pes"]
    halves = 2 * (DOGS_TO_WIN - len(pes["pile"])) - pes["treats"]
    tiles = [(p["face_up"], p["treats"]) for p in state["positions"]]
    if sum(up for up, _ in tiles) <= 1:
        # Pes's refresh: a treat on the last face-up tile, then every tile face up.
        extra = 1 if state["supply_treats"] else 0
        tiles = [(True, treats + extra * up) for up, treats in tiles]
    # A face-down tile completes a card for Pes; a face-up one gives it the tile's treats.
    left = [halves - (treats if up else 2) for up, treats in tiles]
    return sum(_race(tenths, h) for h in left if h > 0) / len(tiles)


def _sample_state(view: View, rng: random.Random) -> State:
    """A whole state that fits the view: the unseen deck order and free-walk stack orders drawn at random."""
    seen = {c["card"] for seat in view["seats"] for c in seat["pack"]} | set(view["pes"]["pile"])
    deck = view["deck"]
    unseen = [c for c in DOGS if c not in seen and c != deck["top"]]
    rng.shuffle(unseen)
    positions = []
    for pos in view["positions"]:
        under = [t for t in BY_COLOUR.get(TILES[pos["tile"]].colour, ()) if t != pos["tile"]]
        rng.shuffle(under)
        stack = [pos["tile"], *under[: pos["size"] - 1]]
        positions.append({"stack": stack, "face_up": pos["face_up"], "treats": pos["treats"]})
    return {**view, "deck": [deck["top"], *unseen], "positions": positions}


def _finish_turn(state: State, command: Command, rng: random.Random) -> State:
    """The state at the end of our turn after ``command``, the heuristics making the turn's other choices.

    It runs the rules' own command handlers on a private copy, as ``decide`` does, but without its legality check,
    since every command comes from ``legal_moves``. The in-turn heuristics read only seats, dice and the trick,
    which a state shows just as a view does.
    """
    seat = state["active"]
    ctx = Ctx(state, rng)
    while True:
        HANDLERS[command["type"]](ctx, command)
        advance(ctx)
        if ctx.state["phase"] in ("pes", "ended"):
            return ctx.state
        command = _BY_PHASE[ctx.state["phase"]](ctx.state, legal_moves(ctx.state, seat))


def _trails(best: list[float], other: list[float]) -> bool:
    """True when ``other`` scores below ``best`` by more than TRAILING standard errors of their paired difference."""
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > TRAILING * (variance / n) ** 0.5


def _lookahead(view: View, legal: list[Command], rng: random.Random) -> Command:
    """The move whose playouts score best on average."""
    alive = list(range(len(legal)))
    scores: list[list[float]] = [[] for _ in legal]
    for _ in range(0, PLAYOUTS, BATCH):
        # Every move meets the same deals and the same dice, so that their scores differ by the moves alone.
        seeds = [rng.getrandbits(64) for _ in range(BATCH)]
        deals = [_sample_state(view, random.Random(seed + 1)) for seed in seeds]
        for i in alive:
            scores[i] += [_after_pes(_finish_turn(deal, legal[i], random.Random(seed)))
                          for seed, deal in zip(seeds, deals, strict=True)]
        best = max(alive, key=lambda i: sum(scores[i]))
        alive = [i for i in alive if i == best or not _trails(scores[best], scores[i])]
        if len(alive) == 1:
            break
    return legal[best]


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Solo: the lookahead at each real choice of the turn; otherwise (and in its playouts) section 10's heuristics."""
    # The race model scores against Pes; between seats the heuristics already win, and many-seat games stay quick.
    if view["pes"] is not None and view["phase"] in LOOKAHEAD_PHASES and 1 < len(legal) <= MAX_OPTIONS:
        return _lookahead(view, legal, rng)
    return _BY_PHASE[view["phase"]](view, legal)


BOTS = {"random": random_bot, "greedy": greedy_bot}
