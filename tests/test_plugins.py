"""Plugins: components from other installed packages (docs/plugins.md).

The example plugin (``examples/plugin``, the point category ``deuces``) is installed with pip
into a temporary folder and the ``pitchcore`` command is run in a subprocess with that folder
on ``PYTHONPATH``: its entry point is found from the installed dist-info, as for a user who
ran ``pip install``. Tiny plugins written here show the failures: one that cannot be
imported, one that takes a bundled kind's name. The rest run in this process, with the
registry put back after each test.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
import pytest

import pitchcore as pc
from conftest import choose_move
from pitchcore.accel import fast
from pitchcore.bots import HeuristicBot
from pitchcore.components import registry
from pitchcore.components.points import Category, Point
from pitchcore.components.registry import KINDS, KindTaken, component, field
from pitchcore.interop.actions import legal_action_mask
from pitchcore.interop.tensors import information_state_tensor, observation_tensor
from pitchcore.loading import plugins

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "plugin"
EXAMPLE_VARIANT = EXAMPLE / "deuces-pitch.yaml"


def builds_in_place() -> bool:
    """True when this environment's setuptools can build a package without build isolation
    (70.1 or later builds wheels by itself, older ones need the ``wheel`` package)."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    import setuptools

    version = tuple(int(part) for part in setuptools.__version__.split(".")[:2] if part.isdigit())
    return version >= (70, 1) or importlib.util.find_spec("wheel") is not None


