"""The AI's research: `arena` (paired games between levels or networks, over `duel` and
`short_duel`), `gnubg_arena` (short nardy against GNU Backgammon, through `gnubg_oracle`),
`train_td` and `td_short` (TD(lambda) training of the networks), `luck` (dice luck in arena
games), `outcomes` and `valuation_arena` (the house rules' scoring, over `one_ply_runs`)."""
