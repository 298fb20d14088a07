"""The cap on an address's requests in flight counts the client that DOGPARK_TRUSTED_PROXIES lets X-Forwarded-For
name, as the rates do; through the app, on the test Redis."""

from __future__ import annotations

from service.http.client_connections import EXTENSION
from tests.integration.test_rate_limit import make_client, new_address


def test_behind_a_trusted_proxy_the_cap_counts_each_forwarded_client_apart(redis_url):
    client = make_client(redis_url, client_connections=1, trusted_proxies=1)
    proxy, busy, other = {"REMOTE_ADDR": new_address()}, new_address(), new_address()
    client.application.extensions[EXTENSION].take(busy)

    refused = client.get("/livez", environ_base=proxy, headers={"X-Forwarded-For": busy})
    served = client.get("/livez", environ_base=proxy, headers={"X-Forwarded-For": other})

    assert (refused.status_code, refused.json["type"]) == (429, "/v1/problems/too-many-connections")
    assert refused.headers["Retry-After"] == "1"
    assert served.status_code == 200


def test_a_request_answered_gives_its_place_back_and_a_refused_one_takes_none(redis_url):
    client = make_client(redis_url, client_connections=1)
    address = {"REMOTE_ADDR": new_address()}
    connections = client.application.extensions[EXTENSION]

    answers = [client.get("/livez", environ_base=address).status_code for _ in range(3)]
    connections.take(address["REMOTE_ADDR"])
    refused = client.get("/livez", environ_base=address).status_code

    assert answers == [200, 200, 200] and refused == 429
    assert connections.held == {address["REMOTE_ADDR"]: 1}
