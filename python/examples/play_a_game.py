"""Play a game of Connect Four between two agents, printing each move and the board.

    python examples/play_a_game.py
"""

import ply


def main() -> None:
    state = ply.new_game("connect4")
    players = [ply.agent("alphabeta:depth=6", seed=1), ply.agent("mcts:iterations=2000", seed=2)]
    while not state.is_over():
        decision = players[state.to_move()].choose(state)
        state.play(decision.move)
        print(f"seat {1 - state.to_move()} plays {decision.move}: value {decision.value:g}, "
              f"depth {decision.depth}, {decision.nodes} nodes, pv {[str(m) for m in decision.pv]}")
    print(state)
    print("scores:", state.scores(), "moves:", "".join(state.history_notation()))


if __name__ == "__main__":
    main()
