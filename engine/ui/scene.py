"""The scene base: one full-window screen of the app (launcher, game, replay), stacked by `App`.

A scene receives every pygame event the app does not handle itself (`handle_event`), advances its
animations (`update`), draws the whole window (`draw`) and re-lays itself out on a window resize
(`on_resize`). A scene may hold one modal `Dialog`: while it is open the app sends every event to
the dialog and draws it above the scene, so no click reaches what lies beneath.

Redraw on change (DESIGN.md §8): the app draws a frame only when the scene `needs_redraw()` and
otherwise sleeps until an event comes. A scene says so in three ways: `self.dirty = True` for
one redraw (something changed without an event: the computer's move landed, a tooltip came up),
`animating` while every frame differs (dice tumbling) and `wake_in()` for the next moment its
`update` must run though no event comes (a tooltip's delay, the computer's pause). The safe
default: the app also redraws after every event it hands the scene or its dialog, so a scene
that says nothing is never left showing a stale picture after input.

The class lives in `engine.ui.app`, beside the `App` that stacks scenes and that every scene
holds; this module names it for the screens.
"""

from engine.ui.app import Scene as Scene
