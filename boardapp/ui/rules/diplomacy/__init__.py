"""Diplomacy's board extras: the orders panel, order arrows and supply-centre tints."""
