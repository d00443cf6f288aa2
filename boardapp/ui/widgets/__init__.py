"""Side panels every rule system shares: teams, the log, the turn, counters off the map."""
