"""Fixtures for LAN tests: hosts and clients on 127.0.0.1 only, always shut down."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lieng.bots import make_bot
from lieng.net import HostConfig, LanClient, LanHost

LOOPBACK = "127.0.0.1"


@pytest.fixture
def make_host() -> Iterator[Callable[..., LanHost]]:
    hosts: list[LanHost] = []

    def make(**kwargs: Any) -> LanHost:
        # The tests of the commit-reveal deal (PROTOCOL.md 8) play many hands: they ask
        # for it; test_lan_mental.py plays the default, the mental deal (section 12).
        opts: dict[str, Any] = dict(bind=LOOPBACK, port=0, bot_speed=0.0, hand_pause=0.0,
                                    deal_timeout=2.0, turn_seconds=5.0, mental_deal=False,
                                    # no honest deal step is late, however loaded the
                                    # machine: the tests of a late one give their own
                                    mental_timeout=120.0)
        opts.update(kwargs)
        host = LanHost(HostConfig(**opts)).start()
        hosts.append(host)
        return host

    yield make
    for h in hosts:
        h.stop()


@pytest.fixture
def make_client() -> Iterator[Callable[..., LanClient]]:
    clients: list[LanClient] = []

    def make(host: LanHost, name: str = "Ana", pilot: int | None = None,
             **kwargs: Any) -> LanClient:
        autopilot = make_bot("easy", rng=random.Random(pilot)) if pilot is not None else None
        client = LanClient(LOOPBACK, host.port, name=name, autopilot=autopilot, **kwargs)
        clients.append(client)
        return client.connect()

    yield make
    for c in clients:
        c.close()
