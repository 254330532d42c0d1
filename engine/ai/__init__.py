"""Computer opponents: the agent protocol and agents every game can use."""
