"""The README's lists of games come from the registry: its table of observations and
actions has a row for every registered game (and for the most players a game seats), with
the planes, shape and action count the game gives; each game's action numbering is named
below it. `python tests/test_readme.py` prints the table as it should be."""

import os
import re

import ply

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
BEGIN, END = "<!-- observations: from the registry -->", "<!-- end of the observations -->"


def variants(info):
    """The default variant, and the one with the most players the defaults allow."""
    yield {}
    players = next((p for p in info.params if p.name == "players"), None)
    if players is not None:
        for count in range(players.max, int(players.default), -1):
            try:
                ply.new_game(info.name, players=count)
            except ValueError:
                continue
            yield {"players": count}
            return


def table():
    rows = [
        "| game | variant | planes x rows x columns | actions | planes, in order |",
        "|---|---|---|---:|---|",
    ]
    for info in ply.games():
        for settings in variants(info):
            state = ply.new_game(info.name, **settings)
            shape = " x ".join(map(str, state.observation_shape))
            rows.append(
                f"| {info.name} | {state.variant} | {shape} | {state.num_actions:,} | "
                f"{'; '.join(state.observation_planes())} |"
            )
    return "\n".join(rows)


def readme():
    with open(README, encoding="utf-8") as f:
        return f.read()


def test_the_observation_table_is_the_registrys():
    text = readme()
    assert BEGIN in text and END in text
    written = text.split(BEGIN)[1].split(END)[0].strip()
    assert written == table(), "the README's table is out of date; it should be:\n" + table()


def test_every_registered_game_has_its_action_numbering_named():
    numbering = readme().split(END)[1].split("\n## ")[0]
    for info in ply.games():
        assert re.search(rf"^- \*\*{info.name}\*\*:", numbering, re.M), info.name


if __name__ == "__main__":
    print(BEGIN)
    print(table())
    print(END)
