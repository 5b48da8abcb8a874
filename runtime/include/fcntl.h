/* fcntl.h - open() and its flags, with the Linux MIPS values (<asm/fcntl.h>: they differ from
 * other architectures' above O_RDWR). */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>

#define O_ACCMODE 0x0003 /* mask of the access mode: */
#define O_RDONLY 0x0000  /*   read only */
#define O_WRONLY 0x0001  /*   write only */
#define O_RDWR 0x0002    /*   read and write */
#define O_APPEND 0x0008  /* every write goes to the end of the file */
#define O_CREAT 0x0100   /* create the file if it does not exist, with the mode argument */
#define O_TRUNC 0x0200   /* empty the file when opening it for writing */
#define O_EXCL 0x0400    /* with O_CREAT: fail with EEXIST if the file exists */
#define O_NOCTTY 0x0800
#define O_NONBLOCK 0x0080
#define O_SYNC 0x4010
#define O_DIRECTORY 0x10000 /* fail with ENOTDIR unless path is a directory */
#define O_NOFOLLOW 0x20000  /* fail with ELOOP if path is a symbolic link */
#define O_CLOEXEC 0x80000   /* close the descriptor at execve */

/* fcntl's commands and the descriptor flag */
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_DUPFD_CLOEXEC 1030
#define FD_CLOEXEC 1

/* The *at calls' directory descriptor for the working directory, and their flags. */
#define AT_FDCWD (-100)
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR 0x200
#define AT_EACCESS 0x200
#define AT_SYMLINK_FOLLOW 0x400
#define AT_EMPTY_PATH 0x1000

/* Open the file path; mode (only read with O_CREAT) gives the new file's permissions. The new
 * descriptor, or -1 with errno. */
int open(const char* path, int flags, ...);
int openat(int dirfd, const char* path, int flags, ...);
/* Descriptor control: F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL, F_SETFL take an int
 * argument or none; the result or -1 with errno. */
int fcntl(int fd, int cmd, ...);

#endif /* _FCNTL_H */
