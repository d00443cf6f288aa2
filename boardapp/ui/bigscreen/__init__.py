"""The big screen: the public window, its hall-sized map, and CONTROL's way of driving it from the board."""
