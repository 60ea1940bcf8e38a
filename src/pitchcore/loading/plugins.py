"""Plugins: rule components from other installed packages (docs/plugins.md).

A package adds components by naming them under the entry-point group ``pitchcore.components``
in its metadata, each entry point a module whose classes register themselves with
``@pitchcore.components.registry.component(slot, kind)``, or one such class::

    [project.entry-points."pitchcore.components"]
    deuces = "pitchcore_deuces"

Their kinds are then named in variant files like bundled ones. Plugins are imported lazily,
the first time a variant names a kind that is not bundled or a command lists every kind
(``pitchcore components``, ``pitchcore schema``), so a variant of bundled kinds never imports
one. A plugin that fails (it cannot be imported, registers nothing, takes a kind that is
already taken, or a component breaks its slot's protocol) is left out whole, with a
one-line reason naming the plugin and its entry point; the bundled kinds and the other
plugins keep working.
"""

from __future__ import annotations

import threading
import traceback
import types
import typing
from importlib import metadata
from typing import Any

import attrs

from ..components.registry import KINDS, KindTaken, is_bundled
from ..components.variant import Variant

GROUP = "pitchcore.components"
"""The entry-point group plugins name their components under."""


@attrs.frozen
class Plugin:
    """One entry point of the group: what it registered, or why it was left out."""

    name: str
    """The entry point's name."""
    value: str
    """What it names: ``module`` or ``module:Class``."""
    distribution: str
    """The installed package it comes from (``pitchcore-deuces 0.1.0``), if known."""
    kinds: tuple[tuple[str, str], ...] = ()
    """(slot, kind) of each component it registered."""
    problem: str = ""
    """Why it was left out ("" when it loaded)."""

    def label(self) -> str:
        """How messages name it: ``plugin 'deuces' (entry point deuces = pitchcore_deuces
        in pitchcore.components, from pitchcore-deuces 0.1.0)``."""
        origin = f", from {self.distribution}" if self.distribution else ""
        return f"plugin {self.name!r} (entry point {self.name} = {self.value} in {GROUP}{origin})"

    def __str__(self) -> str:
        if self.problem:
            return f"{self.label()} was left out: {self.problem}"
        kinds = ", ".join(f"{slot} kind {kind}" for slot, kind in self.kinds)
        return f"{self.label()}: {kinds}"


_lock = threading.RLock()
_plugins: tuple[Plugin, ...] | None = None
_loading = False


def load_plugins() -> tuple[Plugin, ...]:
    """Import every plugin once (later calls return the same answer): each entry point of
    the group, in name order, with what it registered or why it was left out. A plugin
    that loads a variant as it is imported gets the plugins loaded so far (none)."""
    global _plugins, _loading
    with _lock:
        if _plugins is None and not _loading:
            _loading = True
            try:
                _plugins = tuple(_load(point) for point in sorted(_entry_points(), key=lambda p: (p.name, p.value)))
            finally:
                _loading = False
        return _plugins or ()


def failures() -> tuple[Plugin, ...]:
    """The plugins left out so far (none before ``load_plugins`` has run)."""
    return tuple(plugin for plugin in _plugins or () if plugin.problem)


def plugin_of(cls: type[Any]) -> Plugin | None:
    """The plugin that registered a component class, if one did."""
    return next((plugin for plugin in _plugins or () if not plugin.problem
                 for slot, kind in plugin.kinds if KINDS[slot].get(kind) is cls), None)


def _entry_points() -> list[metadata.EntryPoint]:
    try:
        return list(metadata.entry_points(group=GROUP))
    except Exception:  # a broken distribution's metadata: no plugins rather than no pitchcore
        return []


def _load(point: metadata.EntryPoint) -> Plugin:
    """Import one entry point; on any failure, take back whatever it registered."""
    dist = getattr(point, "dist", None)
    plugin = Plugin(point.name, point.value, f"{dist.name} {dist.version}" if dist else "")
    before = {slot: dict(kinds) for slot, kinds in KINDS.items()}
    try:
        loaded = point.load()
    except KindTaken as error:
        return _undo(before, attrs.evolve(plugin, problem=str(error)))
    except (Exception, SystemExit) as error:
        return _undo(before, attrs.evolve(plugin, problem=f"cannot be imported: {_one_line(error)}; fix "
                                                          "the plugin, or uninstall it"))
    kinds = _registered(loaded, before)
    try:
        problems = [f"{slot} kind {kind!r} ({cls.__qualname__}) {why}" for slot, kind in kinds
                    for cls in [KINDS[slot][kind]] for why in component_problems(slot, cls)]
    except Exception as error:  # a component whose own code fails as it is checked
        problems = [f"cannot be checked: {_one_line(error)}"]
    if isinstance(loaded, type) and not kinds:
        problems.append(f"names {loaded.__qualname__}, which is not a registered component: decorate "
                        "it with @pitchcore.components.registry.component(slot, kind)")
    elif not isinstance(loaded, type | types.ModuleType):
        problems.append(f"names a value of type {type(loaded).__name__}, not a module or a component class")
    elif not kinds:
        problems.append("registers no component: decorate a class of it with "
                        "@pitchcore.components.registry.component(slot, kind)")
    if problems:
        return _undo(before, attrs.evolve(plugin, problem="; ".join(problems)))
    return attrs.evolve(plugin, kinds=tuple(kinds))


def _registered(loaded: Any, before: dict[str, dict[str, type[Any]]]) -> list[tuple[str, str]]:
    """(slot, kind) of what an entry point registered: the kinds its import added, and those
    of its module (or its class) registered by an earlier import."""
    module = loaded.__name__ if isinstance(loaded, types.ModuleType) else None
    found = []
    for slot, kinds in KINDS.items():
        for kind, cls in kinds.items():
            new = before[slot].get(kind) is not cls
            mine = cls is loaded or (module is not None and (cls.__module__ == module
                                                             or cls.__module__.startswith(module + ".")))
            if (new or mine) and not is_bundled(cls):
                found.append((slot, kind))
    return found


