"""The base class of every file-format and state model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FileModel(BaseModel):
    """A section of a file a person writes: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        use_attribute_docstrings=False,
        validate_default=False,
    )

