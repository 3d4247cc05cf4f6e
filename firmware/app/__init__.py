"""The application on the Pico (layer 4): drivers wired to the Table, a loop around them.

  app.build   the drivers, made from board_config (imports `machine` only there)
  app.loop    App: one scan / buttons / clock / dice / outbox / display cycle per step()
  app.commands  the line protocol on USB serial (ids, state, help, ...)
  app.tasks   the asyncio tasks around an App, and the watchdog
"""
