"""Where play stands, as data: a stack of small step records inside the game state.

A multi-step rule (the Round loop, a turn, a Move, a Battle's steps, an effect list) is a
:class:`Step`: a record of its own progress (``pc``, "where am I", and the few values it
carries between decisions) with a ``run`` method that advances it until it asks a
decision, calls another step, or finishes. The game keeps the open steps on a stack
(after TAG's stack of open action sequences; OpenSpiel's ``State``), so a game stopped at
a decision is plain data: it can be copied, saved, and continued.

The protocol a step follows inside ``run(g, answer)``:

- ``g.ask(request)`` asks a decision, the one way to ask; it returns True when the step
  must return and wait (its next ``run`` is handed the validated answer: the decision
  path from a bot's answer to the state change is ``Game.apply`` -> :func:`advance` ->
  ``stack[-1].run(g, answer)``), False when the engine answered it at once (a Choice
  with one option: the step goes on with answer 0). Every other ``run`` is handed None.
- ``g.call(child)`` runs another step; the caller returns and, when it runs again, finds
  the child's result in ``g.ret``.
- ``g.finish(value)`` ends the step (it must be on top) and hands ``value`` to its caller.

Steps never hold mutable objects shared with the state; their fields are numbers,
strings and tuples, so copying a step is a shallow copy.

Every rule of the engine is a step (tests drive one a decision at a time with
``tests/conftest.py``'s ``drive``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


class Step:
    """A rule in progress. Subclasses are dataclasses whose fields (``pc`` last, with its
    default) are all the step's progress, and implement :meth:`run`. Each writes its
    ``__init__`` out: mypyc compiles it, where the one dataclasses generates would run
    as interpreted Python on every step made (its cost: docs/measured.md). A
    subclass that adds no field (most effect primitives, engine/prim.py) is a plain
    class inheriting its base's fields and ``__init__``."""

    def run(self, g: Game, answer: Any) -> None:
        """Advance this step; ``answer`` is the answer to the request it asked last
        time, when it is the step that asked (None otherwise)."""
        raise NotImplementedError

    def copy(self) -> Step:
        """A copy sharing nothing mutable (every field is an immutable value)."""
        cls = type(self)
        names = _FIELDS.get(cls)
        if names is None:
            from dataclasses import fields

            names = _FIELDS[cls] = tuple(f.name for f in fields(self))  # type: ignore[arg-type]
        return cls(**{n: getattr(self, n) for n in names})


_FIELDS: dict[type, tuple[str, ...]] = {}


def advance(g: Game, answer: Any) -> None:
    """Hand ``answer`` to the step on top (the one that asked; None at the start), then
    run the open steps until a decision is asked or none is left."""
    # Called with no request pending (Game.start, Game.apply). No ``g.request is None``
    # test before the loop: mypyc would keep that narrowing across run() and reject the
    # request a step asks.
    stack = g.stack
    if not stack:
        return
    stack[-1].run(g, answer)
    while stack and g.request is None:
        stack[-1].run(g, None)