def _undo(before: dict[str, dict[str, type[Any]]], plugin: Plugin) -> Plugin:
    """Put the registry back as it was before ``plugin`` was imported, and say so."""
    for slot, kinds in KINDS.items():
        kinds.clear()
        kinds.update(before.get(slot, {}))
    return plugin


def _one_line(error: BaseException) -> str:
    """An exception as one line, with the plugin's line that raised it (never a traceback)."""
    text = " ".join(str(error).split())
    text = f"{type(error).__name__}: {text[:300]}" if text else type(error).__name__
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if not frame.filename.startswith("<") and "importlib" not in frame.filename]
    return f"{text} (at {frames[-1].filename}:{frames[-1].lineno})" if frames else text


# ---------------------------------------------------------------- what a component must be

POINT_METHODS = ("credits", "most", "tally", "needs_trump", "deciding_card", "deciding_cards")
"""What the engine, the bots and the load checks ask of a point category (``Category``)."""


def component_problems(slot: str, cls: type[Any]) -> list[str]:
    """Why a plugin's component cannot be used in its slot (none: it can).

    The loader makes a component from a file's fields, checks each value against its field's
    type and range, and hashes variants; the engine calls its slot's members. A plugin is
    checked for all of that as it loads, so a bad one fails there, naming itself, and never
    in the middle of a game."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception as error:
        return [f"has type annotations that cannot be read ({_one_line(error)}); import the "
                "types it names"]
    problems = []
    for attribute in attrs.fields(cls):
        if not attribute.init:
            continue
        hint = hints.get(attribute.name)
        if not _readable(hint):
            shown = hint.__name__ if isinstance(hint, type) else str(hint)
            problems.append(f"field {attribute.name} is {shown}, which a variant file cannot give: use "
                            "bool, int, str, tuple[str, ...] or a union of int, str and None")
        elif _has_int(hint) and not (type(attribute.metadata.get("minimum")) is int
                                     and type(attribute.metadata.get("maximum")) is int):
            problems.append(f"field {attribute.name} holds a whole number but has no minimum and "
                            "maximum: make it with pitchcore.components.registry.field(default, doc, minimum=..., "
                            "maximum=...)")
    try:
        made = cls()
    except Exception as error:
        return [*problems, f"cannot be made from its defaults ({_one_line(error)}); give every field "
                           "a default"]
    try:
        hash(made)
    except TypeError:
        problems.append("is not hashable: decorate it with @attrs.frozen")
    else:
        attributes = attrs.fields(cls)
        try:  # (a variant is shared by every game and thread, and hashed: nothing may change it)
            if attributes:
                setattr(made, attributes[0].name, getattr(made, attributes[0].name))
                problems.append("is not frozen: decorate it with @attrs.frozen")
        except (attrs.exceptions.FrozenInstanceError, AttributeError):
            pass
    wanted = typing.get_type_hints(Variant)[slot]
    problems.extend(_slot_problems(slot, cls, made, wanted))
    return problems


def _slot_problems(slot: str, cls: type[Any], made: Any, wanted: Any) -> list[str]:
    """What the slot's type (``Variant``'s annotation) asks that ``cls`` lacks."""
    if typing.get_origin(wanted) is tuple:  # points: a tuple of categories
        wanted = typing.get_args(wanted)[0]
        if not issubclass(cls, wanted):
            return [f"is not a point category: subclass pitchcore.components.points.Category "
                    f"(or Point), then define {', '.join(POINT_METHODS[:2])}"]
        missing = [name for name in ("credits", "most") if getattr(cls, name) is getattr(wanted, name)]
        if missing:
            return [f"does not define {' and '.join(missing)}, which every point category must"]
        try:
            most = made.most()
        except Exception as error:
            return [f"most() fails for its defaults ({_one_line(error)})"]
        if type(most) is not int or most < 0:
            return [f"most() must give a whole number of at least 0, got {most!r}"]
        return []
    options = typing.get_args(wanted) or (wanted,)
    protocols = [option for option in options if getattr(option, "_is_protocol", False)]
    if protocols:
        has = set(dir(cls)) | set(attrs.fields_dict(cls))  # (a dict class keeps no field defaults)
        missing = sorted(set().union(*(_members(option) for option in protocols)) - has)
        return [f"lacks {', '.join(missing)} of the {slot} slot's protocol "
                f"({', '.join(option.__name__ for option in protocols)})"] if missing else []
    if not issubclass(cls, options):
        bases = " or ".join(f"{option.__module__}.{option.__qualname__}" for option in options)
        return [f"must subclass {bases} (what the engine asks of the {slot} slot)"]
    return []


def _members(protocol: type[Any]) -> set[str]:
    """The public names a protocol class and its protocol bases declare."""
    names: set[str] = set()
    for base in protocol.__mro__:
        if getattr(base, "_is_protocol", False) and base is not typing.Protocol:
            names |= {name for name in vars(base) if not name.startswith("_")}
            names |= {name for name in getattr(base, "__annotations__", {}) if not name.startswith("_")}
    return names


def _readable(hint: Any) -> bool:
    """True for a field type the loader checks values against (``validation._check``)."""
    if hint in (bool, int, str):
        return True
    if typing.get_origin(hint) is tuple:
        return typing.get_args(hint) in ((str, ...),)
    args = typing.get_args(hint)
    return bool(args) and all(arg in (int, str, type(None)) for arg in args)


def _has_int(hint: Any) -> bool:
    return hint is int or int in typing.get_args(hint)
