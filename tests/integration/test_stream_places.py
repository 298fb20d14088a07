"""The places of open streams under their caps (service/streams/places.py), on the test Redis: given back as a stream
closes, and freed by their leases' end when a process dies without closing its streams."""

from __future__ import annotations

import time
import uuid

import pytest

from service.streams.places import Cap, Places, TooManyStreams

#: A keep-alive period short enough for a lease (two periods) to end within the test.
KEEPALIVE = 0.2


def a_cap(limit: int) -> Cap:
    return Cap(f"streams:{{test-{uuid.uuid4().hex}}}:address", limit, "address")


def test_a_full_cap_refuses_a_place_until_one_is_given_back(redis):
    places, cap = Places(redis, KEEPALIVE), a_cap(2)
    held = [places.take([cap]) for _ in range(2)]

    with pytest.raises(TooManyStreams) as refused:
        places.take([cap])
    places.give_back(held[0])

    assert refused.value.cap == cap
    assert places.take([cap])


def test_the_places_of_a_process_that_died_free_themselves_when_their_leases_end_and_renewed_ones_do_not(redis):
    places, cap = Places(redis, KEEPALIVE), a_cap(2)
    renewed = places.take([cap])
    # The process holding this one dies: nobody renews it or gives it back.
    places.take([cap])

    for _ in range(4):
        time.sleep(KEEPALIVE / 2)
        places.renew(renewed)
    taken = places.take([cap])

    assert taken, "the dead process's place was freed when its lease ended"
    with pytest.raises(TooManyStreams):
        places.take([cap])


def test_a_renewal_does_not_bring_back_a_place_given_back_meanwhile(redis):
    places, cap = Places(redis, KEEPALIVE), a_cap(1)
    held = places.take([cap])

    places.give_back(held)
    places.renew(held)

    assert places.take([cap])


def test_a_stream_refused_by_its_second_cap_holds_no_place_under_its_first(redis):
    places, first, full = Places(redis, KEEPALIVE), a_cap(1), a_cap(1)
    places.take([full])

    with pytest.raises(TooManyStreams):
        places.take([first, full])

    assert places.take([first])
