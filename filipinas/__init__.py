"""Filipinas 1896-1898: Fin de un Imperio — the Philippine Revolution against Spain and the
possible intervention of the United States, for two players or solo against the Spanish bot."""
