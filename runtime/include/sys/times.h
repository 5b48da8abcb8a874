/* sys/times.h - times: process and children's processor times in clock ticks (sysconf
 * _SC_CLK_TCK, 100 a second). */
#ifndef _SYS_TIMES_H
#define _SYS_TIMES_H

#include <sys/types.h>

struct tms {
  clock_t tms_utime;  /* user time of the process */
  clock_t tms_stime;  /* system time of the process */
  clock_t tms_cutime; /* user time of its waited-for children */
  clock_t tms_cstime; /* system time of its waited-for children */
};

/* The ticks since an arbitrary point (boot), and the four times at buf. */
clock_t times(struct tms* buf);

#endif /* _SYS_TIMES_H */
