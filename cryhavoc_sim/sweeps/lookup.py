"""What an ordinary run's report says about sweeps of its scenario: the numbers its
headline is most sensitive to, when a finished sweep of that scenario is found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryhavoc_sim.storage.reader import Run


def most_sensitive(run: Run, sweep: Path | None) -> tuple[str, Path] | None:
    """(sentence, sweep directory) of the newest finished sweep of the run's scenario."""
    found = find_sweeps(
        run.path, str(run.manifest.get("scenario")), str(run.manifest.get("content_id")), sweep
    )
    if not found:
        return None
    return sensitivity(found[0])[0], found[0]


def find_sweeps(run_dir: Path, scenario: str, content_id: str, extra: Path | None = None) -> list[Path]:
    """Finished sweeps of ``scenario`` on the same content set (their shipped cell's
    content id is ``content_id``): ``extra`` (report --sweep), then every ``sweeps/*/``
    beside the run's parent directory (runs/X -> sweeps/*) and in the working directory;
    newest first."""
    candidates: list[Path] = []
    if extra is not None:
        candidates.append(extra)
    for root in {run_dir.resolve().parent.parent / "sweeps", Path.cwd() / "sweeps"}:
        if root.is_dir():
            candidates.extend(p for p in root.iterdir() if p.is_dir())
    found = []
    for d in candidates:
        try:
            record = json.loads((d / "sweep.json").read_text())
        except (OSError, ValueError):
            continue
        if (
            record.get("scenario") == scenario
            and record.get("status") == "complete"
            and (d / "results.parquet").exists()
        ):
            found.append(d)
    return sorted(set(found), key=lambda p: (p != extra, -(p / "sweep.json").stat().st_mtime))


def sensitivity(sweep_dir: Path) -> tuple[str, list[dict[str, Any]]]:
    """A headline sentence naming, for each side, the number its win rate moves most
    with in the sweep (from the lowest to the highest level mean), and those rows."""
    import polars as pl

    from cryhavoc_sim.sweeps.analyse import level_means, read_record, spans

    record = read_record(sweep_dir)
    results = pl.read_parquet(sweep_dir / "results.parquet")
    span = spans(level_means(results, record))
    order = results.filter(pl.col("cell") == 0).sort("win_rate", descending=True)["side"].to_list()
    rows = []
    for side in order:
        part = span.filter(pl.col("side") == side)
        if part.height:
            rows.append(part.row(0, named=True))
    parts = [
        f"{r['side'].capitalize()} {r['low_rate']:.0%}-{r['high_rate']:.0%} with {r['factor']}"
        for r in rows
        if r["span"] > 0
    ]
    sentence = (
        f"Most sensitive numbers (sweep {record['name']}, {len(record['cells'])} cells of {record['games_per_cell']:,}"
        f" games; see its report): " + "; ".join(parts) + "."
    )
    return sentence, rows
