"""Run a `wargames` command up to its window's first drawn scene, then stop: the start-up path
alone, for a profiler or `-X importtime` (dummy video driver unless one is set).

    python -X importtime tools/first_frame.py play guerra --seed 1 2> imports.txt
    pyinstrument tools/first_frame.py play guerra --seed 1
    python tools/first_frame.py --modules play baler    # the modules loaded by then, one a line

The process ends as soon as a scene has drawn its first frame (the splash shown while the
scenario loads is not a frame of a scene).
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    modules = argv[:1] == ["--modules"]
    if modules:
        argv = argv[1:]
    from engine.ui.app import App

    draw = App.draw

    def first_frame(app: App) -> None:
        draw(app)
        if app.scene is not None:
            if modules:
                print("\n".join(sorted(sys.modules)))
            raise SystemExit(0)

    App.draw = first_frame  # type: ignore[method-assign, assignment]
    from engine.cli import main as wargames

    return wargames(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
