"""Report: matplotlib figures and the report builder (issue #6)."""
