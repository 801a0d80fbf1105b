"""LAN and hot-seat defaults: the lobby's address list and names that follow the language."""

from __future__ import annotations

import sys

import pytest

from lieng.ui.scenes.lan_common import _interface_addresses, local_addresses


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


def test_default_names_follow_the_language() -> None:
    from lieng.ui.player.names import shown_name

    assert shown_name("Người chơi", "en") == "Player"
    assert shown_name("Player", "vi") == "Người chơi"
    assert shown_name("Player 3", "vi") == "Người chơi 3"
    assert shown_name("Bạn", "en") == "You"
    assert shown_name("Người chơi Lan", "en") == "Người chơi Lan"  # a chosen name stays
    assert shown_name("Lan", "en") == "Lan"
