from __future__ import annotations

import pickle

import attrs
import pytest
from embers import EmbersGame, EmbersState

import shardgames as sg
from shardgames.kernel.datafiles import DOCUMENT_LIMIT
from shardgames.kernel.game import game_class, register_game, unregister_game


def test_list_and_load() -> None:
    assert "embers" in sg.list_games()
    game = sg.load_game("embers")
    assert isinstance(game, EmbersGame)
    assert game.params == {"players": 2, "max_turns": 60, "chance": "auto"}
    assert game.auto_chance
    assert str(game) == "embers"
    assert repr(game) == "load_game('embers')"


def test_keywords_override_the_string() -> None:
    game = sg.load_game("embers(players=3,max_turns=9)", players=4)
    assert game.num_players == 4
    assert str(game) == "embers(players=4,max_turns=9)"
    assert sg.load_game(str(game)) == game
    assert hash(game) == hash(sg.load_game("embers(max_turns=9,players=4)"))


def test_defaults_are_left_out_of_the_string() -> None:
    assert str(sg.load_game("embers(players=2,chance=auto)")) == "embers"
    assert str(sg.load_game("embers", chance="explicit")) == "embers(chance=explicit)"


def test_unknown_games_name_the_registered_ones() -> None:
    with pytest.raises(sg.UnknownGameError) as info:
        sg.load_game("chess")
    assert "no game named 'chess'; registered games:" in str(info.value)
    assert "embers" in str(info.value)
    assert isinstance(info.value, KeyError)
    assert isinstance(info.value, ValueError)


def test_bad_parameters_name_the_bad_parameter_and_the_valid_ones() -> None:
    with pytest.raises(sg.InvalidParameterError) as info:
        sg.load_game("embers(players=7,colour=red)")
    assert len(info.value.problems) == 2
    assert "valid parameters are: players, max_turns, chance" in str(info.value)


def test_cross_parameter_checks_are_reported() -> None:
    class Picky(EmbersGame):
        name = "picky"

        def _check_parameters(self, values):  # type: ignore[no-untyped-def]
            if values["max_turns"] < values["players"]:
                yield "max_turns: must be at least players"

    with pytest.raises(sg.InvalidParameterError, match="at least players"):
        Picky(players=3, max_turns=2)


def test_games_pickle_by_their_string() -> None:
    game = sg.load_game("embers(players=3)")
    assert pickle.loads(pickle.dumps(game)) == game


def test_registration_rules() -> None:
    assert register_game(EmbersGame) is EmbersGame  # registering twice is harmless
    assert game_class("embers") is EmbersGame

    class Clash(EmbersGame):
        pass

    with pytest.raises(ValueError, match="already registered"):
        register_game(Clash)
    with pytest.raises(TypeError, match="not a Game"):
        register_game(int)  # type: ignore[arg-type]

    class Nameless(sg.Game):
        pass

    with pytest.raises(TypeError, match="name and state_type"):
        register_game(Nameless)

    @attrs.define
    class ComparesItself(EmbersState):
        pass

    class Careless(EmbersGame):
        name = "careless"
        state_type = ComparesItself

    with pytest.raises(TypeError, match="eq=False"):
        register_game(Careless)

    @attrs.define(eq=False)
    class NoDefault(sg.State):
        extra: int

    class Strict(EmbersGame):
        name = "strict"
        state_type = NoDefault

    with pytest.raises(TypeError, match="give every field a default"):
        register_game(Strict)


def test_unregister() -> None:
    class Temporary(EmbersGame):
        name = "temporary"

    register_game(Temporary)
    assert "temporary" in sg.list_games()
    unregister_game("temporary")
    assert "temporary" not in sg.list_games()
    with pytest.raises(sg.UnknownGameError):
        unregister_game("temporary")


def test_codec_shortcuts() -> None:
    game = sg.load_game("embers")
    assert game.num_distinct_actions == game.codec.num_distinct_actions == 17
    assert game.max_chance_outcomes == 2 + 5 + 6
    assert game.decode(game.encode(game.decode(3))) == game.decode(3)
    assert game.turn_cap == 60


def test_a_game_pickles_by_its_class_so_reading_it_needs_no_registration() -> None:
    text = pickle.dumps(sg.load_game("embers(players=3)"))
    unregister_game("embers")
    try:
        again = pickle.loads(text)
    finally:
        register_game(EmbersGame)
    assert isinstance(again, EmbersGame)
    assert str(again) == "embers(players=3)"


def test_a_state_pickles_with_the_kernel_fields_and_stays_playable() -> None:
    """The attrs-made pickling of a game's state class alone would drop the kernel's fields."""
    state = sg.load_game("embers").new_initial_state(seed=4)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert again.to_json() == state.to_json()
    assert list(again.history) == list(state.history)
    again.apply_action(again.legal_actions()[-1])
    assert again != state


@pytest.mark.parametrize("spec", [None, 123])
def test_load_game_says_a_game_string_is_a_str(spec: object) -> None:
    with pytest.raises(sg.InvalidParameterError, match="must be a str such as 'sota'"):
        sg.load_game(spec)  # type: ignore[arg-type]  # the point of the test


@pytest.mark.parametrize("history", [[10**9], [-1], ["Play"], None, 7])
def test_replay_of_what_is_not_a_history_of_the_game_raises_replay_error(history: object) -> None:
    game = sg.load_game("embers")
    with pytest.raises(sg.ReplayError):
        game.replay(0, history)  # type: ignore[arg-type]  # the point of the test


def test_replay_names_the_step_of_an_id_outside_the_action_space() -> None:
    game = sg.load_game("embers")
    state = game.new_initial_state(seed=3)
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(sg.ReplayError, match=rf"^step {len(state.history)}: 1000000000 is not an action id"):
        game.replay(3, [*state.history, 10**9])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply to be read"),
        ('{"turn": ' + "9" * 5000 + "}", "holds a number that cannot be read"),
        (b"\xff", "not UTF-8 text"),
        ("{", "not valid JSON"),
    ],
)
def test_state_and_position_texts_that_cannot_be_read_raise_the_callers_error(
    text: str | bytes, reason: str
) -> None:
    game = sg.load_game("embers")
    with pytest.raises(sg.SerializationError, match=f"^state JSON: {reason}"):
        game.state_from_json(text)
    with pytest.raises(sg.PositionError, match=f"^position: {reason}"):
        game.state_from_position(text)


def test_state_and_position_texts_over_the_document_limit_are_refused_unread() -> None:
    text = " " * (DOCUMENT_LIMIT + 1)
    game = sg.load_game("embers")
    with pytest.raises(sg.SerializationError, match=r"more than the limit of 64\.0 MiB"):
        game.state_from_json(text)
    with pytest.raises(sg.PositionError, match=r"more than the limit of 64\.0 MiB"):
        game.state_from_position(text)
