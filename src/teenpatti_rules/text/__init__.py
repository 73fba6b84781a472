"""Text for people: hand histories in words (:mod:`.narrate`) and action labels
(:mod:`.labels`).
"""
