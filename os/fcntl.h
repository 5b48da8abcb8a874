/* Flags of the file calls with their Linux MIPS o32 values (<asm/fcntl.h>, <linux/fcntl.h>,
 * <linux/fs.h>): one place for the kernel's files. */
#ifndef KASANE_OS_FCNTL_H
#define KASANE_OS_FCNTL_H

#define O_ACCMODE 0x3 /* open's flags */
#define O_RDONLY 0x0
#define O_WRONLY 0x1
#define O_RDWR 0x2
#define O_APPEND 0x8
#define O_NONBLOCK 0x80
#define O_CREAT 0x100
#define O_TRUNC 0x200
#define O_EXCL 0x400
#define O_DIRECTORY 0x10000
#define O_NOFOLLOW 0x20000
#define O_CLOEXEC 0x80000
#define O_PATH 0x200000
#define O_TMPFILE 0x400000 /* with O_DIRECTORY */

#define AT_FDCWD (-100) /* the *at calls: dirfd for the working directory */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR 0x200 /* unlinkat */
#define AT_EACCESS 0x200   /* faccessat2 */
#define AT_SYMLINK_FOLLOW 0x400
#define AT_NO_AUTOMOUNT 0x800
#define AT_EMPTY_PATH 0x1000
#define AT_STATX_SYNC_TYPE 0x6000

#define RENAME_NOREPLACE 0x1 /* renameat2 */
#define RENAME_EXCHANGE 0x2
#define RENAME_WHITEOUT 0x4

#define F_OK 0 /* access() modes */
#define X_OK 1
#define W_OK 2
#define R_OK 4

#endif /* KASANE_OS_FCNTL_H */
