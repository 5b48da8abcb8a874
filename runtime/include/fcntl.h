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

/* Open the file path; mode (only read with O_CREAT) gives the new file's permissions. The new
 * descriptor, or -1 with errno. */
int open(const char* path, int flags, ...);

#endif /* _FCNTL_H */
