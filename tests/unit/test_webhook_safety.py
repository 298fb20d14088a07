"""Where a webhook bot may be called: public addresses, and what DOGPARK_WEBHOOK_ALLOW adds; nothing else."""

from __future__ import annotations

import ipaddress

import pytest

from service.core.webhook_http import Allow, Refused, check_url, resolve, sign

PUBLIC = ["8.8.8.8", "2001:4860:4860::8888", "::ffff:8.8.8.8"]
BARRED = [
    "127.0.0.1",  # loopback
    "::1",
    "::ffff:127.0.0.1",  # loopback, spelt as IPv6
    "10.1.2.3",  # private
    "172.16.0.9",
    "192.168.1.1",
    "fd00::1",
    "169.254.169.254",  # link-local: a cloud's metadata service
    "fe80::1",
    "100.64.0.1",  # shared (carrier-grade NAT)
    "0.0.0.0",
    "192.0.2.1",  # reserved for documentation
    "224.0.0.1",  # multicast
]


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_may_be_called_by_default(address):
    assert Allow().address(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", BARRED)
def test_loopback_link_local_private_shared_reserved_and_multicast_addresses_may_not_by_default(address):
    assert not Allow().address(ipaddress.ip_address(address))


def test_the_operator_allows_networks_and_host_names():
    allow = Allow.parse(["127.0.0.0/8", "10.9.0.0/16", "::1", "Bots.Internal."])

    assert allow.address(ipaddress.ip_address("127.0.0.1"))
    assert allow.address(ipaddress.ip_address("10.9.200.1"))
    assert allow.address(ipaddress.ip_address("::1"))
    assert not allow.address(ipaddress.ip_address("10.8.0.1"))
    assert allow.hosts == {"bots.internal"}


def test_an_allowance_that_is_neither_a_network_nor_a_host_name_stops_the_start():
    with pytest.raises(ValueError, match="neither a CIDR nor a host name"):
        Allow.parse(["10.0.0.0/8", "http://bots"])


@pytest.mark.parametrize("url", ["http://10.1.2.3/bot", "http://[::1]:9000/", "https://169.254.169.254/latest"])
def test_a_url_naming_a_barred_address_is_refused(url):
    with pytest.raises(Refused, match="does not call"):
        resolve(url, Allow())


def test_a_host_name_that_resolves_to_a_barred_address_is_refused():
    with pytest.raises(Refused, match=r"localhost resolves to .*127\.0\.0\.1"):
        resolve("http://localhost:9000/bot", Allow())


def test_a_host_name_the_operator_allows_is_called_at_the_address_it_resolved_to():
    target = resolve("http://LOCALHOST:9000/bot?x=1", Allow.parse(["localhost"]))

    assert (target.host, target.port, target.path) == ("localhost", 9000, "/bot?x=1")
    assert ipaddress.ip_address(target.address).is_loopback


def test_an_allowed_network_lets_its_addresses_be_called():
    target = resolve("http://127.0.0.1:9000", Allow.parse(["127.0.0.0/8"]))

    assert (target.address, target.path) == ("127.0.0.1", "/")


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://example.org/bot", "http:// or https://"),
        ("file:///etc/passwd", "http:// or https://"),
        ("http:///bot", "no host"),
        ("http://user:pw@example.org/", "user name or password"),
        ("http://example.org:99999/", "not a URL"),
    ],
)
def test_only_http_and_https_urls_with_a_host_and_no_credentials_name_a_bot(url, why):
    with pytest.raises(Refused, match=why):
        check_url(url)


def test_a_signature_is_stripes_scheme_and_the_kit_accepts_it():
    from dogpark_client.signatures import BadSignature, verify

    body = b'{"kind":"ping"}'
    header = sign("s" * 32, body, at=1_700_000_000)

    assert header.startswith("t=1700000000,v1=")
    assert verify("s" * 32, body, header, now=1_700_000_010) == 1_700_000_000
    with pytest.raises(BadSignature):
        verify("another secret of thirty-two chars", body, header, now=1_700_000_010)
