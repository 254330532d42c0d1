"""Scenario data: safe YAML loading that keeps file:line:col (`yamlio`), schemas and validation
that report every problem at once (`schema`), and text-row grids with a legend (`grid`)."""
