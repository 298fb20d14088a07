"""The kit's webhook signatures: a good one passes; a stale, wrong, tampered or missing one is refused."""

from __future__ import annotations

import time

import pytest
from dogpark_client import BadSignature, sign, verify

BODY = b'{"kind": "turn", "game": "g1", "seat": 0}'


def test_a_signature_made_with_the_secret_verifies_and_gives_its_time():
    now = time.time()
    assert verify("s3cret", BODY, sign("s3cret", BODY, at=now)) == int(now)


def test_the_header_is_the_time_and_the_hmac_of_time_dot_body():
    # HMAC-SHA256("s3cret", "1700000000." + body), computed independently of the kit.
    import hashlib
    import hmac

    expected = hmac.new(b"s3cret", b"1700000000." + BODY, hashlib.sha256).hexdigest()
    assert sign("s3cret", BODY, at=1_700_000_000) == f"t=1700000000,v1={expected}"


def test_a_signature_more_than_300_seconds_old_is_refused_as_stale():
    header = sign("s3cret", BODY, at=time.time() - 301)
    with pytest.raises(BadSignature, match="stale"):
        verify("s3cret", BODY, header)


def test_a_signature_from_more_than_300_seconds_ahead_is_refused_too():
    with pytest.raises(BadSignature, match="stale"):
        verify("s3cret", BODY, sign("s3cret", BODY, at=time.time() + 301))


def test_a_signature_299_seconds_old_still_verifies():
    now = time.time()
    assert verify("s3cret", BODY, sign("s3cret", BODY, at=now - 299), now=now)


def test_a_signature_made_with_another_secret_is_refused():
    with pytest.raises(BadSignature, match="does not match"):
        verify("s3cret", BODY, sign("another", BODY))


def test_a_body_changed_after_signing_is_refused():
    header = sign("s3cret", BODY)
    with pytest.raises(BadSignature, match="does not match"):
        verify("s3cret", BODY.replace(b'"seat": 0', b'"seat": 1'), header)


def test_a_time_changed_after_signing_is_refused():
    now = int(time.time())
    mac = sign("s3cret", BODY, at=now).split("v1=")[1]
    with pytest.raises(BadSignature, match="does not match"):
        verify("s3cret", BODY, f"t={now - 10},v1={mac}")


@pytest.mark.parametrize("header", [None, "", "v1=abc", "t=123", "t=soon,v1=abc", "garbage"])
def test_a_missing_or_malformed_header_is_refused(header):
    with pytest.raises(BadSignature):
        verify("s3cret", BODY, header)


def test_one_matching_signature_among_several_is_enough_while_a_secret_is_rotated():
    good = sign("new", BODY)
    stamp, mac = good.split(",")
    old = sign("old", BODY).split(",")[1]
    assert verify("new", BODY, f"{stamp},{old},{mac}")
    assert verify("old", BODY, f"{stamp},{old},{mac}")
