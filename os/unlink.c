/* unlink: remove a file's name, and the file with it once nobody has it open (POSIX).
 *
 * In KFS a file's directory entry is its inode, so a file still open elsewhere cannot simply
 * lose its entry: unlink then only blanks the entry's name (no lookup matches an empty name, and
 * the entry stays marked used, so no new file takes it) and marks the in-memory inode unlinked;
 * the last iput (dir.c) frees the blocks and the entry. A file nobody else has open is freed at
 * once. */
#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"
#include "proc.h"

/* Free file ip's blocks and its directory entry. ip is locked; the caller's reference remains,
 * to an inode that is no longer a file. */
void ifree(struct inode* ip) {
  itrunc(ip);
  memset(&ip->d, 0, sizeof ip->d);
  ip->dirty = 1;
  iupdate(ip);
  ip->valid = 0;
  ip->unlinked = 0;
}

/* unlink(path): 0; -ENOENT if there is no such file (or no file system), -EISDIR for the
 * directory, fs_checkname's other errors, -EFAULT or -ENAMETOOLONG for path. */
int32_t sys_unlink(void) {
  uint32_t upath;
  char path[PATHMAX];
  argaddr(0, &upath);
  int r = copyinstr(myproc()->vm, path, upath, sizeof path);
  if (r < 0) return r;
  if ((r = fs_checkname(path)) < 0) return r;
  struct inode* ip = namei(path);
  if (ip == 0) return -ENOENT;
  ilock(ip);
  if (ip->ref > 1) { /* open elsewhere: only the name goes now */
    memset(ip->d.name, 0, sizeof ip->d.name);
    ip->unlinked = 1;
    ip->dirty = 1;
    iupdate(ip);
  } else {
    ifree(ip);
  }
  iunlock(ip);
  iput(ip);
  return 0;
}
