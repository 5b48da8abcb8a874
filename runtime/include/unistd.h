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
int unlink(const char* path); /* 0, or -1 with errno (ENOENT, EISDIR, ...) */
off_t lseek(int fd, off_t off, int whence);
pid_t getpid(void);
pid_t getppid(void);
int pause(void); /* waits for a signal whose handler runs: -1, errno EINTR */
uid_t getuid(void);  /* 0: every process is root's */
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int brk(void* end);        /* 0, or -1 with errno ENOMEM */
void* sbrk(intptr_t inc);  /* the old break, or (void *)-1 with errno ENOMEM */
__attribute__((__noreturn__)) void _exit(int status);
/* Sleep (nanosleep): 0, or on an interruption the whole seconds left (sleep) or -1 with errno
 * EINTR (usleep). */
unsigned sleep(unsigned seconds);
/* SIGALRM in seconds seconds (0: cancel), through the ITIMER_REAL timer: the seconds the
 * previous alarm had left, rounded, or 0. */
unsigned alarm(unsigned seconds);
int usleep(useconds_t usec);
/* sysconf's names (glibc's and musl's numbers) and what it answers; -1 with errno EINVAL for
 * a name not listed. */
#define _POSIX_VERSION 200809L
#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4 /* the kernel's descriptor limit (RLIMIT_NOFILE) */
#define _SC_STREAM_MAX 5
#define _SC_TZNAME_MAX 6
#define _SC_TIMERS 11
#define _SC_VERSION 29
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_LINE_MAX 43
#define _SC_IOV_MAX 60
#define _SC_THREADS 67
#define _SC_LOGIN_NAME_MAX 71
#define _SC_THREAD_DESTRUCTOR_ITERATIONS 73
#define _SC_THREAD_KEYS_MAX 74
#define _SC_THREAD_STACK_MIN 75
#define _SC_THREAD_THREADS_MAX 76
#define _SC_NPROCESSORS_CONF 83 /* the hardware contexts the process may use */
#define _SC_NPROCESSORS_ONLN 84
#define _SC_ATEXIT_MAX 87
#define _SC_MONOTONIC_CLOCK 149
#define _SC_HOST_NAME_MAX 180
long sysconf(int name);

/* Command-line options (POSIX: stops at the first operand, glibc's messages): the next option
 * letter, '?' for an unknown one or a missing argument (':' if optstring starts with ':'), -1 at
 * the end. */
extern char* optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char* const argv[], const char* optstring);

/* access's and faccessat's mode */
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* Files and directories: 0, or -1 with errno (Linux's). The *at forms take a directory
 * descriptor (AT_FDCWD: the working directory) and AT_* flags (<fcntl.h>). */
int access(const char* path, int mode);
int faccessat(int dirfd, const char* path, int mode, int flags); /* AT_EACCESS, ... */
int chdir(const char* path);
int fchdir(int fd);
char* getcwd(char* buf, size_t size); /* buf, or NULL with errno (ERANGE: too small) */
int chown(const char* path, uid_t uid, gid_t gid);
int fchown(int fd, uid_t uid, gid_t gid);
int lchown(const char* path, uid_t uid, gid_t gid);
int fchownat(int dirfd, const char* path, uid_t uid, gid_t gid, int flags);
int link(const char* old, const char* new);
int linkat(int olddirfd, const char* old, int newdirfd, const char* new, int flags);
int symlink(const char* target, const char* path);
int symlinkat(const char* target, int dirfd, const char* path);
ssize_t readlink(const char* __restrict path, char* __restrict buf, size_t n); /* no NUL */
ssize_t readlinkat(int dirfd, const char* __restrict path, char* __restrict buf, size_t n);
int rmdir(const char* path);
int unlinkat(int dirfd, const char* path, int flags); /* AT_REMOVEDIR: rmdir */
int truncate(const char* path, off_t len);
int ftruncate(int fd, off_t len);
int fsync(int fd);
int fdatasync(int fd);
void sync(void);
int syncfs(int fd);

/* Descriptors. */
int dup(int fd);
int dup2(int fd, int to);
int dup3(int fd, int to, int flags); /* flags: O_CLOEXEC */
int pipe(int fds[2]);                /* fds[0] reads, fds[1] writes */
int pipe2(int fds[], int flags);     /* fds[2]; O_CLOEXEC, O_NONBLOCK */
int isatty(int fd);                  /* 1 for a terminal; else 0 with errno ENOTTY or EBADF */
ssize_t pread(int fd, void* buf, size_t n, off_t off);  /* at off; fd's offset unchanged */
ssize_t pwrite(int fd, const void* buf, size_t n, off_t off);

/* Processes. fork copies the calling thread only (POSIX): with the thread library, see
 * runtime/README.md, "fork and threads". vfork is fork (POSIX allows it; the child gets a
 * copy of the memory, not the parent's). */
pid_t fork(void);
pid_t vfork(void);
int execve(const char* path, char* const argv[], char* const envp[]);
int setpgid(pid_t pid, pid_t pgid);
pid_t getpgid(pid_t pid);
pid_t getpgrp(void);
pid_t setsid(void);
pid_t getsid(pid_t pid);

/* Make system call number n with up to six arguments: its result, or -1 with errno set. */
long syscall(long n, ...);

#endif /* _UNISTD_H */
