"""The developers' tools, run from the repository root as `python -m tools.<folder>.<tool>`
(each tool's docstring and `--help` say how): `tools.bench` measures the product's parts one at
a time (renderer, move generation, AI, review, replay, a tap's latency), `tools.load` runs real
bot processes under load, faults and monkey players, `tools.research` plays and trains the AI
(arenas, GNU Backgammon, TD training, dice luck, game outcomes). What several folders share sits
here: `clock` (a run's CPU and wall time) and `throwaway_redis` (a store on a redis-server of
its own).

Not shipped: the wheel holds `nardy`, `renderer`, `bot` and `testkit` only, and nothing there
imports `tools`; the tools import them and each other as a package, never through `sys.path`."""
