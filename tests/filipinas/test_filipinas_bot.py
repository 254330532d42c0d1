"""The solo Spanish bot: each step of its priority lists (10.2-10.4)."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from engine.ai.reasons import Asked
from filipinas.bot import SpanishBot
from filipinas.reasons import FilipinasReasons
from filipinas.rules import actions as A


def _bot_round(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    s.active = "spain"
    return s


def choose(s, bot=None):
    bot = bot or SpanishBot("spain", 1)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert action in RULES.legal_actions(s)
    return bot, action


def test_s1_plays_beneficial_cards_first(scenario):
    """FIL-317, FIL-319, FIL-335: S1 (and U1 at war) is free and comes first."""
    s = _bot_round(scenario, ap=(1, 3), hands=([], ["telegraph"]))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    ready(s)
    bot, action = choose(s)
    assert action == A.PlayCard("telegraph") and bot.last_step == "S1"
    s.us_at_war = True
    bot, action = choose(s)
    assert action == A.PlayCard("telegraph")


def test_s2_reinforces_a_guerrilla_province_without_brigade(scenario):
    """FIL-320..FIL-323: Morale 6+, fewer Brigades than enemy units: one Brigade where a
    Guerrilla has no Brigade; skipped at Morale 5."""
    s = _bot_round(scenario, ap=(1, 3), morale=8)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "batangas", "marina")
    ready(s)
    bot, action = choose(s)
    assert action == A.Reinforce(("tarlac",)) and bot.last_step == "S2"
    s.morale = 5
    bot, action = choose(s)
    assert bot.last_step != "S2"


def test_s3_disperses_with_a_roll(scenario):
    """FIL-324..FIL-326: 1-2 Protect the Fields, 3-6 Search and Destroy; always S&D when
    sacked; then the free attack."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "tarlac", "marina")
    ready(s)
    seen = set()
    for seed in range(30):
        bot = SpanishBot("spain", seed)
        _, action = choose(s, bot)
        assert bot.last_step == "S3" and isinstance(action, A.Disperse)
        seen.add(action.mode)
        # issue 24: the log names the step and the place and shows the bot's die
        mode = "Protect the Fields" if action.mode == "protect" else "Search and Destroy"
        assert bot.last_reason.startswith(
            f"Spanish bot, §10.3 step 3 (counter-guerrilla, disperse troops): Marina Brigade "
            f"to {mode} in Tarlac (die ")
        die = int(bot.last_reason.split("(die ")[1].split(":")[0])
        assert (die <= 2) == (action.mode == "protect")
        assert "1-2 Protect the Fields, 3-6 Search and Destroy" in bot.last_reason
        told = FilipinasReasons().why(Asked(RULES, s, "spain", action, own=bot.last_reason,
                                            level="bot"))
        assert told == ("§10.3 step 3: counter-guerrilla, disperse troops (die "
                        f"{die}: 1-2 Protect the Fields, 3-6 Search and Destroy)")
    assert seen == {"protect", "search"}
    s.sacked.add("tarlac")
    for seed in range(10):
        bot = SpanishBot("spain", seed)
        _, action = choose(s, bot)
        assert action == A.Disperse("marina", "search")
        if "(die 1:" in bot.last_reason or "(die 2:" in bot.last_reason:
            assert "the Province is sacked, so Search and Destroy" in bot.last_reason
    s.dice.push(6, 6, 1)
    play(s, A.Disperse("marina", "search"))
    bot, action = choose(s)
    assert action == A.Attack(("marina",), "tarlac_corps") and bot.last_step == "S3"


def test_s4_second_brigade_takes_the_other_mode(scenario):
    """FIL-327: a dispersed Brigade and a spare one with a Guerrilla."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "tarlac", "marina")
    put(s, "tarlac", "cornell")
    s.protect.add("marina")
    ready(s)
    bot, action = choose(s)
    assert action == A.Disperse("cornell", "search") and bot.last_step == "S4"


def test_s5_moves_a_brigade_to_a_guerrilla(scenario):
    """FIL-328, FIL-329."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "pampanga", "marina")
    ready(s)
    bot, action = choose(s)
    assert action == A.Move("marina", "tarlac", "land") and bot.last_step == "S5"


