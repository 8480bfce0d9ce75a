"""Analysis: lazy polars, one metric per function, no plotting (issue #6)."""
