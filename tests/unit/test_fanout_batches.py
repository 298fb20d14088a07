"""The fan-out's pieces that need no Redis: batches cut by command, their text per seat and language, a stream's
inbox."""

from __future__ import annotations

from service.streams import registry, subscription
from service.streams.batches import Batch, announcement, batches
from service.streams.registry import Watched
from service.streams.subscription import END, TICK, Subscription
from tests.sse import parse

#: The players' names after each batch, in the languages read.
NAMES = {"en": ["Ana", "Bo", "Cy"], "uk": ["Ana", "Bo", "Cy"]}
EN, UK = "en", "uk"


def envelope(version: int, command_id: str, kind: str = "SeatClaimed") -> dict:
    data = {"seed": "s"} if kind == "SeedRevealed" else {"seat": 0, "name": None, "player": None}
    return {"version": version, "type": kind, "data": data, "actor": {"kind": "system"}, "command_id": command_id,
            "time": 1000.0 + version, "hash": "0" * 64}


def test_envelopes_are_cut_into_one_batch_per_append_in_order():
    log = [envelope(1, "a"), envelope(2, "a"), envelope(3, "b"), envelope(4, "c"), envelope(5, "c")]

    assert [[e["version"] for e in batch] for batch in batches(log)] == [[1, 2], [3], [4, 5]]


def test_a_batch_gives_only_the_events_after_the_version_a_stream_has_and_names_the_game_for_a_player():
    batch = Batch("g1", "felix", [envelope(4, "a"), envelope(5, "a", "SeedRevealed")], {}, NAMES)

    whole = parse(batch.events((None, EN), 3))
    tail = parse(batch.events((None, EN), 4))
    named = parse(batch.events((None, EN), 3, named=True))

    assert [(m.id, m.event) for m in whole] == [("4", "SeatClaimed"), ("5", "SeedRevealed")]
    assert [m.id for m in tail] == ["5"]
    assert [(m.id, m.data["game"], m.data["version"]) for m in named] == [(None, "g1", 4), (None, "g1", 5)]
    assert batch.ends_game and batch.last == 5


def test_a_stream_takes_everything_handed_to_it_at_once_in_order():
    stream = Subscription(EN)
    first, second = (Batch("g", "felix", [envelope(v, str(v))], {}, NAMES) for v in (1, 2))

    stream.put(first)
    stream.put(TICK, second)

    assert stream.take() == [first, TICK, second]


def test_a_stream_that_stops_reading_is_ended_instead_of_holding_batches_for_ever(monkeypatch):
    monkeypatch.setattr(subscription, "MAX_PENDING", 3)
    stream = Subscription(EN)

    for version in range(1, 6):
        stream.put(Batch("g", "felix", [envelope(version, str(version))], {}, NAMES))

    taken = stream.take()
    assert taken[-1] is END and len(taken) <= 3


def test_a_turn_is_not_sent_for_a_batch_older_than_what_the_client_had():
    stream = Subscription(EN)
    stream.seats["g"], stream.since["g"] = (1,), 7
    older = Batch("g", "felix", [envelope(6, "a")], {(1, EN): "event: turn\ndata: {}\n\n"}, NAMES)
    turns = {(1, EN): "event: turn\ndata: {}\n\n", (2, EN): "other seat's", (1, UK): "another language's"}
    newer = Batch("g", "felix", [envelope(8, "b")], turns, NAMES)

    assert (stream.turns(older), stream.turns(newer)) == ("", "event: turn\ndata: {}\n\n")


def test_a_batch_speaks_each_readers_language_and_calls_the_players_by_the_names_of_that_language():
    named = {"en": ["Greedy Rex", "Bo"], "uk": ["Жадібний Rex", "Bo"]}
    batch = Batch("g", "counter", [envelope(4, "a"), envelope(5, "a")], {}, named)

    english, ukrainian = parse(batch.events((0, EN), 0)), parse(batch.events((0, UK), 0))

    assert [m.data["text"] for m in english] == ["Greedy Rex takes a seat."] * 2
    assert [m.data["text"] for m in ukrainian] == ["Жадібний Rex займає місце."] * 2
    assert batch.chunk((0, UK), 0) is batch.chunk((0, UK), 0), "made once for every stream reading it so"


def test_a_stream_gets_the_turn_of_its_seat_in_its_own_language():
    turns = {(1, EN): "english turn", (1, UK): "ukrainian turn"}
    batch = Batch("g", "felix", [envelope(8, "b")], turns, NAMES)
    english, ukrainian = Subscription(EN), Subscription(UK)
    english.seats["g"] = ukrainian.seats["g"] = (1,)

    assert (english.turns(batch), ukrainian.turns(batch)) == ("english turn", "ukrainian turn")
    assert ukrainian.readings("g") == [(1, UK)]


def test_an_announcement_is_a_version_alone_or_a_version_then_the_envelope_texts_one_a_line():
    assert announcement(b"7") == (7, [])
    assert announcement(b'9\n{"version":8}\n{"version":9}') == (9, [b'{"version":8}', b'{"version":9}'])
    assert announcement("9\n{}") == (9, [b"{}"])


def watched_at(version: int) -> Watched:
    watched = Watched("g")
    watched.version = version
    return watched


def test_the_envelopes_heard_are_taken_from_just_after_what_was_handed_out_up_to_the_newest_announced():
    watched = watched_at(5)
    watched.hear(5, [b"4", b"5"])
    watched.hear(7, [b"6", b"7"])

    taken = watched.news(0)
    watched.version = 7
    assert taken == [b"6", b"7"]
    assert watched.news(0) == [], "taken once, and nothing more announced"


def test_news_is_read_when_the_envelopes_heard_begin_after_a_gap_or_stop_short_of_the_newest_version():
    gap, short, unannounced, bare = watched_at(5), watched_at(5), watched_at(5), watched_at(5)
    gap.hear(6, [b"6"])
    gap.hear(8, [b"8"])
    short.hear(6, [b"6"])
    short.hear(8, [])
    unannounced.hear(6, [b"6"])
    bare.hear(6, [])

    assert (gap.heard_first, gap.heard) == (8, [b"8"]), "what was heard before the gap is dropped"
    assert [gap.news(0), short.news(0), unannounced.news(7), bare.news(0)] == [None] * 4


def test_envelopes_heard_past_the_cap_are_dropped_and_the_news_read(monkeypatch):
    monkeypatch.setattr(registry, "MAX_HEARD", 3)
    watched = watched_at(0)
    watched.hear(2, [b"1", b"2"])
    watched.hear(4, [b"3", b"4"])

    assert watched.heard == [] and watched.news(0) is None