def test_s6_reinforces_against_a_regular_stack(scenario):
    """FIL-330: a Filipino stack of 2+ against equal or weaker Brigades: stack them."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    put(s, "bulacan", "marina")
    put(s, "bulacan", "cornell")
    ready(s)
    bot, action = choose(s)
    assert isinstance(action, A.Merge) and bot.last_step == "S6"


def test_s7_attacks_when_stronger(scenario):
    """FIL-331, FIL-332: a stronger stack attacks (or besieges a Filipino city)."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "bulacan", "bulacan_corps")
    put(s, "bulacan", "marina", "cornell")
    put(s, "manila_city", "blanco")
    ready(s)
    bot, action = choose(s)
    assert action == A.Attack(("marina", "cornell"), "bulacan_corps") and bot.last_step == "S7"
    s2 = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s2, "cavite", "cavite_corps", "batangas_corps")
    put(s2, "cavite", "marina", "cornell", "lachambre")
    s2.city_owner["cavite_city"] = "filipino"
    ready(s2)
    bot, action = choose(s2)
    assert action == A.Attack(("marina", "cornell"), "cavite_city") and bot.last_step == "S7"


def test_bot_spends_at_most_one_ap_then_ends(scenario):
    """FIL-315, FIL-316, FIL-318: one costed step per round, then the round ends."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "pampanga", "marina")
    ready(s)
    _, action = choose(s)
    play(s, action)
    _, action = choose(s)
    assert action == A.EndRound()


def test_fragments_s8_s9(scenario):
    """FIL-344, FIL-345, GAP-FIL-25: restore a reduced Brigade where the Guerrillas are, else a
    Political Action to reduce the US track — but not while the track is at its minimum, where
    the action (still legal, 6.12) could reduce nothing."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "tarlac", "marina", reduced=["marina"])
    s.protect.add("marina")
    s.search.add("cornell")
    ready(s)
    bot, action = choose(s)
    assert action == A.Recruit("tarlac", "marina") and bot.last_step == "S8"
    s.reduced.discard("marina")
    assert s.us_level == s.data.params.us_min
    assert A.Political("us") in RULES.legal_actions(s)
    bot, action = choose(s)
    assert action == A.EndRound() and bot.last_step == ""
    s.us_level = 3
    bot, action = choose(s)
    assert action == A.Political("us") and bot.last_step == "S9"


def _at_war(scenario, **kw):
    s = _bot_round(scenario, ap=(1, 3), morale=8, **kw)
    s.us_at_war = True
    s.us_level = 10
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    return s


def test_u2_naval_attack_with_advantage(scenario):
    """FIL-334, FIL-336: the Spanish fleet at Sea attacks when it has the advantage."""
    s = _at_war(scenario)
    put(s, "sea", "camara_fleet", "camara")
    put(s, "sea", "us_anderson")
    ready(s)
    bot, action = choose(s)
    assert action == A.Attack(("camara_fleet",), "us_anderson") and bot.last_step == "U2"


def test_u3_joins_the_fleets(scenario):
    """FIL-338: the fleet in port puts to Sea; in a later round the two fleets, both at Sea,
    are stacked (moving into a space does not stack, 6.3; decision GAP-FIL-37)."""
    s = _at_war(scenario, hands=([], []))
    put(s, "sea", "camara_fleet", "camara")
    put(s, "cavite_city", "asia_fleet", "montojo")
    ready(s)
    bot, action = choose(s)
    assert action == A.Move("asia_fleet", "sea", "naval") and bot.last_step == "U3"
    play(s, action)
    play(s, A.EndRound())
    play(s, A.EndRound())
    bot, action = choose(s)
    assert isinstance(action, A.Merge) and bot.last_step == "U3"
    assert {action.stack, action.into} <= {"camara_fleet", "asia_fleet"}


