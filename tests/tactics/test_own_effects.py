"""Effects of your own: registered from a module outside the package, used by warriors of a roster
file, played, observed, pickled, and refused with every problem when misdeclared."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest
from tactics_scenarios import play, start

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import CardError, InvalidParameterError, UsageError
from shardgames.tactics import (
    EFFECTS,
    Effect,
    EffectUsed,
    Phase,
    TacticsGame,
    TacticsPrompt,
    TacticsState,
    Timing,
    register_effect,
    unregister_effect,
)
from shardgames.tactics.actions import Move
from shardgames.tactics.board import ADJACENT
from shardgames.tactics.combat import resolve_attack
from shardgames.tactics.game import CompiledSide
from shardgames.tactics.movement import relocate
from shardgames.tactics.planes import STANDARD_LAYOUT


class Drumbeat(Effect):
    """At its owner's turn start, +n Might until that seat's next turn starts (no decision)."""

    name = "DRUMBEAT"
    timing = Timing.TURN_START
    params = ("int",)
    text = "+{0} Might until your next turn starts."
    planes = 2
    plane_text = "the side shown has `DRUMBEAT`; its bonus / 4"

    def turn_start(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        s.buff[warrior] += side.amounts[0]
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, f"+{side.amounts[0]} Might"))

    def observe(self, s: TacticsState, warrior: int, side: CompiledSide) -> Sequence[float]:
        return (1.0, side.amounts[0] / 4)


class Shove(Effect):
    """After moving, may push an adjacent enemy one square straight on, onto an empty square."""

    name = "SHOVE"
    timing = Timing.AFTER_MOVING
    optional = True
    text = "may push an adjacent enemy one square straight on, onto a square with no warrior."

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        where = s.square[prompt.warrior]
        ids = []
        for cell in ADJACENT[where]:
            enemy = s.board[cell]
            file, rank = 2 * (cell % 8) - where % 8, 2 * (cell // 8) - where // 8  # one step further
            on_board = 0 <= file < 8 and 0 <= rank < 8
            if enemy >= 0 and s.owner[enemy] != prompt.player and on_board and s.board[rank * 8 + file] < 0:
                ids.append(s.game.move_id(cell, rank * 8 + file))
        return ids

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        assert isinstance(action, Move)
        enemy = s.board[action.origin]
        s.emit(EffectUsed(prompt.warrior, s.name_of(prompt.warrior), self.name, f"pushes {s.name_of(enemy)}"))
        relocate(s, enemy, action.dest, (action.dest,), None)


class Quake(Effect):
    """At its owner's turn start, attacks every warrior beside it, of either side (no decision)."""

    name = "QUAKE"
    timing = Timing.TURN_START
    text = "attacks every warrior beside it, of either side."

    def turn_start(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, "attacks every warrior beside it"))
        for cell in ADJACENT[s.square[warrior]]:
            if s.board[cell] >= 0:
                resolve_attack(s, warrior, s.board[cell])


QUAKE_ROSTER = """
[[warrior]]
id = "quaker"
name = "Quaker"
cost = 3
uninjured = { might = 3, move = "ortho 1", effect = "QUAKE" }
injured = { name = "Quaker (injured)", might = 1, move = "ortho 1" }

[[warrior]]
id = "tremor"
name = "Tremor"
cost = 3
uninjured = { might = 3, move = "ortho 1", effect = "QUAKE" }
injured = { name = "Tremor (injured)", might = 1, move = "ortho 1", effect = "QUAKE" }
"""


ROSTER = """
[[warrior]]
id = "herald"
name = "Herald"
cost = 3
uninjured = { might = 2, move = "ortho 1", effect = "DRUMBEAT(2)" }
injured = { might = 1, move = "ortho 1" }

[[warrior]]
id = "ram"
name = "Ram"
cost = 3
uninjured = { might = 2, move = "ortho 2", effect = "SHOVE" }
injured = { might = 1, move = "ortho 1" }
"""


def own_game(
    path: Path, roster: str, effects: tuple[type[Effect], ...], **params: int
) -> Iterator[TacticsGame]:
    """A game whose roster adds the warriors of `roster`, with `effects` registered until it is done."""
    for effect in effects:
        register_effect(effect)
    try:
        path.write_text(roster, encoding="utf-8")
        loaded = sg.load_game("tactics", roster=(str(path),), **params)
        assert isinstance(loaded, TacticsGame)
        yield loaded
    finally:
        for effect in effects:
            unregister_effect(effect.name)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[TacticsGame]:
    """A game whose roster has a warrior with each of the two effects, registered for the test only."""
    yield from own_game(tmp_path / "own.toml", ROSTER, (Drumbeat, Shove), max_turns=30)


