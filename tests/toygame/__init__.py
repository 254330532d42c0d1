"""Skirmish: a tiny test-only game that exercises the whole engine contract.

Two sides move counters on a small hex board, attack with a die roll and hold a hidden hand of
order cards. It is registered only by the test suite (or by WARGAMES_PLUGINS for demos).
"""
