"""A rule system whose rules are the scenario's own tables: a designer's megagame without Python
(issue 30; docs/designing-rules.md, docs/formats/tables.md)."""
