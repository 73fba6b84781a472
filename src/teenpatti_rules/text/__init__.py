"""Text for people: hand histories in words (:mod:`.narrate`), action labels
(:mod:`.labels`) and wild cards (:mod:`.wild`).
"""
