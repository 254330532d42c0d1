"""The parts of the game screen (`engine.ui.game_scene.GameScene`), each in its own file and
named for what it does, so a newcomer finds the code of a behaviour by its name:

- `board_input.BoardInput`: the board and the hand under the pointer: selections, the action
  menu at the pointer, "Which one?" on a stack, card faces, and the questions asked before an
  action (it changes nothing; it cannot be taken back). Shared by the local and the online
  game screens (`engine.ui.online.play.OnlineGameScene`), which differ only in how an action
  reaches the game (`play`) and how they know what is legal and whose turn it is.
- `since_last_turn.SinceLastTurn`: what happened since the player last decided, the summary
  and its replay on the board, read through the door (shared by both screens).
- `table_aids.TableAids`: the player aid (F1) and the map overlays (shared by both screens).
- `handoff_seats.ScreenHandoff`: hot-seat: the black screen between human sides and the seat
  banner.
- `computer_seats.ComputerSeats`: the computer's sides: thinking on a worker thread, their
  reasons in the log, and watching a game the computer plays alone.
- `hint.HintKey`: "What would the computer do?" (H) for the human side deciding now.
- `save_keeper.SaveKeeper`: Ctrl+S, the autosave, and leaving without losing anything.
- `game_menu.GameMenu`: the local game menu (Escape).
- `local.LocalScreenParts`: what the local screen's parts share of it (declarations only).

Each part is a mixin of the screen: it keeps its state on the screen and names, in its class
body, what it reads of the screen (attributes) and, under `TYPE_CHECKING`, what it calls
(methods), so its contract with the screen is written where it is used. What reads the game
itself goes through the door to the game (`engine.net.door.Door`, `self.door`) where the
question is one a remote game can answer too.
"""
