"""The HTML report shows Markdown's `code` spans in its notice, trust box and headline as
code, not as backticks, and still escapes everything else."""

from __future__ import annotations

from cryhavoc_sim.report.page import inline


def test_code_spans_become_code_and_the_rest_is_escaped() -> None:
    assert (
        inline("see `cryhavoc-sim content` & <b>") == "see <code>cryhavoc-sim content</code> &amp; &lt;b&gt;"
    )
    assert inline("no code here") == "no code here"
    assert inline("`<script>`") == "<code>&lt;script&gt;</code>"
