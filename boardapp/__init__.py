"""boardapp: a desktop map-board for megagames and umpired political-military games."""

__version__ = "0.2.0"
