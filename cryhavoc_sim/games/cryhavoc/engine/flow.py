"""Where play stands, as data: a stack of small step records inside the game state.

A multi-step rule (the Round loop, a turn, a Move, a Battle's steps, an effect list) is a
:class:`Step`: a record of its own progress (``pc``, "where am I", and the few values it
carries between decisions) with a ``run`` method that advances it until it asks a
decision, calls another step, or finishes. The game keeps the open steps on a stack
(after TAG's stack of open action sequences; OpenSpiel's ``State``), so a game stopped at
a decision is plain data: it can be copied, saved, and continued.

The protocol a step follows inside ``run(g)``:

- ``g.ask_step(request)`` asks a decision; it returns True when the step must return and
  wait (the answer is then in ``g.answer``), False when the engine answered it at once (a
  Choice with one option: ``g.answer`` is 0).
- ``g.call(child)`` runs another step; the caller returns and, when it runs again, finds
  the child's result in ``g.ret``.
- ``g.finish(value)`` ends the step (it must be on top) and hands ``value`` to its caller.

Steps never hold mutable objects shared with the state; their fields are numbers,
strings and tuples, so copying a step is a shallow copy.

Every rule of the engine is a step (tests drive one a decision at a time with
``tests/conftest.py``'s ``drive``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


class Step:
    """A rule in progress. Subclasses are dataclasses whose fields (``pc`` last, with its
    default) are all the step's progress, and implement :meth:`run`. Each writes its
    ``__init__`` out: mypyc compiles it, where the one dataclasses generates would run
    as interpreted Python on every step made (23% more instructions per game)."""

    def run(self, g: Game) -> None:
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


def advance(g: Game) -> None:
    """Run the open steps until a decision is asked or none is left."""
    stack = g.stack
    while stack and g.request is None:
        stack[-1].run(g)