def test_u4_u5_conventional_war_with_americans(scenario):
    """FIL-339..FIL-341: American stacks count as enemies."""
    s = _at_war(scenario)
    put(s, "bulacan", "us_anderson", "us_greene")
    s.landed.update({"us_anderson", "us_greene"})
    put(s, "pampanga", "marina")
    ready(s)
    bot, action = choose(s)
    assert action == A.Move("marina", "bulacan", "land") and bot.last_step == "U4"
    s2 = _at_war(scenario)
    put(s2, "bulacan", "us_anderson")
    s2.landed.add("us_anderson")
    put(s2, "bulacan", "marina", "cornell")
    put(s2, "manila_city", "blanco")
    ready(s2)
    bot, action = choose(s2)
    assert isinstance(action, A.Attack) and bot.last_step == "U5"


def test_u6_u7_counter_guerrilla_at_war(scenario):
    """FIL-342, FIL-343."""
    s = _at_war(scenario)
    put(s, "tarlac", "marina")
    ready(s)
    bot, action = choose(s)
    assert isinstance(action, A.Disperse) and bot.last_step == "U6"
    s.search.add("marina")
    put(s, "tarlac", "cornell")
    bot, action = choose(s)
    assert action == A.Disperse("cornell", "protect") and bot.last_step == "U7"


def test_u8_to_u10_fragments(scenario):
    """FIL-344, FIL-346, GAP-FIL-25: recruitment, the counter-guerrilla move, reinforcements."""
    s = _at_war(scenario)
    put(s, "pampanga", "marina")
    ready(s)
    bot, action = choose(s)
    assert action == A.Move("marina", "tarlac", "land") and bot.last_step == "U9"
    s.reduced.add("marina")
    bot, action = choose(s)
    assert action == A.Recruit("pampanga", "marina") and bot.last_step == "U8"
    s2 = _at_war(scenario)
    put(s2, "bulacan", "bulacan_corps", "laguna_corps")
    ready(s2)
    bot, action = choose(s2)
    assert bot.last_step in ("U10", "U9") and isinstance(action, (A.Reinforce, A.Move))


def test_u10_keeps_s2s_morale_condition(scenario):
    """GAP-FIL-25: the U10 fragment places the Brigade; S2's "Morale 5 or less, do not take
    this action" still holds, so the bot does not spend its Morale into the collapse."""
    for morale, reinforces in ((6, True), (5, False), (2, False)):
        s = _at_war(scenario)
        s.morale = morale
        put(s, "bulacan", "bulacan_corps", "laguna_corps")
        ready(s)
        cheap = [a for a in RULES.legal_actions(s) if isinstance(a, A.Reinforce)]
        assert cheap
        action = SpanishBot("spain", 1).step_reinforce_at_war(s, cheap)
        assert (action is not None) == reinforces


def test_reactions_r1_to_r5(solo_scenario):
    """FIL-308..FIL-314, FIL-333: the bot answers a Filipino action with its reaction card and
    then reshuffles the rest of its hand (solo rule); it cancels a "1" card; it plays its best
    combat card; it always intercepts a siege; its round ends with a reshuffle."""
    s = empty_position(solo_scenario, [6], ap=(3, 3),
                       hands=(["hong_kong_junta"], ["guardia_civil", "censorship",
                                                    "spanish_diplomacy"]))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "manila_city", "blanco")
    ready(s)
    play(s, A.Recruit("tarlac", "pampanga_corps"))
    assert s.decision.kind == "response" and s.decision.player == "spain"
    _, action = choose(s)
    assert action == A.PlayCard("guardia_civil")
    play(s, action)
    assert s.loc["pampanga_corps"] == "filipino_troops" and len(s.hands["spain"]) == 2
    s.hands["spain"] = ["censorship", "spanish_diplomacy"]
    play(s, A.PlayCard("hong_kong_junta"))
    assert s.decision.kind == "cancel"
    _, action = choose(s)
    assert action == A.PlayCard("censorship")
    play(s, action)
    assert s.us_level == 1
    play(s, A.EndRound())
    deck_before = list(s.decks["spanish"])
    play(s, A.EndRound())  # the bot's round ends: its hand is reshuffled into the deck
    assert len(s.hands["spain"]) == 1 and s.decks["spanish"] != deck_before


