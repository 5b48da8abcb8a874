/* limits.h - gcc's own limits.h, minus the system one it would chain to.
 *
 * gcc's limits.h includes the C library's limits.h unless _LIBC_LIMITS_H_ is defined; on this
 * toolchain that is glibc's, which fails for soft float (gnu/stubs-o32_soft.h is missing) and is
 * not ours anyway. Defining the guard leaves exactly gcc's definitions (CHAR_BIT, INT_MAX,
 * LLONG_MAX, ...), which is all the runtime and its programs need. */
#ifndef _LIBC_LIMITS_H_
#define _LIBC_LIMITS_H_
#endif
#include_next <limits.h>

#ifndef SEM_VALUE_MAX
#define SEM_VALUE_MAX 0x7fffffff /* the largest value of a semaphore (<semaphore.h>) */
#endif

#ifndef PATH_MAX
#define PATH_MAX 4096 /* bytes in a path name, its NUL included (Linux's) */
#endif
