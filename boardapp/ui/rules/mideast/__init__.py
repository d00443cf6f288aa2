"""Mid-East PEACE's board extras: the turn strip, the fists, the auction, the UN vote and the hall's sections."""
