"""What every table screen shares: the board that trails the engine's events, its layout and
drawing, the cards, the action bar and the coach."""
