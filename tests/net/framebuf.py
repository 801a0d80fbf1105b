"""Frame splitting for the tests' raw, blocking sockets (rogue clients, fake hosts).

The game's host and client read frames with ``lieng.net.protocol.read_frame`` on asyncio
streams; tests that poke the host with plain sockets need the same split for bytes read
in arbitrary chunks, using the same ``frame_length`` check.
"""

from __future__ import annotations

from lieng.net.protocol import HEADER, frame_length


class FrameBuffer:
    """Splits a byte stream into frame bodies."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """Add bytes; return every complete body (``ProtocolError`` on an oversized header)."""
        self._buf += data
        out: list[bytes] = []
        while len(self._buf) >= HEADER.size:
            n = frame_length(bytes(self._buf[:HEADER.size]))
            if len(self._buf) < HEADER.size + n:
                break
            out.append(bytes(self._buf[HEADER.size:HEADER.size + n]))
            del self._buf[:HEADER.size + n]
        return out
