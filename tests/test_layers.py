"""The package's shape: modules in layers without import cycles, of a readable size, and games that use
the kernel only through its public names and the hooks they write themselves."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "shardgames"
GAMES = ("sota", "tactics", "command")
LONGEST_MODULE = 800
"""Lines; a module longer than this is split by topic."""

GENERATED_HOOKS = {"_copy_into", "_hidden_zones", "_sample_state"}
"""Hooks the kernel writes into a game's own classes from their declared fields: the game's own."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[str, bool]]:
    """Each module of the package imported (the target, whether inside a function); not for type checking."""
    for node in ast.iter_child_nodes(tree):
        if _is_type_checking(node):
            continue
        inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("shardgames"):
            # ``from package import module`` imports the module; other names come from the module named
            modules = [f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in MODULES]
            yield from ((module, inside) for module in modules)
            if len(modules) < len(node.names):
                yield _resolve(node.module), inside
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("shardgames"):
                    yield _resolve(alias.name), inside
        yield from _imports(node, inside)


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in MODULES.items():
        for target, inside in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if target != name and not (inside and name.startswith("shardgames.cli")):
                graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in MODULES:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_modules_import_each_other_without_cycles() -> None:
    assert _cycles(_graph()) == []


def test_a_cycle_would_be_found() -> None:
    graph: dict[str, set[str]] = defaultdict(set, {"shardgames": {"shardgames.kernel"}})
    graph["shardgames.kernel"] = {"shardgames.kernel.state"}
    graph["shardgames.kernel.state"] = {"shardgames.kernel"}
    assert _cycles(graph) == [["shardgames.kernel", "shardgames.kernel.state"]]


def test_the_package_imports_itself_at_module_level() -> None:
    # The command line loads its subcommands lazily; everything else imports at the top, downwards.
    inside = [
        (name, target)
        for name, path in MODULES.items()
        if not name.startswith("shardgames.cli")
        for target, in_function in _imports(ast.parse(path.read_text(encoding="utf-8")))
        if in_function
    ]
    assert inside == []


def test_no_module_is_too_long() -> None:
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()}
    long = {name: n for name, n in lengths.items() if n > LONGEST_MODULE}
    assert long == {}


def _defined_private_names(package: Path) -> set[str]:
    """Underscore names a package defines: its functions, methods, classes and attributes it assigns."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


@pytest.mark.parametrize("game", GAMES)
def test_games_use_the_kernel_through_public_names_and_their_own_hooks(game: str) -> None:
    kernel_private = _defined_private_names(PACKAGE / "kernel")
    own = _defined_private_names(PACKAGE / game) | GENERATED_HOOKS
    used = set()
    for path in sorted((PACKAGE / game).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in kernel_private and node.attr not in own:
                used.add(f"{path.name}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("shardgames.kernel"):
                private = [alias.name for alias in node.names if alias.name.startswith("_")]
                used.update(f"{path.name}:{node.lineno} {name}" for name in private)
    assert sorted(used) == []
