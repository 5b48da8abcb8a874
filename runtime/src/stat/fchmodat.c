/* fchmodat - the kernel's call has no flags. AT_SYMLINK_NOFOLLOW: a symbolic link has no mode
 * to change (EOPNOTSUPP, as glibc), anything else is changed as without it. Other flags:
 * EINVAL. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "syscall.h"

int fchmodat(int dirfd, const char* path, mode_t mode, int flags) {
  if (flags & ~AT_SYMLINK_NOFOLLOW) {
    errno = EINVAL;
    return -1;
  }
  if (flags) {
    struct stat st;
    if (fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) < 0) return -1;
    if (S_ISLNK(st.st_mode)) {
      errno = EOPNOTSUPP;
      return -1;
    }
  }
  return (int)__syscall_ret(__syscall3(SYS_fchmodat, (long)dirfd, (long)path, (long)mode));
}
