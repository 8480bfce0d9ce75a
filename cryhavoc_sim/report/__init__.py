"""Report: matplotlib figures (each takes an Axes and an aggregated frame) and the report
builder (HTML with embedded figures, Markdown, PNG, summary.json)."""
