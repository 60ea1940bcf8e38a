"""pitchcore's modules import one another without a circle, function-local imports included.

import-linter (run by ``make lint``) keeps the layers in order for module-level imports; this
test reads every import statement of the package, the ones inside functions too, and fails on
any cycle. Imports under ``if TYPE_CHECKING:`` are left out: they are never run, and a type
may name a class of a higher layer (a state's ``Table``) without tying the two at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pitchcore

PACKAGE = Path(pitchcore.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
COMPILED = {"pitchcore._kernel"}
"""The C extension: it imports no pitchcore module (its types arrive as arguments)."""


def _type_checking_block(node: ast.stmt) -> bool:
    return (isinstance(node, ast.If) and isinstance(node.test, ast.Name | ast.Attribute)
            and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"))


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree`` outside ``if TYPE_CHECKING:`` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.stmt) and _type_checking_block(child)):
                stack.append(child)
    return found


def _targets(module: str, statement: ast.Import | ast.ImportFrom) -> set[str]:
    """The pitchcore modules one statement imports (a name imported from a package counts
    as the submodule where one of that name exists, else as the package)."""
    if isinstance(statement, ast.Import):
        return {alias.name for alias in statement.names if alias.name in MODULES}
    if statement.level:
        base = module.split(".")
        if MODULES[module].name != "__init__.py":
            base.pop()
        base = base[:len(base) - (statement.level - 1)]
        source = ".".join([*base, statement.module] if statement.module else base)
    else:
        source = statement.module or ""
    if source not in MODULES:
        return set()
    found = set()
    for alias in statement.names:
        submodule = f"{source}.{alias.name}"
        if submodule not in COMPILED:
            found.add(submodule if submodule in MODULES else source)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the pitchcore modules it imports when run."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        targets: set[str] = set()
        for statement in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            targets |= _targets(module, statement)
        targets.discard(module)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_reader_finds_a_cycle() -> None:
    """The check can fail: a made-up pair of modules importing each other is a cycle."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_function_local_imports_are_read() -> None:
    tree = ast.parse("def f():\n    from .b import c\nif TYPE_CHECKING:\n    from .d import e\n")
    assert [statement.module for statement in _imports(tree)] == ["b"]  # type: ignore[union-attr]


def test_no_import_cycle_among_pitchcore_modules() -> None:
    graph = import_graph()
    assert len(graph) > 50  # the package was found and read
    assert cycles(graph) == []


def test_no_module_patches_another_modules_class() -> None:
    """``GameState`` asks its table for the rules: no module assigns to another's class."""
    patched = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and node.col_offset == 0:
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                            and target.value.id[:1].isupper():
                        patched.append(f"{module}: {ast.unparse(target)}")
    assert patched == []
