# Stopping long C calls (src/studcore/poll.h): Ctrl-C, and cancelled jobs.
from cpython.exc cimport PyErr_Occurred

cdef extern from "Python.h":
    # the raw C function: Cython must not turn its -1 into a raise inside a
    # nogil callback; the pending exception is raised by _raise_stopped
    int _check_signals_raw "PyErr_CheckSignals"() nogil


cdef int _poll_signals(stud_poll *poll) noexcept nogil:
    """The poll's check: runs Python's signal handlers (main thread only).
    When one raises (Ctrl-C: KeyboardInterrupt), the exception stays
    pending for _raise_stopped and the C loop is told to stop."""
    cdef int error
    with gil:
        error = _check_signals_raw()
    return error < 0


class Cancelled(Exception):
    """A job was stopped on this worker because another part of it failed
    or was interrupted; the caller raises the first cause instead."""


@cython.final
@cython.auto_pickle(False)
cdef class _Stop:
    """A stop flag shared by every part of one job, polled by its C loops
    (and by the thread lanes between tasks)."""
    cdef stud_poll poll

    def __cinit__(self):
        self.poll.stop = 0
        self.poll.check = _poll_signals
        self.poll.context = NULL

    def cancel(self):
        """Stops every part of the job at its next poll."""
        self.poll.stop = 1

    @property
    def stopped(self) -> bool:
        return self.poll.stop != 0


cdef int _raise_stopped() except -1:
    """After a C call returned 'interrupted': the signal handler's exception
    (KeyboardInterrupt for Ctrl-C) if one is pending in this thread, else
    Cancelled (the job was cancelled from elsewhere)."""
    if PyErr_Occurred():
        return -1
    raise Cancelled("the job was cancelled")


cdef int _check_signals() except -1:
    """Runs Python's signal handlers now (raises KeyboardInterrupt on Ctrl-C)."""
    if _check_signals_raw() < 0:
        return -1
    return 0
