"""The PettingZoo environment of any game: a loop of masked random actions.

    pip install "ply-games[pettingzoo]"
    python examples/pettingzoo_loop.py quoridor --size 5
"""

import argparse

import numpy as np

import ply.pettingzoo


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="connect4")
    parser.add_argument("--size", type=int, help="Quoridor's board size")
    args = parser.parse_args()
    settings = {"size": args.size} if args.size else {}
    env = ply.pettingzoo.env(args.game, max_plies=500, **settings)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            print(f"{agent}: reward {reward}")
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    print(env.unwrapped.state)


if __name__ == "__main__":
    main()
