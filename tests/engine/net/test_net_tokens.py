"""The seat tokens the app keeps (engine.net.tokens): written for their owner only, read back,
and a damaged file reads as empty without raising."""

from __future__ import annotations

import stat

from engine.net.tokens import SeatToken, SeatTokens


def test_tokens_are_kept_for_their_owner_only(tmp_path):
    path = tmp_path / "online" / "seats.json"
    seat = SeatToken("ws://example:8765", "abc123", "secret-token", "spanish", "Heroes of Baler")
    SeatTokens(path).remember(seat)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = SeatTokens(path)
    assert again.seats("ws://example:8765") == [seat]
    assert again.last_server == "ws://example:8765"
    again.forget("ws://example:8765", "abc123")
    assert SeatTokens(path).seats("ws://example:8765") == []


def test_a_damaged_file_reads_as_empty(tmp_path):
    path = tmp_path / "seats.json"
    for text in ("{", "[1]", '{"servers": {"ws://x": {"g": {"token": 5}}}}',
                 "[" * 100_000):
        path.write_text(text)
        assert SeatTokens(path).seats("ws://x") == []
