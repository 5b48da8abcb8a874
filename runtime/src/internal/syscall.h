/* runtime/src/internal/syscall.h - how libc code makes system calls.
 *
 * __syscallN (arch/syscall_arch.h) return -errno on failure; public wrappers pass that through
 * __syscall_ret, which stores errno and returns -1 as POSIX wants. The numbers come from the
 * header shared with the kernel so they are written down once. */
#ifndef KASANE_INTERNAL_SYSCALL_H
#define KASANE_INTERNAL_SYSCALL_H

#include <kasane/syscall_nr.h>

#include "syscall_arch.h"

long __syscall_ret(long r);
/* The thread library's cancellable call (src/thread/__syscall_cp.c), a weak reference: 0 in a
 * program without it. The stubs of calls that are cancellation points go through it. */
long __syscall_cp(long nr, long a, long b, long c) __attribute__((weak));

#endif /* KASANE_INTERNAL_SYSCALL_H */
