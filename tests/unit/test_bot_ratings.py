"""Ratings of bots: ranks from a game's result, and OpenSkill updates from ranks."""

from __future__ import annotations

from events.ratings import ranks, updated


def test_winners_rank_first_then_the_others_by_total_equal_totals_tying():
    result = {
        "scores": [
            {"seat": 0, "total": 10},
            {"seat": 1, "total": 30},
            {"seat": 2, "total": 20},
            {"seat": 3, "total": 20},
        ],
        "winners": [0],  # a tie-break, say: the result decides, not the totals
    }

    assert ranks(result) == {"0": 1, "1": 2, "2": 3, "3": 3}


def test_a_forfeited_seat_ranks_last_whatever_its_total():
    result = {
        "scores": [{"seat": 0, "total": 50}, {"seat": 1, "total": 5}],
        "winners": [1],
        "forfeited": [0],
    }

    assert ranks(result) == {"0": 2, "1": 1}


def test_pes_takes_part_in_a_solo_game_of_spots_and_wins_one_without_winners():
    lost = {"scores": [{"seat": 0, "total": 4}], "winners": [], "pes": {"total": 6, "dogs": [], "won": True}}
    won = {"scores": [{"seat": 0, "total": 7}], "winners": [0], "pes": {"total": 6, "dogs": [], "won": False}}

    assert ranks(lost) == {"0": 2, "pes": 1}
    assert ranks(won) == {"0": 1, "pes": 2}


def test_the_winner_gains_the_loser_loses_and_both_grow_surer():
    after = updated([("bot:a", 1), ("builtin:random", 2)], {})

    assert after["bot:a"]["mu"] > 25 > after["builtin:random"]["mu"]
    assert after["bot:a"]["sigma"] < 25 / 3 and after["builtin:random"]["sigma"] < 25 / 3
    assert after["bot:a"]["games"] == after["builtin:random"]["games"] == 1


def test_a_person_is_rated_afresh_and_kept_nowhere():
    after = updated([(None, 1), ("bot:a", 2)], {"bot:a": {"mu": 30.0, "sigma": 4.0, "games": 9}})

    assert set(after) == {"bot:a"}
    assert after["bot:a"]["mu"] < 30.0 and after["bot:a"]["games"] == 10


def test_a_bot_in_two_seats_takes_the_mean_of_its_two_updates():
    two = updated([("bot:a", 1), ("bot:a", 3), ("builtin:greedy", 2)], {})
    apart = updated([("bot:x", 1), ("bot:y", 3), ("builtin:greedy", 2)], {})

    assert two["bot:a"]["games"] == 1
    assert two["bot:a"]["mu"] == (apart["bot:x"]["mu"] + apart["bot:y"]["mu"]) / 2


def test_a_game_of_one_player_rates_nobody():
    assert updated([("bot:a", 1)], {}) == {}
