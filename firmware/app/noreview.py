"""Grading off: at a game's end the OLED says how to have a review (docs/coach.md): the
menu's Settings, Grading on. Loaded for the call
(noreview.say, from App.record's game-end line), so a board carries none of it."""

# where the player turns it on, not a developer's command (issue 26); a PC's review of the
# record is in the README
ROWS = (("No review here:", "grading is off.", "To have one:", "Menu > Settings", "> Grading: on"),
        ("Pas de bilan:", "Notes: non.", "Pour l'avoir:", "Menu > Réglages", "> Notes: oui"))


def say(app):
    app.notice(list(ROWS[app.table.settings.lang]), app.now, True)
