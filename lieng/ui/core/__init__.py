"""The window's machinery: the loop and scene stack, tweens, fonts and text, themes, sounds."""
