"""LAN play in the windows: hosting, joining, the seats dock, and seats seen from the Qt thread."""
