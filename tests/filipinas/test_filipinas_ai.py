"""The computer opponent of Filipinas: legal, sensible, quick, and the rulebook bot for Spain."""

from __future__ import annotations

from typing import Any

from helpers import RULES, empty_position, put, ready

from engine.ai.agent import RandomAgent, Seat
from engine.ai.policy import Easy
from engine.sim import make_agent, playout
from filipinas import PLUGIN
from filipinas.ai import BotSeat, FilipinasAgent, hit_chance
from filipinas.bot import SpanishBot
from filipinas.rules import actions as A
from filipinas.spain import SpainPolicy

SEEDS = range(12)


class Checked:
    """Wraps an agent and fails the test if it ever answers with an illegal action."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def choose(self, rules: Any, state: Any, legal: list) -> Any:
        action = self.agent.choose(rules, state, legal)
        assert action in legal, action
        return action


def wins(scenario, filipino, spain, seeds=SEEDS) -> dict[str | None, int]:
    tally: dict[str | None, int] = {}
    for seed in seeds:
        agents = {"filipino": filipino(seed), "spain": spain(seed + 1000)}
        result = playout(PLUGIN, scenario, seed, agents).result()
        assert result is not None
        tally[result.winner] = tally.get(result.winner, 0) + 1
    return tally


def test_the_plugin_names_the_levels_and_the_rulebook_bot():
    for name in ("easy", "ai"):
        ai = make_agent(PLUGIN, name, "spain", 3)
        assert isinstance(ai, Seat) and isinstance(ai.decider, Easy)
        policy = ai.decider.policy
        assert isinstance(policy, FilipinasAgent) and isinstance(policy.spain, SpainPolicy)
    bot = make_agent(PLUGIN, "bot", "spain", 3)
    assert isinstance(bot, BotSeat) and isinstance(bot.bot, SpanishBot)
    filipino = make_agent(PLUGIN, "ai", "filipino", 3)
    assert isinstance(filipino, Seat) and isinstance(filipino.decider, Easy)
    assert filipino.decider.policy.spain is None


def test_it_only_plays_legal_actions_on_either_side(scenario, solo_scenario):
    for sc in (scenario, solo_scenario):
        for seed in range(4):
            agents = {"filipino": Checked(FilipinasAgent("filipino", seed)),
                      "spain": Checked(FilipinasAgent("spain", seed))}
            assert playout(PLUGIN, sc, seed, agents).result() is not None


def test_a_whole_ai_game_ends(scenario):
    # its speed is measured by `wargames bench`, not here
    agents = {"filipino": FilipinasAgent("filipino", 1), "spain": FilipinasAgent("spain", 2)}
    session = playout(PLUGIN, scenario, 1, agents)
    assert session.result() is not None


def test_the_filipino_ai_beats_random_spain_far_more_often_than_random_play(scenario):
    ai = wins(scenario, lambda s: FilipinasAgent("filipino", s), RandomAgent)
    baseline = wins(scenario, RandomAgent, RandomAgent)
    assert ai.get("filipino", 0) >= len(SEEDS) - 1
    assert ai.get("filipino", 0) > baseline.get("filipino", 0)


def test_the_filipino_ai_beats_the_rulebook_bot_where_random_play_loses(solo_scenario):
    ai = wins(solo_scenario, lambda s: FilipinasAgent("filipino", s),
              lambda s: BotSeat("spain", s))
    baseline = wins(solo_scenario, RandomAgent, lambda s: BotSeat("spain", s))
    assert ai.get("filipino", 0) >= len(SEEDS) * 3 // 4
    assert baseline.get("filipino", 0) <= len(SEEDS) // 2


def test_the_spanish_side_beats_random_filipinos(scenario):
    ai = wins(scenario, RandomAgent, lambda s: FilipinasAgent("spain", s))
    baseline = wins(scenario, RandomAgent, RandomAgent)
    assert ai.get("spain", 0) >= len(SEEDS) * 2 // 3
    assert ai.get("spain", 0) > baseline.get("spain", 0)


# --- single decisions ---------------------------------------------------------------------------

def test_hit_chance_counts_the_faces_of_the_die():
    assert hit_chance(0) == 1 / 6 and hit_chance(2) == 3 / 6
    assert hit_chance(-1) == 0 and hit_chance(9) == 1
    assert hit_chance(0, need=5) == 2 / 6


def test_a_guerrilla_plunders_an_unprotected_province(scenario):
    s = empty_position(scenario, ap=(3, 3))
    put(s, "bulacan", "bulacan_corps", reduced=["bulacan_corps"])
    ready(s)
    action = FilipinasAgent("filipino", 1).choose(RULES, s, RULES.legal_actions(s))
    assert action == A.Plunder("bulacan_corps")


def test_it_does_not_attack_a_stack_it_cannot_hit(scenario):
    s = empty_position(scenario, ap=(3, 3))
    put(s, "bulacan", "bulacan_corps")
    put(s, "bulacan", "desierto")
    put(s, "bulacan", "marina")
    put(s, "bulacan", "zabala")
    ready(s)
    legal = RULES.legal_actions(s)
    action = FilipinasAgent("filipino", 1).choose(RULES, s, legal)
    assert not isinstance(action, A.Attack), "CF 2 against 6 cannot hit (6.7)"


def test_it_always_counterattacks_and_always_cancels_a_spanish_card(scenario):
    s = empty_position(scenario, (1,), ap=(3, 3), hands=(["katipunan_spies"],
                                                          ["patriotic_subscription"]))
    put(s, "bulacan", "bulacan_corps", reduced=["bulacan_corps"])
    s.active = "spain"
    ready(s)
    RULES.apply(s, A.PlayCard("patriotic_subscription"))
    assert s.decision.kind == "cancel"
    action = FilipinasAgent("filipino", 1).choose(RULES, s, RULES.legal_actions(s))
    assert action == A.PlayCard("katipunan_spies")