def test_an_own_turn_start_effect_acts_when_its_owners_turn_begins(game: TacticsGame) -> None:
    state = start(
        """
        8  .  .  .  .  e  .  .  .
        2  .  .  .  H  .  .  .  .
        1  .  .  .  E  .  .  .  .
        """,
        game=game,
        active=1,
    )
    events = play(state, "end turn")
    assert [(e.name, e.effect) for e in events if isinstance(e, EffectUsed)] == [("Herald", "DRUMBEAT")]
    herald = state.board[11]
    assert state.buff[herald] == 2


@pytest.fixture
def quake_game(tmp_path: Path) -> Iterator[TacticsGame]:
    """A game with Quaker (QUAKE uninjured only) and Tremor (QUAKE on both sides), for the test only."""
    yield from own_game(tmp_path / "quake.toml", QUAKE_ROSTER, (Quake,))


def _quakes(game: TacticsGame, row: str) -> tuple[TacticsState, list[str]]:
    """Seat 0's turn starts with two QUAKE warriors side by side on row 2, and the one on d2 goes
    first: the state after, and the names of the sides whose QUAKE acted."""
    state = start(f" 8  .  .  .  .  .  .  .  e\n{row}\n 1  E  .  .  .  .  .  .  .", game=game, active=1)
    play(state, "end turn")
    assert isinstance(state.prompt, TacticsPrompt)
    assert state.prompt.phase is Phase.EFFECT_ORDER
    events = play(state, "resolve the effect of d2 next")
    return state, [e.name for e in events if isinstance(e, EffectUsed)]


def test_tac_r16_a_turn_start_effect_flipped_away_by_an_earlier_one_does_not_act(
    quake_game: TacticsGame,
) -> None:
    """TAC-R16: effects triggered together resolve one by one, each only if its warrior still shows it.
    The Quaker on d2 injures the one on e2, whose injured side has no QUAKE: it does not act."""
    q = quake_game.codes[-2]
    state, acted = _quakes(quake_game, f" 2  .  .  .  {q}  {q}  .  .  .")
    assert acted == ["Quaker"]
    assert state.injured[state.board[12]]
    assert isinstance(state.prompt, TacticsPrompt)
    assert state.prompt.phase is Phase.ACTION


def test_tac_r16_a_turn_start_effect_whose_warrior_an_earlier_one_defeated_does_not_act(
    quake_game: TacticsGame,
) -> None:
    """TAC-R16, R1: the Tremor on d2 defeats the injured Tremor on e2 (Might 1), whose injured side
    has QUAKE too: gone from the board, it does not act."""
    t = quake_game.codes[-1]
    state, acted = _quakes(quake_game, f" 2  .  .  .  {t}  {t}* .  .  .")
    assert acted == ["Tremor"]
    assert state.board[12] == -1
    assert isinstance(state.prompt, TacticsPrompt)
    assert state.prompt.phase is Phase.ACTION


DUELIST_ROSTER = """
[[warrior]]
id = "duelist"
name = "Duelist"
cost = 3
uninjured = { might = 4, move = "any 1", effect = "RIPOSTE_MOVE" }
injured = { name = "Duelist (injured)", might = 3, move = "any 1", effect = "RIPOSTE_MOVE" }
"""


def test_tac_43_a_defeated_warrior_has_no_reaction_though_its_side_has_one(tmp_path: Path) -> None:
    """TAC-43, G3: the reaction belongs to an attacked warrior still on the board. A Duelist has
    RIPOSTE_MOVE on both sides: injured, it ripostes after surviving an attack; defeated by the
    Knight's attack (Might 4 against its 3), it is gone, and seat 0 simply acts on."""
    for game in own_game(tmp_path / "duelist.toml", DUELIST_ROSTER, ()):
        d = game.codes[-1].lower()
        board = " 8  .  .  .  .  .  .  .  e\n 5  .  .  .  {}* .  .  .  .\n 4  .  .  .  {} .  .  .  .\n"
        board += " 1  E  .  .  .  .  .  .  ."
        state = start(board.format(d, "P*"), game=game)  # the injured Pikeman's Might 2 leaves it 1
        play(state, "attack d5 from d4")
        assert state.board[35] >= 0
        assert isinstance(state.prompt, TacticsPrompt)
        assert (state.prompt.player, state.prompt.phase) == (1, Phase.RIPOSTE)
        state = start(board.format(d, "K "), game=game)
        play(state, "attack d5 from d4")
        assert state.board[35] == -1
        assert isinstance(state.prompt, TacticsPrompt)
        assert (state.prompt.player, state.prompt.phase) == (0, Phase.ACTION)