def test_r2_best_combat_card_and_r5_interception(scenario):
    """FIL-311, FIL-314, FIL-337: the most beneficial combat card; forced interception."""
    s = _bot_round(scenario, [5], ap=(3, 3), hands=([], ["blockhouses", "spanish_artillery"]))
    s.active = "filipino"
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    put(s, "bulacan", "marina")
    ready(s)
    play(s, A.Attack(("bulacan_corps", "laguna_corps"), "marina"))
    _, action = choose(s)
    assert action == A.PlayCard("blockhouses")
    s2 = _bot_round(scenario, ap=(3, 3))
    s2.active = "filipino"
    s2.us_at_war = True
    put(s2, "manila", "us_anderson", "us_greene", "merritt")
    s2.landed.update({"us_anderson", "us_greene"})
    put(s2, "manila", "marina")
    put(s2, "manila", "cornell", reduced=["cornell"])
    ready(s2)
    play(s2, A.Attack(("us_anderson", "us_greene"), "manila_city"))
    _, action = choose(s2)
    assert action == A.Intercept("marina")


def test_r4_a_combat_card_played_in_reaction_reshuffles_the_hand(solo_scenario):
    """FIL-313, FIL-311, GAP-FIL-37 (10.2 R4): when the bot answers a Filipino attack with its
    combat card, the rest of its hand goes back into the deck, which is shuffled, and as many
    are drawn."""
    s = empty_position(solo_scenario, [5], ap=(3, 3),
                       hands=([], ["blockhouses", "telegraph", "censorship"]))
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    put(s, "bulacan", "marina")
    ready(s)
    play(s, A.Attack(("bulacan_corps", "laguna_corps"), "marina"))
    _, action = choose(s)
    assert action == A.PlayCard("blockhouses")
    deck_before = list(s.decks["spanish"])
    events = play(s, action)
    assert "blockhouses" in s.out and len(s.hands["spain"]) == 2
    assert any("reshuffles and draws 2" in str(e) for e in events)
    assert s.decks["spanish"] != deck_before


def test_u2_the_escort_penalty_is_not_a_spanish_advantage(scenario):
    """FIL-336 (10.4 U2, 7.1): the −1 for protecting transports weighs on the American roll
    only; Cámara's CF 2 against the American CF 2 carrying a brigade is no advantage, against
    the transports alone (CF 0) it is (GAP-FIL-37)."""
    s = _at_war(scenario)
    put(s, "sea", "camara_fleet", "camara")
    put(s, "sea", "us_fleet", "us_anderson")
    ready(s)
    bot, action = choose(s)
    assert bot.last_step != "U2" and not isinstance(action, A.Attack)
    s.take_off("us_fleet", "united_states")
    bot, action = choose(s)
    assert action == A.Attack(("camara_fleet",), "us_anderson") and bot.last_step == "U2"


def test_s6_stacks_brigades_not_a_lone_general(scenario):
    """FIL-330, GAP-FIL-37 (10.3 S6): 'Move a Brigade to create a stack' joins Brigades;
    putting a lone general onto the Brigade adds no strength, so the bot brings one in."""
    s = _bot_round(scenario, ap=(1, 3), morale=4)
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    put(s, "bulacan", "marina")
    put(s, "bulacan", "lachambre")
    put(s, "pampanga", "cornell")
    ready(s)
    assert A.Merge("marina", "lachambre") in RULES.legal_actions(s)
    bot, action = choose(s)
    assert action == A.Move("cornell", "bulacan", "land") and bot.last_step == "S6"


def test_the_rulebook_bot_buys_brigades_with_morale_as_section_10_says(scenario):
    """The rulebook's bot calls a Brigade from Spain at war (fragment U10) and draws lots for
    the Expeditionary Battalions card (S1), each a step of Morale (6.2); Easy Spain has its own
    heuristics (filipinas.spain, docs/ai.md "Easy")."""
    s = _at_war(scenario)
    s.morale = 8
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    ready(s)
    legal = RULES.legal_actions(s)
    reinforcements = [a for a in legal if isinstance(a, A.Reinforce)]
    assert reinforcements
    assert SpanishBot("spain", 1).step_reinforce_at_war(s, reinforcements) is not None
    card = A.PlayCard("expeditionary_battalions")
    # the bot draws lots for this card (cards.yaml `bot: lots`): some seeds play it
    played = {SpanishBot("spain", seed).step_cards(s, [card]) for seed in range(20)}
    assert card in played
