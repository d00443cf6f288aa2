"""War in Binni's board extras: the menus of actions on places and counters, the fight dialog, CONTROL's rulings."""
