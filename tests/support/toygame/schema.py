"""YAML kinds of Skirmish: one board document."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.data.schema import Document, Id, SchemaSet


class PieceSpec(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    id: Annotated[str, Id("piece")]
    side: Literal["blue", "red"]
    name: str
    q: int = Field(ge=-3, le=3)
    r: int = Field(ge=-3, le=3)


class Board(Document):
    radius: int = Field(ge=1, le=10)
    max_turns: int = Field(default=6, ge=1, le=100)
    blocked: list[tuple[int, int]] = []
    orders: list[str]
    pieces: list[PieceSpec]


SCHEMAS = SchemaSet(game="skirmish", kinds={"board": Board})
