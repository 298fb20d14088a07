"""Where a webhook bot may be called: public addresses, and what DOGPARK_WEBHOOK_ALLOW adds; nothing else."""

from __future__ import annotations

import ipaddress

import pytest

from service.core.config import Settings
from service.core.webhook_http import Allow, Refused, allowed, check_url, resolve, sign, signed
from service.ops.stack import Stack

#: Addresses a bot may be called at by default. None of the tests connects to any address.
PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "2001:4860:4860::8888",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",  # an IPv4-mapped address is its IPv4 address
]
#: Addresses refused by default, one or more in each special-purpose block, with what they are.
REFUSED = {
    "0.0.0.0": "this network",
    "0.1.2.3": "this network",
    "10.1.2.3": "private",
    "100.64.0.1": "shared (carrier-grade NAT)",
    "127.0.0.1": "loopback",
    "127.255.255.254": "loopback",
    "169.254.169.254": "link-local: a cloud's metadata service",
    "172.16.0.9": "private",
    "172.31.255.255": "private",
    "192.0.0.8": "IETF protocol assignments (is_global says True)",
    "192.0.0.9": "IETF protocol assignments: PCP anycast",
    "192.0.2.1": "documentation",
    "192.31.196.1": "AS112-v4",
    "192.52.193.1": "AMT",
    "192.88.99.1": "6to4 relay anycast",
    "192.168.1.1": "private",
    "192.175.48.1": "AS112 direct delegation",
    "198.18.0.1": "benchmarking",
    "198.19.255.255": "benchmarking",
    "198.51.100.7": "documentation",
    "203.0.113.7": "documentation",
    "224.0.0.1": "multicast",
    "239.255.255.250": "multicast",
    "240.0.0.1": "reserved",
    "255.255.255.255": "limited broadcast",
    "::": "unspecified",
    "::1": "loopback",
    "::7f00:1": "IPv4-compatible, wrapping 127.0.0.1 (is_global says True)",
    "::808:808": "IPv4-compatible, wrapping a public address",
    "::ffff:127.0.0.1": "IPv4-mapped loopback",
    "::ffff:10.0.0.1": "IPv4-mapped private",
    "::ffff:169.254.169.254": "IPv4-mapped link-local",
    "64:ff9b::a00:1": "NAT64 of 10.0.0.1 (is_global says True)",
    "64:ff9b::7f00:1": "NAT64 of 127.0.0.1",
    "64:ff9b::808:808": "NAT64 of a public address: a gateway the operator has not allowed",
    "64:ff9b:1::a00:1": "NAT64, local use",
    "100::1": "discard-only",
    "2001::1": "Teredo",
    "2001:0:808:808:0:ffff:f5ff:fffe": "Teredo: server 8.8.8.8, client 10.0.0.1 (obfuscated)",
    "2001:1::1": "IETF protocol assignments",
    "2001:2::1": "benchmarking",
    "2001:10::1": "ORCHID",
    "2001:20::1": "ORCHIDv2",
    "2001:db8::1": "documentation",
    "2002:a00:1::1": "6to4 of 10.0.0.1 (is_global says True)",
    "2002:808:808::1": "6to4 of a public address: a relay the operator has not allowed",
    "2620:4f:8000::1": "AS112 direct delegation",
    "3fff::1": "documentation (is_global says True)",
    "4000::1": "outside global unicast (2000::/3)",
    "5f00::1": "segment routing SIDs",
    "fc00::1": "unique local",
    "fd00::1": "unique local",
    "fe80::1": "link-local",
    "fec0::1": "site-local (is_global says True)",
    "ff02::1": "multicast",
    "ff0e::1": "multicast, global scope",
}


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_may_be_called_by_default(address):
    assert Allow().address(ipaddress.ip_address(address))


@pytest.mark.parametrize(("address", "what"), REFUSED.items())
def test_every_special_purpose_address_is_refused_by_default(address, what):
    assert not Allow().address(ipaddress.ip_address(address)), what


