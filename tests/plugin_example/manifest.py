"""The tiny system's manifest: its rule module and its one dock, as lazy references."""

from boardapp.plugins import Manifest

MANIFEST = Manifest.model_validate({
    "name": "tiny-example",
    "title": "Tiny example",
    "module": "tests.plugin_example.rules:TinyRules",
    "contributions": {"docks": [{"id": "where", "title": "Where", "widget": "tests.plugin_example.ui:where_dock"}]},
})
