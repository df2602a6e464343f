"""The Connect Four solver through Python, on positions with published exact scores."""

import pytest

import ply

# Lines of Pascal Pons' test sets, as bundled in crates/games/connect4/data
# (Test_L3_R1: end-easy, Test_L2_R1: middle-easy, Test_L1_R1: begin-easy): the move string
# (1-based columns) and the exact score for the player to move.
PONS = [
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("23163416124767223154467471272416755633", 0),
    ("5554224333234511764415115", 4),
    ("52753311433677442422121", 8),
    ("1233722555341451114725221333", -1),
    ("32164625", 11),
    ("6146", 18),
]


@pytest.mark.parametrize("moves,score", PONS)
def test_published_scores(moves, score):
    assert ply.solve_connect4(moves) == score
    assert ply.solve_connect4(moves, weak=True) == (score > 0) - (score < 0)


def test_a_state_solves_like_its_move_string():
    state = ply.new_game("connect4")
    for column in "32164625":
        state.play(column)
    assert ply.solve_connect4(state) == 11


def test_small_boards_from_empty():
    # crates/games/connect4/tests/connect4/solver.rs: the published values of small boards.
    assert ply.solve_connect4("", width=4, height=4) == 0
    assert ply.solve_connect4("", width=6, height=4) == -1


def test_analyze_scores_every_column():
    # The best column scores what the position scores; a full column scores None.
    for moves, score in [PONS[0], PONS[3]]:
        scores = ply.analyze_connect4(moves)
        state = ply.new_game("connect4")
        for column in moves:
            state.play(column)
        legal = state.legal_actions()
        assert [i for i, s in enumerate(scores) if s is not None] == sorted(legal)
        assert max(s for s in scores if s is not None) == score


def test_bad_positions_raise():
    with pytest.raises(ply.IllegalMoveError, match="4444444"):
        ply.solve_connect4("4444444")
    with pytest.raises(ValueError, match="'8'"):
        ply.solve_connect4("48")
    with pytest.raises(ValueError, match="not quoridor|connect4 positions"):
        ply.solve_connect4(ply.new_game("quoridor"))
    with pytest.raises(ValueError, match="move string"):
        ply.solve_connect4(42)
    with pytest.raises(ValueError, match="settings"):
        ply.solve_connect4(ply.new_game("connect4"), width=6)
