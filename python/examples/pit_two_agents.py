"""Pit two agents against each other and plot how each did, with matplotlib.

    pip install matplotlib   # pandas too, for the table
    python examples/pit_two_agents.py [--out scores.png]
"""

import argparse

import ply


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="scores.png", help="where to save the chart")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()

    depths = [1, 2, 3, 4]
    agents = [f"alphabeta:depth={d}" for d in depths]
    result = ply.arena("connect4", agents, games=args.games, seed=7)
    print(result.report)

    try:
        import pandas as pd

        print(pd.DataFrame(result.agents_table()).to_string(index=False))
    except ImportError:
        print("(pip install pandas for the table as a DataFrame)")

    import matplotlib

    matplotlib.use("Agg")  # draw to a file, no window needed
    import matplotlib.pyplot as plt

    rows = result.agents_table()
    score = [r["score"] for r in rows]
    low = [r["score"] - r["score_low"] for r in rows]
    high = [r["score_high"] - r["score"] for r in rows]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.errorbar(depths, score, yerr=[low, high], fmt="o-", capsize=4)
    ax.set_xlabel("alpha-beta depth (plies)")
    ax.set_ylabel("mean score (95 % interval)")
    ax.set_title(f"Connect Four round robin, {result.summary['games']} games")
    ax.set_xticks(depths)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print("chart saved to", args.out)


if __name__ == "__main__":
    main()
