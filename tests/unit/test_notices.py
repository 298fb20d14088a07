"""What a command tells its players (service/core/notices.py), and how a notification reads in each language
(workers/notifications.py)."""

from __future__ import annotations

import pytest

from service.core.notices import Notice, notices
from workers.notifications import notification


def entry(your_turn: bool, status: str = "running", deadline: float | None = None) -> dict:
    return {
        "game": "g1",
        "type": "spots",
        "seats": [0],
        "status": status,
        "your_turn": your_turn,
        "deadline": deadline,
        "created": 0.0,
    }


def test_a_player_whose_turn_comes_is_told_and_one_whose_turn_goes_on_is_not():
    before = {"ana": entry(False), "bo": entry(True)}
    after = {"ana": entry(True), "bo": entry(True)}
    assert notices(before, after, None, 100.0, 0.1) == [Notice("ana", "turn", {"type": "spots"})]


def test_the_player_who_sent_the_command_is_told_only_the_clock_warning_that_comes_later():
    assert notices({"ana": entry(False)}, {"ana": entry(True)}, "ana", 100.0, 0.1) == []
    told = notices({"ana": entry(False)}, {"ana": entry(True, deadline=200.0)}, "ana", 100.0, 0.1)
    assert [n.kind for n in told] == ["clock"]


def test_a_turn_with_a_deadline_also_holds_a_clock_warning_at_its_share_of_the_turn_left():
    told = notices({"ana": entry(False)}, {"ana": entry(True, deadline=200.0)}, None, 100.0, 0.1)
    assert told[1] == Notice("ana", "clock", {"type": "spots", "deadline": 200.0, "warn_at": 190.0})
    assert [n.kind for n in notices({"ana": entry(False)}, {"ana": entry(True, deadline=200.0)}, None, 100.0, 0)] == [
        "turn"
    ]


def test_a_game_that_finishes_tells_each_player_once():
    before = {"ana": entry(True), "bo": entry(False)}
    after = {"ana": entry(False, "finished"), "bo": entry(False, "finished")}
    assert notices(before, after, "ana", 1.0, 0.1) == [Notice("bo", "game_over", {"type": "spots"})]
    assert notices(after, after, None, 1.0, 0.1) == []


@pytest.mark.parametrize(
    ("count", "body"),
    [
        (1, "На вас чекає 1 гра."),
        (3, "На вас чекають 3 гри."),
        (5, "На вас чекають 5 ігор."),
        (21, "На вас чекає 21 гра."),
        (22, "На вас чекають 22 гри."),
    ],
)
def test_a_digest_counts_games_with_ukrainians_three_plural_forms(count, body):
    said = notification("p1", "digest", None, None, {"count": count}, "uk")
    assert said["body"] == body


@pytest.mark.parametrize(
    ("language", "title", "body"),
    [
        ("en", "Your turn", "It is your turn in Spots."),
        ("pt", "A sua vez", "É a sua vez em Spots."),
        ("uk", "Ваш хід", "Ваш хід у грі Крапки."),
        ("it", "Tocca a te", "Tocca a te in Spots."),
    ],
)
def test_a_turn_reads_in_the_players_language_with_the_games_own_name(language, title, body):
    said = notification("p1", "turn", "g1", 7, {"type": "spots"}, language)
    assert (said["title"], said["body"]) == (title, body)
    assert said["id"] == "p1:turn:g1:7" and said["url"] == "/#/games/g1" and said["language"] == language


def test_a_clock_warning_says_the_seconds_left():
    said = notification("p1", "clock", "g1", 7, {"type": "spots", "seconds": 30}, "pt")
    assert said["body"] == "Restam 30 segundos para a sua vez em Spots."
