"""The address of the client behind a request, as far as the deployment can vouch for it.

Behind nginx every request comes from nginx (``REMOTE_ADDR`` 127.0.0.1); the client's
address is in ``X-Forwarded-For``, which nginx extends with the address it saw
(``$proxy_add_x_forwarded_for``: whatever the client sent, then the client). Anyone
can send that header, so it is read only when the request comes from a proxy the
deployment names (``TRUSTED_PROXIES``: environment ``DJANGO_TRUSTED_PROXIES``,
addresses or networks; loopback by default when ``DJANGO_BEHIND_PROXY=1``), and from
the right: the first address that is not one of those proxies is the client. What a
client wrote further left is never believed.

:func:`client_address` is the one place that answers the question: the login rate
limit (django-axes: ``AXES_CLIENT_IP_CALLABLE``) uses it, and so must anything else
that counts per client.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@functools.lru_cache(maxsize=8)
def networks(names: tuple[str, ...]) -> tuple[Network, ...]:
    """The networks of ``names`` (``10.0.0.5``, ``10.0.0.0/24``, ``::1``).

    >>> [str(n) for n in networks(("127.0.0.1", "10.0.0.0/24"))]
    ['127.0.0.1/32', '10.0.0.0/24']
    """
    return tuple(ipaddress.ip_network(name.strip(), strict=False) for name in names)


def parse(value: str) -> Address | None:
    """An address as a proxy writes it (IPv6 maybe in brackets, maybe with a port).

    >>> str(parse("[2001:db8::1]:443")), str(parse("10.0.0.7")), parse("unknown")
    ('2001:db8::1', '10.0.0.7', None)
    """
    value = value.strip()
    if value.startswith("["):
        value = value[1:].partition("]")[0]
    elif value.count(":") == 1:  # IPv4 with a port
        value = value.partition(":")[0]
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def _trusted(address: Address | None, proxies: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in proxies)


def client_address(request) -> str:
    """The client's address: ``REMOTE_ADDR``, or, when that is a trusted proxy, the
    rightmost address of ``X-Forwarded-For`` that is not one (see the module)."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    if not _trusted(parse(remote), proxies):
        return remote
    hops = [h for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed(hops):
        address = parse(hop)
        if address is None:
            # Garbage where a trusted proxy writes an address: no one to vouch for
            # what is further left. The last proxy is the best answer.
            return remote
        if not _trusted(address, proxies):
            return str(address)
    return remote
