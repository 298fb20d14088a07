"""Every game's view names its viewer's seat the same way: ``you``, the seat or null for a spectator."""

from __future__ import annotations

import pytest

from domain.catalogue import GAMES
from domain.engine import rng_for

#: How games named the viewer's seat before ``you``: no view may use them for it.
OLD_NAMES = ("seat", "me")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_seat_and_the_spectator_find_their_own_seat_under_you_and_under_no_other_name(game):
    rules = GAMES[game]
    players = rules.min_players + 1
    state = rules.fold(rules.setup(players, rules.normalize_options({}, players), rng_for(f"you-{game}", 1)))

    views = {viewer: rules.view(state, viewer) for viewer in (None, *range(players))}

    assert {viewer: view["you"] for viewer, view in views.items()} == {viewer: viewer for viewer in views}
    assert not [name for view in views.values() for name in OLD_NAMES if name in view]
