"""Several umpires, one game: the host (the one authority) and the seats (replicas) over WebSocket.

No Qt here: :mod:`boardapp.net.host` and :mod:`boardapp.net.client` are plain asyncio.
"""
