"""The rules table: stacked-deck scenarios for every numbered rule of docs/rules.md
and every option value, in the seven variants where the rule differs; one
file per docs/rules.md section (test_1_skeleton.py ... test_10_illegal_actions.py,
test_12_deuce_to_seven_razz.py and test_13_hilo_regular.py for the two games
those sections add).

Every expectation here (actors, legal actions with their amounts, payouts,
stacks) was worked out by hand from docs/rules.md and the seeds, not read off the
engine.  Unless a scenario says otherwise: S = 10, B = 20, ante 2, BI 5
(the docs/rules.md 1 defaults for S = 10), stacks 1000.  Card strings list a
seat's cards in the order it gets them: "d1 d2 u3 u4 u5 u6 d7" in the
seven-card games, "down u2 u3 u4 u5" in Five Card Stud (helpers, and the
layouts several sections share, in tests/support/rules_helpers.py).
Steps: "seat verb [amount] [? legal actions]".
"""
