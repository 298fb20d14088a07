"""The webhook channel of notifications against the real Redis, RQ's worker in this process and a receiver on
127.0.0.1: signed calls naming their notification, once per hook, tried again after growing waits on 5xx and no
answer, never on a 4xx, and a 410 deleting the hook."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator

import pytest
from dogpark_client.signatures import verify
from rq import SimpleWorker

from service.core.config import Settings
from service.core.wiring import Services, build
from service.ops.processes import free_port
from tests.hook_receivers import receiving
from workers import jobs
from workers.notification_hooks import NOTIFICATION_ID, call, send

#: The waits between tries in these tests, in seconds (RQ schedules in whole seconds).
RETRIES = (1, 3)


@pytest.fixture
def svc(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    """Services on the test Redis, allowed to call loopback, with queues of their own; the worker's jobs use them."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    settings = Settings(
        redis_url=redis_url, queue=queue, webhook_allow=("loopback",), notification_hook_retries=RETRIES
    )
    services = build(settings)
    monkeypatch.setattr(jobs, "services", lambda: services)
    yield services
    # The queue's jobs and registries (scheduled retries, finished and failed jobs) are all named for it.
    connection = services.notifications.queue.connection
    leftovers = [*connection.scan_iter(f"rq:*{queue}*")]
    leftovers += [f"rq:job:{job_id}" for job_id in services.notifications.queue.get_job_ids()]
    if leftovers:
        connection.delete(*leftovers)


@pytest.fixture
def player(svc: Services) -> Iterator[str]:
    """A fresh player id whose keys are deleted after the test."""
    pid = f"test-{uuid.uuid4().hex[:12]}"
    yield pid
    found = [*svc.redis.scan_iter(f"player:{{{pid}}}*")]
    if found:
        svc.redis.delete(*found)


def notification(pid: str, version: int = 7) -> dict:
    """A notification as workers/notifications.py gives a channel."""
    return {
        "id": f"{pid}:turn:g1:{version}",
        "kind": "turn",
        "game": "g1",
        "version": version,
        "title": "Your turn",
        "body": "Felix: it is your turn against Bo.",
        "url": "/web/games/g1",
        "language": "en",
        "data": {"type": "felix", "opponents": ["Bo"]},
    }


def work(svc: Services) -> None:
    """Run RQ's worker on the notifications queue until it is empty, the retries due by now queued first."""
    queue = svc.notifications.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True, with_scheduler=True)


