"""Shared fixtures for the Filipinas rules tests: the scenario is loaded once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.game import Scenario
from engine.data.schema import load_scenario
from filipinas.schema import SCHEMAS

ROOT = Path(__file__).resolve().parents[2]
STANDARD = ROOT / "scenarios" / "filipinas" / "standard.yaml"
SOLO = ROOT / "scenarios" / "filipinas" / "solo.yaml"


@pytest.fixture(scope="session")
def scenario() -> Scenario:
    return load_scenario(STANDARD, SCHEMAS)


@pytest.fixture(scope="session")
def solo_scenario() -> Scenario:
    return load_scenario(SOLO, SCHEMAS)
