"""The player's own things while the window runs: preferences, bankroll, history, notices."""
