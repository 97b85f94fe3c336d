"""Short nardy (backgammon, RULES.md §9): a variant beside the long game, sharing its colours,
dice, errors, options machinery and step notation, with its own position and legal turns."""
