"""Spain's heuristics in Filipinas: a policy that scores every legal answer of every Spanish
decision by what it is worth in steps of Spanish Morale, the currency of the Filipino victory
(5.3.1), against what it costs in Action Points, and plays the best (`SpainPolicy.choose`) or
orders them (`SpainPolicy.rank`).

It plays the rulebook's own levers, each checked against the rules:

- **Protect the Fields** where a band (a Guerrilla, 4.2.1) stands: the Province can no longer
  be plundered (6.9.1, 6.11), so the band must move first (1 AP and a Target marker, 6.3). The
  Filipinos play first in every turn (5.2), so a Province left open at the end of a turn is
  plundered at the start of the next.
- **Locate before attacking**: a Brigade in Search and Destroy columns searches with one CF 1
  column per CF, each +1 for the columns and +1 for being no stronger than the band (6.6,
  6.9.2), and the action that forms them pays the first locate-and-attack. A band destroyed is
  a battle won (+1 Morale, 4.2.3.13); the last Filipino unit destroyed wins the game (5.3.3).
  With the Filipinos out of AP, their bands can neither move nor plunder before the turn ends
  (5.2.3): the columns hunt as often as the AP pay, and protect the fields after.
- **A general leads the attack**: his Tactical Factor counts only stacked with the attackers
  (6.7), so a general who can join the stack about to attack does so first, when the AP left
  still pay for the attack.
- **Few Brigades from Spain**, since each costs a step of Morale (6.2), and **repatriate late**
  (+1 a Brigade, never in the last turn, 6.2); two beside a regular Filipino stack arrive
  stacked, to attack it as one unit (6.2, 6.3).
- **Hold Manila and Cavite**: a siege needs the besiegers' strength to reach the Defence Value,
  1 plus the units inside (6.8), and a Spanish stack in the Province intercepts it first
  (6.8.3), at CF 1 when dispersed (4.2.3.2, 4.2.3.4); the Filipino Artillery (4.2.3.8) is
  what lets the Filipinos besiege. A city they hold is retaken by a siege from its Province
  (6.8), so a Brigade goes there while the AP left pay the sieges: at the End of Turn the
  city may be Spain's surrender (5.3.1).
- **Keep Cánovas in power** (Sagasta costs a step of Morale at every end of turn, 5.3), or, under
  Sagasta, **play Sagasta Buys the Rebels** (6.13.4).
- The US Intervention track is held down only while its climb can still bring the United States
  in before the last turn (4.2.3.14, 7.0); at its minimum a Political Action or Spanish
  Diplomacy changes nothing, and neither is played.

Dice are counted by their chances, never rolled. The policy reads a state drawn from Spain's
observation (engine.ai) and never the Filipino hand in it: what the Filipinos may still hold is
counted from the cards not yet played and the size of their hand, which both sides see.
"""

from filipinas.spain.policy import SpainPolicy

__all__ = ["SpainPolicy"]
