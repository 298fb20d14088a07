"""The greedy bot's lookahead in a solo game (spec 10; Pes's turn as in 4.8).

Against Pes, each choice of the turn is weighed by playing the rest of the turn out on deals drawn to fit what the
view shows, and scoring where each playout ends with a race model: about how many turns we still need, against how
soon Pes completes six cards, its turns played out from the tiles as the turn leaves them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from math import exp

from domain.engine import Command, View
from domain.spots.content import BY_COLOUR, COLOURS, CORE, DOGS, DOGS_TO_WIN, PACK_LIMIT, TILES
from domain.spots.moves import HANDLERS, legal_moves
from domain.spots.procedures import Ctx
from domain.spots.state import State, dog_dice, empty_values, filled_dogs, open_dogs, yard_total
from domain.spots.turns import advance

#: A bot's quick choice among the legal moves, from a view (or a whole state, which shows as much).
Heuristics = Callable[[View, list[Command]], Command]

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
#: Share of our turns that do a trick, so flip a tile face down (the rest complete dogs): 11.8 of 13.7 turns a game
#: in 150 of this bot's solo games (seeds of their own).
TRICK_SHARE = 0.87
#: Tile positions, one for each face of Pes's die (section 2.3).
POSITIONS = len(CORE) + len(COLOURS)
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


def _features(state: State, seat: dict) -> dict[str, int]:
    """The seat's features that TURN_WEIGHTS weigh."""
    dogs = open_dogs(seat)
    empty = empty_values(seat)
    filled = len(filled_dogs(seat))
    yard = yard_total(state, seat)
    return {
        "base": 1, "cards_to_draw": PACK_LIMIT - len(seat["pack"]), "empty_spaces": len(empty),
        "empty_values": len(set(empty)), "empty_fives_sixes": sum(v >= 5 for v in empty), "filled_dogs": filled,
        "unfilled_dogs": len(dogs) - filled, "dice_on_dogs": len(dog_dice(seat)), "yard_pips": yard,
        "yard_pips_squared": yard * yard,
    }


def _turns_needed(state: State, seat: dict) -> float:
    """About how many more turns the seat needs to complete six dogs, counting the next one."""
    features = _features(state, seat)
    return sum(w * features[k] for k, w in TURN_WEIGHTS.items()) - sum(TURNS_PER_TREAT[: seat["treats"]])


def _refreshed(up: int, treats: int, refill: bool) -> tuple[int, int]:
    """Face-up tiles and the treats on them after a turn's start (4.2 step 3): with at most one face up, a treat on
    the last (when the supply has one), then every tile face up."""
    if up > 1:
        return up, treats
    return POSITIONS, treats + (up == 1 and refill)


@cache
def _pes_short(turns: int, halves: int, up: int, treats: int, refill: bool) -> float:
    """Chance that Pes, ``halves`` half-cards short of six (a card is 2, a treat 1), is still short after ``turns``
    of its turns, the first now: ``up`` tiles face up, ``treats`` on one of them, our turns in between.

    Its die finds a face-down tile (a card), or flips a face-up one and takes its treats (section 4.8).
    """
    if halves <= 0:
        return 0.0
    if turns == 0:
        return 1.0
    up, treats = _refreshed(up, treats, refill)
    short = (POSITIONS - up) / POSITIONS * _our_turn(turns - 1, halves - 2, up, treats, refill)
    if treats:
        short += _our_turn(turns - 1, halves - treats, up - 1, 0, refill) / POSITIONS
        short += (up - 1) / POSITIONS * _our_turn(turns - 1, halves, up - 1, treats, refill)
    else:
        short += up / POSITIONS * _our_turn(turns - 1, halves, up - 1, 0, refill)
    return short


