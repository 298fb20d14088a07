"""`make fuzz`: schemathesis against a private stack, with a seated game of every type (see tests/fuzz/run.py).

No module here is named ``test_*``, so pytest never collects the fuzz run.
"""
