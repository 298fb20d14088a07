"""A new table: the commitment to its seed, and its CreateGame command with the seats, limits and settings checked."""

from __future__ import annotations

import hashlib
from typing import Any

from domain.catalogue import GAMES
from domain.engine import BadOptions, Command, Rules
from domain.table import undo as undos
from domain.table.bots import bot_names, builtin_bots
from domain.table.clocks import clock_setting
from domain.table.seats import DEFAULT_BOT
from domain.table.state import BOTS_REVISION, HINTS, PRIVATE, SETTINGS, SPECTATOR_CHAT, SPECTATOR_DELAY
from domain.table.vacations import vacation_setting

#: The most expiries in a row ``absent_after`` may wait for.
MAX_ABSENT_AFTER = 100
#: The longest player id a seat may be kept for (ids are 16 hex digits; the claim takes up to 64).
MAX_PLAYER_ID = 64
#: The most moves spectators may be kept behind a game (a few rounds of the longest table).
MAX_SPECTATOR_DELAY = 50


def seed_digest(seed: str) -> str:
    """The public commitment to a secret seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def create(
    game_type: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    seed: str,
    max_events: int | None = None,
    open_seconds: float | None = None,
    registered: dict[str, dict[str, Any]] | None = None,
    private: bool | None = None,
    spectator_chat: bool | None = None,
    spectator_delay: int | None = None,
    undo: str | None = None,
    hints: bool | None = None,
    **settings: Any,
) -> Command:
    """Validate a new game's settings and return its CreateGame command (limits None: none); raise BadOptions.

    ``settings`` are the table's ``SETTINGS`` (clock, on_timeout, absent_after, hotseat, rated, vacation_days); one
    that is None is not given, and only given ones are recorded. A ``private`` table is recorded so only when it is one,
    and ``spectator_chat`` only when false (spectators may not chat), ``spectator_delay`` only when above 0. ``undo``
    (off, safe, ask; None: safe) is always recorded, so a table opened before undo existed folds as it did, with none.
    ``hints`` (None: true at an unrated table, false at a rated one, which refuses true) is recorded only when false
    at an unrated table, so a table opened before hints existed folds as it did.
    ``registered`` are the registered bots the seats may name that are not built-in ones, by the name a seat gives,
    each as the service's registry has it: ``{"id", "name", "games", "replace_after"}`` (see ``_bot_seat``). A
    person's seat may be kept for a player (``{"human": true, "player": "<id>"}``): only that player claims it.
    """
    if game_type not in GAMES:
        raise BadOptions("type", f"unknown game type {game_type!r}; see /v1/game-types")
    rules = GAMES[game_type]
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise BadOptions("seats", f"{rules.name} takes {rules.min_players} to {rules.max_players} players")
    normalized = []
    for index, spec in enumerate(seats):
        if "bot" in spec:
            normalized.append(_bot_seat(rules, index, spec, registered or {}))
        else:
            normalized.append(_human_seat(index, spec))
    return {
        "type": "CreateGame",
        "game": game_type,
        "options": rules.normalize_options(options, len(seats)),
        "seats": normalized,
        "seed_sha256": seed_digest(seed),
        "max_events": max_events,
        "open_seconds": open_seconds,
        "bots": BOTS_REVISION,
        **_settings(rules, {name: value for name, value in settings.items() if value is not None}),
        **({PRIVATE: True} if _flag(PRIVATE, private) else {}),
        **({SPECTATOR_CHAT: False} if spectator_chat is not None and not _flag(SPECTATOR_CHAT, spectator_chat) else {}),
        **({SPECTATOR_DELAY: spectator_delay} if _moves_behind(spectator_delay) else {}),
        undos.UNDO: _undo(undo),
        **_hints(hints, bool(settings.get("rated"))),
    }


def _hints(value: Any, rated: bool) -> dict[str, bool]:
    """TableOpened's record of the hints setting as given: false at an unrated table, nothing for the default;
    raise BadOptions for anything but true or false (None: not given), and for true at a rated table."""
    if _flag(HINTS, value) and rated:
        raise BadOptions(HINTS, "a rated game gives no hints (rule RatedNoHints): leave hints out or send false")
    return {HINTS: False} if value is False and not rated else {}


def _moves_behind(delay: Any) -> int:
    """A spectator delay as given (None: 0); raise BadOptions for anything but an integer from 0 to the maximum."""
    if delay is None:
        return 0
    if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= MAX_SPECTATOR_DELAY:
        raise BadOptions(SPECTATOR_DELAY, f"an integer from 0 to {MAX_SPECTATOR_DELAY} (moves)")
    return delay


def _undo(value: Any) -> str:
    """The undo setting as given (None: the default); raise BadOptions for anything but one of its values."""
    if value is None:
        return undos.DEFAULT
    if not isinstance(value, str) or value not in undos.MODES:
        raise BadOptions(undos.UNDO, f"one of {list(undos.MODES)}")
    return value


def _human_seat(index: int, spec: dict[str, Any]) -> dict[str, Any]:
    """A person's seat as TableOpened records it; one kept for a named player records its id (``reserved``)."""
    player = spec.get("player")
    if player is None:
        return {"kind": "human", "name": spec.get("name")}
    if not isinstance(player, str) or not 0 < len(player) <= MAX_PLAYER_ID:
        raise BadOptions(f"seats[{index}].player", "a player id")
    return {"kind": "human", "name": spec.get("name"), "reserved": player}


