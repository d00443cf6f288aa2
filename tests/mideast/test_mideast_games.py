"""Two whole games, scripted: one ends in PEACE by a Cease Fire, one in WAR after the last round.

Each is played through a game file, replayed from its journal to the same state, and reopened.
The expected chips, Forces and scores are worked out by hand from the rules in the comments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import new_game as new_game_file
from boardapp.engine.files import open_game
from boardapp.engine.game import Game

from .helpers import module, variant

END = {"kind": "end_turn"}

PEACE: list[dict[str, Any]] = [
    # Round 1. Egypt: Economic then Military.
    {"kind": "choose_phases", "phases": ["economic", "military"]},
    {"kind": "collect_oil"},                                          # +2 (Lower 1, Upper 1): 22
    {"kind": "drill", "zone": "upper-egypt", "bid": 2, "found": 1},   # 20; Upper Egypt's oil 1 -> 2
    {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 4},
    {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1},
    {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 3},  # 3 > 1: Egypt 17, Libya 19
    {"kind": "retreat", "to": "tripolitania"},                        # Libya's 2 Forces, overturned
    END,
    # Israel joins the Blue Bloc (CONTROL's logged change), then Military and Diplomatic.
    {"kind": "set_bloc", "player": "israel", "bloc": "blue"},
    {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
    {"kind": "attack", "zone": "israel", "to": "lebanon", "forces": 2},
    {"kind": "fist", "battle": "lebanon", "side": "attacker", "chips": 1},
    {"kind": "fist", "battle": "lebanon", "side": "defender", "chips": 0},  # Israel 19; Lebanon's Force eliminated
    {"kind": "host_auction"},
    {"kind": "bid", "player": "jordan", "chips": 4},
    {"kind": "bid", "player": "israel", "chips": 5},
    {"kind": "close_auction"},                                        # Israel 14; 3 Forces to Israel
    {"kind": "un_motion", "motion": "peacekeeping", "zone": "kuwait"},
    {"kind": "un_vote", "player": "israel", "vote": "yea"},           # 3 votes: Israel, Lebanon, Bloc
    {"kind": "un_vote", "player": "egypt", "vote": "yea"},
    {"kind": "un_vote", "player": "kuwait", "vote": "nay"},
    {"kind": "un_tally"},                                             # 4 to 1: the UN Force leaves Sinai
    {"kind": "superpower"},
    END,
    *[END] * 9,                                                       # Jordan … Gulf (Lebanon skipped)
    # Negotiation Phase.
    {"kind": "give_chips", "player": "kuwait", "to": "iraq", "chips": 3},  # Kuwait 17, Iraq 23
    {"kind": "un_motion", "player": "syria", "text": "Israel must leave Lebanon"},
    {"kind": "un_vote", "player": "syria", "vote": "yea"},
    {"kind": "un_vote", "player": "israel", "vote": "nay"},
    {"kind": "un_tally"},                                             # 1 to 3: fails (binds nothing anyway)
    END,
    # Round 2. Egypt annexes Sinai and moves a Cease Fire.
    {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
    {"kind": "move", "zone": "lower-egypt", "to": "sinai", "forces": 1},
    {"kind": "un_motion", "motion": "cease_fire"},
    {"kind": "un_vote", "player": "egypt", "vote": "yea"},
    {"kind": "un_vote", "player": "israel", "vote": "yea"},
    {"kind": "un_vote", "player": "saudi-arabia", "vote": "yea"},
    {"kind": "un_vote", "player": "iraq", "vote": "nay"},
    {"kind": "un_vote", "player": "syria", "vote": "nay"},
    {"kind": "un_tally"},                                             # 5 of 7 >= two thirds: PEACE
]
PEACE_CHIPS = {"egypt": 17, "israel": 14, "jordan": 20, "lebanon": 20, "syria": 20, "iraq": 23, "iran": 20,
               "saudi-arabia": 20, "kuwait": 17, "turkey": 20, "libya": 19, "gulf": 20}

WAR: list[dict[str, Any]] = [
    # Round 1.
    {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"}, END,  # Egypt 22
    {"kind": "choose_phases", "phases": ["economic", "diplomatic"]}, {"kind": "collect_oil"},  # Israel +0
    {"kind": "host_auction"},
    {"kind": "bid", "player": "israel", "chips": 6},
    {"kind": "bid", "player": "syria", "chips": 6},                   # a tie: the earlier bid (Israel's) leads
    {"kind": "close_auction"}, END,                                   # Israel 14, 5 + 3 = 8 Forces
    END, END,                                                         # Jordan, Lebanon
    {"kind": "choose_phases", "phases": ["military", "diplomatic"]},  # Syria
    {"kind": "attack", "zone": "syria", "to": "lebanon", "forces": 3},
    {"kind": "fist", "battle": "lebanon", "side": "attacker", "chips": 2},
    {"kind": "fist", "battle": "lebanon", "side": "defender", "chips": 1},  # Syria 18, Lebanon 19; Lebanon's Force
    END,                                                              # has no zone to retreat to: eliminated
    {"kind": "choose_phases", "phases": ["economic", "diplomatic"]},  # Iraq (Red Bloc)
    {"kind": "collect_oil"},                                          # +6: 26
    {"kind": "superpower"}, END,                                      # a Superpower Force in Baghdad and Basra
    *[END] * 6,                                                       # Iran … Gulf
    END,                                                              # the Negotiation Phase
    # Round 2.
    END,                                                              # Egypt
    {"kind": "choose_phases", "phases": ["military", "diplomatic"]},  # Israel
    {"kind": "attack", "zone": "israel", "to": "lebanon", "forces": 4},
    {"kind": "fist", "battle": "lebanon", "side": "defender", "chips": 2},
    {"kind": "fist", "battle": "lebanon", "side": "attacker", "chips": 3},  # Israel 11, Syria 16
    {"kind": "retreat", "to": "syria"}, END,                          # Syria's 2 Forces back to Syria
    END, END,                                                         # Jordan, Syria (Lebanon skipped)
    {"kind": "choose_phases", "phases": ["economic", "military"]},    # Iraq
    {"kind": "collect_oil"},                                          # 6 - 2 for the Superpower Force: 30
    {"kind": "attack", "zone": "mesopotamia", "to": "kuwait", "forces": 3, "superpower": "attack"},
    {"kind": "fist", "battle": "kuwait", "side": "attacker", "chips": 2},
    {"kind": "fist", "battle": "kuwait", "side": "defender", "chips": 1},  # power 4 to 1; Iraq pays 4 x 2: 22
    END,                                                              # Kuwait's Force eliminated
    *[END] * 5,                                                       # Iran … Gulf (Kuwait skipped)
    END,                                                              # the last Negotiation Phase: WAR
]
WAR_CHIPS = {"egypt": 22, "israel": 11, "jordan": 20, "lebanon": 19, "syria": 16, "iraq": 22, "iran": 20,
             "saudi-arabia": 20, "kuwait": 19, "turkey": 20, "libya": 20, "gulf": 20}
# Forces on the map (+2 per Superpower Force): Iraq 1 + 3 + 2 = 6, +2; Israel 5 + 3 = 8.
WAR_SCORES = {"egypt": 6, "israel": 8, "jordan": 2, "lebanon": 0, "syria": 4, "iraq": 8, "iran": 6,
              "saudi-arabia": 5, "kuwait": 0, "turkey": 6, "libya": 4, "gulf": 2}


def play_through_a_file(tmp_path: Path, script: list[dict[str, Any]], settings: dict[str, Any] | None = None,
                        countries: dict[str, dict[str, Any]] | None = None) -> tuple[Game[Any], Path]:
    path = tmp_path / "mideast.game"
    game = new_game_file(variant(settings, countries), save=path)
    m = module(game)
    for cmd in script:
        game.push(cmd)
        assert m.check_state(game.state) == [], cmd
    return game, path


def reopened_is_the_same(game: Game[Any], path: Path) -> Game[Any]:
    assert game.module.summary(game.replay(verify=True)) == game.summary()
    assert game.store is not None
    game.store.close()
    again = open_game(path)
    assert again.summary() == game.summary()
    assert [e.model_dump() for e in again.entries] == [e.model_dump() for e in game.entries]
    return again


def test_a_game_to_peace(tmp_path: Path) -> None:
    game, path = play_through_a_file(tmp_path, PEACE)
    s = game.state
    assert s.ended == "peace"
    assert s.chips == PEACE_CHIPS
    assert s.reserve == 300 + 12 * 20 - sum(PEACE_CHIPS.values()) == 310
    assert (s.owner["cyrenaica"], s.owner["lebanon"], s.owner["sinai"], s.pkf) == ("egypt", "israel", "egypt",
                                                                                    "kuwait")
    assert (s.forces["cyrenaica"], s.forces["israel"], s.forces["tripolitania"]) == (3, 4 + 3, 4)
    scores = game.entries[-1].events[-1].data["scores"]
    assert scores == {p: c - (2 if p == "israel" else 0) for p, c in PEACE_CHIPS.items()}
    assert game.entries[-1].events[-1].data["winners"] == ["iraq"]
    again = reopened_is_the_same(game, path)
    assert again.state.ended == "peace"
    assert again.store is not None
    again.store.close()


def test_a_game_to_war(tmp_path: Path) -> None:
    game, path = play_through_a_file(tmp_path, WAR, settings={"rounds": 2}, countries={"iraq": {"bloc": "red"}})
    s = game.state
    assert s.ended == "war"
    assert s.chips == WAR_CHIPS and s.reserve == 311
    assert (s.owner["lebanon"], s.owner["kuwait"]) == ("israel", "iraq")
    assert [(sf.player, sf.zone) for sf in s.superpowers] == [("iraq", "kuwait")]
    over = game.entries[-1].events[-1]
    assert over.kind == "game_over" and over.data["scores"] == WAR_SCORES
    assert over.data["winners"] == ["israel", "iraq"]  # a tie at the top shares the win (ruling)
    again = reopened_is_the_same(game, path)
    assert again.store is not None
    again.store.close()


def test_a_game_survives_json_lines_export_and_import(tmp_path: Path) -> None:
    from boardapp.engine.files import export_jsonl, import_jsonl

    game, _path = play_through_a_file(tmp_path, WAR, settings={"rounds": 2}, countries={"iraq": {"bloc": "red"}})
    out = tmp_path / "war.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        export_jsonl(game, fh)
    again = import_jsonl(out)
    assert again.summary() == game.summary()
    assert game.store is not None
    game.store.close()
