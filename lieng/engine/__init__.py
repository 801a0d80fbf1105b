"""The rules of Liêng (docs/RULES.md) as a pure, deterministic library.

Nothing here imports pygame, touches files, sleeps or reads a clock: the GUI, the LAN
host, the bots and the history all drive ``Hand`` and read its events.

>>> from lieng.engine import Card, PRESETS, evaluate
>>> evaluate(Card.parse_many("QH KS AD"), PRESETS["classic"]).name("vi")
'Liêng Q-K-A'
"""

from .actions import Action, ActionKind, Legal
from .cards import FULL_DECK, Card, Suit, cards_codes, cards_text
from .errors import (
                     HandOverError,
                     IllegalActionError,
                     InvalidCardError,
                     InvalidHandError,
                     InvalidRulesError,
                     InvalidSeatError,
                     NotEnoughPlayersError,
                     NotYourTurnError,
)
from .events import (
                     ActionTaken,
                     AntePosted,
                     CardDealt,
                     Event,
                     HandEnded,
                     HandStarted,
                     PotAwarded,
                     RoundStarted,
                     Showdown,
                     ShownHand,
                     TurnStarted,
                     event_from_dict,
)
from .hand import Hand, shuffled_deck
from .pots import PotLayer, live_pot_layers, pot_layers
from .ranking import HandCategory, HandValue, all_hands, evaluate, hand_key
from .rules import PRESETS, TIEBREAKS, RuleSet
from .sealed import SealedHand
from .views import HandView, redact

__all__ = [
                     "FULL_DECK",
                     "PRESETS",
                     "TIEBREAKS",
                     "Action",
                     "ActionKind",
                     "ActionTaken",
                     "AntePosted",
                     "Card",
                     "CardDealt",
                     "Event",
                     "Hand",
                     "HandCategory",
                     "HandEnded",
                     "HandOverError",
                     "HandStarted",
                     "HandValue",
                     "HandView",
                     "IllegalActionError",
                     "InvalidCardError",
                     "InvalidHandError",
                     "InvalidRulesError",
                     "InvalidSeatError",
                     "Legal",
                     "NotEnoughPlayersError",
                     "NotYourTurnError",
                     "PotAwarded",
                     "PotLayer",
                     "RoundStarted",
                     "RuleSet",
                     "SealedHand",
                     "Showdown",
                     "ShownHand",
                     "Suit",
                     "TurnStarted",
                     "all_hands",
                     "cards_codes",
                     "cards_text",
                     "evaluate",
                     "event_from_dict",
                     "hand_key",
                     "live_pot_layers",
                     "pot_layers",
                     "redact",
                     "shuffled_deck",
]
