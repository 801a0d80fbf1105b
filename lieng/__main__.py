"""``python -m lieng`` starts the game."""

from lieng.app import main

main()
