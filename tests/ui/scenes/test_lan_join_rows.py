"""The join list's rows and the join errors say what a player needs to know: a table of
another game version is marked as one that cannot be joined, and the host's new refusals
(busy, locked out after wrong passwords) have their own words."""

from __future__ import annotations

import lieng
from lieng.net.discovery import TableInfo
from lieng.net.messages import TableAd
from lieng.net.protocol import PROTOCOL_VERSION
from lieng.ui.core.i18n import t
from lieng.ui.scenes.lan_common import error_key
from lieng.ui.scenes.lan_join import table_label

from ..helpers import MakeApp


def _info(game: str) -> TableInfo:
    ad = TableAd(proto=PROTOCOL_VERSION, game=game, name="Lan", port=47123, players=2,
                 seats=4, bots=1, bet=10, preset="classic", password=False, started=False)
    return TableInfo(ad, "127.0.0.1")


def test_a_table_of_another_version_says_it_cannot_be_joined(make_app: MakeApp) -> None:
    make_app()
    assert "9.9" not in table_label(_info(lieng.__version__))
    row = table_label(_info("9.9.0"))
    assert "9.9.0" in row and t("lan.row_version", version="9.9.0") in row


def test_busy_and_locked_out_have_their_own_messages(make_app: MakeApp) -> None:
    make_app()
    assert error_key("busy") == "lan.err_busy" != error_key("something else")
    assert error_key("locked_out") == "lan.err_locked_out"
    assert t("lan.err_locked_out") != "lan.err_locked_out"