def test_an_own_optional_effect_asks_its_controller_and_does_what_was_chosen(game: TacticsGame) -> None:
    state = start(
        """
        8  .  .  .  .  e  .  .  .
        4  .  .  .  m  .  .  .  .
        2  .  .  .  R  .  .  .  .
        1  .  .  .  E  .  .  .  .
        """,
        game=game,
    )
    play(state, "move d2 to d3")
    prompt = state.prompt
    assert isinstance(prompt, TacticsPrompt)
    assert (prompt.player, prompt.phase) == (0, Phase.AFTER_MOVE)
    assert sorted(str(a) for a in state.legal_actions()) == ["decline", "move d4 to d5"]
    assert state.check_action(Move(27, 35)) is None
    with pytest.raises(sg.IllegalActionError):
        state.check_action(Move(27, 43))  # two squares: not a choice of the effect
    events = play(state, "move d4 to d5")
    assert [e.effect for e in events if isinstance(e, EffectUsed)] == ["SHOVE"]
    assert state.board[35] >= 0
    assert state.board[27] < 0


def test_own_effects_get_their_own_observation_planes_after_the_standard_ones(game: TacticsGame) -> None:
    layout = game.planes
    assert layout.start["DRUMBEAT"] == STANDARD_LAYOUT.start["souls"]
    assert layout.start["SHOVE"] == layout.start["DRUMBEAT"] + 2
    assert layout.start["souls"] == STANDARD_LAYOUT.start["souls"] + 3
    assert game.observation_shape == (STANDARD_LAYOUT.count + 3, 8, 8)
    state = start(
        "8  .  .  .  .  e  .  .  .\n2  .  .  .  H  .  .  .  .\n1  .  .  .  E  .  .  .  .", game=game
    )
    tensor = state.observation_tensor(0)
    assert tensor.shape == game.observation_shape
    drumbeat = layout.start["DRUMBEAT"]
    assert (tensor[drumbeat, 1, 3], tensor[drumbeat + 1, 1, 3]) == (1.0, 0.5)
    assert tensor[drumbeat].sum() == 1.0
    assert (tensor[layout.start["souls"]] == 26 / 26).all()


def test_the_layout_depends_on_the_game_alone_not_on_what_else_is_registered(game: TacticsGame) -> None:
    standard = sg.load_game("tactics")  # loaded while DRUMBEAT and SHOVE are registered, unused
    assert isinstance(standard, TacticsGame)
    assert standard.planes == STANDARD_LAYOUT
    assert standard.observation_shape == (STANDARD_LAYOUT.count, 8, 8)
    again = pickle.loads(pickle.dumps(game))
    assert again.planes == game.planes


def test_games_with_own_effects_are_deterministic_and_pickle_by_name(game: TacticsGame) -> None:
    def random_game(seed: int) -> TacticsState:
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return state

    used: set[str] = set()
    for seed in range(4):
        state = random_game(seed)
        assert list(state.history) == list(random_game(seed).history)
        copy = pickle.loads(pickle.dumps(state))
        assert copy.to_json() == state.to_json()
        used |= {e.effect for e in state.events if isinstance(e, EffectUsed)}
    assert pickle.loads(pickle.dumps(EFFECTS["DRUMBEAT"])) is EFFECTS["DRUMBEAT"]
    assert "DRUMBEAT" in used


def test_a_misdeclared_effect_is_refused_with_every_problem() -> None:
    class Broken(Effect):
        name = "broken"
        timing = Timing.PASSIVE
        optional = True
        params = ("int", "colour")
        text = "+{2} Might."
        planes = 0

    with pytest.raises(CardError) as caught:
        register_effect(Broken)
    assert [problem.split(":")[0] for problem in caught.value.problems] == [
        "name",
        "optional",
        "params",
        "planes",
    ]
    assert "broken" not in EFFECTS


def test_an_effect_that_declares_nothing_is_refused_for_its_name_and_text() -> None:
    """Every declaration has a default but the name and the reminder text, which each effect must give."""

    class Bare(Effect):
        pass

    with pytest.raises(CardError) as caught:
        register_effect(Bare)
    assert caught.value.problems == (
        "name: '' is not a name of capitals, digits and _ starting with a capital",
        "text: the reminder text is missing",
    )


