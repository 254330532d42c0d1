"""Recruitment, reinforcements, movement, Fortified Lines, Zapote, plunder, hiding, entrenching
and Political Actions (4.2.1-4.2.3, 6.1-6.5, 6.9-6.15)."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.board import control, is_guerrilla
from filipinas.rules.forces import recruit_modifier
from filipinas.rules.refusals import diagnose
from filipinas.rules.state import Kind


def _pos(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "manila", "desierto")
    put(s, "manila_city", "blanco")
    return s


def legal(s):
    return RULES.legal_actions(s)


def test_recruitment_modifiers(scenario):
    """FIL-158, FIL-160, FIL-161: Spain +1 at Morale 6+; the Filipino +1 at war and in Cavite."""
    s = _pos(scenario, morale=6)
    assert sum(v for _, v in recruit_modifier(s, "spain", "manila")) == 1
    s.morale = 5
    assert sum(v for _, v in recruit_modifier(s, "spain", "manila")) == 0
    s.morale = 8
    s.us_at_war = True
    assert sum(v for _, v in recruit_modifier(s, "filipino", "cavite")) == 2


def test_recruitment_choices(scenario):
    """FIL-155, FIL-156, FIL-157, FIL-165, FIL-166: raise a corps or restore a brigade; Moros and
    Bisayas only in their boxes; never the Magdiwan or an American unit."""
    s = _pos(scenario, [5, 6], ap=(3, 7))
    s.reduced.add("desierto")
    ready(s)
    recruits = [a for a in legal(s) if isinstance(a, A.Recruit)]
    assert A.Recruit("tarlac", "tarlac_corps") in recruits
    assert A.Recruit("mindanao", "moros") in recruits
    assert A.Recruit("tarlac", "moros") not in recruits
    assert not any(a.unit in ("magdiwan", "us_anderson") for a in recruits)
    play(s, A.Recruit("tarlac", "tarlac_corps"))
    assert "tarlac_corps" not in s.reduced and not is_guerrilla(s, "tarlac_corps")
    play(s, A.EndRound())
    assert A.Recruit("manila", "desierto") in legal(s)
    play(s, A.Recruit("manila", "desierto"))  # 5 + 1 (Morale 10) = 6
    assert "desierto" not in s.reduced


def test_reinforcements_and_repatriation(scenario):
    """FIL-079, FIL-080, FIL-167..FIL-173: 1 AP and −1 Morale per brigade, at most 2 a round,
    none at Morale 1; repatriation +1 Morale, not on the last turn, not under blockade."""
    s = _pos(scenario, ap=(1, 7), morale=8)
    s.active = "spain"
    ready(s)
    play(s, A.Reinforce(("bulacan", "bulacan"), True))
    assert s.morale == 6 and s.ap["spain"] == 5
    brought = [c for c in s.stack_of if s.loc[c] == "bulacan"]
    assert len(brought) == 2 and s.members(brought[0]) == sorted(brought, key=s.data.order.get)
    assert not any(isinstance(a, A.Reinforce) for a in legal(s))
    play(s, A.EndRound())
    play(s, A.EndRound())
    play(s, A.Repatriate("desierto"))
    assert s.morale == 7 and s.loc["desierto"] == "graveyard"
    s.morale = 2  # one Brigade, not two: the second would be requested at Morale 1
    reinforce = [a for a in legal(s) if isinstance(a, A.Reinforce)]
    assert reinforce and all(len(a.dests) == 1 for a in reinforce)
    cause, reason, section = diagnose(s, A.Reinforce(("bulacan", "tarlac")))
    assert (cause, section) == ("morale_second", "6.2") and "Morale to 1" in reason
    s.morale = 1
    assert not any(isinstance(a, A.Reinforce) for a in legal(s))
    s.turn = s.data.last_turn
    assert not any(isinstance(a, A.Repatriate) for a in legal(s))
    s.turn = 3
    s.us_at_war = True
    put(s, "sea", "us_fleet", "dewey")
    assert not any(isinstance(a, (A.Repatriate, A.Reinforce)) for a in legal(s))


def test_lone_spanish_leader_falls_back_after_repatriation(scenario):
    """FIL-041: the leader left alone goes to the nearest stack or friendly city."""
    s = _pos(scenario, ap=(1, 7))
    put(s, "bulacan", "primo_de_rivera", "marina")
    s.active = "spain"
    ready(s)
    play(s, A.Repatriate("marina"))
    assert s.decision.kind == "relocate"
    options = legal(s)
    assert A.Relocate("primo_de_rivera", "manila", "desierto") in options
    assert A.Relocate("primo_de_rivera", "manila_city", None) not in options  # farther
    play(s, A.Relocate("primo_de_rivera", "manila", "desierto"))
    assert s.members("desierto") == ["desierto", "primo_de_rivera"]


def test_movement(scenario):
    """FIL-034, FIL-174..FIL-178, FIL-050, FIL-177: adjacent moves for 1 AP, a moving Guerrilla is
    marked,
    Spanish coastal transport anywhere; stacking 1 AP, unstacking 1 AP per counter."""
    s = _pos(scenario, ap=(9, 9))
    put(s, "bulacan", "bulacan_corps")
    ready(s)
    moves = [a for a in legal(s) if isinstance(a, A.Move)]
    assert A.Move("tarlac_corps", "pampanga") in moves
    assert A.Move("tarlac_corps", "manila") not in moves
    play(s, A.Move("tarlac_corps", "pampanga"))
    assert "tarlac_corps" in s.targets
    play(s, A.Move("bulacan_corps", "pampanga"))
    assert "bulacan_corps" not in s.targets  # CF 2: not a Guerrilla
    play(s, A.Merge("bulacan_corps", "tarlac_corps"))
    assert s.ap["filipino"] == 9 - 1 - 2 - 1
    play(s, A.EndRound())
    assert A.Move("desierto", "mindanao", "coastal") in legal(s)
    play(s, A.Move("desierto", "mindanao", "coastal"))
    assert s.morale == 10  # not a repatriation (FIL-179)


def test_coastal_transport_stops_with_a_us_fleet_at_sea(scenario):
    """FIL-180."""
    s = _pos(scenario, ap=(1, 7))
    s.active = "spain"
    s.us_at_war = True
    put(s, "sea", "us_fleet", "dewey")
    ready(s)
    assert not any(isinstance(a, A.Move) and a.mode == "coastal" for a in legal(s))


def test_stacking_restrictions(scenario):
    """FIL-011, FIL-007, FIL-009, FIL-012, FIL-013, FIL-035, FIL-036, FIL-010/011: the Magdiwan only
    with
    Bonifacio; Moros and Bisayas never stack or move; the restriction ends with a chief's
    death."""
    s = _pos(scenario, ap=(9, 7))
    put(s, "tarlac", "bonifacio")
    put(s, "tarlac", "magdiwan")
    put(s, "tarlac", "aguinaldo")
    put(s, "mindanao", "moros")
    put(s, "visayas", "bisayas")
    ready(s)
    assert not any(isinstance(a, A.Move) and a.stack == "bisayas" for a in legal(s))

    def merges(a, b):
        return A.Merge(a, b) in legal(s) or A.Merge(b, a) in legal(s)

    assert merges("magdiwan", "bonifacio")
    assert not merges("tarlac_corps", "magdiwan")
    assert not merges("tarlac_corps", "bonifacio")
    assert merges("tarlac_corps", "aguinaldo")
    assert not any(isinstance(a, A.Move) and a.stack == "moros" for a in legal(s))
    assert not any(isinstance(a, A.Merge) and "moros" in (a.stack, a.into) for a in legal(s))
    s.take_off("aguinaldo", "graveyard")
    assert merges("tarlac_corps", "magdiwan")


def test_lone_leader_moves_anywhere(scenario):
    """FIL-024, FIL-038: for 1 AP, to any point, alone or onto a friendly stack."""
    s = _pos(scenario, ap=(2, 7))
    put(s, "batangas", "aguinaldo")
    ready(s)
    assert A.MoveLeader("aguinaldo", "tarlac", "tarlac_corps") in legal(s)
    play(s, A.MoveLeader("aguinaldo", "tarlac", "tarlac_corps"))
    assert s.members("aguinaldo") == ["tarlac_corps", "aguinaldo"] and s.ap["filipino"] == 1


def test_fortified_lines(scenario):
    """FIL-059..FIL-062, FIL-192..FIL-198: built for 1 AP with a brigade; Filipinos cross on 5-6
    only, Guerrillas are marked either way; the brigade on the line does not count for control;
    attacks on it get −1; only Spanish brigades occupy it."""
    s = _pos(scenario, [4, 2], ap=(6, 7))
    put(s, "cavite", "cavite_corps", reduced=["cavite_corps"])
    put(s, "batangas", "marina")
    s.active = "spain"
    ready(s)
    play(s, A.BuildLine("line_cavite_manila", "desierto"))
    assert s.loc["desierto"] == "line_cavite_manila" and s.ap["spain"] == 6
    assert control(s, "manila") == "spain"
    play(s, A.EndRound())
    play(s, A.Move("cavite_corps", "manila"))
    assert s.loc["cavite_corps"] == "cavite" and "cavite_corps" in s.targets
    assert s.ap["filipino"] == 5
    assert not any(isinstance(a, A.Move) and a.dest.startswith("line") for a in legal(s))
    events = play(s, A.Attack(("cavite_corps",), "desierto"))
    assert any("Fortified Line -1" in str(e) for e in events)


def test_plunder_rules(scenario):
    """FIL-044, FIL-048, FIL-254, FIL-255: Guerrillas only, once per Province, never under
    Protect the Fields; in Mindanao it costs Morale but no resources."""
    s = _pos(scenario, ap=(5, 7))
    put(s, "bulacan", "bulacan_corps")
    put(s, "mindanao", "moros")
    put(s, "pampanga", "pampanga_corps", reduced=["pampanga_corps"])
    put(s, "pampanga", "marina")
    s.protect.add("marina")
    ready(s)
    plunders = [a for a in legal(s) if isinstance(a, A.Plunder)]
    assert A.Plunder("bulacan_corps") not in plunders
    assert A.Plunder("pampanga_corps") not in plunders
    play(s, A.Plunder("moros"))
    assert s.morale == 9
    play(s, A.EndRound())
    play(s, A.EndRound())
    assert A.Plunder("moros") not in legal(s)


def test_hide_and_entrench(scenario):
    """FIL-276..FIL-279, FIL-075, FIL-076: hiding removes the Target; an entrenched Guerrilla is
    no longer one; no trenches in cities; moving loses the trench."""
    s = _pos(scenario, ap=(5, 7))
    s.targets.add("tarlac_corps")
    put(s, "manila_city", "marina")
    ready(s)
    play(s, A.Hide("tarlac_corps"))
    assert "tarlac_corps" not in s.targets
    play(s, A.Entrench("tarlac_corps"))
    assert not is_guerrilla(s, "tarlac_corps")
    play(s, A.Move("tarlac_corps", "pampanga"))
    assert "tarlac_corps" not in s.entrenched
    play(s, A.EndRound())
    assert A.Entrench("marina") not in legal(s) and A.Entrench("desierto") in legal(s)


def test_political_actions(scenario):
    """FIL-259..FIL-264: 5-6 succeeds; the Filipino raises the US track, Spain lowers it or
    changes the government once; not with Cánovas dead."""
    s = _pos(scenario, [5, 6, 5], ap=(1, 5))
    s.us_level = 4
    ready(s)
    events = play(s, A.Political("us"))
    assert s.us_level == 5
    # issue 24: the log says which side rolled and for what
    assert "Filipino rolls 5 for a Political Action (push the United States towards war): "\
        "success" in [e.text for e in events]  # type: ignore[attr-defined]
    events = play(s, A.Political("us"))
    assert s.us_level == 4
    assert "Spain rolls 6 for a Political Action (hold the United States back): success" in [
        e.text for e in events]  # type: ignore[attr-defined]
    play(s, A.EndRound())
    play(s, A.Political("government"))
    assert s.government == "sagasta" and A.Political("government") not in legal(s)
    s.government_changed = False
    s.canovas_dead = True
    assert A.Political("government") not in legal(s)


def test_zapote_line(scenario):
    """FIL-089..FIL-095, FIL-270: the marker in Cavite; a Spanish crossing from Manila may be
    met by a Filipino stack from anywhere in Luzon, and must attack it at no cost with −1."""
    s = _pos(scenario, [6], ap=(3, 7), hands=(["zapote_line"], []))
    put(s, "cavite", "cavite_corps", reduced=["cavite_corps"])
    put(s, "batangas", "batangas_corps")
    ready(s)
    play(s, A.PlayCard("zapote_line"))
    assert s.zapote
    play(s, A.EndRound())
    play(s, A.Move("desierto", "cavite"))
    assert s.decision.kind == "zapote" and s.decision.player == "filipino"
    events = play(s, A.DefendZapote("batangas_corps"))
    assert s.loc["batangas_corps"] == "cavite"
    assert any("Zapote Line -1" in str(e) and "CF 2 against 2" in str(e) for e in events)
    assert s.ap["spain"] == 6  # the move paid; the forced attack is free
    # 6 + 0 (CF 2 against 2) − 1 (Zapote) = 5: no hit, and the defenders may counterattack
    assert "batangas_corps" not in s.reduced and s.pending[-1].kind == Kind.COUNTERATTACK
    assert "batangas_corps" in s.zapote_defenders
    assert s.loc["desierto"] == "cavite"


def test_american_units_only_move_and_attack(scenario):
    """FIL-132, FIL-157, FIL-276 (5.2.1, 6.1, 6.14): American units move, attack and besiege;
    they never
    recruit (not even to restore a step), plunder, hide or entrench — by action or by card."""
    s = _pos(scenario, ap=(5, 7), hands=(["trenches"], []))
    s.us_at_war = True
    put(s, "bulacan", "merritt", "us_anderson", reduced=["us_anderson"])
    s.landed.add("us_anderson")
    put(s, "batangas", "batangas_corps")
    ready(s)
    options = legal(s)
    assert not any(isinstance(a, (A.Recruit, A.Plunder, A.Hide, A.Entrench))
                   and "us_anderson" in (getattr(a, "unit", ""), getattr(a, "stack", ""),
                                         getattr(a, "counter", "")) for a in options)
    assert A.Entrench("batangas_corps") in options
    assert A.PlayCard("trenches", ("batangas_corps",)) in options
    assert A.PlayCard("trenches", ("us_anderson",)) not in options
    assert any(isinstance(a, A.Move) and a.stack == "us_anderson" for a in options)
    assert A.Attack(("us_anderson",), "desierto") not in options  # not in the same Province
    put(s, "bulacan", "marina")
    assert A.Attack(("us_anderson",), "marina") in legal(s)


def test_a_leader_in_the_city_counts_for_recruitment(scenario):
    """FIL-162 (6.1): a Filipino leader in the Province — in its city too — gives +1."""
    s = _pos(scenario, morale=8)
    assert recruit_modifier(s, "filipino", "cavite") == [("recruiting in Cavite", 1)]
    s.city_owner["cavite_city"] = "filipino"
    put(s, "cavite_city", "aguinaldo")
    assert sum(v for _, v in recruit_modifier(s, "filipino", "cavite")) == 2
    assert sum(v for _, v in recruit_modifier(s, "filipino", "batangas")) == 0


def test_a_guerrilla_on_the_zapote_line_is_fought_without_location(scenario):
    """FIL-094, FIL-091, FIL-092 (4.2.3.16): a Guerrilla that defends the Zapote Line stops
    being one at that moment: the forced attack, free and with no general, rolls no location
    die; when no Filipino counter is left in Cavite the marker goes (FIL-095)."""
    s = _pos(scenario, [6], ap=(3, 7), hands=(["zapote_line"], []))
    put(s, "cavite", "cavite_corps", reduced=["cavite_corps"])
    ready(s)
    play(s, A.PlayCard("zapote_line"))
    play(s, A.EndRound())
    play(s, A.Move("desierto", "cavite"))
    assert A.DefendZapote("cavite_corps") in legal(s)
    events = play(s, A.DefendZapote("cavite_corps"))
    assert not is_guerrilla(s, "cavite_corps")
    assert [r.purpose for r in s.dice.log] == ["land"] and s.ap["spain"] == 6
    assert any("CF 2 against 1 +1" in str(e) and "Zapote Line -1" in str(e) for e in events)
    assert s.loc["cavite_corps"] == "filipino_troops" and not s.zapote