@cache
def _our_turn(turns: int, halves: int, up: int, treats: int, refill: bool) -> float:
    """``_pes_short`` from our turn: a trick flips a face-up tile with chance TRICK_SHARE, any tile alike."""
    if halves <= 0:
        return 0.0
    if turns == 0:
        return 1.0
    up, treats = _refreshed(up, treats, refill)
    flipped = _pes_short(turns, halves, up - 1, treats, refill)
    if treats:
        # The tile holding the treats is one of the ``up`` we may flip (and take them from).
        flipped = (_pes_short(turns, halves, up - 1, 0, refill) + (up - 1) * flipped) / up
    return TRICK_SHARE * flipped + (1 - TRICK_SHARE) * _pes_short(turns, halves, up, treats, refill)


@cache
def _race(tenths: int, halves: int, up: int, treats: int, refill: bool) -> float:
    """Chance that we, needing about ``tenths``/10 more turns, complete six dogs before Pes (``halves`` short, to
    play now with ``up`` tiles face up and ``treats`` on them)."""
    mean = max(tenths / 10, 1.0)
    spread = SPREAD_BASE + SPREAD_SHARE * mean
    weights = [exp(-0.5 * ((t - mean) / spread) ** 2) for t in range(1, HORIZON)]
    # Pes plays before each of our turns, so it has t turns to stop us finishing on our t-th.
    return sum(w * _pes_short(t, halves, up, treats, refill) for t, w in enumerate(weights, 1)) / sum(weights)


def turn_end_chance(state: State) -> float:
    """Our chance of winning from the end of our turn, Pes to play (section 4.8)."""
    if state["phase"] == "ended":
        return float(state["winner"] == 0)
    tenths = round(10 * _turns_needed(state, state["seats"][0]))
    pes = state["pes"]
    halves = 2 * (DOGS_TO_WIN - len(pes["pile"])) - pes["treats"]
    up = sum(position["face_up"] for position in state["positions"])
    treats = sum(position["treats"] for position in state["positions"] if position["face_up"])
    return _race(tenths, halves, up, treats, state["supply_treats"] > 0)


def _sample_state(view: View, rng: random.Random) -> State:
    """A whole state that fits the view: the unseen deck order and free-walk stack orders drawn at random."""
    seen = {card["card"] for seat in view["seats"] for card in seat["pack"]} | set(view["pes"]["pile"])
    deck = view["deck"]
    unseen = [card for card in DOGS if card not in seen and card != deck["top"]]
    rng.shuffle(unseen)
    positions = []
    for position in view["positions"]:
        tile = position["tile"]
        under = [other for other in BY_COLOUR.get(TILES[tile].colour, ()) if other != tile]
        rng.shuffle(under)
        stack = [tile, *under[: position["size"] - 1]]
        positions.append({"stack": stack, "face_up": position["face_up"], "treats": position["treats"]})
    return {**view, "deck": [deck["top"], *unseen], "positions": positions}


def _finish_turn(state: State, command: Command, rng: random.Random, heuristics: Heuristics) -> State:
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
        command = heuristics(ctx.state, legal_moves(ctx.state, seat))


def _trails(best: list[float], other: list[float]) -> bool:
    """True when ``other`` scores below ``best`` by more than TRAILING standard errors of their paired difference."""
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > TRAILING * (variance / n) ** 0.5


def lookahead(view: View, legal: list[Command], rng: random.Random, heuristics: Heuristics) -> Command:
    """The move whose playouts, the heuristics finishing the turn, score best on average."""
    alive = list(range(len(legal)))
    scores: list[list[float]] = [[] for _ in legal]
    for _ in range(0, PLAYOUTS, BATCH):
        # Every move meets the same deals and the same dice, so that their scores differ by the moves alone.
        seeds = [rng.getrandbits(64) for _ in range(BATCH)]
        deals = [_sample_state(view, random.Random(seed + 1)) for seed in seeds]
        for i in alive:
            scores[i] += [turn_end_chance(_finish_turn(deal, legal[i], random.Random(seed), heuristics))
                          for seed, deal in zip(seeds, deals, strict=True)]
        best = max(alive, key=lambda option: sum(scores[option]))
        alive = [i for i in alive if i == best or not _trails(scores[best], scores[i])]
        if len(alive) == 1:
            break
    return legal[best]
