"""The launcher's "Play online…" (docs/online.md): the server's address, hosting and joining a
game, "My games", and a server started inside the app for friends on the same network.

`field` is a one-line text entry, `model` what the screen asks the server and keeps (no
drawing), `lobby` the screen itself.
"""
