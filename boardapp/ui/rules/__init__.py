"""Each rule system's own board extras (docks, dialogs, menus, overlays); core ui never imports these."""
