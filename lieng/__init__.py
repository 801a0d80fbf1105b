"""Liêng — the Vietnamese three-card betting game."""

__version__ = "0.1.0"
