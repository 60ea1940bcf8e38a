"""Bots of your own, named ``module:Class`` wherever pitchcore takes a bot name.

``simulate --bots mybots:GreedyBot,heuristic`` (and ``play --bots``, and
``simulate(bots=...)``) imports ``mybots`` from the Python path and builds a ``GreedyBot``
per seat and game. Only the text ``mybots:GreedyBot`` travels to worker processes and
cluster machines, each of which imports the class itself: that is what lets any bot run
in parallel, whether or not its objects can be pickled.

A class is constructed with ``variant=`` the game's ``Variant`` when its constructor has a
parameter named ``variant`` (as the bundled bots do, to read rules of variants loaded from
a file), and with no arguments otherwise. For other settings, write a subclass with them
as defaults. Anything wrong (no such module or class, not a class, no ``choose`` method,
a constructor that fails) is a ``ValueError`` whose one-line message says what.

    >>> bot = load_bot("pitchcore.bots:RandomBot")
    >>> type(bot).__name__
    'RandomBot'
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from typing import TYPE_CHECKING, Any, cast

from ..model.caches import cached
from .base import Bot

if TYPE_CHECKING:
    from ..components.variant import Variant

_DOTTED = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
SPEC = re.compile(rf"({_DOTTED}):({_DOTTED})")
"""``module:Class``: a dotted module name, a colon, a dotted attribute path in it."""

PROTOCOL_METHODS = tuple(name for name in dir(Bot) if not name.startswith("_") and callable(getattr(Bot, name)))
"""The methods a bot class must have (those of the ``Bot`` protocol: ``choose``)."""

SIGNATURES = {"choose": "choose(view, legal, rng)"}
"""How each protocol method is called, for messages."""


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def spec_of(cls: type) -> str:
    """The ``module:Class`` text of a class, for passing a class where a bot name goes.

    A class defined inside a function cannot be imported by name again, so it is refused."""
    if not inspect.isclass(cls):
        raise ValueError(f"bots: expected a bot name, module:Class or a class, got {cls!r}")
    qualname = cls.__qualname__
    if "<locals>" in qualname:
        raise ValueError(f"bot class {qualname} is defined inside a function: workers import bots by "
                         "name, so define it at the top level of a module")
    return f"{cls.__module__}:{qualname}"


@cached(64)
def resolve(spec: str) -> type:
    """The class ``spec`` (``module:Class``) names, checked against the ``Bot`` protocol.

    Cached by text once it succeeds (a failure is tried again next time)."""
    match = SPEC.fullmatch(spec.strip())
    if match is None:
        raise ValueError(f"bot {spec!r}: expected module:Class (e.g. mybots:GreedyBot, "
                         "a class GreedyBot in a file mybots.py)")
    module_name, attribute = match.groups()
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        parts = module_name.split(".")
        if error.name not in {".".join(parts[:end]) for end in range(1, len(parts) + 1)}:
            raise ValueError(f"bot {spec!r}: importing {module_name} failed: {_one_line(error)}") from None
        raise ValueError(f"bot {spec!r}: no module named {error.name!r} on the Python path (where "
                         f"{error.name.replace('.', '/')}.py goes: the current folder, for the pitchcore command, or "
                         "a folder on PYTHONPATH)") from None
    except Exception as error:  # the module's own code failed: say how, on one line
        raise ValueError(f"bot {spec!r}: importing {module_name} failed: {_one_line(error)}") from None
    found: Any = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            where = module_name if found is module else f"{module_name}:{attribute.rsplit('.', 1)[0]}"
            candidates = ", ".join(sorted(
                name for name, value in vars(found).items()
                if inspect.isclass(value) and not missing_methods(value) and not name.startswith("_")))
            hint = f" (classes with a choose method there: {candidates})" if candidates else ""
            raise ValueError(f"bot {spec!r}: {where} has no attribute {part!r}{hint}")
        found = getattr(found, part)
    if not inspect.isclass(found):
        raise ValueError(f"bot {spec!r}: {module_name}.{attribute} is a {type(found).__name__}, not a class "
                         "(a bot is named by its class, which pitchcore constructs)")
    missing = missing_methods(found)
    if missing:
        raise ValueError(f"bot {spec!r}: {module_name}.{attribute} does not implement the Bot protocol: "
                         f"missing {', '.join(SIGNATURES.get(name, name) for name in missing)}")
    return found


def missing_methods(cls: type) -> list[str]:
    """The ``Bot`` protocol's methods that ``cls`` lacks."""
    return [name for name in PROTOCOL_METHODS if not callable(getattr(cls, name, None))]


@cached(64)
def _takes_variant(cls: type) -> bool:
    """Whether ``cls``'s constructor has a parameter named ``variant`` (given by keyword)."""
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):  # no signature to read (a class implemented in C): no arguments
        return False
    parameter = parameters.get("variant")
    return parameter is not None and parameter.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                        inspect.Parameter.KEYWORD_ONLY)


def load_bot(spec: str, variant: Variant | None = None) -> Bot:
    """A new bot of the class ``spec`` (``module:Class``) names, for a game of ``variant``.

    Constructed as ``Class(variant=variant)`` when its constructor takes ``variant``, else
    as ``Class()``. ``ValueError`` says what is wrong, on one line."""
    cls = resolve(spec)
    with_variant = _takes_variant(cls)
    call = f"{cls.__module__}.{cls.__qualname__}({'variant=...' if with_variant else ''})"
    try:
        bot = cls(variant=variant) if with_variant else cls()
    except Exception as error:
        raise ValueError(f"bot {spec!r}: {call} failed: {_one_line(error)} (pitchcore constructs a bot class "
                         "with no arguments, or with variant= when its __init__ has a variant parameter)") from None
    try:
        inspect.signature(bot.choose).bind(None, None, None)  # (view, legal, rng)
    except TypeError:
        raise ValueError(f"bot {spec!r}: {cls.__qualname__}.choose must take (view, legal, rng)") from None
    except ValueError:  # no signature to read: trust it
        pass
    return cast(Bot, bot)


def search_current_folder() -> None:
    """Let the pitchcore command import bot modules from the current folder, as ``python -m``
    and ``python script.py`` users expect (``mybots.py`` next to them).

    The folder goes at the end of ``sys.path``, so it never hides an installed module, and
    as an absolute path, so that worker processes (which copy ``sys.path``) find it too."""
    folder = os.getcwd()
    if folder not in sys.path and "" not in sys.path:
        sys.path.append(folder)
