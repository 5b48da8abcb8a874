/* sys/types.h - the integer types of the system call interface, with glibc's widths for MIPS o32
 * (32-bit off_t and time_t: no _FILE_OFFSET_BITS=64 or _TIME_BITS=64), so a program and its
 * structures look the same whether it is built against this runtime or against glibc. */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H

#include <stddef.h>

typedef int ssize_t;
typedef int pid_t;
typedef long off_t;
typedef unsigned int mode_t;
typedef unsigned long ino_t;
typedef unsigned int nlink_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int id_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef long time_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef long clock_t;
typedef int clockid_t;

#endif /* _SYS_TYPES_H */
