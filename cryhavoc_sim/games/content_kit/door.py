"""A game's content door (:class:`~cryhavoc_sim.games.spec.GameContent`) made from its
:class:`~cryhavoc_sim.games.content_kit.spec.ContentSpec`: the files, the shipped set's
directory, every value by path and how a calibrated set is written follow from the spec
and the game's loader; the game gives the loader, where its sets are shipped, its
listing and what its numbers mean."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cryhavoc_sim.games.content_kit import overrides as kit_overrides
from cryhavoc_sim.games.content_kit import writing
from cryhavoc_sim.games.content_kit.files import content_dir, read_set, sets_in
from cryhavoc_sim.games.content_kit.spec import ContentSpec
from cryhavoc_sim.games.protocol import Content
from cryhavoc_sim.games.spec import GameContent


class Loader(Protocol):
    """A game's loader: the set in ``directory`` (None: the shipped one) with
    ``overrides``, validated (a ContentError naming the file or path otherwise)."""

    def __call__(
        self, directory: str | Path | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Content: ...


@dataclass(frozen=True, slots=True)
class Values:
    """Every addressable value of the set in ``directory`` (None: the shipped one), after
    ``overrides``: what ``cryhavoc-sim content --numbers`` lists and a sweep may set."""

    spec: ContentSpec

    def __call__(
        self, directory: str | Path | None, overrides: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        spec = self.spec
        docs, _ = read_set(content_dir(directory, spec.default_dir), spec.files, spec.title, spec.digest)
        return kit_overrides.content_values(spec, docs, overrides)


@dataclass(frozen=True, slots=True)
class Writer:
    """The set in ``directory`` (None: the shipped one) with ``overrides`` set, written as
    the set ``name`` in ``target``: each item a value changed in becomes ``calibrated`` and
    says what changed and why (``note``); the written set loads."""

    spec: ContentSpec
    load: Loader

    def __call__(
        self, directory: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        return writing.write_set(self.spec, directory, overrides, target, name, note, self.load)


@dataclass(frozen=True, slots=True)
class Shipped:
    """The sets shipped in ``data`` by name (:func:`~.files.sets_in`)."""

    data: Path

    def __call__(self) -> dict[str, Path]:
        return sets_in(self.data)


def game_content(
    spec: ContentSpec,
    load: Loader,
    data: Path,
    listing: Callable[[Any, bool], str],
    meanings: tuple[tuple[str, str, str], ...] = (),
) -> GameContent:
    """The content door of a game whose content the kit reads (``spec``), its sets shipped
    in ``data`` (a set, or a directory of sets)."""
    return GameContent(
        files=spec.files,
        default_dir=spec.default_dir,
        load=load,
        shipped=Shipped(data),
        values=Values(spec),
        listing=listing,
        write=Writer(spec, load),
        meanings=meanings,
    )
