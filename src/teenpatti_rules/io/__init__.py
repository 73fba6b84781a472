"""Saving and loading: the cattrs codec (:mod:`.codec`), documents and their errors
(:mod:`.documents`), hand histories (:mod:`.history`) and state JSON (:mod:`.state_json`).
"""
