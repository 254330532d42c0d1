"""Play across machines and the one door to a game (DESIGN.md §9, docs/online.md).

- `door`: the interface a game screen talks to ("a game I take part in") and what it returns.
- `seat`: what one seat may be told about a session (its view, log, decision and answers),
  shared by the local door and the server so both tell a seat the same things.
- `wire`: those things as JSON and back, exactly (a view read back equals the rules' own).
- `local`: the door over a `Session` on this machine.
- `protocol`: the messages' limits and checks; `store`: where the server keeps its games
  (SQLite, or PostgreSQL in `pgstore`); `server`: `wargames serve`; `client`: the threaded
  connection a pygame loop uses; `remote`: the door over that connection.
- `turnfile`: a game carried as a file between players, without a server.
"""