def test_an_optional_effect_without_choices_is_refused() -> None:
    """An optional effect asks its controller, so it must say what the choices are and carry one out:
    neither, or choices without a way to carry one out, is refused."""

    class Hesitant(Effect):
        name = "HESITANT"
        timing = Timing.AFTER_MOVING
        optional = True
        text = "You may hesitate."

    class HalfDone(Hesitant):
        name = "HALF_DONE"

        def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
            return [s.game.id_place_terrain]

    for effect in (Hesitant, HalfDone):
        with pytest.raises(CardError) as caught:
            register_effect(effect)
        assert caught.value.problems == (
            "optional: an optional effect offers its controller choices; define choices and resolve",
        )
        assert effect.name not in EFFECTS


def test_an_effect_with_an_unknown_timing_is_refused_naming_the_timings() -> None:
    class Whenever(Effect):
        name = "WHENEVER"
        timing = "sometimes"  # type: ignore[assignment]
        text = "Now and then."

    with pytest.raises(CardError) as caught:
        register_effect(Whenever)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith("timing: 'sometimes' is not one of ")
    assert "WHENEVER" not in EFFECTS


def test_an_effect_without_a_decision_offers_no_choices() -> None:
    """The default of `Effect.choices`: nothing to choose (PHALANX never asks its controller)."""
    state = start(" 8  .  .  .  .  .  .  .  e\n 1  E  .  .  .  .  .  .  .")
    assert isinstance(state.prompt, TacticsPrompt)
    assert tuple(EFFECTS["PHALANX"].choices(state, state.prompt, state.side_of(0))) == ()


def test_a_reminder_text_names_only_the_effects_parameters() -> None:
    class Miscounted(Effect):
        name = "MISCOUNTED"
        params = ("int",)
        text = "+{0} Might, then {1} more."

    with pytest.raises(CardError) as caught:
        register_effect(Miscounted)
    assert caught.value.problems == ("text: {1} is not one of the 1 parameter(s)",)
    assert "MISCOUNTED" not in EFFECTS


def test_registering_returns_the_class_and_an_effect_shows_its_name() -> None:
    """`register_effect` is a class decorator: it hands the class back. An effect prints as its name."""
    try:
        assert register_effect(Drumbeat) is Drumbeat
        assert repr(EFFECTS["DRUMBEAT"]) == "<effect DRUMBEAT>"
    finally:
        unregister_effect("DRUMBEAT")
    assert repr(EFFECTS["PHALANX"]) == "<effect PHALANX>"


def test_an_effect_without_choices_cannot_resolve_one() -> None:
    """`Effect.resolve` by default: an effect that offers no choices has none to carry out, and says so."""
    state = start(" 8  .  .  .  .  .  .  .  e\n 1  E  .  .  .  .  .  .  .")
    assert isinstance(state.prompt, TacticsPrompt)
    with pytest.raises(NotImplementedError, match="PHALANX offers no choices"):
        EFFECTS["PHALANX"].resolve(state, state.prompt, Move(0, 1), state.side_of(0))


def test_a_pickled_effect_needs_its_module_to_have_registered_it() -> None:
    """An effect pickles as its name; unpickled where nothing registered it, it says what to do."""
    register_effect(Drumbeat)
    try:
        data = pickle.dumps(EFFECTS["DRUMBEAT"])
    finally:
        unregister_effect("DRUMBEAT")
    with pytest.raises(UsageError, match="effect 'DRUMBEAT' is not registered: import the module"):
        pickle.loads(data)


def test_a_taken_name_is_refused_and_standard_effects_stay() -> None:
    class Again(Effect):
        name = "BRACE"
        text = "twice."

    with pytest.raises(CardError, match="registered already"):
        register_effect(Again)
    with pytest.raises(UsageError, match="standard effect"):
        unregister_effect("BRACE")
    with pytest.raises(UsageError, match="no effect 'NO_SUCH_EFFECT' is registered"):
        unregister_effect("NO_SUCH_EFFECT")


def test_a_roster_naming_an_unregistered_effect_is_refused(tmp_path: Path) -> None:
    roster = tmp_path / "own.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    with pytest.raises(InvalidParameterError, match="unknown effect 'DRUMBEAT'"):
        sg.load_game("tactics", roster=(str(roster),))