def _bot_seat(rules: Rules, index: int, spec: dict[str, Any], registered: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A bot seat as TableOpened records it: a built-in bot; or a registered one, with its id (``webhook``), the
    built-in ``fallback`` that plays its failed turns (default random), and ``replace_after``, the failures in a row
    after which the fallback plays the seat for good. The record is all a replay needs, without the registry."""
    name, fallback = spec["bot"], spec.get("fallback")
    if name in bot_names(rules):
        if fallback is not None:
            raise BadOptions(f"seats[{index}].fallback", "only a registered bot has a fallback")
        return {"kind": "bot", "bot": name, "name": spec.get("name") or name}
    bot = registered.get(name)
    if bot is None or rules.id not in bot["games"]:
        raise BadOptions(
            f"seats[{index}].bot",
            f"no bot {name!r} plays {rules.name}: built-in are {bot_names(rules)}; see /v1/bots",
        )
    fallback = DEFAULT_BOT if fallback is None else fallback
    # A failed call's fallback moves at once, as the webhook worker's: never a level that thinks.
    if fallback not in builtin_bots(rules):
        raise BadOptions(f"seats[{index}].fallback", f"a built-in bot: {sorted(builtin_bots(rules))}")
    return {
        "kind": "bot",
        "bot": bot["name"],
        "name": spec.get("name") or bot["name"],
        "webhook": bot["id"],
        "fallback": fallback,
        "replace_after": bot["replace_after"],
    }


def _settings(rules: Rules, given: dict[str, Any]) -> dict[str, Any]:
    """The given table settings, checked; raise BadOptions naming the field."""
    unknown = sorted(set(given) - set(SETTINGS))
    if unknown:
        raise BadOptions(unknown[0], "no such table setting")
    clocked = ("on_timeout", "absent_after", "vacation_days")
    if "clock" in given:
        given["clock"] = clock_setting(given["clock"])
    elif any(name in given for name in clocked):
        raise BadOptions(next(name for name in clocked if name in given), "needs a clock")
    if "vacation_days" in given:
        given["vacation_days"] = vacation_setting(given["vacation_days"])
    choices = ["forfeit", *(f"bot:{name}" for name in bot_names(rules))]
    on_timeout = given.get("on_timeout")
    if on_timeout is not None and (not isinstance(on_timeout, str) or on_timeout not in choices):
        raise BadOptions("on_timeout", f"one of {choices}")
    absent_after = given.get("absent_after")
    if absent_after is not None and (
        not isinstance(absent_after, int) or isinstance(absent_after, bool) or not 1 <= absent_after <= MAX_ABSENT_AFTER
    ):
        raise BadOptions("absent_after", f"an integer from 1 to {MAX_ABSENT_AFTER}")
    _flag("hotseat", given.get("hotseat"))
    # A rated seat is a player's, one per seat: one player holding several would rate against itself.
    if _flag("rated", given.get("rated")) and given.get("hotseat"):
        raise BadOptions("rated", "a rated game is not a hotseat game")
    return given


def _flag(name: str, value: Any) -> bool:
    """A setting that is true or false (None: not given, false); raise BadOptions naming it for anything else."""
    if value is not None and not isinstance(value, bool):
        raise BadOptions(name, "true or false")
    return bool(value)
