"""Pygame-ce user interface: app loop, scenes, board views, widgets, dice, hand-off."""

import os

# pygame prints a greeting on import; a game window has no use for it on the terminal
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
