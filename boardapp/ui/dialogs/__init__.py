"""Dialogs every rule system shares: CONTROL's force and the end-of-turn preview."""
