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


# A sweep.json the tool wrote is far below this; anything larger is not read to match.
_MAX_RECORD_BYTES = 64_000_000


def _json_file(path: Path) -> Any:
    """A JSON file that is a regular file of bounded size, or None (never a FIFO's read)."""
    import stat

    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > _MAX_RECORD_BYTES:
            return None
        return json.loads(path.read_text())
    except (OSError, ValueError, RecursionError):
        return None


def _plays_like(record: Any, manifest: Any) -> str | None:
    """Why a sweep's record is not of the run's games, or None when it is: the same game,
    the same scenario text (so the same player count, factions, bots and rules) and the
    same content (its digest: the content set and every override)."""
    if not isinstance(record, dict) or record.get("kind") != "cryhavoc-sim sweep":
        return "it is not a sweep record"
    if record.get("status") != "complete":
        return "it is not complete"
    if record.get("game") != manifest.get("game", "cryhavoc"):
        return f"it is of the game {str(record.get('game'))[:50]!r}"
    if record.get("scenario_text") is None:
        return "it does not record its scenario's text (a sweep of an older version)"
    if record.get("scenario_text") != manifest.get("scenario_text"):
        return f"its base scenario is not this run's (another text, or another scenario of the name {str(record.get('scenario'))[:50]!r})"
    if record.get("content_hash") != manifest.get("content_hash"):
        return "it plays other content (another set or other overrides)"
    return None


def find_sweeps(run_dir: Path, scenario: str, content_id: str, extra: Path | None = None) -> list[Path]:
    """Finished sweeps whose base scenario plays the run's games: the same game, scenario
    text and content digest (the run's manifest says them; a sweep of another player
    count, content or text that shares the scenario's *name* is never quoted). ``extra``
    (report --sweep) alone when given, refused in one sentence when it does not match;
    otherwise every ``sweeps/*/`` beside the run's parent directory (runs/X -> sweeps/*)
    and in the working directory, newest first. (``scenario`` and ``content_id`` are the
    run's, kept for callers; the manifest's text and digest are the stricter match.)"""
    from cryhavoc_sim.errors import UserError

    manifest = _json_file(run_dir / "manifest.json")
    if not isinstance(manifest, dict):
        return []
    if extra is not None:
        why = _plays_like(_json_file(extra / "sweep.json"), manifest)
        if why is None and not (extra / "results.parquet").is_file():
            why = "it has no results.parquet"
        if why is not None:
            raise UserError(
                f"--sweep {extra}: cannot be quoted for {run_dir}: {why}; allowed: a complete sweep of"
                " the run's own scenario text, game and content."
            )
        return [extra]
    candidates: list[Path] = []
    for root in {run_dir.resolve().parent.parent / "sweeps", Path.cwd() / "sweeps"}:
        if root.is_dir():
            candidates.extend(p for p in root.iterdir() if p.is_dir())
    found = [
        d
        for d in candidates
        if _plays_like(_json_file(d / "sweep.json"), manifest) is None and (d / "results.parquet").is_file()
    ]
    return sorted(set(found), key=lambda p: -(p / "sweep.json").stat().st_mtime)


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
        f" games; see its report in {sweep_dir}): " + "; ".join(parts) + "."
    )
    return sentence, rows
