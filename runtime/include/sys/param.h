/* sys/param.h - old BSD system parameters and helper macros, the subset glibc's programs use. */
#ifndef _SYS_PARAM_H
#define _SYS_PARAM_H

#include <limits.h>

#define MAXPATHLEN 4096   /* Linux's PATH_MAX, as glibc says */
#define MAXHOSTNAMELEN 64 /* the utsname field size */
#define MAXSYMLINKS 20
#define NBBY CHAR_BIT     /* bits per byte */
#define DEV_BSIZE 512
#define EXEC_PAGESIZE 4096
#define NOFILE 256        /* glibc's value; sysconf(_SC_OPEN_MAX) gives the real limit */

#define setbit(a, i) (((unsigned char*)(a))[(i) / NBBY] |= 1 << ((i) % NBBY))
#define clrbit(a, i) (((unsigned char*)(a))[(i) / NBBY] &= ~(1 << ((i) % NBBY)))
#define isset(a, i) (((const unsigned char*)(a))[(i) / NBBY] & (1 << ((i) % NBBY)))
#define isclr(a, i) (!isset(a, i))

#define howmany(x, y) (((x) + ((y) - 1)) / (y))
#define roundup(x, y) ((((x) + ((y) - 1)) / (y)) * (y))
#define powerof2(x) ((((x) - 1) & (x)) == 0)
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#define MAX(a, b) (((a) > (b)) ? (a) : (b))

#endif /* _SYS_PARAM_H */
