"""Real bot processes under load: `test` (workers in webhook mode driven by simulated `players`,
faults injected, every move `check`ed to take effect once), `floor` (what a bare aiogram bot
costs per tap), `monkey` (monkey players against passing faults and a slow network) and
`player_memory` (Redis memory per player)."""