def work_until(svc: Services, done: Callable[[], bool], seconds: float) -> None:
    """Run the worker again and again (as its scheduler would) until ``done``; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the calls did not come in time"
        work(svc)
        time.sleep(0.05)


def test_a_call_is_signed_with_the_hooks_secret_and_names_its_notification(svc, player):
    with receiving() as receiver:
        hook = svc.hooks.add(player, receiver.url, 5)
        began = time.monotonic()

        send(svc, player, notification(player))
        work(svc)
        took = time.monotonic() - began

    [received] = receiver.calls
    headers = received["headers"]
    verify(hook.secret, received["raw"], headers["Dogpark-Signature"])
    assert headers[NOTIFICATION_ID] == f"{player}:turn:g1:7"
    assert headers["Content-Type"] == "application/json"
    assert receiver.bodies() == [{**notification(player), "player": player}]
    assert took < 5


def test_each_hook_of_the_player_is_called_and_no_other_players(svc, player):
    with receiving() as first, receiving() as second, receiving() as strangers:
        svc.hooks.add(player, first.url, 5)
        svc.hooks.add(player, second.url, 5)
        svc.hooks.add(f"{player}-other", strangers.url, 5)

        send(svc, player, notification(player))
        work(svc)

    assert [len(first.calls), len(second.calls), len(strangers.calls)] == [1, 1, 0]
    svc.redis.delete(f"player:{{{player}-other}}:notification-hooks")


def test_a_notification_reaches_a_hook_once_however_often_its_job_runs(svc, player):
    with receiving() as receiver:
        hook = svc.hooks.add(player, receiver.url, 5)

        send(svc, player, notification(player))
        send(svc, player, notification(player))
        work(svc)
        again = call(player, hook.id, notification(player))
        send(svc, player, notification(player, version=8))
        work(svc)

    assert again.startswith("done already")
    assert [call["headers"][NOTIFICATION_ID] for call in receiver.calls] == [
        f"{player}:turn:g1:7",
        f"{player}:turn:g1:8",
    ]


def test_a_503_is_tried_again_after_growing_waits_until_it_is_delivered(svc, player):
    with receiving(503, 503, 200) as receiver:
        svc.hooks.add(player, receiver.url, 5)

        send(svc, player, notification(player))
        work_until(svc, lambda: len(receiver.calls) == 3, 15)
        work(svc)

    times = [call["received"] for call in receiver.calls]
    waits = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
    # RQ schedules a retry in whole seconds: a wait of n seconds is between n - 1 and n + 1 (polling included).
    assert RETRIES[0] - 1 <= waits[0] < RETRIES[0] + 1
    assert RETRIES[1] - 1 <= waits[1] < RETRIES[1] + 1
    assert len({call["headers"]["Dogpark-Signature"] for call in receiver.calls}) == 3
    assert len(receiver.calls) == 3
    assert svc.notifications.queue.failed_job_registry.count == 0
    print(f"\ntries at +0, +{waits[0]:.2f} s, +{waits[0] + waits[1]:.2f} s (waits {RETRIES})")


def test_a_hook_that_never_answers_is_tried_as_often_as_the_retries_allow_then_given_up(svc, player):
    hook = svc.hooks.add(player, f"http://127.0.0.1:{free_port()}/closed", 5)
    queue = svc.notifications.queue

    send(svc, player, notification(player))
    work(svc)
    scheduled = queue.scheduled_job_registry.get_job_ids()
    work_until(svc, lambda: queue.failed_job_registry.count == 1, 15)

    [job_id] = scheduled
    assert queue.fetch_job(job_id).retries_left == 0
    # Given up, the call is not marked made: a later job for the same notification may still make it.
    assert svc.redis.exists(f"player:{{{player}}}:notification-sent:{hook.id}:{player}:turn:g1:7") == 0


@pytest.mark.parametrize("status", [400, 401, 404, 301])
def test_a_refusal_is_not_tried_again(svc, player, status):
    with receiving(status, 200) as receiver:
        svc.hooks.add(player, receiver.url, 5)

        send(svc, player, notification(player))
        work(svc)
        time.sleep(RETRIES[0] + 1)
        work(svc)

    assert len(receiver.calls) == 1
    assert svc.notifications.queue.scheduled_job_registry.count == 0
    assert svc.notifications.queue.failed_job_registry.count == 0
    assert len(svc.hooks.of(player)) == 1


def test_a_410_deletes_the_hook_and_later_notifications_do_not_call_it(svc, player):
    with receiving(410, 200) as gone, receiving() as kept:
        svc.hooks.add(player, gone.url, 5)
        hook = svc.hooks.add(player, kept.url, 5)

        send(svc, player, notification(player))
        work(svc)
        send(svc, player, notification(player, version=8))
        work(svc)

    assert len(gone.calls) == 1
    assert len(kept.calls) == 2
    assert svc.hooks.of(player) == [hook]


def test_a_hook_deleted_while_its_call_waits_for_a_retry_gets_no_retry(svc, player):
    with receiving(503, 200) as receiver:
        hook = svc.hooks.add(player, receiver.url, 5)
        send(svc, player, notification(player))
        work(svc)

        svc.hooks.delete(player, hook.id)
        time.sleep(RETRIES[0] + 1)
        work(svc)

    assert len(receiver.calls) == 1


def test_a_hook_whose_name_now_resolves_to_a_private_address_is_not_called(svc, player):
    hook = svc.hooks.add(player, "https://127.0.0.1:1/hook", 5)
    # Registered while allowed; the operator's rules no longer allow loopback.
    svc.settings = Settings(redis_url=svc.settings.redis_url, queue=svc.settings.queue)

    outcome = call(player, hook.id, notification(player))

    assert outcome.startswith("refused: 127.0.0.1 resolves to 127.0.0.1")
