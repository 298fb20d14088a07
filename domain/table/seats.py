"""Who plays each seat now: the seats that may act, a person or a built-in bot, and the bot's move.

A fallback bot's move is the system's ``PlayFor {seat}``: the table itself chooses the move from the seat's view
and legal moves with the bot's seed-derived rng, as the schedule does for a bot seat. So the table tells a bot's
move from the person's (only the person's returns an absent seat), and a replay recomputes every such choice.

A registered bot (a webhook bot, which dogpark calls over HTTP) sits in a bot seat that records its id
(``webhook``), its built-in ``fallback`` and ``replace_after``; it has no clock (its call has a timeout). Its moves
are the seat's own, as the webhook worker sends them or as its fallback plays a failed call. After
``replace_after`` failures in a row the system's ``ReplaceBot`` records ``BotReplaced``, and from then on the
fallback plays the seat like a bot seat's own bot (``controller``).
"""

from __future__ import annotations

from typing import NamedTuple

from domain.choices import Node
from domain.engine import Command, Seat, bot_rng
from domain.language import Message
from domain.table import undo
from domain.table.bots import builtin_bots, thinks, timeout_bot
from domain.table.state import BOTS_REVISION, Table, rules_of

#: The bot that plays a seat that resigned or forfeited when ``on_timeout`` names none.
DEFAULT_BOT = "random"


class Turn(NamedTuple):
    """Whether a seat's own player may act now (a bot plays none of its decisions), and its clock's deadline."""

    may_act: bool
    deadline: float | None


def to_act(table: Table) -> list[int]:
    """Seats that may act now."""
    return rules_of(table).to_act(table["game"]) if table["status"] == "running" else []


def legal_moves(table: Table, seat: Seat) -> list[Command]:
    """The commands ``seat`` may send now: its game's moves, then each undo it may make (a built-in bot plays from
    its game's moves alone: ``bot_move``)."""
    if seat is None or table["status"] != "running":
        return []
    rules = rules_of(table)
    offered = [undo.move(offer) for offer in _undos(table, seat)]
    return rules.legal_moves(table["game"], seat) + offered + undo.answers(table, seat)


def _undos(table: Table, seat: int) -> list[undo.Offer]:
    """The undos ``seat``'s person may make now: none while a bot plays the seat (a bot never undoes)."""
    return undo.offers(table, rules_of(table), seat) if standing(table, seat) is None else []


def label(table: Table, seat: int, move: Command) -> Message:
    """A short name for one of ``seat``'s legal moves: an undo's the table's, any other its game's."""
    if move.get("type") in ("AcceptUndo", "DeclineUndo"):
        return undo.answer_label(table, move)
    for offer in _undos(table, seat) if move.get("type") == "Undo" else []:
        if offer.to_version == move.get("to_version"):
            return undo.label(offer)
    return rules_of(table).label(table["game"], seat, move)


def choices(table: Table, seat: Seat) -> Node | None:
    """The game's moves ``seat`` may send now as a tree of choices (domain/choices.py); None when it may send none.

    The table's undo commands are not in it: ``legal_moves`` lists them, and a client shows them apart from the
    game's moves (docs/undo.md), so the game's first choice stays the first a player meets.
    """
    if seat is None or table["status"] != "running":
        return None
    return rules_of(table).choices(table["game"], seat)


def fallback_bot(table: Table) -> str:
    """The built-in bot that plays a person's seat when it times out, is absent, resigned or forfeited."""
    return timeout_bot(table["on_timeout"]) or DEFAULT_BOT


def standing(table: Table, seat: int) -> str | None:
    """Why a bot plays a person's seat now: "resigned", "forfeited", "absent", "timeout"; None: it does not.

    "timeout": the seat's clock ran out and the seat has not moved since (its fallback move is due).
    """
    if table["seats"][seat]["kind"] == "bot":
        return None
    clock = table["clocks"][seat]
    for flag in ("resigned", "forfeited", "absent"):
        if clock[flag]:
            return flag
    return "timeout" if clock["expired"] and seat in to_act(table) else None


def controller(table: Table, seat: int) -> str | None:
    """The built-in bot playing ``seat`` now: a bot seat's own, or the fallback bot (``standing``); None: a person.

    A registered bot's seat is played by its webhook (None) until BotReplaced, and by its fallback after.
    """
    spec = table["seats"][seat]
    if "webhook" in spec:
        return spec["fallback"] if spec.get("replaced") else None
    if spec["kind"] == "bot":
        return spec["bot"]
    return fallback_bot(table) if standing(table, seat) is not None else None


def turn(table: Table, seat: int) -> Turn:
    """Whether ``seat``'s own player may act now (no bot decides for it), and when its clock runs out (None: none)."""
    may_act = seat in to_act(table) and controller(table, seat) is None
    return Turn(may_act, table["clocks"][seat]["deadline"] if may_act else None)


def bot_move(table: Table, seat: int, name: str, seed: str) -> Command:
    """The built-in bot ``name``'s move in ``seat``: from its view, its legal moves and its rng, nothing else.

    The bot plays as it did when the table was opened: a table that records no bots revision has its game's
    ``earlier_bots`` (state.BOTS_REVISION). A level that thinks has no such move (``thinker``).
    """
    rules = rules_of(table)
    game = table["game"]
    rng = bot_rng(seed, table["version"], seat)
    bots = builtin_bots(rules)
    bots = bots if table.get("bots", 0) >= BOTS_REVISION else {**bots, **rules.earlier_bots}
    return bots[name](rules.view(game, seat), rules.legal_moves(game, seat), rng)


def thinker(table: Table, seat: int) -> str | None:
    """The level that thinks (a search) playing ``seat`` now, whose move the search worker brings; None: none does."""
    name = controller(table, seat)
    return name if name is not None and thinks(rules_of(table), name) else None


def played_by_bot(table: Table, seat: int) -> bool:
    """True for a seat a built-in bot plays for good (a bot seat; an absent, resigned or forfeited one): no clock."""
    return table["seats"][seat]["kind"] == "bot" or standing(table, seat) not in (None, "timeout")
