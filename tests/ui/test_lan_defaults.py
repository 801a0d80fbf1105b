"""The LAN lobby's "type one of these" list: interface addresses from the kernel."""

from __future__ import annotations

import sys

import pytest

from lieng.ui.lan_common import _interface_addresses, local_addresses


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIOCGIFADDR is Linux's")
def test_interfaces_are_read_from_the_kernel() -> None:
    found = _interface_addresses()
    assert "127.0.0.1" in found  # the loopback interface is always there
    assert all(len(ip.split(".")) == 4 for ip in found)


def test_list_ends_with_loopback_and_has_no_duplicates() -> None:
    addresses = local_addresses()
    assert addresses[-1] == "127.0.0.1"
    assert len(addresses) == len(set(addresses))
    assert not any(a.startswith("127.") for a in addresses[:-1])
