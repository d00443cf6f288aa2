"""boardapp's shipped scenarios: package data (`boardapp.scenarios` in an install; see boardapp/resources.py)."""