def pip_install(target: Path, *packages: Path) -> None:
    """Install ``packages`` (copied first: a build writes into its source folder) into ``target``.

    With ``--no-build-isolation`` the build uses this environment's setuptools, and nothing
    is downloaded. An environment whose setuptools cannot build alone (the one ``python -m
    venv`` gives Python 3.11: setuptools 65 without ``wheel``) lets pip isolate the build,
    which fetches setuptools from the package index."""
    copies = []
    for package in packages:
        copy = target.parent / f"source-{package.name}"
        shutil.copytree(package, copy, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        copies.append(str(copy))
    isolation = ["--no-build-isolation", "--no-index"] if builds_in_place() else []
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", *isolation,
                          "--target", str(target), *copies], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def pitchcore_command(path: Path | None, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m pitchcore ARGS`` with ``path`` (installed plugins) before pitchcore's sources."""
    folders = ([str(path)] if path else []) + [str(ROOT / "src")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(folders), **env}
    return subprocess.run([sys.executable, "-m", "pitchcore", *args], capture_output=True, text=True,
                          env=environment, timeout=300, cwd=ROOT)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin, installed by pip into a folder of its own."""
    target = tmp_path_factory.mktemp("plugin") / "site"
    pip_install(target, EXAMPLE)
    assert (target / "pitchcore_deuces").is_dir()
    return target


# ---------------------------------------------------------------- the example, installed

def test_pip_installs_the_example_with_its_entry_point(installed: Path) -> None:
    (info,) = installed.glob("pitchcore_deuces-*.dist-info")
    assert "[pitchcore.components]\ndeuces = pitchcore_deuces" in (info / "entry_points.txt").read_text()
    listed = pitchcore_command(installed, "plugins")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.startswith("plugin 'deuces' (entry point deuces = pitchcore_deuces in "
                                    "pitchcore.components, from pitchcore-deuces 0.1.0): points kind deuces")


def test_check_show_and_simulate_know_the_plugin_kind(installed: Path) -> None:
    checked = pitchcore_command(installed, "check", str(EXAMPLE_VARIANT))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(f"ok   {EXAMPLE_VARIANT} (deuces-pitch)")
    assert "warning" not in checked.stdout + checked.stderr
    shown = pitchcore_command(installed, "show", "--resolved", str(EXAMPLE_VARIANT))
    assert shown.returncode == 0, shown.stderr
    assert "- kind: deuces\n  name: deuces\n  value: 1\n  receiver: capturer\n" in shown.stdout
    # Two worker processes: each imports the plugin as it unpickles the variant.
    played = pitchcore_command(installed, "simulate", "--variant", str(EXAMPLE_VARIANT), "--games", "6",
                               "--bots", "heuristic", "--workers", "2", "--json")
    assert played.returncode == 0, played.stderr
    awards = json.loads(played.stdout)["awards"]
    assert list(awards) == ["high", "low", "jack", "game", "deuces"]
    hands = json.loads(played.stdout)["hands"]
    assert sum(awards["deuces"]["sides"]) + awards["deuces"]["nobody"] == hands


def test_components_and_the_schema_list_the_plugin_kind(installed: Path, tmp_path: Path) -> None:
    listed = pitchcore_command(installed, "components")
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if line.strip().startswith("deuces"))
    assert line.endswith("Each two (deuce) of any suit scores its value to the side that takes it. (plugin deuces)")
    printed = pitchcore_command(installed, "schema")
    assert printed.returncode == 0, printed.stderr
    schema = json.loads(printed.stdout)
    assert schema["$defs"]["points.deuces"]["properties"]["value"] == {
        "type": "integer", "minimum": 1, "maximum": registry.MOST_VALUE, "description": "points each deuce is worth",
        "default": 1}
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    data = yaml.safe_load(EXAMPLE_VARIANT.read_text())
    jsonschema.validate(data, schema)
    bad = {**data, "points": [{"kind": "deuces", "value": 0}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
    # The repository's own schema and docs describe pitchcore's kinds only.
    assert "deuces" not in pitchcore_command(installed, "schema", **{"PYTHONPATH": str(ROOT / "src")}).stdout
    assert "deuces" not in (ROOT / "docs" / "variant.schema.json").read_text()


def test_a_bad_value_for_a_plugin_field_gets_the_loaders_message(installed: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: auction-pitch\npoints: [high, low, jack, game, {kind: deuces, value: 99}]\n")
    checked = pitchcore_command(installed, "check", str(house))
    assert checked.returncode == 1
    assert (f"{house}:2: points[4].value: expected a whole number from 1 to {registry.MOST_VALUE}, got 99"
            in checked.stderr)


def test_without_the_plugin_the_kind_is_unknown_and_bundled_variants_work(tmp_path: Path) -> None:
    checked = pitchcore_command(None, "check", str(EXAMPLE_VARIANT), "auction-pitch")
    assert checked.returncode == 1
    bundled = ", ".join(registry.bundled_kinds("points"))
    assert (f"{EXAMPLE_VARIANT}:12: points[4].kind: unknown kind 'deuces'; kinds: {bundled}; nor is it a kind of "
            "an installed plugin (pitchcore plugins lists them)\n") in checked.stderr
    assert "ok   auction-pitch (auction-pitch)" in checked.stdout


# ---------------------------------------------------------------- failing plugins

BROKEN = """\
import os
from pathlib import Path

Path(os.environ["PLUGIN_MARK"]).write_text("imported")
import pitchcore_no_such_module  # noqa
"""

CLASH = """\
import attrs
from pitchcore.components.points import Point
from pitchcore.components.registry import component


@component("points", "nines")
@attrs.frozen
class Nines(Point):
    \"\"\"Registered first, then taken back with the rest of the plugin.\"\"\"


@component("points", "high")
@attrs.frozen
class High(Point):
    \"\"\"A second High: refused.\"\"\"
"""


def tiny_plugin(folder: Path, name: str, module: str) -> Path:
    """A package named ``name`` whose module ``{name}_plugin`` is its entry point."""
    package = folder / name
    package.mkdir(parents=True)
    (package / f"{name}_plugin.py").write_text(module)
    (package / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{name}-plugin"
        version = "1.0"

        [project.entry-points."pitchcore.components"]
        {name} = "{name}_plugin"

        [tool.setuptools]
        py-modules = ["{name}_plugin"]
        """))
    return package


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin beside a broken one and one that takes the bundled kind ``high``."""
    folder = tmp_path_factory.mktemp("failing")
    target = folder / "site"
    pip_install(target, EXAMPLE, tiny_plugin(folder, "broken", BROKEN), tiny_plugin(folder, "clash", CLASH))
    return target


def test_a_variant_of_bundled_kinds_never_imports_a_plugin(failing: Path, tmp_path: Path) -> None:
    mark = tmp_path / "imported"
    house = tmp_path / "house.yaml"
    house.write_text("extends: auction-pitch\ngoing_out: {target: 15}\n")
    checked = pitchcore_command(failing, "check", "hi-lo-jack", str(house), PLUGIN_MARK=str(mark))
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == "" and not mark.exists()
    listed = pitchcore_command(failing, "plugins", PLUGIN_MARK=str(mark))
    assert mark.exists() and listed.returncode == 1


def test_a_plugin_that_cannot_be_imported_is_named_with_its_entry_point(failing: Path, tmp_path: Path) -> None:
    checked = pitchcore_command(failing, "check", str(EXAMPLE_VARIANT), PLUGIN_MARK=str(tmp_path / "mark"))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(f"ok   {EXAMPLE_VARIANT} (deuces-pitch)")
    assert ("pitchcore: warning: plugin 'broken' (entry point broken = broken_plugin in pitchcore.components, "
            "from broken-plugin 1.0) was left out: cannot be imported: ModuleNotFoundError: No module named "
            "'pitchcore_no_such_module' (at ") in checked.stderr
    assert "broken_plugin.py:5); fix the plugin, or uninstall it" in checked.stderr
    assert "Traceback" not in checked.stderr


def test_a_plugin_cannot_replace_a_bundled_kind(failing: Path, tmp_path: Path) -> None:
    mark = {"PLUGIN_MARK": str(tmp_path / "mark")}
    listed = pitchcore_command(failing, "plugins", **mark)
    assert listed.returncode == 1
    assert ("plugin 'clash' (entry point clash = clash_plugin in pitchcore.components, from clash-plugin 1.0) "
            "was left out: points kind 'high' is already a bundled kind (pitchcore.components.points.High); a "
            "kind cannot be replaced: register clash_plugin.High under another name") in listed.stdout
    assert "plugin 'deuces'" in listed.stdout and "points kind deuces" in listed.stdout
    # The plugin is left out whole: its other kind is taken back, and high is still the bundled one.
    house = tmp_path / "house.yaml"
    house.write_text("extends: auction-pitch\npoints: [high, nines, deuces]\n")
    checked = pitchcore_command(failing, "check", str(house), **mark)
    assert f"{house}:2: points[1].kind: unknown kind 'nines'; kinds: high, low" in checked.stderr
    assert "nor is it a kind" not in checked.stderr
    assert "plugins 'broken', 'clash' were left out (pitchcore plugins says why)" in checked.stderr
    assert "points[2]" not in checked.stderr
    shown = pitchcore_command(failing, "show", "--resolved", "auction-pitch", **mark)
    assert shown.stdout == pitchcore_command(None, "show", "--resolved", "auction-pitch").stdout


# ---------------------------------------------------------------- in this process

@pytest.fixture
def registry_kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry and the plugins loaded, as they were before the test."""
    before = {slot: dict(kinds) for slot, kinds in KINDS.items()}
    monkeypatch.setattr(plugins, "_plugins", None)
    yield
    for slot, kinds in KINDS.items():
        kinds.clear()
        kinds.update(before[slot])


