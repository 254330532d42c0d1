"""Shared engine hosting the three wargames: pure core, YAML data, pygame-ce UI, AI helpers."""
