/* sched.h - scheduling, and the cores a process may run on. */
#ifndef _SCHED_H
#define _SCHED_H

#include <sys/types.h>

/* Let another runnable thread have the processor: 0. */
int sched_yield(void);

/* A set of CPUs, glibc's and musl's layout (1024 bits). On Kasane a CPU is a core, not a
 * hardware context: a process is gang-scheduled, owning every context of each core it is on, so
 * bit c is core c (os/syscalls.tbl, sched_setaffinity). */
#define CPU_SETSIZE 1024
typedef struct cpu_set_t {
  unsigned long __bits[CPU_SETSIZE / (8 * sizeof(long))];
} cpu_set_t;

#define __CPU_WORD(i) ((i) / (8 * sizeof(long)))
#define __CPU_BIT(i) (1ul << ((i) % (8 * sizeof(long))))
#define CPU_ZERO(set) __builtin_memset((set), 0, sizeof(cpu_set_t))
#define CPU_SET(i, set) ((set)->__bits[__CPU_WORD(i)] |= __CPU_BIT(i))
#define CPU_CLR(i, set) ((set)->__bits[__CPU_WORD(i)] &= ~__CPU_BIT(i))
#define CPU_ISSET(i, set) (((set)->__bits[__CPU_WORD(i)] & __CPU_BIT(i)) != 0)
static inline int CPU_COUNT(const cpu_set_t* set) {
  int n = 0;
  for (size_t w = 0; w < sizeof set->__bits / sizeof set->__bits[0]; w++)
    n += __builtin_popcountl(set->__bits[w]);
  return n;
}

/* The cores process pid (0: the caller) may run on, from the size-byte *mask: 0. A process on a
 * core it may no longer use leaves it at the end of its time slice. */
int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t* mask);

/* The raw call: the cores process pid may run on into *mask, the bytes written. */
int __sched_getaffinity(pid_t pid, size_t size, cpu_set_t* mask);

/* The cores process pid (0: the caller) may run on, into *mask, the bytes past what the kernel
 * wrote zeroed: 0 (glibc's and musl's contract; the raw call returns the bytes written). */
static inline int sched_getaffinity(pid_t pid, size_t size, cpu_set_t* mask) {
  int n = __sched_getaffinity(pid, size, mask);
  if (n < 0) return n;
  __builtin_memset((char*)mask + n, 0, size - (size_t)n);
  return 0;
}

#endif /* _SCHED_H */
