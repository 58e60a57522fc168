"""Test-wide set-up: the planted-bug targets (planted_bugs.py) join the catalogue, so
tests and the workers they start can name them like any target; and Ctrl-C is what it
is in a terminal."""

import signal

from tests import planted_bugs

planted_bugs.register()

# A test run started in the background by a shell without job control (`./dev test &`,
# nohup) inherits SIGINT ignored, and every process the tests start inherits it from
# there: the tests of Ctrl-C then wait forever for a signal nobody hears (an endless
# query ran for an hour). Python's own handler, as a run from a terminal has it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
