/* sys/select.h - select and pselect over fd_set bitmaps of FD_SETSIZE descriptors. */
#ifndef _SYS_SELECT_H
#define _SYS_SELECT_H

#include <signal.h>
#include <sys/time.h>
#include <time.h>

#define FD_SETSIZE 1024

typedef struct {
  unsigned long fds_bits[FD_SETSIZE / (8 * sizeof(unsigned long))];
} fd_set;

#define __FD_WORD(fd) ((fd) / (8 * sizeof(unsigned long)))
#define __FD_BIT(fd) (1UL << ((fd) % (8 * sizeof(unsigned long))))
#define FD_ZERO(s) __builtin_memset((s), 0, sizeof(fd_set))
#define FD_SET(fd, s) ((void)((s)->fds_bits[__FD_WORD(fd)] |= __FD_BIT(fd)))
#define FD_CLR(fd, s) ((void)((s)->fds_bits[__FD_WORD(fd)] &= ~__FD_BIT(fd)))
#define FD_ISSET(fd, s) (((s)->fds_bits[__FD_WORD(fd)] & __FD_BIT(fd)) != 0)

/* The number of ready descriptors in the three sets (each cut down to the ready ones), 0 when
 * tv passes (NULL: no limit; Linux writes the time left back to tv). */
int select(int n, fd_set* rfds, fd_set* wfds, fd_set* efds, struct timeval* tv);
/* select with a struct timespec left unchanged and the signal mask mask while it waits. */
int pselect(int n, fd_set* rfds, fd_set* wfds, fd_set* efds, const struct timespec* ts,
            const sigset_t* mask);

#endif /* _SYS_SELECT_H */
