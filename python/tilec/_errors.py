"""Compile errors: what `tilec.compile` (or a launch that compiles) raises."""

from dataclasses import dataclass, field
from typing import List, Optional


@dataclass(frozen=True)
class Diagnostic:
    """One error, warning or note of a compile; line and column are 1-based, and both
    None for a diagnostic about a whole file (or about no file, when file is None too)."""

    severity: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    message: str
    notes: List[str] = field(default_factory=list)


class CompileError(Exception):
    """A compile that failed. ``str(e)`` is the rendered report tilec prints (file:line:col,
    the source line, a caret); ``file``, ``line``, ``column`` and ``message`` are the first
    error's, ``diagnostics`` all of them; ``internal`` marks a bug of tilec's, not of the
    program."""

    def __init__(self, rendered: str, diagnostics: List[Diagnostic], internal: bool = False):
        super().__init__(rendered)
        self.rendered = rendered
        self.diagnostics = diagnostics
        self.internal = internal
        first = diagnostics[0]
        self.file = first.file
        self.line = first.line
        self.column = first.column
        self.message = first.message

    def __str__(self) -> str:
        return self.rendered
