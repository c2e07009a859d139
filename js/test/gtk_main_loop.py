"""How the WebKitGTK runners wait: GLib's main loop runs until a condition holds or a deadline
passes, so that a message that never comes ends one page, not the run."""
import time

from gi.repository import GLib

DEADLINE_SECONDS = 10


def pump(done, seconds=DEADLINE_SECONDS):
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.0005)
    return done()
