"""A Python function as an agent: it joins a tournament beside the catalog's agents.

    python examples/own_agent.py
"""

import ply


def wins(state: ply.State, move: ply.Move) -> bool:
    """Whether `move` ends the game with a win for the player making it."""
    after = state.clone()
    after.play(move)
    scores = after.scores()
    return scores is not None and scores[state.to_move()] == 1.0


def center_first(state: ply.State) -> ply.Move:
    """Connect Four: win at once if possible; else avoid the moves that let the opponent win
    at once, and among the others play the column nearest the centre."""
    moves = state.legal_moves()
    for move in moves:
        if wins(state, move):
            return move

    def safe(move: ply.Move) -> bool:
        after = state.clone()
        after.play(move)
        return after.is_over() or not any(wins(after, reply) for reply in after.legal_moves())

    middle = (state.num_actions - 1) / 2
    candidates = [m for m in moves if safe(m)] or moves
    return min(candidates, key=lambda m: abs(m.action - middle))


def main() -> None:
    result = ply.arena("connect4", [center_first, "greedy", "random"], games=10, seed=3)
    for row in result.agents_table():
        print(f"{row['agent']:>20}: {row['wins']}-{row['draws']}-{row['losses']}, "
              f"score {row['score']:.2f}")


if __name__ == "__main__":
    main()
