"""The arena's bookkeeping: who sits where, what each seat is credited with from an audit, and the standings."""

from __future__ import annotations

import pytest

from service.ops.arena import (
    Entrant,
    GameRecord,
    SeatRecord,
    _read_audit,
    lineup,
    percentile,
    standings,
    table_text,
    wilson,
)


def envelope(version: int, command: str, at: float, actor: dict, type_: str = "Moved") -> dict:
    return {"version": version, "type": type_, "command_id": command, "time": at, "actor": actor, "data": {}}


SYSTEM = {"kind": "system"}


def test_each_game_seats_the_bots_one_place_further_round():
    bots = [Entrant(name, "builtin") for name in ("a", "b", "c")]
    assert [[e.name for e in lineup(bots, 3, game)] for game in range(4)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
        ["a", "b", "c"],
    ]


def test_a_kit_bot_claims_a_human_seat_and_the_others_sit_in_bot_seats():
    assert Entrant("examples.bots.felix:FelixBot", "streaming").seat() == {"human": True, "name": "FelixBot"}
    assert Entrant("greedy", "builtin").seat() == {"bot": "greedy"}
    assert Entrant("mybot", "registered").seat() == {"bot": "mybot"}


def test_a_move_is_timed_from_the_event_before_it_and_stand_in_moves_are_counted_apart():
    record = GameRecord(0, seats=[SeatRecord("a"), SeatRecord("b")])
    audit = {
        "events": [
            envelope(1, "open", 100.0, SYSTEM, "TableOpened"),
            envelope(2, "claim", 100.5, {"kind": "seat", "seat": 0}, "SeatClaimed"),
            envelope(3, "start", 101.0, SYSTEM),
            envelope(4, "m1", 101.25, {"kind": "seat", "seat": 0}),
            envelope(5, "m1", 101.25, {"kind": "seat", "seat": 0}),
            envelope(6, "m2", 102.0, {"kind": "bot", "seat": 1, "name": "greedy"}),
            envelope(7, "m3", 105.0, {"kind": "bot", "seat": 0, "name": "random", "for": "timeout"}),
        ]
    }
    _read_audit(record, audit, {"scores": [{"seat": 0, "total": 3}, {"seat": 1, "total": 5}], "winners": [1]})

    assert record.seats[0].latencies == [0.25]
    assert record.seats[1].latencies == [0.75]
    assert record.seats[0].fallbacks == 1
    assert (record.seats[0].rank, record.seats[1].rank) == (2, 1)
    assert record.seats[1].won and not record.seats[0].won


def test_winners_rank_first_whatever_their_score_and_equal_seats_share_a_rank():
    record = GameRecord(0, seats=[SeatRecord(n) for n in "abcd"])
    result = {"scores": [{"seat": s, "total": t} for s, t in enumerate([5, 9, 9, 1])], "winners": [0]}

    _read_audit(record, {"events": [envelope(1, "open", 0.0, SYSTEM)]}, result)

    # As the server ranks registered bots' games (events.bots.ranks), so the arena and GET /v1/bots agree.
    assert [seat.rank for seat in record.seats] == [1, 2, 2, 3]


def test_a_forfeited_seat_ranks_last_whatever_its_score():
    record = GameRecord(0, seats=[SeatRecord(n) for n in "abc"])
    result = {
        "scores": [{"seat": s, "total": t} for s, t in enumerate([5, 9, 2])],
        "winners": [0],
        "forfeited": [1],
    }

    _read_audit(record, {"events": [envelope(1, "open", 0.0, SYSTEM)]}, result)

    assert [seat.rank for seat in record.seats] == [1, 3, 2]


def test_pes_takes_part_in_a_solo_game_and_wins_it_when_the_result_says_so():
    record = GameRecord(0, seats=[SeatRecord("greedy")])
    result = {"scores": [{"seat": 0, "total": 4}], "winners": [], "pes": {"total": 6, "dogs": [], "won": True}}

    _read_audit(record, {"events": [envelope(1, "open", 0.0, SYSTEM)]}, result)

    assert [(seat.bot, seat.won, seat.rank) for seat in record.seats] == [("greedy", False, 2), ("Pes", True, 1)]


def test_an_abandoned_game_is_marked_so_and_credits_nobody():
    record = GameRecord(0, seats=[SeatRecord("a"), SeatRecord("b")])
    _read_audit(record, {"events": [envelope(1, "open", 0.0, SYSTEM)]}, {"abandoned": {}, "scores": [], "winners": []})
    assert record.abandoned
    assert [line.games for line in standings([record], ["a", "b"])] == [0, 0]


def finished(index: int, *seats: tuple[str, float, int]) -> GameRecord:
    return GameRecord(index, seats=[SeatRecord(bot, score, rank == 1, rank) for bot, score, rank in seats])


def test_standings_count_games_wins_and_scores_and_rate_the_better_bot_higher():
    records = [finished(i, ("strong", 10, 1), ("weak", 2, 2)) for i in range(10)]
    records.append(GameRecord(10, seats=[SeatRecord("strong"), SeatRecord("weak", failed=True)], failure="Timeout"))

    lines = {line.bot: line for line in standings(records, ["strong", "weak"])}

    assert (lines["strong"].games, lines["strong"].wins, lines["strong"].scores) == (10, 10, [10] * 10)
    assert (lines["weak"].games, lines["weak"].wins, lines["weak"].failures) == (10, 0, 1)
    assert lines["strong"].failures == 1
    assert lines["strong"].mu > 25 > lines["weak"].mu
    assert lines["strong"].ordinal > lines["weak"].ordinal
    assert "Pes" not in lines


def test_a_bot_in_two_seats_of_a_game_plays_both_and_is_rated_once_per_game():
    records = [finished(i, ("greedy", 10, 1), ("random", 2, 2), ("random", 3, 3)) for i in range(5)]

    lines = {line.bot: line for line in standings(records, ["greedy", "random"])}

    assert lines["random"].games == 10
    assert lines["greedy"].mu > lines["random"].mu


@pytest.mark.parametrize(("share", "expected"), [(0.5, 50), (0.99, 99), (1.0, 100)])
def test_percentiles_are_nearest_rank(share, expected):
    assert percentile([float(v) for v in range(100, 0, -1)], share) == expected


def test_the_wilson_interval_holds_the_share_and_is_never_empty_or_past_certainty():
    assert wilson(47, 50) == pytest.approx((0.838, 0.979), abs=0.001)
    assert wilson(0, 50) == (0.0, pytest.approx(0.0714, abs=0.0001))
    assert wilson(50, 50)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_table_prints_each_bots_share_of_wins_with_its_95_percent_interval():
    records = [finished(i, ("strong", 10, 1 if i < 47 else 2), ("weak", 2, 2 if i < 47 else 1)) for i in range(50)]

    text = table_text(standings(records, ["strong", "weak"]))

    assert "| strong | 50 | 47 (94% [84%-98%]) |" in text
    assert "| weak | 50 | 3 (6% [2%-16%]) |" in text
