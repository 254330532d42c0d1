"""Heroes of Baler: the siege of the church of Baler, 1898-1899 (rules in `baler.rules`)."""
