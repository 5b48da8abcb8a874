/* unistd.h - the system calls the Kasane kernel provides, as POSIX functions. */
#ifndef _UNISTD_H
#define _UNISTD_H

#include <stddef.h>
#include <stdint.h>

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

typedef int ssize_t;
typedef int pid_t;

extern char** environ;

ssize_t read(int fd, void* buf, size_t n);
ssize_t write(int fd, const void* buf, size_t n);
pid_t getpid(void);
int brk(void* end);        /* 0, or -1 with errno ENOMEM */
void* sbrk(intptr_t inc);  /* the old break, or (void *)-1 with errno ENOMEM */
__attribute__((__noreturn__)) void _exit(int status);

#endif /* _UNISTD_H */
