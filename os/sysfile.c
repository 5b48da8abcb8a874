/* File system calls. There are no files yet: fd 0 reads the console, fds 1 and 2 write it. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* write(fd, buf, n): n bytes from buf to the console for fd 1 or 2. Returns n; EBADF for another
 * fd; EFAULT, writing nothing, unless all of buf is mapped user memory. */
int32_t sys_write(void) {
  uint32_t fd, buf, n;
  struct vmspace* vm = &myproc()->vm;
  argint(0, &fd), argint(1, &buf), argint(2, &n);
  if (fd != 1 && fd != 2) return -EBADF;
  if ((int32_t)n < 0 || !uvm_accessok(vm, buf, n, 0)) return -EFAULT;
  for (uint32_t done = 0; done < n;) {
    uint32_t va = buf + done, len = MIN(n - done, PGSIZE - va % PGSIZE);
    const char* k = uva2ka(vm, va, 0);
    if (k == 0) panic("sys_write: 0x%x unmapped after the check", va);
    consolewrite_fd((int)fd, k, len);
    done += len;
  }
  return n;
}

/* read(fd, buf, n) for fd 0: wait for console input, then copy what is there, up to n bytes,
 * without waiting again. Returns the count, 0 at end of input; EBADF for another fd; EFAULT,
 * reading nothing, unless all of buf is writable user memory. */
int32_t sys_read(void) {
  uint32_t fd, buf, n, i;
  struct vmspace* vm = &myproc()->vm;
  argint(0, &fd), argint(1, &buf), argint(2, &n);
  if (fd != 0) return -EBADF;
  if ((int32_t)n < 0 || !uvm_accessok(vm, buf, n, 1)) return -EFAULT;
  char* k = 0;
  for (i = 0; i < n; i++) {
    if (i > 0 && !consoleready()) break;
    int c = consolegetc();
    if (c < 0) break;
    if (k == 0 || (buf + i) % PGSIZE == 0) k = uva2ka(vm, buf + i, 1);
    if (k == 0) panic("sys_read: 0x%x unmapped after the check", buf + i);
    *k++ = (char)c;
  }
  return i;
}
