"""Errors a user can cause, each rendered as one sentence with exit code 2."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from a user: a file, a field or an option. Exit code 2, no traceback."""

    exit_code = 2


class ContentError(UserError):
    """A content file is missing, malformed or inconsistent."""


class ScenarioError(UserError):
    """A scenario file or option is malformed."""
