"""The one thing pyproject.toml cannot say: the shipped folders as packages.

The repository's top-level ``maps/``, ``scenarios/`` and ``docs/examples/`` stay where they are and
are installed as the packages ``boardapp.maps``, ``boardapp.scenarios`` and ``boardapp.examples``
(package data, found through importlib.resources: boardapp/resources.py). An editable install
reads them in place. Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

SHIPPED = {"boardapp.maps": "maps", "boardapp.scenarios": "scenarios", "boardapp.examples": "docs/examples"}

setup(packages=[*find_namespace_packages(include=["boardapp", "boardapp.*"]), *SHIPPED], package_dir=SHIPPED)
