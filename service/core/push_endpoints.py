"""Which push endpoints the server calls: the same addresses as webhook bots' (service/core/webhook_http.py), and
only over https, unless DOGPARK_PUSH_ALLOW allows the address or host (over http too: a push service of one's own on a
private network, or a test's on loopback)."""

from __future__ import annotations

import ipaddress

from service.core.webhook_http import Refused, allowed, resolve


def endpoint_refusal(endpoint: str, allow: tuple[str, ...]) -> str | None:
    """Why a push endpoint may not be called (None: it may)."""
    opened = allowed(allow)
    try:
        target = resolve(endpoint, opened)
    except Refused as refused:
        return str(refused)
    address = ipaddress.ip_address(target.address)
    if (
        target.scheme != "https"
        and target.host not in opened.hosts
        and not any(address in network for network in opened.networks)
    ):
        return "a push endpoint is an https:// URL"
    return None