@pytest.fixture
def deuces(registry_kept: None, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example plugin's module, imported from the examples folder."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    import pitchcore_deuces

    component("points", "deuces")(pitchcore_deuces.Deuces)  # (registered again if an earlier test took it back)
    return pitchcore_deuces


def entry_point(name: str, value: str) -> metadata.EntryPoint:
    return metadata.EntryPoint(name=name, value=value, group=plugins.GROUP)


# The first hand of tests/test_scoring_options.py: two players, hearts named by seat 1 (the
# bidder). Seat 0 is dealt the 2C, seat 1 the 2S; seat 1 takes the 2C with the TC, seat 0
# the 2S with the AH, so each side takes one deuce and holds one.
HANDS = ["TH AH 2C 3C 4D 6D", "3H TC AC TD KD 2S"]
PLAY = ["bid 1", "pass", "trump H", "play 3H", "play TH", "play 2C", "play TC", "play AC", "play 3C",
        "play TD", "play 4D", "play KD", "play 6D", "play 2S", "play AH"]
TWO_HANDED = "extends: auction-pitch\ndeal: {min_players: 2, max_players: 2, default_players: 2}\ntrump: named\n"


def test_deuces_scores_each_two_to_the_side_that_takes_it(deuces: Any) -> None:
    """A deuce is worth its value to its taker: with High (to the holder, seat 0's AH) and
    deuces worth 2, seat 0 scores 1 + 2 and seat 1 (the bidder, bid 1) makes its bid with its
    deuce's 2. The two sides' deuces tie, so nobody is reported as winning the category."""
    variant = pc.load_variant_text(TWO_HANDED + "points: [{kind: high, receiver: holder}, {kind: deuces, value: 2}]\n")
    state = pc.new_game(variant, seed=3, dealer=0, hands=HANDS)
    for move in PLAY:
        state = state.apply(move)
    result = state.hand_results[-1]
    assert dict(result.awards) == {"high": 0, "deuces": None}
    assert result.made is True and result.delta == (3, 2)


def test_deuces_to_the_holder_counts_what_each_side_was_dealt(deuces: Any) -> None:
    """Seat 0 gives its 2C away to seat 1 in play, but was dealt it: with the 2 of clubs and
    a third two (the 2D, dealt to seat 0 in place of the 4D) seat 0 holds two deuces to
    seat 1's one, and wins the category."""
    variant = pc.load_variant_text(TWO_HANDED + "points: [{kind: deuces, receiver: holder}]\nauction: {max_bid: 4}\n")
    hands = ["TH AH 2C 3C 2D 6D", HANDS[1]]
    play = [move.replace("4D", "2D") for move in PLAY]
    state = pc.new_game(variant, seed=3, dealer=0, hands=hands)
    for move in play:
        state = state.apply(move)
    result = state.hand_results[-1]
    assert dict(result.awards) == {"deuces": 0}
    assert result.delta == (2, 1)


def test_the_fast_path_plays_a_plugin_category_as_the_checked_path(deuces: Any) -> None:
    """And the views, the tensors, the action masks and the bots take the variant as it is."""
    variant = pc.load_variant(EXAMPLE_VARIANT)
    bot = HeuristicBot()
    for seed in range(3):
        rng = random.Random(seed)
        checked = quick = pc.new_game(variant, seed=seed)
        for _ in range(300):
            if checked.is_over:
                break
            assert fast.moves(quick) == checked.legal_moves()
            seat = checked.to_move
            assert seat is not None
            view = checked.view(seat)
            assert bot.choose(view, view.legal_moves, random.Random(seed)) in checked.legal_moves()
            assert observation_tensor(checked, seat).size and information_state_tensor(checked, seat).size
            assert legal_action_mask(checked).sum() >= 1
            move = choose_move(checked, rng)
            checked, quick = checked.apply(move), fast.step(quick, move)
            assert quick == checked
        assert any("deuces" in dict(result.awards) for result in checked.hand_results)


def test_a_taken_kind_cannot_be_registered_again(registry_kept: None) -> None:
    @attrs.frozen
    class High(Point):
        """Another High."""

    with pytest.raises(KindTaken, match=r"^points kind 'high' is already a bundled kind "
                                        r"\(pitchcore\.components\.points\.High\); a kind cannot be replaced"):
        component("points", "high")(High)
    bundled = KINDS["points"]["high"]
    assert component("points", "high")(bundled) is bundled  # the same class again: allowed
    with pytest.raises(ValueError, match=r"High: no slot 'pointz'; slots: "):
        component("pointz", "nines")(High)


def test_load_plugins_loads_each_entry_point_once(registry_kept: None, deuces: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def found() -> list[metadata.EntryPoint]:
        calls.append(1)
        return [entry_point("deuces", "pitchcore_deuces")]

    monkeypatch.setattr(plugins, "_entry_points", found)
    assert plugins.failures() == ()
    (plugin,) = plugins.load_plugins()
    assert plugins.load_plugins() == (plugin,) and len(calls) == 1
    assert plugin.kinds == (("points", "deuces"),) and plugin.problem == ""
    assert plugins.plugin_of(deuces.Deuces) is plugin and plugins.plugin_of(KINDS["points"]["high"]) is None


def test_an_entry_point_may_name_the_registered_class(registry_kept: None, deuces: Any) -> None:
    plugin = plugins._load(entry_point("deuces", "pitchcore_deuces:Deuces"))
    assert plugin.kinds == (("points", "deuces"),) and not plugin.problem
    left_out = plugins._load(entry_point("odd", "pitchcore_deuces:DEUCES"))
    assert left_out.problem == "names a value of type int, not a module or a component class"


def test_a_failing_plugin_takes_back_what_it_registered(registry_kept: None, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "half_plugin.py").write_text(CLASH.replace("nines", "sevens"))
    monkeypatch.syspath_prepend(str(tmp_path))
    before = {slot: dict(kinds) for slot, kinds in KINDS.items()}
    plugin = plugins._load(entry_point("half", "half_plugin"))
    assert plugin.problem.startswith("points kind 'high' is already a bundled kind")
    assert {slot: dict(kinds) for slot, kinds in KINDS.items()} == before
    assert str(plugin).startswith("plugin 'half' (entry point half = half_plugin in pitchcore.components) "
                                  "was left out: points kind 'high'")


def test_an_entry_point_that_registers_nothing_is_left_out(registry_kept: None, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty_plugin.py").write_text("import attrs\n\n\n@attrs.frozen\nclass Loose:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert plugins._load(entry_point("empty", "empty_plugin")).problem == (
        "registers no component: decorate a class of it with @pitchcore.components.registry.component(slot, kind)")
    assert plugins._load(entry_point("loose", "empty_plugin:Loose")).problem == (
        "names Loose, which is not a registered component: decorate it with "
        "@pitchcore.components.registry.component(slot, kind)")


@attrs.frozen
class Unranged(Category):
    """A count without a range, a float and no credits."""

    count: int = 3
    ratio: float = 0.5


@attrs.frozen
class Never(Point):
    """A category nobody wins."""

    def award(self, ctx: Any) -> int | None:
        return None


@attrs.define
class Mutable:
    """A trick rule that is not frozen."""

    def winner(self, cards: tuple[int, ...], trump: int, tables: Any) -> int:
        return 0


@attrs.define(unsafe_hash=True)
class Hashable(Mutable):
    """A trick rule that hashes but is not frozen."""

    size: int = field(1, "a number", minimum=1, maximum=2)


@attrs.frozen
class NeedsAValue(Point):
    """A field without a default."""

    size: int = attrs.field(kw_only=True, metadata={"minimum": 1, "maximum": 3})


@attrs.frozen
class NoTrick:
    """A trick rule without ``winner``."""


@attrs.frozen
class NotAShoot:
    """A shoot rule that is neither NoShoot nor Shoot."""


@attrs.frozen
class Winner:
    """A trick rule: the lead always wins."""

    def winner(self, cards: tuple[int, ...], trump: int, tables: Any) -> int:
        return 0


@pytest.mark.parametrize(("slot", "cls", "problems"), [
    ("points", Unranged, [
        "field count holds a whole number but has no minimum and maximum: make it with "
        "pitchcore.components.registry.field(default, doc, minimum=..., maximum=...)",
        "field ratio is float, which a variant file cannot give: use bool, int, str, tuple[str, ...] or a "
        "union of int, str and None",
        "does not define credits and most, which every point category must"]),
    ("trick", Mutable, ["is not hashable: decorate it with @attrs.frozen"]),
    ("trick", Hashable, ["is not frozen: decorate it with @attrs.frozen"]),
    ("points", NeedsAValue, ["cannot be made from its defaults (TypeError: "]),
    ("points", Winner, ["is not a point category: subclass pitchcore.components.points.Category (or Point), "
                        "then define credits, most"]),
    ("trick", NoTrick, ["lacks winner of the trick slot's protocol (TrickRule)"]),
    ("shoot", NotAShoot, ["must subclass pitchcore.components.shoot.NoShoot or pitchcore.components.shoot.Shoot "
                          "(what the engine asks of the shoot slot)"]),
    ("points", Never, []),
    ("trick", Winner, []),
])
def test_a_plugin_component_is_checked_against_its_slot(slot: str, cls: type[Any], problems: list[str]) -> None:
    found = plugins.component_problems(slot, cls)
    assert len(found) == len(problems), found
    for message, start in zip(found, problems, strict=True):
        assert message.startswith(start), message


def test_a_number_field_made_by_the_registry_passes() -> None:
    @attrs.frozen
    class Nines(Point):
        """Each nine."""

        value: int = field(1, "points", minimum=1, maximum=registry.MOST_VALUE)

        def award(self, ctx: Any) -> int | None:
            return None

    assert plugins.component_problems("points", Nines) == []


@pytest.mark.parametrize(("slot", "kind"), [(slot, kind) for slot, kinds in KINDS.items() for kind in kinds])
def test_every_bundled_kind_passes_the_checks_a_plugin_gets(slot: str, kind: str) -> None:
    """The load-time checks ask nothing of a plugin that pitchcore's own kinds do not do."""
    assert plugins.component_problems(slot, KINDS[slot][kind]) == []


def test_a_component_whose_code_fails_as_it_is_checked_leaves_its_plugin_out(
        registry_kept: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "odd_plugin.py").write_text(textwrap.dedent('''\
        import attrs
        from pitchcore.components.points import Point
        from pitchcore.components.registry import component


        @component("points", "odd")
        @attrs.frozen
        class Odd(Point):
            """Its hash fails."""

            def __hash__(self) -> int:
                raise RuntimeError("no hash today")
        '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    plugin = plugins._load(entry_point("odd", "odd_plugin"))
    assert plugin.problem.startswith("cannot be checked: RuntimeError: no hash today (at ")
    assert "odd" not in KINDS["points"]


def test_without_plugins_the_schema_command_prints_the_repositorys_schema(
        registry_kept: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pitchcore.tools.cli import main

    monkeypatch.setattr(plugins, "_entry_points", list)
    assert main(["schema"]) == 0
    assert capsys.readouterr().out == (ROOT / "docs" / "variant.schema.json").read_text()
    assert main(["plugins"]) == 0
    assert capsys.readouterr().out == ("no plugins installed (none names the entry-point group pitchcore.components; "
                                       "see docs/plugins.md)\n")
