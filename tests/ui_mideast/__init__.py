"""Mid-East PEACE on the umpire's board and the big screen (pytest-qt, real events)."""
