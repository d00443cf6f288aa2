"""Coup's table view: the board's central view (Coup has no map) and the big screen's public table."""
