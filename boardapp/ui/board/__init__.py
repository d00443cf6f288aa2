"""The board as drawn: the scene of places, roads and counters, its views, counter pictures and PNG rendering."""
