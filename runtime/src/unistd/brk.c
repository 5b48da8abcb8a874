/* brk, sbrk - move the end of the data segment.
 *
 * The raw Linux brk syscall never reports an error: it returns the new break on success and the
 * unchanged one on failure, and brk(0) just returns the current break. So success means "the
 * kernel answered with the address we asked for". The break is not cached: malloc is not the only
 * caller and the kernel's answer is the truth. */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "syscall.h"

int brk(void* end) {
  if (__syscall1(SYS_brk, (long)end) != (long)end) {
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

void* sbrk(intptr_t inc) {
  uintptr_t cur = (uintptr_t)__syscall1(SYS_brk, 0);
  if (inc == 0) return (void*)cur;
  uintptr_t want = cur + (uintptr_t)inc;
  /* Refuse to wrap around the address space in either direction. */
  if ((inc > 0 && want < cur) || (inc < 0 && want > cur) ||
      (uintptr_t)__syscall1(SYS_brk, (long)want) != want) {
    errno = ENOMEM;
    return (void*)-1;
  }
  return (void*)cur;
}
