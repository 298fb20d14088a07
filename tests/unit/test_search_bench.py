"""The bot levels' bench (tests/bench/search.py) measures a level against the bot its command line names."""

from domain.catalogue import GAMES
from domain.search import SearchBot
from tests.bench.search import measure, named, opponent, parse


def test_the_other_seats_are_greedy_unless_the_command_line_names_another_bot():
    assert parse([]).against == "greedy"
    assert parse(["--against", "medium"]).against == "medium"


def test_a_name_is_a_level_or_a_built_in_bot():
    assert isinstance(named("felix", "medium"), SearchBot)
    assert named("felix", "random") is GAMES["felix"].bots["random"]


def test_the_measured_bot_plays_the_named_bot_in_every_other_seat():
    against_random = measure("felix", 4, "greedy", 8, 0, against="random")
    against_greedy = measure("felix", 4, "greedy", 8, 0, against="greedy")

    assert against_random.games == against_greedy.games == 8
    assert against_random.wins > against_greedy.wins


def test_a_solo_table_is_played_against_pes_whoever_is_named():
    assert opponent(1, "medium") == "Pes"
    assert opponent(2, "medium") == "medium"
