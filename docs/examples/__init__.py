"""boardapp's shipped examples: package data (`boardapp.examples` in an install; see boardapp/resources.py)."""
