"""boardapp's shipped maps: package data (`boardapp.maps` in an install; see boardapp/resources.py)."""
