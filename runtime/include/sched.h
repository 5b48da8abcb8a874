/* sched.h - scheduling. */
#ifndef _SCHED_H
#define _SCHED_H

/* Let another runnable thread have the processor: 0. */
int sched_yield(void);

#endif /* _SCHED_H */
