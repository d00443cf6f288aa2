"""The after-action review, Qt-free: a game file opened read-only as a timeline of positions
(:mod:`.timeline`), the curves a rule module supplies through ``RuleModule.series``
(:mod:`.timeline` too), the key events worth telling (:mod:`.events`), the board drawn as SVG
(:mod:`.svgboard`) and the report (:mod:`.report`). The review window builds on these.
"""
