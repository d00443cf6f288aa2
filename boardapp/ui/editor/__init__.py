"""The map and scenario editor window: items, scene and window over the Qt-free :mod:`boardapp.editor` documents."""
