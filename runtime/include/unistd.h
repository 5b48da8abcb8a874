/* unistd.h - the system calls the Kasane kernel provides, as POSIX functions. */
#ifndef _UNISTD_H
#define _UNISTD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

/* lseek's whence */
#define SEEK_SET 0 /* from the start of the file */
#define SEEK_CUR 1 /* from the current offset */
#define SEEK_END 2 /* from the end of the file */

extern char** environ;

ssize_t read(int fd, void* buf, size_t n);
ssize_t write(int fd, const void* buf, size_t n);
int close(int fd);
off_t lseek(int fd, off_t off, int whence);
pid_t getpid(void);
pid_t getppid(void);
int brk(void* end);        /* 0, or -1 with errno ENOMEM */
void* sbrk(intptr_t inc);  /* the old break, or (void *)-1 with errno ENOMEM */
__attribute__((__noreturn__)) void _exit(int status);
/* Sleep (nanosleep): 0, or on an interruption the whole seconds left (sleep) or -1 with errno
 * EINTR (usleep). */
unsigned sleep(unsigned seconds);
int usleep(useconds_t usec);
/* Command-line options (POSIX: stops at the first operand, glibc's messages): the next option
 * letter, '?' for an unknown one or a missing argument (':' if optstring starts with ':'), -1 at
 * the end. */
extern char* optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char* const argv[], const char* optstring);

/* Make system call number n with up to six arguments: its result, or -1 with errno set. */
long syscall(long n, ...);

#endif /* _UNISTD_H */
