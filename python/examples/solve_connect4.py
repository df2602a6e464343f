"""Exact Connect Four scores: a position, and every column of it.

    python examples/solve_connect4.py 5554224333234511764415115
"""

import sys

import ply


def main() -> None:
    # A middle-game position of Pons' test set Test_L2_R1 (score 4): positions with few
    # stones take the solver seconds to minutes, late ones milliseconds.
    moves = sys.argv[1] if len(sys.argv) > 1 else "5554224333234511764415115"
    score = ply.solve_connect4(moves)
    verdict = "wins" if score > 0 else "loses" if score < 0 else "draws"
    print(f"{moves}: {score} (the player to move {verdict})")
    for column, s in enumerate(ply.analyze_connect4(moves), start=1):
        print(f"  column {column}: {'full' if s is None else s}")


if __name__ == "__main__":
    main()
