"""The game's screens: menu, new game, table, rules, settings and dialogs."""
