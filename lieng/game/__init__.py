"""What happens around the hands, the same for every mode (bots, hot-seat, LAN host).

``lieng.table`` plays hands; this package decides what surrounds them: how a table is
built from a ``TableConfig`` (``setup``), what happens between two hands — a broke seat
rebuys, leaves or sits out, the table is won, the game is over (``flow``) — and what a
table leaves behind: the hand history and the bankroll (``recorders``). The
scenes only *present* these decisions (a dialog, a toast); they never re-derive them, so
a rule such as "a seat that cannot pay the ante cannot play" lives in one place
(``Table.can_play``) and is tested without a window (``tests/game``).

docs/ARCHITECTURE.md: engine ← table ← {bots, storage} ← game ← {net, ui}.
"""

from .flow import AskRebuy, BetweenHands, BrokePolicy, DealNext, Decision, GameOver, SeatChange
from .recorders import HandRecorder
from .setup import (
    BOT_NAMES,
    STARTING_BETS,
    TABLE_BETS,
    TableConfig,
    build_table,
)

__all__ = [
    "BOT_NAMES",
    "STARTING_BETS",
    "TABLE_BETS",
    "AskRebuy",
    "BetweenHands",
    "BrokePolicy",
    "DealNext",
    "Decision",
    "GameOver",
    "HandRecorder",
    "SeatChange",
    "TableConfig",
    "build_table",
]
