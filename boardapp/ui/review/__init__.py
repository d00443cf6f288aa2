"""The review window: a finished game replayed read-only on the board, with its curves (Qt)."""
