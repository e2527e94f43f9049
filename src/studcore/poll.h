/* poll.h: how a long loop of the C core learns that it should stop.
 *
 * The loops that can run for seconds (whole hands, equity enumeration and
 * sampling) take a `stud_poll *` (NULL: never stop).  Every so often they
 * call stud_poll_stop(); when it says stop, they return STUD_E_INTERRUPTED
 * at once, with their outputs incomplete: the caller throws them away.
 * `stop` may be set by another thread (a job cancelled on every worker);
 * `check`, when not NULL, is asked too (the Python layer checks for a
 * pending Ctrl-C there).  The core itself knows nothing of Python.
 */
#ifndef STUD_POLL_H
#define STUD_POLL_H

typedef struct stud_poll stud_poll;
struct stud_poll {
    volatile int stop;                /* nonzero: stop now */
    int (*check)(stud_poll *poll);    /* nonzero: stop now (then `stop` is set too) */
    void *context;                    /* for `check` */
};

/* Loops poll every 2**STUD_POLL_SHIFT iterations of their cheapest step. */
#define STUD_POLL_SHIFT 10

static inline int stud_poll_stop(stud_poll *poll)
{
    if (!poll)
        return 0;
    if (!poll->stop && poll->check && poll->check(poll))
        poll->stop = 1;
    return poll->stop;
}

#endif
