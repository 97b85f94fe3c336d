"""Benchmarks of the product's parts, one at a time: `render` (the board renderer), `movegen` and
`short_movegen` (legal turns), `ai` (time per move of each level), `analysis` (the Expert's
review), `replay` (a finished game's replay and pictures), `bot`, `inline` and `inline_rate`
(a tap's latency through the real dispatcher, renderer and Redis)."""
