"""Pure game machinery: no pygame, no YAML, no imports from the rest of the project."""
