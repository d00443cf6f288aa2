"""The players' live read-only web view: the public board on phones, laptops and TVs, served by the host.

:class:`~boardapp.web.server.WebView` is a viewer seat of the LAN host that serves a static page
and pushes the public picture to it; :func:`~boardapp.web.server.page_urls` gives the address the
big screen shows as a QR code; :mod:`boardapp.web.hosting` runs ``boardapp host`` with the page.
No Qt here. See docs/web.md.
"""
