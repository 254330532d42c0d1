"""Pygame-ce user interface: app loop, scenes, board views, widgets; imports engine.core only."""
