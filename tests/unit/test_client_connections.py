"""The count of each address's requests in flight in a process (DOGPARK_CLIENT_CONNECTIONS)."""

from __future__ import annotations

from service.http.client_connections import Connections


def test_an_address_takes_up_to_the_cap_and_another_address_is_counted_apart():
    connections = Connections(2)

    assert [connections.take("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert connections.take("10.0.0.2")


def test_a_place_given_back_is_taken_again_and_an_address_with_none_left_is_forgotten():
    connections = Connections(1)
    connections.take("10.0.0.1")
    connections.give_back("10.0.0.1")

    assert connections.held == {}
    assert connections.take("10.0.0.1")
