"""The game window: pygame-ce scenes, pygame_gui controls, tweens, drawn cards.

Nothing here decides a rule: the table scene reads ``lieng.table.Table`` and the engine's
events and only draws them (ARCHITECTURE.md "One idea").
"""
