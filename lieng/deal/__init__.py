"""The mental-poker deal: nobody at a LAN table — the host included — can see or choose a
card that is not theirs (docs/PROTOCOL.md section 12).

Pure computation, no sockets or files, so that the host, the client and the tests run the
same code:

* ``group``      — the prime-order group (edwards25519's subgroup through PyNaCl), checks;
* ``cards``      — the 52 cards as hashed points;
* ``transcript`` — Fiat–Shamir transcripts, domain-separated and length-prefixed;
* ``dleq``       — Chaum–Pedersen proofs (unlocks and openings);
* ``shuffle``    — the re-lock and shuffle, and its proof (Terelius–Wikström);
* ``mental``     — one hand's deal: the public, checked ``DealState`` and a party's
  ``PartySecret``;
* ``wire``       — the steps as JSON-safe objects, read strictly.
"""
