"""The document side of a window: the one door commands go through, the game sources behind it, and undo."""
