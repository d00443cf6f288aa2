"""boardapp: a desktop map-board for megagames and umpired political-military games."""

__version__ = "0.1.0"
