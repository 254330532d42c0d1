"""Scenario data: safe YAML loading that keeps file:line:col (`yamlio`), schemas and validation
that report every problem at once (`schema`, with pydantic errors turned into located problems in
`errors` and identifiers and cross references in `refs`), and text-row grids (`grid`)."""
