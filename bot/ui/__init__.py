"""Presentation: button data, keyboards, the board message's screen, and sending or editing it.

Nothing here writes storage or decides legality; it shows what the service decided.
"""
