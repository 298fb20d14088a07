"""Undo at the table, over seeded games of every game: an allowed undo returns exactly the state at its version and
reveals nothing to anyone; a refused one names the rule that refuses it; bots are never offered one."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, copy_json, rng_for
from domain.secrecy import find_leaks
from domain.table import undo
from tests.unit.undo_playouts import GAMES, IDS, Decided, playout, refused, table_at, undone

#: Every rule a refused undo may name.
RULES = {"NotYourDecision", "UndoOutOfReach", *undo.LIMITS}


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_an_allowed_undo_returns_the_game_to_exactly_its_state_at_that_version(game, players, options):
    tried = 0
    for decided in playout(game, players, options, "undo-exact"):
        for offer in undo.offers(decided.table, tables.rules_of(decided.table), decided.seat):
            events, after = undone(decided, offer.to_version)
            assert events[0] == {"type": "Undone", "data": {"seat": decided.seat, "to_version": offer.to_version}}
            assert after["game"] == table_at(decided.log, offer.to_version)["game"]
            # The log with the undo folds to the very table the command's apply made.
            assert tables.fold(copy_json(decided.log + events)) == after
            tried += 1
    assert tried


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_an_allowed_undo_takes_back_only_whole_decisions_of_its_own_seat_that_drew_nothing(game, players, options):
    for decided in playout(game, players, options, "undo-own", take=0.3):
        for offer in undo.offers(decided.table, tables.rules_of(decided.table), decided.seat):
            since = [batch for batch in decided.batches if batch.last > offer.to_version]
            assert since and since[0].first == offer.to_version + 1, offer
            assert all(batch.seat == decided.seat for batch in since), offer
            assert not any(batch.drew for batch in since), offer


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_no_allowed_undo_takes_back_a_step_that_showed_another_seat_or_a_spectator_a_secret(game, players, options):
    for decided in playout(game, players, options, "undo-shown"):
        rules = tables.rules_of(decided.table)
        for offer in undo.offers(decided.table, rules, decided.seat):
            then = table_at(decided.log, offer.to_version)
            for reader in [other for other in range(players) if other != decided.seat] + [None]:
                # Everything the reader was shown since: each event as redacted for it, its view at each version.
                since = range(offer.to_version + 1, len(decided.log) + 1)
                shown = [tables.redact(game, ev, reader) for ev in decided.log[offer.to_version :]]
                shown += [rules.view(table_at(decided.log, version)["game"], reader) for version in since]
                assert find_leaks(shown, rules.secrets(then["game"], reader)) == [], (offer, reader)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_no_allowed_undo_shows_any_seat_or_spectator_a_secret(game, players, options):
    for decided in playout(game, players, options, "undo-secret"):
        rules = tables.rules_of(decided.table)
        for offer in undo.offers(decided.table, rules, decided.seat):
            events, after = undone(decided, offer.to_version)
            for reader in [*range(players), None]:
                # What the reader may not know, before the undo and after it.
                hidden = rules.secrets(decided.table["game"], reader) + rules.secrets(after["game"], reader)
                shown = [tables.redact(game, ev, reader) for ev in events] + [tables.view(after, reader)]
                if reader != decided.seat:
                    assert find_leaks(shown, hidden) == [], (offer, reader)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_refused_undo_names_the_rule_that_refuses_it(game, players, options):
    seen: set[str] = set()
    for decided in playout(game, players, options, "undo-refused"):
        offers = undo.offers(decided.table, tables.rules_of(decided.table), decided.seat)
        allowed = {offer.to_version for offer in offers}
        for version in range(max(1, decided.table["version"] - 12), decided.table["version"]):
            reason = refused(decided, version)
            assert (reason is None) == (version in allowed), version
            assert reason is None or reason in RULES
            seen.add(reason or "allowed")
    assert "allowed" in seen and seen & set(undo.LIMITS)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_game_goes_on_after_undos_and_its_log_folds_to_the_table_played(game, players, options):
    undos = 0
    for decided in playout(game, players, options, "undo-on", take=0.5):
        undos += sum(1 for ev in decided.log if ev["type"] == "Undone")
        assert tables.fold(copy_json(decided.log)) == decided.table
    assert undos


def past_another_seat(seed: str) -> tuple[Decided, int]:
    """A decision of a Felix game under ask, and the latest version an undo of it would take another seat's move
    back to."""
    for decided in playout("felix", 3, {}, seed, mode="ask"):
        now = decided.table["version"]
        versions = [v for v in range(now - 1, now - 16, -1) if refused_under_safe(decided, v) == "OtherSeatActed"]
        if versions:
            return decided, versions[0]
    raise AssertionError("no undo past the limits was tried")


def test_under_ask_an_undo_past_the_limits_happens_once_every_other_player_accepts():
    decided, version = past_another_seat("undo-ask")
    events, table = undone(decided, version)
    assert events[0]["type"] == "UndoAsked" and events[0]["data"]["rule"] == "OtherSeatActed"
    asked = events[0]["data"]["asked"]
    declined = tables.apply(copy_json(table), asked[0], {"type": "DeclineUndo"}, rng_for("x", 0), decided.seed)[1]
    assert declined["undo"]["pending"] is None and declined["game"] == table["game"]
    for seat in asked:
        assert {"type": "AcceptUndo"} in tables.legal_moves(table, seat)
        events, table = tables.apply(table, seat, {"type": "AcceptUndo"}, rng_for("x", 0), decided.seed)
    assert events[-1] == {"type": "Undone", "data": {"seat": decided.seat, "to_version": version}}
    assert table["game"] == table_at(decided.log, version)["game"]


def refused_under_safe(decided, version: int) -> str | None:
    """The rule refusing an undo to ``version`` under ``safe`` at the decided table."""
    safe = copy_json(decided.table)
    safe["undo"]["setting"] = "safe"
    return refused(Decided(safe, decided.seat, decided.log, decided.seed), version)


def test_a_bot_is_never_offered_an_undo_nor_may_it_make_one():
    command = tables.create("dogs", {}, [{"name": "p"}, {"bot": "random"}], "seed", undo="safe")
    log, table = tables.apply(None, None, command, rng_for("seed", 1), "seed")
    _, table = tables.apply(table, 0, {"type": "ClaimSeat", "seat": 0}, rng_for("seed", 2), "seed")
    assert all(move["type"] != "Undo" for move in tables.legal_moves(table, 1))
    with pytest.raises(IllegalMove) as refused_bot:
        tables.apply(table, 1, {"type": "Undo", "to_version": 2}, rng_for("seed", 3), "seed")
    assert refused_bot.value.reason == "NotYourDecision"


def test_a_table_with_undo_off_offers_none_and_refuses_every_undo():
    for decided in playout("dogs", 2, {}, "undo-off", mode="off"):
        assert not any(move["type"] == "Undo" for move in tables.legal_moves(decided.table, decided.seat))
        assert refused(decided, decided.table["version"] - 1) == "UndoOff"


def test_undo_takes_only_its_settings():
    with pytest.raises(BadOptions) as bad:
        tables.create("dogs", {}, [{"name": "p"}] * 2, "seed", undo="sometimes")
    assert bad.value.option == "undo"
    assert tables.create("dogs", {}, [{"name": "p"}] * 2, "seed")["undo"] == "safe"


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_seat_that_took_its_move_back_may_take_back_the_move_it_makes_instead(game, players, options):
    again = 0
    for decided in playout(game, players, options, "undo-again"):
        offers = undo.offers(decided.table, tables.rules_of(decided.table), decided.seat)
        if not offers:
            continue
        log, table = undone(decided, offers[0].to_version)
        # The game stands as it stood at the version the undo returned to, from the undo's own version on.
        back, rules = table["version"], tables.rules_of(table)
        move = rules.legal_moves(table["game"], decided.seat)[0]
        rng = rng_for(decided.seed, table["version"] + 1)
        moved, table = tables.apply(table, decided.seat, move, rng, decided.seed)
        instead = Decided(table, decided.seat, decided.log + log + moved, decided.seed)
        reason = refused(instead, back)
        # The move made instead is as undoable as any: only what it did itself may refuse it.
        assert reason in (None, "ChanceRecorded", "SomethingRevealed"), reason
        again += reason is None
    assert again


def test_an_undo_to_a_version_of_the_tables_own_event_is_refused_naming_its_rule():
    decided, version = past_another_seat("undo-own-event")
    _, table = undone(decided, version)
    asked = table["undo"]["pending"]["asked"][0]
    _, table = tables.apply(table, asked, {"type": "DeclineUndo"}, rng_for("x", 0), decided.seed)

    with pytest.raises(IllegalMove) as refused_undo:
        undo_to = {"type": "Undo", "to_version": table["version"] - 1}
        tables.apply(table, decided.seat, undo_to, rng_for("x", 0), decided.seed)

    assert refused_undo.value.reason == "NotYourDecision"
