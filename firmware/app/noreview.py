"""Grading off: at a game's end the OLED says where a review comes from (docs/coach.md):
`python -m host_tools review` on the match record, on a PC. Loaded for the call
(lazy.noreview, from App.record's game-end line), so a board carries none of it."""

ROWS = (("No review here:", "grading is off.", "On a PC:", "host_tools", "review RECORD"),
        ("Pas de bilan:", "notes: non.", "Sur un PC:", "host_tools", "review FICHIER"))


def say(app):
    app.notice(list(ROWS[app.table.settings.lang]), app.now, True)
