"""The balance lab behind `wargames simulate`: games played in parallel worker processes (or on
a Ray cluster), their records, the statistics a scenario designer reads, and the report with
its charts. Nothing here knows a particular game: games speak through the `Rules` contract and
the optional `turn_scores` hook (engine/lab/scores.py)."""
