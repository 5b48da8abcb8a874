/* poll.h - wait for events on several descriptors (Linux MIPS values: POLLWRNORM and POLLWRBAND
 * differ from other architectures'). */
#ifndef _POLL_H
#define _POLL_H

#include <signal.h>
#include <time.h>

#define POLLIN 0x001
#define POLLPRI 0x002
#define POLLOUT 0x004
#define POLLERR 0x008
#define POLLHUP 0x010
#define POLLNVAL 0x020
#define POLLRDNORM 0x040
#define POLLRDBAND 0x080
#define POLLWRNORM POLLOUT
#define POLLWRBAND 0x100

typedef unsigned long nfds_t;

struct pollfd {
  int fd;
  short events;  /* what to wait for */
  short revents; /* what happened */
};

/* The number of descriptors with events, 0 after timeout milliseconds (-1: no limit). */
int poll(struct pollfd* fds, nfds_t n, int timeout);
/* poll with a struct timespec (NULL: no limit) and the signal mask mask (NULL: unchanged)
 * in force while it waits. */
int ppoll(struct pollfd* fds, nfds_t n, const struct timespec* timeout, const sigset_t* mask);

#endif /* _POLL_H */
