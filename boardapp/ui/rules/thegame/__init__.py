"""The Game's board extras: step checklist, ledgers, the referee's edit, the big screen's news."""
