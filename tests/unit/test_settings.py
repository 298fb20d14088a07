"""Settings: every Redis connection waits no longer than the Redis timeout, and a stream never blocks for ever."""

from __future__ import annotations

import pytest

from service.core.config import Settings
from service.core.wiring import build
from service.streams.fanout import Fanout


def test_requests_and_the_stream_reader_wait_for_redis_no_longer_than_the_redis_timeout(monkeypatch):
    monkeypatch.setenv("DOGPARK_REDIS_TIMEOUT", "0.75")
    settings = Settings.from_env()
    svc = build(settings)
    reader = Fanout(settings, svc.redis, svc.store, svc.repo).reader
    # Connections as they are made; nothing connects yet.
    made = [svc.redis.connection_pool.make_connection(), reader.listener_connection()]

    assert [(c.socket_timeout, c.socket_connect_timeout) for c in made] == [(0.75, 0.75)] * 2


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DOGPARK_KEEPALIVE_SECONDS", "0"),
        ("DOGPARK_KEEPALIVE_SECONDS", "-1"),
        ("DOGPARK_KEEPALIVE_SECONDS", "nan"),
        ("DOGPARK_KEEPALIVE_SECONDS", "inf"),
        ("DOGPARK_REDIS_TIMEOUT", "0"),
        ("DOGPARK_REDIS_TIMEOUT", "-0.5"),
        ("DOGPARK_STREAM_CONNECTIONS", "0"),
        ("DOGPARK_FANOUT_HOLD_MS", "-1"),
        ("DOGPARK_FANOUT_HOLD_MS", "nan"),
        ("DOGPARK_BODY_SECONDS", "0"),
        ("DOGPARK_BODY_SECONDS", "inf"),
        ("DOGPARK_CLIENT_CONNECTIONS", "-1"),
        ("DOGPARK_SPECTATOR_PACE_MS", "-1"),
        ("DOGPARK_STREAMS_PER_ADDRESS", "-1"),
        ("DOGPARK_STREAMS_PER_TOKEN", "-1"),
        ("DOGPARK_NOTIFICATION_HOOK_RETRIES", "10,0"),
        ("DOGPARK_NOTIFICATION_HOOK_RETRIES", "10,ten"),
        ("DOGPARK_SPECTATORS_PER_GAME", "-1"),
    ],
)
def test_a_setting_that_would_block_for_ever_or_hold_no_stream_is_refused(monkeypatch, variable, value):
    monkeypatch.setenv(variable, value)

    with pytest.raises(ValueError, match="must be"):
        Settings.from_env()


def test_the_fan_out_holds_a_crowded_games_news_5_ms_unless_told_otherwise(monkeypatch):
    assert Settings.from_env().fanout_hold_ms == 5.0
    monkeypatch.setenv("DOGPARK_FANOUT_HOLD_MS", "0")

    assert Settings.from_env().fanout_hold_ms == 0.0


def test_a_body_has_5_s_and_an_address_128_requests_in_flight_per_process_unless_told_otherwise(monkeypatch):
    assert (Settings.from_env().body_seconds, Settings.from_env().client_connections) == (5.0, 128)
    monkeypatch.setenv("DOGPARK_BODY_SECONDS", "0.5")
    monkeypatch.setenv("DOGPARK_CLIENT_CONNECTIONS", "0")

    assert (Settings.from_env().body_seconds, Settings.from_env().client_connections) == (0.5, 0)


def test_open_streams_are_capped_per_address_token_and_game_unless_told_otherwise(monkeypatch):
    defaults = Settings.from_env()
    monkeypatch.setenv("DOGPARK_STREAMS_PER_ADDRESS", "0")

    assert (defaults.streams_per_address, defaults.streams_per_token, defaults.spectators_per_game) == (32, 8, 200)
    assert defaults.spectator_pace_ms == 250.0
    assert Settings.from_env().streams_per_address == 0


def test_a_notification_hooks_call_is_tried_5_times_over_10_minutes_unless_told_otherwise(monkeypatch):
    default = Settings.from_env({}).notification_hook_retries
    monkeypatch.setenv("DOGPARK_NOTIFICATION_HOOK_RETRIES", "1, 2,4")

    assert (len(default) + 1, sum(default)) == (5, 610)
    assert Settings.from_env().notification_hook_retries == (1, 2, 4)
    assert Settings.from_env({"DOGPARK_NOTIFICATION_HOOK_RETRIES": ""}).notification_hook_retries == ()
