"""The Control team's own windows (issue 29): the Control team dock, the refusal that meets a ruling, the
follow-up badges on the map. Generic: they know the staff commands of :mod:`boardapp.engine.staff`, never a
rule system's commands."""
