"""CPU of each stage from `wargames play GAME` to its first frame, dummy video driver:

    python tools/startup_stages.py guerra

The stages: imports (the plugin and the launcher), the window, the scenario loaded and the game
set up, the game screen's modules, the screen and its board, the first frame (`App.step`).
Process CPU seconds, with Python's bytecode cache as it is on disk (run twice to read it warm).
"""

from __future__ import annotations

import os
import sys
import time


def main(game: str) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    marks = [("start", time.process_time())]
    from engine import plugins
    from engine.ui import launcher

    plugin = plugins.get(game)
    marks.append(("imports", time.process_time()))
    app = launcher._app(None, None)
    marks.append(("window", time.process_time()))
    from engine.core.session import Session
    from engine.loading import load_game_scenario

    session = Session(plugin.rules, load_game_scenario(plugin), 1)
    marks.append(("scenario and set-up", time.process_time()))
    from engine.ui.game_scene import GameScene

    marks.append(("screen modules", time.process_time()))
    players = {side: "human" for side in plugin.sides}
    app.push(GameScene(app, plugin, session, players, None))
    marks.append(("screen and board", time.process_time()))
    app.step()
    marks.append(("first frame", time.process_time()))
    parts = [f"{name} {now - before:.2f}"
             for (_, before), (name, now) in zip(marks, marks[1:], strict=False)]
    print(f"{game}: {', '.join(parts)}; total {marks[-1][1]:.2f} s of CPU (interpreter included)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "guerra"))
