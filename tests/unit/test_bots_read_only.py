"""Every game's built-in bots read the view they are given and change nothing of it: a view may share its parts
with the state it shows (views are read, never changed), so a bot that wrote to one would change the game."""

from __future__ import annotations

import pytest

from domain.catalogue import GAMES
from domain.engine import reads_history
from tests.unit.contract import check_playout, no_invariants

#: Every built-in bot (A Dog's Life's random one reads the view too), each at its game's fewest seats: Spots' greedy
#: bot plays out its choices from the view in a solo game. The search bots, which read the seat's log too, have
#: theirs in tests/unit/test_search.py.
BOTS = [
    (game, rules.min_players, name)
    for game, rules in GAMES.items()
    for name, bot in rules.bots.items()
    if not reads_history(bot)
]


@pytest.mark.parametrize(("game", "players", "bot"), BOTS, ids=[f"{game}-{bot}" for game, _, bot in BOTS])
def test_a_bot_plays_a_whole_game_without_changing_the_views_it_reads(game: str, players: int, bot: str) -> None:
    check_playout(GAMES[game], players, f"read-only-{bot}", no_invariants, bot=bot, samples=1)