@pytest.mark.parametrize("address", ["64:ff9b::a00:1", "::7f00:1", "2002:a00:1::1", "192.0.0.8"])
def test_the_addresses_pythons_is_global_calls_global_are_refused_all_the_same(address):
    parsed = ipaddress.ip_address(address)

    assert parsed.is_global
    assert not Allow().address(parsed)


@pytest.mark.parametrize(
    ("allowed", "address", "called"),
    [
        # An operator that allows a translation prefix still has the IPv4 address it carries checked.
        (["64:ff9b::/96"], "64:ff9b::808:808", True),
        (["64:ff9b::/96"], "64:ff9b::a00:1", False),
        (["64:ff9b::/96"], "64:ff9b::7f00:1", False),
        (["64:ff9b::/96", "10.0.0.0/8"], "64:ff9b::a00:1", True),
        (["2002::/16"], "2002:808:808::1", True),
        (["2002::/16"], "2002:c0a8:101::1", False),
        (["2001::/32"], "2001:0:808:808:0:ffff:fefe:fefe", True),  # server 8.8.8.8, client 1.1.1.1
        (["2001::/32"], "2001:0:808:808:0:ffff:f5ff:fffe", False),  # client 10.0.0.1
        (["2001::/32"], "2001:0:a00:1:0:ffff:fefe:fefe", False),  # server 10.0.0.1
        # An IPv4-mapped address is judged as its IPv4 address, allowances included.
        (["10.0.0.0/8"], "::ffff:10.1.2.3", True),
        (["10.0.0.0/8"], "::ffff:192.168.1.1", False),
        # "loopback" is 127.0.0.0/8 and ::1, nothing else.
        (["loopback"], "127.0.0.1", True),
        (["loopback"], "127.9.9.9", True),
        (["loopback"], "::1", True),
        (["loopback"], "::ffff:127.0.0.1", True),
        (["loopback"], "10.0.0.1", False),
        (["loopback"], "64:ff9b::7f00:1", False),
    ],
)
def test_an_allowed_network_lets_its_addresses_be_called_but_not_the_private_ones_they_carry(allowed, address, called):
    assert Allow.parse(allowed).address(ipaddress.ip_address(address)) is called


def test_dogpark_run_calls_bots_on_this_machine_only_when_told_to(monkeypatch):
    monkeypatch.delenv("DOGPARK_WEBHOOK_ALLOW", raising=False)
    loopback = ipaddress.ip_address("127.0.0.1")

    default = Settings.from_env(Stack(port=1, quiet=True).child_env())
    told = Settings.from_env(Stack(port=1, quiet=True, extra_env={"DOGPARK_WEBHOOK_ALLOW": "loopback"}).child_env())

    assert not allowed(default.webhook_allow).address(loopback)
    assert allowed(told.webhook_allow).address(loopback)


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

    body = b'{"kind":"turn"}'
    header = sign("s" * 32, body, at=1_700_000_000)

    assert header.startswith("t=1700000000,v1=")
    assert verify("s" * 32, body, header, now=1_700_000_010) == 1_700_000_000
    with pytest.raises(BadSignature):
        verify("another secret of thirty-two chars", body, header, now=1_700_000_010)


def test_the_server_accepts_an_answer_the_kit_signed_with_the_secret_and_nothing_else():
    from dogpark_client.signatures import sign as kit_sign

    body, secret, at = b'{"challenge":"c"}', "s" * 32, 1_700_000_000
    header = kit_sign(secret, body, at=at)

    assert signed(secret, body, header, now=at + 10)
    assert signed(secret, body, f"{header},v1={'0' * 64}", now=at)  # one good v1 of several (a rotation)
    assert not signed("another secret of thirty-two chars", body, header, now=at)
    assert not signed(secret, b'{"challenge":"d"}', header, now=at)
    assert not signed(secret, body, header, now=at + 301)  # stale
    assert not signed(secret, body, None, now=at)
    assert not signed(secret, body, f"t={at},t={at + 1},{header.partition(',')[2]}", now=at)
